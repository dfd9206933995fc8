"""The Esperto's yardstick (`value`) and its sketches of attacks (`quick`): what a position
is worth to a power moves the way the game's scoring does."""

from __future__ import annotations

import dataclasses

import pytest

from guerra.rules.bots import memo, quick
from guerra.rules.bots.expert import Expert
from guerra.rules.bots.match import PowerRecord, play_on
from guerra.rules.bots.position import reading
from guerra.rules.bots.value import WIN, final_worth, threat, unrest_penalty, worth
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.machine import start_game
from guerra.rules.game.state import GameState, Pieces, Standing
from tests.rules.bots.helpers import AT, CARAIBI, ES, FR, GB, POWERS, position, short


def test_a_marker_that_takes_first_place_is_worth_more_than_one_that_changes_nothing() -> None:
    base = position(pieces=(Pieces(GB, CARAIBI, markers=2), Pieces(FR, CARAIBI, markers=1)))
    second = base.with_pieces(FR, CARAIBI, markers=1)  # 2 against 2: first place, shared
    third = second.with_pieces(FR, CARAIBI, markers=1)  # 3 against 2: first alone
    gains = [worth(s, FR) for s in (base, second, third)]
    assert gains[1] - gains[0] > gains[2] - gains[1] > 0


def test_a_rivals_marker_lowers_the_worth() -> None:
    base = position(pieces=(Pieces(FR, CARAIBI, markers=1),))
    assert worth(base.with_pieces(GB, CARAIBI, markers=2), FR) < worth(base, FR)


def test_unrest_costs_nothing_at_zero_more_when_it_leads_and_most_near_revolution() -> None:
    others = [3.0, 5.0, 8.0]
    assert unrest_penalty(0, others, 0.0) == 0
    assert 0 < unrest_penalty(2, others, 0.0) < unrest_penalty(10, others, 0.0)
    assert unrest_penalty(10, others, 0.0) >= 7  # the most unrest loses 7 (G61)
    assert unrest_penalty(19, others, 0.0) > 50  # revolution at 20 loses every VP (G60)


def test_more_gold_and_fewer_lost_units_are_worth_more() -> None:
    base = position()
    assert worth(base.with_power(FR, gold=12), FR) > worth(base, FR)
    assert worth(base.with_power(FR, unrest=3), FR) < worth(base, FR)


def test_a_finished_game_is_worth_the_lead_over_the_best_other_and_first_place_more() -> None:
    rows = (Standing(FR, 1, 80, 0, False, 2, 5), Standing(GB, 1, 80, 0, False, 2, 5),
            Standing(AT, 3, 74, 4, False, 9, 1), Standing(ES, 4, 60, 0, False, 0, 8))
    over = dataclasses.replace(position(), phase="game_over", standings=rows)
    assert final_worth(over, FR) == final_worth(over, GB) == WIN  # a shared first place
    assert final_worth(over, AT) == 74 - 80
    assert final_worth(over, ES) == 60 - 80
    alone = dataclasses.replace(over, standings=(dataclasses.replace(rows[0], vp=83),
                                                 dataclasses.replace(rows[1], rank=2),
                                                 *rows[2:]))
    assert final_worth(alone, FR) == 3 + WIN
    assert final_worth(alone, GB) == 80 - 83


def test_sketches_grow_with_the_armies_and_fall_with_the_defence() -> None:
    def win(armies: int, defence: int) -> float:
        found = quick.sketch(quick.Shape("seed004", True, quick.Side(armies=armies),
                                         defence=defence))
        assert found is not None
        return found.win

    assert win(4, 1) > win(1, 1) > win(1, 5)


def test_a_sketch_is_the_same_whatever_was_asked_before() -> None:
    shape = quick.Shape("d10", False, quick.Side(armies=3), quick.Side(armies=1, forts=1))
    first = quick.sketch(shape)
    quick._SKETCHES.clear()
    assert quick.sketch(shape) == first


def test_a_sketch_of_a_declaration_the_rules_refuse_is_none() -> None:
    # N0: against a neutral, the attacker needs an army of its own.
    assert quick.sketch(quick.Shape("seed004", True, quick.Side(fleets=2), defence=1)) is None


def test_piano_sketches_show_a_neutral_beaten_with_the_strong_plans() -> None:
    # The default plan deals at most 1 and the neutral always deals 1 back (it names the
    # army's weakness), so it never wins; the strong plans do, with enough armies.
    found = quick.sketch(quick.Shape("piano", True, quick.Side(armies=4), defence=2))
    assert found is not None and found.win > 0.2


def test_a_rivals_armies_beside_a_marker_threaten_it_and_a_fort_there_guards_it() -> None:
    # Austria (of the other alliance) stands with two armies where Francia holds the first
    # place alone; Spagna, Francia's ally, would not attack it.
    alone = position(pieces=(Pieces(FR, CARAIBI, markers=1),))
    threatened = alone.with_pieces(AT, CARAIBI, armies=2)
    guarded = threatened.with_pieces(FR, CARAIBI, forts=1, armies=1)
    allied = alone.with_pieces(ES, CARAIBI, armies=2)
    assert threat(reading(alone), FR) == 0 == threat(reading(allied), FR)
    assert threat(reading(threatened), FR) > threat(reading(guarded), FR) > 0


def test_the_kept_figures_are_the_figures_computed_afresh(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Every position of a short game of Esperti (which fills the memos with the positions
    they weighed), weighed for every power with the memos, twice, and without them: the same
    worth, to the last bit."""
    positions: list[GameState] = []

    def keep(state: GameState) -> bool:
        positions.append(state)
        return False

    dice = RandomDice(3)
    begun = start_game(short("seed004"), POWERS, dice)
    assert isinstance(begun, Accepted)
    bots = {power: Expert(index) for index, power in enumerate(POWERS)}
    over = play_on(begun.state, bots, {power: PowerRecord() for power in POWERS}, dice, keep)
    assert over.state.finished and len(positions) > 100
    for state in positions[::3]:
        for power in state.seating:
            monkeypatch.setattr(memo, "ENABLED", False)
            fresh = worth(state, power)
            monkeypatch.setattr(memo, "ENABLED", True)
            assert worth(state, power) == fresh == worth(state, power)
