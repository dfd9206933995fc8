"""The websocket limits on a real server: `python -m guerra.runtime.server` (daphne, as the
README, the browser tests and the two-process test start it) caps client frames itself, and a
bad frame reaches the player's socket as the consumer's own close code, never daphne's 1011 and a
traceback. Also: daphne's runserver takes the same cap from the settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect
from websockets.typing import Origin

from guerra.game.live import consumers
from guerra.game.models import Game, Seat
from tests import servers

pytestmark = pytest.mark.django_db(transaction=True)

DEADLINE = 30.0  # for a failing server only, never measured


class Server(servers.Server):
    """The project's server on the test database, its deadline timer off (the test's rows are
    all it should see change)."""

    def __init__(self, log_path: Path) -> None:
        if connection.vendor == "sqlite" and connection.is_in_memory_db():
            pytest.skip("the server process needs a test database in a file")
        super().__init__(servers.server_env(servers.database_url(), GUERRA_DEADLINE_TIMER="0"),
                         log_path)
        self.wait_until_up()

    def socket(self, game: Game, power: str) -> ClientConnection:
        client = Client()
        client.force_login(Seat.objects.get(game=game, power=power).user)
        return ws_connect(
            f"ws://127.0.0.1:{self.port}/ws/partite/{game.pk}/",
            origin=Origin(self.origin),
            additional_headers={"Cookie": f"sessionid={client.cookies['sessionid'].value}"},
            open_timeout=DEADLINE,
            max_size=None,
        )


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "server.log")
    yield running
    running.stop()


def closed_code(sock: ClientConnection, frame: str | list[str]) -> int:
    """Send `frame` (a list: one message in fragments) and return the close code the client
    receives: 1006 when the server drops the connection without a close frame."""
    with pytest.raises(ConnectionClosed) as closed:
        sock.send(frame)  # a dropped connection may fail the send itself
        sock.recv(timeout=DEADLINE)
    return closed.value.rcvd.code if closed.value.rcvd is not None else 1006


CAP = settings.DAPHNE_WEBSOCKET_MAX_FRAME_SIZE
MESSAGE_CAP = settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE


@pytest.mark.parametrize(
    "frame",
    [
        "x" * (CAP + 1),  # one frame over the cap
        ["x" * CAP] * (MESSAGE_CAP // CAP + 1),  # one message over the cap, in frames under it
    ],
    ids=["frame", "message"],
)
def test_the_server_itself_refuses_a_frame_or_message_over_the_cap(running_game, server, frame):
    """Autobahn fails the connection before the application reads a byte of it (with daphne's
    default cap, 1 MiB, the consumer would have had to refuse it), with a close frame whose
    code is the standard 1009 "message too big": it used to drop the TCP connection, which the
    client saw as 1006 with no reason."""
    with server.socket(running_game, "Francia") as sock:
        assert '"hello"' in sock.recv(timeout=DEADLINE)
        assert closed_code(sock, frame) == 1009
    # A frame of exactly the cap still reaches the consumer, which refuses it as not a ping.
    with server.socket(running_game, "Francia") as sock:
        sock.recv(timeout=DEADLINE)
        padded = '{"type":"ping","pad":"' + "x" * (CAP - 24) + '"}'
        assert len(padded) == CAP
        assert closed_code(sock, padded) == consumers.CLOSE_UNKNOWN_MESSAGE
    log = server.stop()
    assert "Traceback" not in log
    lines = [line for line in log.splitlines() if "websocket /ws/" in line]
    assert len(lines) == 1 and "not a ping" in lines[0], log


# A server start is a second or two of the processors: the four bad frames share one server, a
# socket each, in this order; its log has a line for each, in the same order.
BAD_FRAMES: list[tuple[str | list[str], int]] = [
    ('{"type": "attack"}', consumers.CLOSE_UNKNOWN_MESSAGE),
    ("[" * 2000 + "]" * 2000, consumers.CLOSE_INVALID_JSON),
    ("not json", consumers.CLOSE_INVALID_JSON),
    # A message of frames under the cap, bigger than a frame: read, then refused.
    (["x" * (CAP // 2 + 1)] * 2, consumers.CLOSE_TOO_BIG),
]


def test_a_bad_frame_reaches_the_client_as_the_consumers_code_logged_in_one_line(
    running_game, server
):
    for frame, code in BAD_FRAMES:
        with server.socket(running_game, "Francia") as sock:
            sock.recv(timeout=DEADLINE)
            assert closed_code(sock, frame) == code, frame[:20]
    log = server.stop()
    assert "Traceback" not in log
    lines = [line for line in log.splitlines() if "websocket /ws/" in line]
    assert len(lines) == len(BAD_FRAMES), log
    for line, (_frame, code) in zip(lines, BAD_FRAMES, strict=True):
        assert f"closed with {code}" in line, log


def test_runserver_takes_the_frame_cap_from_the_settings(monkeypatch):
    """daphne's runserver reads DAPHNE_WEBSOCKET_MAX_* (it passes them to its Server)."""
    from daphne.management.commands.runserver import Command, RunserverCommand

    monkeypatch.setattr(RunserverCommand, "handle", lambda self, *args, **options: None)
    command = Command()
    command.handle(use_asgi=True)
    assert command.websocket_max_frame_size == consumers.MAX_FRAME_BYTES == 4096
    assert command.websocket_max_message_size == consumers.MAX_SENT_BYTES == 512 * 1024


def test_the_project_server_passes_the_cap_and_lets_an_explicit_option_win():
    from guerra.runtime.server import cli_defaults

    assert cli_defaults() == [
        "--websocket-max-frame-size=4096",
        "--websocket-max-message-size=524288",
    ]
    from daphne.cli import CommandLineInterface

    parsed = CommandLineInterface().parser.parse_args(
        [*cli_defaults(), "--websocket-max-frame-size=100", "guerra.asgi:application"]
    )
    assert (parsed.websocket_max_frame_size, parsed.websocket_max_message_size) == (100, 524288)
