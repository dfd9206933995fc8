"""The game's websocket notes who has the page open (services/presence.py): a row while the
socket is open, none after; the "watchers" part rung when someone without a seat comes or goes;
a failing write never breaks the socket."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from guerra.game.models import Presence, Seat
from guerra.game.read.presence import has_open, watching
from guerra.game.services import presence
from tests.game.live.socket import Socket

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(user, game_id):
    socket = Socket(f"/ws/partite/{game_id}/")
    socket.scope["user"] = user
    connected, _ = await socket.connect()
    assert connected
    return socket


async def next_of_type(socket, kind):
    while True:
        message = await socket.receive_json_from()
        if message["type"] == kind:
            return message


def anna_of(game):
    return Seat.objects.select_related("user").get(game=game, power="Francia").user


async def test_a_players_socket_is_present_while_open_and_gone_when_closed(running_game):
    anna = await sync_to_async(anna_of)(running_game)
    socket = await connect(anna, running_game.pk)
    await next_of_type(socket, "hello")
    await socket.send_json_to({"type": "ping"})
    await next_of_type(socket, "pong")  # the row is written before the first ping is read
    assert await sync_to_async(has_open)(running_game.pk, anna.pk)
    assert await sync_to_async(watching)(running_game.pk) == 0
    await socket.disconnect()
    assert not await sync_to_async(has_open)(running_game.pk, anna.pk)


async def test_staff_watching_is_counted_and_hears_the_watchers_ring(running_game, make_user):
    staff = await sync_to_async(make_user)("capo", staff=True)
    socket = await connect(staff, running_game.pk)
    await next_of_type(socket, "hello")
    assert await next_of_type(socket, "ring") == {"type": "ring", "parts": ["watchers"]}
    assert await sync_to_async(watching)(running_game.pk) == 1
    await socket.disconnect()
    assert await sync_to_async(watching)(running_game.pk) == 0


async def test_a_ping_due_touches_the_row_and_writes_it_again_when_it_is_gone(running_game):
    anna = await sync_to_async(anna_of)(running_game)
    socket = await connect(anna, running_game.pk)
    await next_of_type(socket, "hello")
    await socket.send_json_to({"type": "ping"})
    await next_of_type(socket, "pong")
    await sync_to_async(Presence.objects.all().delete)()
    presence._written.clear()  # as if 30 seconds had passed
    await socket.send_json_to({"type": "ping"})
    await next_of_type(socket, "pong")
    await socket.send_json_to({"type": "ping"})  # the touch is done once this is read
    await next_of_type(socket, "pong")
    assert await sync_to_async(has_open)(running_game.pk, anna.pk)
    await socket.disconnect()


async def test_a_failing_presence_write_leaves_the_socket_working(running_game, monkeypatch):
    def broken(*args):
        raise RuntimeError("database gone")

    monkeypatch.setattr(presence, "opened", broken)
    anna = await sync_to_async(anna_of)(running_game)
    socket = await connect(anna, running_game.pk)
    await next_of_type(socket, "hello")
    await socket.send_json_to({"type": "ping"})
    assert (await next_of_type(socket, "pong")) == {"type": "pong"}
    await socket.disconnect()
