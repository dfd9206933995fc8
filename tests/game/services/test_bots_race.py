"""A computer player and a person on the same decision at the same moment, each in its own
thread and transaction, as the driver's thread and a request are: the player takes back the
seat the computer holds and answers, while the computer answers for it. The game's lock and
step guard let exactly one of the two answers land, whatever the order; the other is refused,
never applied twice, never an error.

On SQLite in a file the threads meet SQLite's real write lock; CI runs it again on PostgreSQL.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from guerra.game import services
from guerra.game.models import Game, Scenario, Seat
from guerra.game.services import bots
from guerra.rules.game.inputs import Pass
from guerra.rules.game.machine import pending
from tests.game.play_helpers import state_of
from tests.game.services.test_bots import QUICK, awaited, let_deadline_pass
from tests.game.services.test_mixed_races import assert_log_whole

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 10


def at_once(*calls: Any) -> list[Any]:
    """Run every call at once, each in its own thread; what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Any) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # the test looks at it
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_a_computer_player_and_its_returning_person_answer_one_decision_once(make_user,
                                                                            monkeypatch):
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Gara", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    game = services.game_start(game_id=game.pk, user=anna)
    spagna = Seat.objects.get(game=game, power="Spagna")
    # The computer passes its turn's action, as the person does: the race is the locks'.
    monkeypatch.setattr(bots, "choose", lambda _game, seat, state: Pass(seat.power, state.step))
    for _round in range(ROUNDS):
        bots.seat_hand_over(game_id=game.pk, user=bruno, seat_id=spagna.pk,
                            level="principiante")
        while awaited(game) != ("Spagna",) or state_of(game).phase != "rounds":
            let_deadline_pass(game)
        before = state_of(game)
        step = before.step
        assert before.turn is not None
        decision = (before.war, before.round, before.turn.done)  # Spagna's action in its turn

        def computer() -> int:
            return bots.answer(game_id=game.pk, now=timezone.now() + timedelta(seconds=5))

        def person(decision: tuple[int, int, int] = decision) -> str:
            """Riprendi il mio posto, then the pass the page offers, if it still does."""
            bots.seat_take_back(game_id=game.pk, user=bruno, seat_id=spagna.pk)
            seen = state_of(Game.objects.get(pk=game.pk))
            if pending(seen).powers != ("Spagna",) or seen.turn is None or (
                    seen.war, seen.round, seen.turn.done) != decision:
                return "gone"  # the computer answered it first: the page offers it no more
            services.action_pass(game_id=game.pk, user=bruno, step=seen.step)
            return "taken"

        took, answered = at_once(computer, person)
        assert not isinstance(took, BaseException), took
        assert not isinstance(answered, BaseException), answered
        # Exactly one answer to Spagna's decision: the computer's or the person's (when the
        # computer's came first, the person's page may offer the turn's next action: another
        # decision, not raced here).
        assert (took, answered) in ((1, "gone"), (0, "taken")), (took, answered)
        # Two steps: the seat given back, and the one answer that landed.
        game.refresh_from_db()
        assert state_of(game).step == step + 2
        assert Seat.objects.get(pk=spagna.pk).bot == ""
    assert_log_whole(game)
