"""Players clicking at the same moment on the whole game's decisions: one step wins, the other
request is refused with 409 and changes nothing. Real threads and transactions, as in
test_attack_races.py (SQLite in a file, and PostgreSQL when DATABASE_URL points to it)."""

from __future__ import annotations

import pytest

from guerra.game import services
from guerra.game.models import Game, GameEvent, Seat
from tests.game.play_helpers import seat_of, state_of
from tests.game.services.test_attack_races import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_G39_two_clicks_on_pass_at_once_use_one_action(running_game):
    game = running_game
    user = seat_of(game, "Francia").user
    step = state_of(game).step

    def click():
        return services.action_pass(game_id=game.pk, user=user, step=step)

    results = race(click, click)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    assert [status for kind, status in results if kind == "refused"] == [409]
    turn = state_of(game).turn
    assert turn is not None and (turn.power, turn.done) == ("Francia", 1)


def test_G41_two_tax_clicks_at_once_tax_once(running_game):
    game = running_game
    user = seat_of(game, "Francia").user
    step = state_of(game).step

    def tax():
        return services.gold_tax(game_id=game.pk, user=user, step=step, gold=2)

    results = race(tax, tax)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    francia = Seat.objects.get(game=game, power="Francia")
    assert (francia.gold, francia.unrest) == (12, 1)


def test_G43_a_transfer_and_an_action_at_once_never_lose_gold(running_game):
    """A free action of one power and the decision of another, at once: each is either done
    or refused as stale, never a 500, and the gold adds up."""
    game = running_game
    prussia, francia = seat_of(game, "Prussia"), seat_of(game, "Francia")
    step = state_of(game).step

    def give():
        return services.gold_transfer(game_id=game.pk, user=prussia.user, step=step,
                                      to="Francia", gold=3)

    def act():
        return services.action_pass(game_id=game.pk, user=francia.user, step=step)

    results = race(give, act)
    assert all(kind == "ok" or status == 409 for kind, status in results)
    assert any(kind == "ok" for kind, _ in results)
    gold = dict(Seat.objects.filter(game=game).values_list("power", "gold"))
    assert sum(gold.values()) == 30
    state = state_of(game)
    assert {p.name: p.gold for p in state.powers} == gold  # read models = the rules' truth


def test_a_staff_correction_racing_a_player_takes_the_game_row_first(running_game, make_user):
    """One lock order (the game's row first) for every writer: no deadlock, no 500."""
    game = running_game
    staff = make_user("capo", staff=True)
    francia = seat_of(game, "Francia")
    prussia = seat_of(game, "Prussia")
    step = state_of(game).step

    def correct():
        return services.seat_correct(game_id=game.pk, user=staff, seat_id=prussia.pk,
                                     gold=5, vp=1, note="")

    def act():
        return services.action_pass(game_id=game.pk, user=francia.user, step=step)

    results = race(correct, act)
    assert all(kind == "ok" or status == 409 for kind, status in results)
    assert results[0] is not None and results[0][0] == "ok"  # staff corrections are not stale
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game, kind="staff_corrected").count() == 1
    assert Game.objects.get(pk=game.pk).step == state_of(game).step
