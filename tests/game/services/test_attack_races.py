"""Two players acting at the same moment on the same attack or the same gold: one wins.

Real threads, real transactions (on SQLite in a file, and on PostgreSQL when DATABASE_URL
points to it): each thread goes through the service as a request would.
"""

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from guerra.game import services
from guerra.game.models import Attack, Game, GameEvent, Seat
from guerra.game.models.state import load_state
from guerra.game.services.attacks import Decision
from guerra.game.services.locks import locked_running_game
from guerra.game.services.play import record
from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Transfer
from guerra.rules.game.machine import advance
from tests.game.attack_helpers import declare, give_turn, region, rig, seat
from tests.game.play_helpers import state_of

__all__ = ["rig"]

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls):
    """Run the calls at once; each returns ("ok", value) or ("refused", status)."""
    barrier = threading.Barrier(len(calls))
    results: list[tuple[str, object] | None] = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = ("ok", call())
        except services.GameError as error:
            results[index] = ("refused", error.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def game(running_game):
    return running_game


def test_two_clicks_on_the_same_decision_at_once_act_once(game):
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    user = seat(game, "Gran Bretagna").user

    def click():
        return services.attack_decide(
            game_id=game.pk,
            number=attack.number,
            user=user,
            decision=Decision(kind="naval", step=attack.step, fight=True),
        )

    results = race(click, click)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    assert [status for kind, status in results if kind == "refused"] == [409]
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"]
    assert GameEvent.objects.filter(game=game, kind="attack_step").count() == 2


def test_two_declarations_at_once_pay_once(game):
    give_turn(game, "Gran Bretagna")
    user = seat(game, "Gran Bretagna").user
    place = region(game, "Nord America")
    target = f"power-{seat(game, 'Francia').pk}"

    def declare_now():
        return services.attack_declare(
            game_id=game.pk, user=user, region_id=place.pk, target=target
        )

    results = race(declare_now, declare_now)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    assert Attack.objects.count() == 1
    assert Seat.objects.get(game=game, power="Gran Bretagna").gold == 8


def test_A3_an_answer_and_its_deadline_at_once_only_one_of_them_counts(game, rig):
    """The awaited ally answers just as the server's timer applies its deadline: whichever takes
    the game first wins, the other is refused as stale (the answer) or finds nothing due (the
    timer); never both, never neither."""
    rig([6, 6, 1, 1] * 4)
    attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]  # the ally's box: Prussia is invited (A1)
    attack_step, game_step = attack.step, Game.objects.get(pk=game.pk).step
    due = Game.objects.get(pk=game.pk).deadline  # due at that moment, and not a moment later

    def answer():
        return services.attack_decide(
            game_id=game.pk, number=attack.number, user=seat(game, "Prussia").user,
            decision=Decision(kind="ally", step=attack_step, armies=1, fleets=0),
        )

    def timer():
        return services.game_expire(game_id=game.pk, now=due)

    results = race(answer, timer)
    answered, expired = results
    assert answered is not None and expired is not None
    if answered[0] == "ok":
        assert expired == ("ok", False)  # the timer came second: the new box is not due yet
    else:
        assert (answered, expired) == (("refused", 409), ("ok", True))
    state = state_of(game)
    made = [e.payload["made"] for e in GameEvent.objects.filter(game=game, kind="attack_step")
            .order_by("seq")]
    assert made[0] == "declare"
    assert made[1:] == ["timeout" if expired[1] else "ally"]  # one step left the box, not two
    assert Game.objects.get(pk=game.pk).step == state.step > game_step


def test_a_writer_holding_the_game_row_makes_a_decision_wait_and_read_what_it_wrote(game):
    """The game lock. Staff correct the gold while the ally answers: the answer waits for the
    game's row, then reads the corrected state and is accepted. Without the lock it would read
    the state from before the correction and be refused as stale for nothing (PostgreSQL; on
    SQLite the transaction's own write lock does the same)."""
    attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]
    staff = User.objects.create_user("capo", is_staff=True)
    francia = seat(game, "Francia")
    holding_row = threading.Event()

    def correct():
        with transaction.atomic():
            locked_running_game(game.pk)  # the game's row, as every writer takes it first
            holding_row.set()
            time.sleep(0.5)  # the answer starts meanwhile
            return services.seat_correct(game_id=game.pk, user=staff, seat_id=francia.pk,
                                         gold=20, vp=3, note="")

    def answer():
        assert holding_row.wait(timeout=10)
        return services.attack_decide(
            game_id=game.pk, number=attack.number, user=seat(game, "Prussia").user,
            decision=Decision(kind="ally", step=attack.step, armies=0, fleets=0),
        )

    corrected, answered = race(correct, answer)
    assert corrected is not None and corrected[0] == "ok"
    assert answered is not None and answered[0] == "ok", answered
    kinds = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("kind", flat=True))
    assert kinds.index("staff_corrected") < len(kinds) - 1  # the answer came after, on top of it
    state = state_of(game)
    assert state.power("Francia").gold == 20  # the answer did not write over the correction
    attack.refresh_from_db()
    assert "Prussia" not in attack.awaiting


def test_the_step_guard_refuses_a_step_computed_from_a_state_no_longer_stored(game):
    """The conditional write on the game's step: a step computed from step N is not stored once
    another write made N+1, even by a writer that did not wait for the game's row. Nothing of
    it is written: not the rules, not the purses, not an event."""
    stale_game = Game.objects.get(pk=game.pk)
    state = load_state(stale_game)
    dice = HmacDice(bytes.fromhex(stale_game.dice_seed), stale_game.next_roll)
    given = advance(state, Transfer("Prussia", state.step, "Gran Bretagna", 3), dice)
    assert isinstance(given, Accepted)
    # Meanwhile Francia passes: the stored game is now one step ahead.
    services.action_pass(game_id=game.pk, user=seat(game, "Francia").user, step=state.step)
    events = GameEvent.objects.filter(game=game).count()
    with pytest.raises(services.GameError) as refused, transaction.atomic():
        record(stale_game, state, given, dice, actor=None, made="transfer")
    assert refused.value.status == 409
    stored = state_of(game)
    assert stored.step == state.step + 1
    assert stored.power("Prussia").gold == state.power("Prussia").gold  # the gift: not stored
    assert stored.turn is not None and stored.turn.done == 1  # Francia's pass: kept
    assert Seat.objects.get(game=game, power="Prussia").gold == state.power("Prussia").gold
    assert GameEvent.objects.filter(game=game).count() == events
