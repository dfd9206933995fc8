"""Every kind of write of one game at once, through the real views and real transactions: a staff
correction, alliance and private chat, an ally's answer to an attack, free game actions and
page reads. One lock order (the game's row first) means no deadlock; a conflict the database
still reports is retried: never a 500, and the event log stays whole.

On SQLite in a file this is serialised by the database's write lock; CI runs it again on
PostgreSQL, where the rows are locked one by one and a wrong lock order deadlocks.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from guerra.game.access.audience import event_chain
from guerra.game.models import Game, GameEvent, Seat
from guerra.game.services import retry
from tests.game.attack_helpers import declare, rig, seat
from tests.game.play_helpers import state_of

__all__ = ["rig"]

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 3


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def storm(requests: list[tuple[Client, str, str, dict[str, Any]]]) -> list[int]:
    """Send every request at once, each from its own thread; their statuses."""
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = [0] * len(requests)

    def send(index: int, client: Client, method: str, url: str, data: dict[str, Any]) -> None:
        try:
            barrier.wait(timeout=10)
            response = getattr(client, method)(url, data)
            statuses[index] = response.status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


def assert_log_whole(game: Game) -> None:
    """Game-wide numbers 1..N without a hole; each chain numbered 1, 2, 3… in order."""
    game.refresh_from_db()
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, game.last_event_seq + 1))
    chains: dict[str, list[int]] = defaultdict(list)
    for event in events:
        chains[event_chain(event)].append(event.chain_seq)
    for numbers in chains.values():
        assert numbers == list(range(1, len(numbers) + 1))


def test_staff_chat_attack_answers_and_game_actions_at_once_never_500(running_game, make_user,
                                                                       rig, caplog):
    game = running_game
    staff = client_of(make_user("capo", staff=True))
    francia, prussia, britain = (seat(game, p) for p in ("Francia", "Prussia", "Gran Bretagna"))
    players = {s.power: client_of(s.user) for s in (francia, prussia, britain)}
    rig([1, 2, 1, 2] * 10)
    attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")  # Prussia is invited
    board = reverse("game_board", args=[game.pk])
    for turn in range(ROUNDS):
        step = state_of(game).step
        requests: list[tuple[Client, str, str, dict[str, Any]]] = [
            (staff, "post", reverse("game_correct", args=[game.pk]),
             {"seat": francia.pk, "gold": 20 + turn, "vp": turn, "note": "verifica"}),
            (players["Francia"], "post", reverse("game_chat_alliance", args=[game.pk, 1]),
             {"text": f"avanti {turn}"}),
            (players["Prussia"], "post", reverse("game_chat_alliance", args=[game.pk, 1]),
             {"text": f"sì {turn}"}),
            (players["Gran Bretagna"], "post",
             reverse("game_chat_private", args=[game.pk, francia.pk]), {"text": "pace?"}),
            (players["Francia"], "post", reverse("gold_tax", args=[game.pk]),
             {"passo": step, "oro": 1}),
            (players["Gran Bretagna"], "post", reverse("gold_transfer", args=[game.pk]),
             {"passo": step, "a": "Francia", "oro": 1}),
            (players["Prussia"], "get", board, {}),
        ]
        if turn == 0:
            requests.append((players["Prussia"], "post",
                             reverse("attack_decide", args=[game.pk, attack.number]),
                             {"kind": "ally", "step": attack.step, "armies": 1, "fleets": 0}))
        statuses = storm(requests)
        assert all(0 < status < 500 for status in statuses), statuses
        # Corrections and chat lines are never stale: each is done.
        assert all(status in (200, 302) for status in statuses[:4]), statuses
    # One lock order: the writers waited for each other, none had to be tried again.
    assert [r.getMessage() for r in caplog.records if r.name == retry.logger.name] == []
    attack.refresh_from_db()
    assert attack.finished  # the ally's answer was not lost among the others
    assert_log_whole(game)
    state = state_of(game)
    assert Game.objects.get(pk=game.pk).step == state.step
    purses = dict(Seat.objects.filter(game=game).values_list("power", "gold"))
    assert purses == {p.name: p.gold for p in state.powers}  # read models = the rules' truth


def test_a_conflict_the_database_reports_is_retried_then_refused_never_a_500(running_game,
                                                                            monkeypatch):
    """A deadlock or serialisation failure (SQLSTATE 40P01/40001) rolls the transaction back
    whole: the service runs again; if it keeps failing, the player gets a 409 in Italian."""

    class Deadlock(Exception):
        sqlstate = "40P01"

    calls = []

    def failing(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        try:
            raise Deadlock
        except Deadlock as cause:
            raise OperationalError("deadlock detected") from cause

    monkeypatch.setattr(retry.time, "sleep", lambda seconds: None)
    flaky = retry.retried(failing)
    with pytest.raises(retry.GameError) as refused:
        flaky()
    assert len(calls) == retry.ATTEMPTS
    assert refused.value.status == 409

    outcomes = iter([OperationalError("database is locked"), None])

    def once(*args: Any, **kwargs: Any) -> str:
        failure = next(outcomes)
        if failure is not None:
            raise failure
        return "fatto"

    assert retry.retried(once)() == "fatto"
    with pytest.raises(OperationalError):  # any other database error is a real fault
        retry.retried(lambda: (_ for _ in ()).throw(OperationalError("no such table")))()
