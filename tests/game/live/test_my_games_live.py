"""“Le mie partite” live: a step that changes what a game awaits rings the list of every player at
its table once it commits (guerra/game/live/players.py), and the player's own socket
(player_socket.py) forwards each ring as a numbered push of the part "mine"."""

from __future__ import annotations

from contextlib import suppress

import pytest
from channels.layers import get_channel_layer
from django.contrib.auth.models import AnonymousUser

from guerra.game import services
from guerra.game.live import player_socket, players
from guerra.game.models import Seat
from tests.game.live.socket import Socket


@pytest.fixture
def rings(monkeypatch) -> list[list[int]]:
    """The users each ring went to, one list a ring."""
    sent: list[list[int]] = []
    monkeypatch.setattr(players, "deliver", lambda users: sent.append(list(users)))
    return sent


def users_of(game) -> list[int]:
    return sorted(Seat.objects.filter(game=game).values_list("user_id", flat=True))


def test_a_decision_rings_every_player_s_list_after_the_commit(
        running_game, rings, django_capture_on_commit_callbacks):
    anna = running_game.created_by
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.action_pass(game_id=running_game.pk, user=anna, step=running_game.step)
        assert rings == []  # not before the commit
    for callback in callbacks:
        callback()
    assert rings == [users_of(running_game)]


def test_a_free_action_leaves_the_lists_alone(running_game, rings,
                                              django_capture_on_commit_callbacks):
    anna = running_game.created_by
    with django_capture_on_commit_callbacks(execute=True):
        services.gold_tax(game_id=running_game.pk, user=anna, step=running_game.step, gold=2)
    assert rings == []  # the same decision awaits the same player


def test_a_refused_decision_rings_nobody(running_game, rings,
                                         django_capture_on_commit_callbacks):
    bruno = Seat.objects.get(game=running_game, power="Gran Bretagna").user
    with django_capture_on_commit_callbacks(execute=True), suppress(services.GameError):
        services.action_pass(game_id=running_game.pk, user=bruno, step=running_game.step)
    assert rings == []


def test_the_game_s_start_rings_its_players(lobby_game, make_user, rings,
                                            django_capture_on_commit_callbacks):
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    assert rings == [users_of(lobby_game)]


@pytest.mark.django_db(transaction=True)
async def test_the_player_s_socket_numbers_each_ring_after_its_hello(make_user):
    from asgiref.sync import sync_to_async

    anna = await sync_to_async(make_user)("anna")
    socket = Socket(players.PLAYER_PATH)
    socket.scope["user"] = anna
    assert (await socket.connect())[0]
    hello = await socket.receive_json_from()
    assert hello == {"type": "hello", "stage": "mine", "chains": {"mine": 1}}
    await sync_to_async(players.deliver)([anna.pk, anna.pk + 1])
    assert await socket.receive_json_from() == {
        "type": "push", "chain": "mine", "seq": 2, "prev": 1, "parts": ["mine"]}
    # Another player's ring never reaches this socket: the next push heard is anna's own.
    await get_channel_layer().group_send(players.player_group(anna.pk + 1),
                                         {"type": players.RING_TYPE})
    await sync_to_async(players.deliver)([anna.pk])
    assert (await socket.receive_json_from())["seq"] == 3
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.send_json_to({"type": "lacks"})
    assert (await socket.receive_output())["code"] == player_socket.CLOSE_UNKNOWN_MESSAGE
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_player_s_socket_is_for_a_logged_in_user():
    socket = Socket(players.PLAYER_PATH)
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect())[0]
    closed = await socket.receive_output()
    assert closed == {"type": "websocket.close", "code": player_socket.CLOSE_NOT_LOGGED_IN}
    await socket.disconnect()


def test_a_waiting_rooms_seats_ring_the_lists_of_who_sits_and_who_leaves(
        lobby_game, make_user, rings, django_capture_on_commit_callbacks):
    bruno = make_user("bruno")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_join(game_id=lobby_game.pk, user=bruno, power="Gran Bretagna")
    assert rings == [users_of(lobby_game)] and bruno.pk in rings[0]
    with django_capture_on_commit_callbacks(execute=True):
        services.game_leave(game_id=lobby_game.pk, user=bruno)
    assert rings[1] == sorted([*users_of(lobby_game), bruno.pk])


def test_a_seat_handed_to_the_computer_and_a_game_staff_end_ring_the_lists(
        running_game, make_user, rings, django_capture_on_commit_callbacks):
    from guerra.game.services import bots

    bruno = Seat.objects.get(game=running_game, power="Gran Bretagna")
    with django_capture_on_commit_callbacks(execute=True):
        bots.seat_hand_over(game_id=running_game.pk, user=bruno.user, seat_id=bruno.pk,
                            level="principiante")
    assert rings == [users_of(running_game)]  # the same decision awaits: rung all the same
    staff = make_user("capo")
    staff.is_staff = True
    with django_capture_on_commit_callbacks(execute=True):
        services.game_end(game_id=running_game.pk, user=staff)
    assert rings[1] == users_of(running_game)
