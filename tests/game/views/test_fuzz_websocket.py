"""Fuzzing the websocket with hostile frames (Hypothesis): random text and bytes, nested JSON,
lone surrogates, frames over the size cap.

What must hold, whatever the frame: nothing raised out of the consumer; a refused frame closes
the socket with one of the consumer's codes (4000-4999), a ping gets its pong; the game is as
before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from guerra.game.live import consumers
from guerra.game.models import Seat
from tests.game.hostile_helpers import state
from tests.game.live.socket import Socket
from tests.game.views.test_fuzz import FUZZ


def nested(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    # A function of its own: Hypothesis reads a lambda spread over lines as one that ignores
    # its argument, and warns that the strategy cannot recurse.
    return st.one_of(st.lists(children, max_size=3),
                     st.dictionaries(st.text(max_size=5), children, max_size=3))


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=10)),
    nested,
    max_leaves=10,
)
surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
frames = st.one_of(
    st.builds(lambda n: {"text_data": "[" * n + "]" * n}, st.integers(1, 5000)),
    st.builds(lambda n: {"text_data": '{"a":' * n + "1" + "}" * n}, st.integers(1, 2000)),
    st.builds(lambda v: {"text_data": json.dumps(v)}, json_values),
    st.builds(lambda s: {"text_data": s}, st.text(max_size=200)),
    st.builds(lambda s, c: {"text_data": s + c}, st.text(max_size=20), surrogates),
    st.builds(lambda b: {"bytes_data": b}, st.binary(max_size=100)),
    st.sampled_from([
        {"text_data": '{"type": "ping"}'},
        {"text_data": r'{"type": "ping\ud800"}'},
        {"text_data": '{"type": "ping", "x": ' + "9" * 4000 + "}"},
        {"text_data": "9" * 4096},
        {"text_data": "x" * 100_000},
        {"text_data": "\x00"},
        {"text_data": ""},
        {"bytes_data": b""},
        {"bytes_data": b"\x00" * 5000},
    ]),
)


def is_a_ping(frame: dict[str, Any]) -> bool:
    text = frame.get("text_data")
    if text is None or len(text.encode("utf-8", "surrogatepass")) > consumers.MAX_FRAME_BYTES:
        return False
    try:
        return bool(json.loads(text) == {"type": "ping"})
    except (ValueError, RecursionError):
        return False


async def one_frame(user: User, game_id: int, frame: dict[str, Any]) -> int | None:
    """Send one frame on a fresh socket: the close code it gets, or None for a pong."""
    socket = Socket(f"/ws/partite/{game_id}/")
    socket.scope["user"] = user
    try:
        connected, _ = await socket.connect()
        assert connected
        assert (await socket.receive_json_from())["type"] == "hello"
        # send_input, not send_to: an empty frame is a frame too.
        key = "text" if "text_data" in frame else "bytes"
        await socket.send_input({"type": "websocket.receive", key: next(iter(frame.values()))})
        answer = await socket.receive_output(timeout=5)
        if answer["type"] == "websocket.close":
            return int(answer["code"])
        assert answer == {"type": "websocket.send", "text": '{"type":"pong"}'}
        return None
    finally:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@hypothesis_settings(FUZZ, max_examples=200)
@given(frame=frames)
def test_the_websocket_closes_on_any_bad_frame_with_a_code_of_its_own(running_game, frame):
    anna = Seat.objects.get(game=running_game, power="Francia").user
    before = state(running_game)
    code = async_to_sync(one_frame)(anna, running_game.pk, frame)
    codes = {v for k, v in vars(consumers).items() if k.startswith("CLOSE_")}
    assert code is None or code in codes, code
    assert (code is None) == is_a_ping(frame)
    assert state(running_game) == before
