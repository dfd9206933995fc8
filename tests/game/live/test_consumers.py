"""The game's websocket, with Channels' WebsocketCommunicator (tests/game/live/socket.py): who
may connect, what each connection hears, and how a client catches up after a drop.

Absence is proven by order, not by waiting: the channel layer delivers one connection's messages
in order, so when the next push a connection receives is a later event's, nothing before it was
sent to that connection.
"""

from __future__ import annotations

import asyncio
import json
import threading
from contextlib import suppress
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction
from django.test import Client
from django.urls import reverse

from guerra.asgi import application
from guerra.game import services
from guerra.game.live import consumers
from guerra.game.live import sockets as sockets_module
from guerra.game.live.push import PUSH_TYPE, group_name
from guerra.game.models import Game, Seat, Visibility
from guerra.game.services import log_event
from tests.game.live.socket import WAIT, Socket

pytestmark = pytest.mark.django_db(transaction=True)


class Table:
    """Francia (anna) and Prussia (carla) in alliance 1, Gran Bretagna (bruno) in alliance 2."""

    def __init__(self, game: Game) -> None:
        self.game = game
        seats = {s.power: s for s in Seat.objects.select_related("user").filter(game=game)}
        self.anna_seat, self.carla_seat, self.bruno_seat = (
            seats["Francia"],
            seats["Prussia"],
            seats["Gran Bretagna"],
        )
        self.anna, self.carla, self.bruno = (
            self.anna_seat.user,
            self.carla_seat.user,
            self.bruno_seat.user,
        )


@pytest.fixture
def table(running_game):
    return Table(running_game)


@pytest.fixture
async def sockets():
    """Open a websocket as a user (scope user set directly); every one is closed afterwards."""
    opened: list[Socket] = []

    async def open_as(user, game_id, *, expect_hello=True):
        communicator = Socket(f"/ws/partite/{game_id}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected
        opened.append(communicator)
        doorbells_only(communicator)
        if expect_hello:
            hello = await communicator.receive_json_from()
            assert hello["type"] == "hello"
            communicator.hello = hello
        return communicator

    yield open_as
    for communicator in opened:
        await communicator.close_quietly()  # (never raises: socket.py says why)


def doorbells_only(communicator: Any) -> None:
    """The socket's frames of rendered parts (a seat's, ahead of its doorbells) are put aside
    in `communicator.frames`, rings of parts no event changes in `communicator.rings`:
    `receive_json_from` answers the next other message."""
    receive = communicator.receive_json_from
    communicator.frames = []
    communicator.rings = []

    async def next_other(timeout: float = WAIT) -> Any:
        while True:
            message = await receive(timeout)
            if message.get("type") == "ring":  # the watchers' count (services/presence.py)
                communicator.rings.append(message)
            elif message.get("type") != "parts":
                return message
            else:
                communicator.frames.append(message)

    communicator.receive_json_from = next_other


async def closed_with(communicator) -> int:
    message = await communicator.receive_output()
    while message["type"] == "websocket.send" and '"type":"ring"' in message["text"]:
        message = await communicator.receive_output()  # its own coming, to the watchers' count
    assert message["type"] == "websocket.close"
    return int(message["code"])


def public_event(game_id: int, kind: str = "public_note") -> int:
    with transaction.atomic():
        return log_event(Game.objects.get(pk=game_id), kind).chain_seq


def power_event(game_id: int, seat: Seat) -> int:
    with transaction.atomic():
        game = Game.objects.get(pk=game_id)
        return log_event(game, "private_note", visibility=Visibility.POWER, seat=seat).chain_seq


# Who may connect.


async def test_an_anonymous_connection_is_closed(table, sockets):
    from django.contrib.auth.models import AnonymousUser

    socket = await sockets(AnonymousUser(), table.game.pk, expect_hello=False)
    assert await closed_with(socket) == consumers.CLOSE_NOT_LOGGED_IN


async def test_a_user_without_a_seat_is_closed_like_for_a_missing_game(table, sockets, make_user):
    """(Of a private game: a public one that has started may be watched, test_spectators.)"""
    await Game.objects.filter(pk=table.game.pk).aupdate(is_private=True)
    dario = await sync_to_async(make_user)("dario")
    outsider = await sockets(dario, table.game.pk, expect_hello=False)
    assert await closed_with(outsider) == consumers.CLOSE_NOT_AT_TABLE
    missing = await sockets(table.anna, 999999, expect_hello=False)
    assert await closed_with(missing) == consumers.CLOSE_NOT_AT_TABLE


async def test_a_seated_player_is_greeted_with_their_chains(table, sockets):
    socket = await sockets(table.carla, table.game.pk)
    assert socket.hello == {
        "type": "hello",
        "chains": {
            "all": table.game.last_event_seq,
            "alliance-1-1": 0,
            f"power-{table.carla_seat.pk}": 0,
        },
        "stage": "running-1-allied",
    }


async def test_staff_observe_every_chain(table, sockets, make_user):
    staff = await sync_to_async(make_user)("capo", staff=True)
    socket = await sockets(staff, table.game.pk)
    assert set(socket.hello["chains"]) == {
        "all",
        "alliance-1-1",
        "alliance-1-2",
        f"power-{table.anna_seat.pk}",
        f"power-{table.carla_seat.pk}",
        f"power-{table.bruno_seat.pk}",
    }
    await sync_to_async(services.chat_post_alliance)(
        game_id=table.game.pk, user=table.bruno, text="per lo staff"
    )
    push = await socket.receive_json_from()
    assert (push["chain"], push["parts"]) == ("alliance-1-2", ["chat-alliance-2"])


async def test_through_the_whole_stack_a_session_connects_and_a_foreign_origin_does_not(table):
    client = Client()
    await sync_to_async(client.force_login)(table.anna)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    path = f"/ws/partite/{table.game.pk}/"

    good = Socket(
        path, application, headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)]
    )
    connected, _ = await good.connect()
    assert connected
    assert (await good.receive_json_from())["type"] == "hello"
    await good.disconnect()

    forged = Socket(
        path, application, headers=[(b"origin", b"http://evil.example"), (b"cookie", cookie)]
    )
    connected, _ = await forged.connect()
    assert not connected

    nowhere = Socket("/ws/altro/", application, headers=[(b"origin", b"http://testserver")])
    connected, _ = await nowhere.connect()
    assert connected
    assert await closed_with(nowhere) == consumers.CLOSE_NO_ROUTE
    await nowhere.disconnect()


# Client frames are not actions.


async def test_a_ping_gets_a_pong(table, sockets):
    socket = await sockets(table.anna, table.game.pk)
    await socket.send_to(text_data='{"type": "ping"}')
    assert await socket.receive_json_from() == {"type": "pong"}


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"text_data": "not json"}, consumers.CLOSE_INVALID_JSON),
        ({"text_data": '{"type": "ping"'}, consumers.CLOSE_INVALID_JSON),
        ({"text_data": '{"type": "attack", "region": 3}'}, consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": "[1, 2]"}, consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": json.dumps({"type": "ping", "pad": "x" * 5000})}, consumers.CLOSE_TOO_BIG),
        ({"text_data": "è" * 2100}, consumers.CLOSE_TOO_BIG),  # 4200 bytes in 2100 characters
        ({"bytes_data": b"\x00\x01"}, consumers.CLOSE_UNSUPPORTED),
        ({"text_data": "[" * 2000 + "]" * 2000}, consumers.CLOSE_INVALID_JSON),  # too deep
        ({"text_data": "1" * 4090}, consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": r'{"type": "ping\ud800"}'}, consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": '{"type": "ping\ud800"}'},  # a lone surrogate in the text itself
         consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": '{"type": "ping", "type": "pong"}'}, consumers.CLOSE_UNKNOWN_MESSAGE),
        ({"text_data": "\x00"}, consumers.CLOSE_INVALID_JSON),
    ],
)
async def test_a_bad_frame_closes_the_connection_cleanly(table, sockets, frame, code):
    socket = await sockets(table.anna, table.game.pk)
    await socket.send_to(**frame)
    assert await closed_with(socket) == code
    # Closed means closed: later pushes are not forwarded.
    await sync_to_async(public_event)(table.game.pk)
    assert await socket.receive_nothing()


def test_every_close_code_is_one_an_application_may_send():
    """Daphne lets an application close only with 1000 or 3000-4999 (it turns any other code
    into 1011 and a traceback): ours are all 4000-4999, each one distinct."""
    codes = {name: value for name, value in vars(consumers).items() if name.startswith("CLOSE_")}
    assert len(codes) >= 7
    assert all(4000 <= code <= 4999 for code in codes.values()), codes
    assert len(set(codes.values())) == len(codes)


async def test_a_bad_frame_is_logged_in_one_line_without_a_traceback(table, sockets, caplog):
    socket = await sockets(table.anna, table.game.pk)
    with caplog.at_level("WARNING", logger="guerra.game.live.sockets"):
        await socket.send_to(text_data="[" * 2000 + "]" * 2000)
        assert await closed_with(socket) == consumers.CLOSE_INVALID_JSON
    records = [r for r in caplog.records if r.name == "guerra.game.live.sockets"]
    assert len(records) == 1
    assert records[0].levelname == "WARNING"
    assert records[0].exc_info is None
    assert "\n" not in records[0].getMessage()
    assert str(consumers.CLOSE_INVALID_JSON) in records[0].getMessage()


# What each connection hears.


async def test_the_enemy_hears_nothing_of_an_alliance_chat_and_the_ally_does(
        table, sockets, make_user):
    carla = await sockets(table.carla, table.game.pk)
    bruno = await sockets(table.bruno, table.game.pk)
    # A spectator of this public game hears the public chain only.
    spectator = await sockets(await sync_to_async(make_user)("dario"), table.game.pk)
    assert set(spectator.hello["chains"]) == {"all"}
    await sync_to_async(services.chat_post_alliance)(
        game_id=table.game.pk, user=table.anna, text="Attacchiamo all'alba"
    )
    heard = await carla.receive_json_from()
    assert heard["parts"] == ["chat-alliance-1"]
    assert heard["channel"] == "alliance"

    after = await sync_to_async(public_event)(table.game.pk)
    raw = await bruno.receive_from()
    while json.loads(raw)["type"] in ("parts", "ring"):  # its parts, then its doorbell
        assert json.loads(raw).get("chats", []) == [] and "Attacchiamo" not in raw
        raw = await bruno.receive_from()
    assert json.loads(raw)["seq"] == after  # the first doorbell bruno hears is the later event
    assert "chat" not in raw and "alliance" not in raw
    assert (await carla.receive_json_from())["seq"] == after
    assert await bruno.receive_nothing()
    watched = await spectator.receive_from()
    while json.loads(watched)["type"] == "ring":  # the watchers' count: its own coming
        watched = await spectator.receive_from()
    assert json.loads(watched)["seq"] == after and "chat" not in watched
    assert spectator.frames == [] and await spectator.receive_nothing()


async def test_a_power_private_event_reaches_only_that_power(table, sockets, make_user):
    anna = await sockets(table.anna, table.game.pk)
    carla = await sockets(table.carla, table.game.pk)
    bruno = await sockets(table.bruno, table.game.pk)
    spectator = await sockets(await sync_to_async(make_user)("dario"), table.game.pk)
    secret = await sync_to_async(power_event)(table.game.pk, table.bruno_seat)
    assert (await bruno.receive_json_from())["seq"] == secret
    after = await sync_to_async(public_event)(table.game.pk)
    for other in (anna, carla, spectator):
        assert (await other.receive_json_from())["seq"] == after
        assert await other.receive_nothing()


async def test_a_private_message_rings_its_two_players_only(table, sockets, make_user):
    anna = await sockets(table.anna, table.game.pk)
    carla = await sockets(table.carla, table.game.pk)
    bruno = await sockets(table.bruno, table.game.pk)
    spectator = await sockets(await sync_to_async(make_user)("dario"), table.game.pk)
    await sync_to_async(services.chat_post_private)(
        game_id=table.game.pk, user=table.anna, recipient_seat_id=table.bruno_seat.pk, text="Pace?"
    )
    assert (await anna.receive_json_from())["parts"] == [
        f"chat-private-{table.bruno_seat.pk}",
        "chat-contacts",
    ]
    assert (await bruno.receive_json_from())["parts"] == [
        f"chat-private-{table.anna_seat.pk}",
        "chat-contacts",
        f"chat-notice-{table.anna_seat.pk}",  # the addressee's notice names the writer
    ]
    after = await sync_to_async(public_event)(table.game.pk)
    assert (await carla.receive_json_from())["seq"] == after
    assert (await spectator.receive_json_from())["seq"] == after


async def test_a_rolled_back_action_pushes_nothing(table, sockets):
    carla = await sockets(table.carla, table.game.pk)

    def failing_action():
        with suppress(RuntimeError), transaction.atomic():
            services.chat_post_alliance(game_id=table.game.pk, user=table.anna, text="ritirato")
            raise RuntimeError("the rest of the action failed")

    await sync_to_async(failing_action)()
    after = await sync_to_async(public_event)(table.game.pk)
    push = await carla.receive_json_from()
    assert (push["chain"], push["seq"], push["parts"]) == ("all", after, ["board", "log"])


async def test_pushes_carry_the_previous_number_of_their_own_chain(table, sockets):
    carla = await sockets(table.carla, table.game.pk)
    chains = dict(carla.hello["chains"])
    await sync_to_async(services.chat_post_alliance)(
        game_id=table.game.pk, user=table.anna, text="uno"
    )
    await sync_to_async(public_event)(table.game.pk)
    await sync_to_async(services.chat_post_alliance)(
        game_id=table.game.pk, user=table.carla, text="due"
    )
    await sync_to_async(power_event)(table.game.pk, table.carla_seat)
    await sync_to_async(public_event)(table.game.pk)
    start = dict(chains)
    heard = []
    for _ in range(5):
        push = await carla.receive_json_from()
        # What a client checks: prev is the last number it holds for that chain.
        assert push["prev"] == chains[push["chain"]]
        chains[push["chain"]] = push["seq"]
        heard.append(push["chain"].split("-")[0])
    assert heard == ["alliance", "all", "alliance", "power", "all"]
    # Each chain counts its own events only: one number per event carla heard on it.
    assert {chain: chains[chain] - start[chain] for chain in chains} == {
        "all": 2, "alliance-1-1": 2, f"power-{table.carla_seat.pk}": 1
    }


async def test_a_push_reaches_the_socket_while_the_shared_sync_thread_is_busy(table, sockets):
    """A push is forwarded on the event loop: it does not wait for the process's one shared
    sync thread (Channels' own dispatch tidies the database connections there first, for every
    push to every socket)."""
    carla = await sockets(table.carla, table.game.pk)
    started, release = threading.Event(), threading.Event()

    def hold_the_thread() -> None:
        started.set()
        release.wait(10)

    busy = asyncio.ensure_future(sync_to_async(hold_the_thread, thread_sensitive=True)())
    try:
        assert await asyncio.to_thread(started.wait, 5)
        push = {"chain": "all", "seq": 999, "prev": 998, "parts": ["board"]}
        await get_channel_layer().group_send(
            group_name(table.game.pk, "all"), {"type": PUSH_TYPE, "push": push}
        )
        assert await carla.receive_json_from() == push
    finally:
        release.set()
        await busy


# Catching up after a drop.


async def test_a_client_that_reconnects_after_missed_changes_finds_them(table, sockets):
    """The socket drops; meanwhile an ally writes, a player writes in private and the board
    changes; on reconnecting, the hello's chains are newer than the page's, so the client
    re-fetches its parts, and each part shows the current state."""
    carla = await sockets(table.carla, table.game.pk)
    before = dict(carla.hello["chains"])
    await carla.disconnect()

    def meanwhile():
        services.chat_post_alliance(game_id=table.game.pk, user=table.anna, text="Sei ancora lì?")
        services.chat_post_private(
            game_id=table.game.pk,
            user=table.bruno,
            recipient_seat_id=table.carla_seat.pk,
            text="Offerta segreta",
        )
        with transaction.atomic():
            Seat.objects.filter(pk=table.carla_seat.pk).update(gold=4)
            log_event(Game.objects.get(pk=table.game.pk), "gold_changed")

    await sync_to_async(meanwhile)()

    again = await sockets(table.carla, table.game.pk)
    after = again.hello["chains"]
    assert set(after) == set(before)
    assert all(after[chain] > before[chain] for chain in before)

    def fetch(name, *args):
        client = Client()
        client.force_login(table.carla)
        url = reverse(name, args=[table.game.pk, *args])
        return client.get(url, headers={"HX-Request": "true"}).content.decode()

    assert "Sei ancora lì?" in await sync_to_async(fetch)("game_chat_alliance", 1)
    assert "Offerta segreta" in await sync_to_async(fetch)("game_chat_private", table.bruno_seat.pk)
    assert "1 messaggio" in await sync_to_async(fetch)("game_chat_contacts")
    assert "4 ori" in await sync_to_async(fetch)("game_board_part")
    assert "gold_changed" in await sync_to_async(fetch)("game_log_part")


async def test_a_push_to_a_socket_the_browser_just_closed_is_dropped_quietly():
    """Between the browser closing and the server telling the consumer, a push may find the
    connection gone: it is dropped, without an exception in the log; the disconnect follows."""
    from autobahn.exception import Disconnected

    consumer = consumers.GameConsumer()

    async def gone(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer.base_send = gone
    await consumer.live_push({"type": PUSH_TYPE, "push": {"chain": "all", "seq": 3}})
    assert consumer.closing
    await consumer.live_push({"type": PUSH_TYPE, "push": {"chain": "all", "seq": 4}})  # nothing


async def test_a_socket_open_longer_than_the_layer_keeps_members_still_hears_pushes(
        table, sockets, monkeypatch):
    """The channel layer forgets a group's member some time after it joined (a day); a page
    that stays open longer, pinging, joins again and goes on hearing the game. Here the layer
    forgets after one second and the socket joins again every half second."""
    layer = get_channel_layer()
    monkeypatch.setattr(layer, "group_expiry", 1)
    monkeypatch.setattr(layer, "clean_every", 0.0, raising=False)  # in memory: walk every time
    monkeypatch.setattr(sockets_module, "REJOIN_EVERY", 0.5)
    carla = await sockets(table.carla, table.game.pk)
    for _ in range(5):
        await asyncio.sleep(0.5)
        await carla.send_json_to({"type": "ping"})
        assert await carla.receive_json_from() == {"type": "pong"}
    push = {"chain": "all", "seq": 999, "prev": 998, "parts": ["board"]}
    await layer.group_send(group_name(table.game.pk, "all"), {"type": PUSH_TYPE, "push": push})
    assert await carla.receive_json_from() == push
