"""Odds of "piano": exact over the dice (`grouping`'s classes), checked against every face
played by the engine; before the plans are revealed, the attacker's plan against the default
(and no odds for anyone else)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from guerra.rules.dice import ScriptedDice
from guerra.rules.explore import play_on
from guerra.rules.odds import estimate
from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano import battle
from guerra.rules.piano import graph as g
from guerra.rules.piano.grouping import classes, face_classes
from guerra.rules.piano.inputs import Plan, PlanStep, Reroll
from guerra.rules.piano.odds import odds_policy, piano_odds
from guerra.rules.piano.state import PianoState
from tests.rules.piano.helpers import AT, FORT_5134, FR, declared, situation, steps, submitted

PLANS = [
    (steps("approach astuzia", "control forza", "deadly forza"),
     steps("approach disciplina", "engagement rapidita")),
    (steps("approach rapidita", "engagement forza"), steps("approach forza", "engagement forza")),
    (steps("approach forza", "control forza", "deadly astuzia", "engagement rapidita"),
     steps("approach disciplina", "control disciplina", "deadly forza")),
]


def at_roll(a: tuple[PlanStep, ...], d: tuple[PlanStep, ...], armies: int = 2) -> PianoState:
    state = declared(situation(armies, d_armies=1, d_forts=1, data=FORT_5134))
    state = submitted(state, Plan(FR, state.step, a))
    state = submitted(state, Plan(AT, state.step, d))
    return state


def brute_force(state: PianoState, count: int) -> dict[str, Fraction]:
    """Every face of every die played out by the engine with the odds' policy."""
    found: Counter[str] = Counter()
    for faces in itertools.product(range(1, 7), repeat=count):
        dice = ScriptedDice(faces, 6)
        walked = P.run_on(state, dice)[0]
        played = play_on(P, walked, odds_policy(), dice)
        assert dice.used == count
        found[played.state.outcome or ""] += 1
    total = 6 ** count
    return {k: Fraction(v, total) for k, v in found.items()}


@pytest.mark.parametrize("plans", PLANS)
def test_exact_odds_agree_with_every_face_played(
        plans: tuple[tuple[PlanStep, ...], tuple[PlanStep, ...]]) -> None:
    state = at_roll(*plans)
    found = estimate(P, state, odds_policy())
    assert found.exact and sum(share for _o, share in found.shares) == 1
    assert dict(found.shares) == {k: v for k, v in brute_force(state, 4).items() if v}


def test_exact_odds_after_a_reroll_agree_with_every_face_played() -> None:
    a, d = PLANS[0]
    state = P.run_on(at_roll(a, d, armies=3), ScriptedDice((6, 6, 1, 5, 5), 6))[0]
    assert state.cursor.node == g.REROLL
    state = submitted(state, Reroll(FR, state.step, (0, 1)))
    state = submitted(state, Reroll(AT, state.step, (1,)))
    # Walk into the second roll box, then compare its classes with every face.
    found = estimate(P, state, odds_policy())
    assert dict(found.shares) == {k: v for k, v in brute_force(state, 3).items() if v}
    assert sum(p for _f, p in classes(state, reroll=True)) == 1


def test_faces_are_grouped_by_what_the_steps_make_of_them() -> None:
    # Only Forza (4) needs a die and no deadly may take one: faces 1-4 alike, 5-6 alike.
    plan = steps("approach astuzia", "engagement forza")
    assert face_classes(plan, (4, 2, 2, 4), (5, 2, 3, 4)) == ((1, 2, 3, 4), (5, 6))
    # A deadly on Forza keeps each face it may take apart.
    deadly = steps("approach astuzia", "control forza", "deadly forza")
    assert face_classes(deadly, (4, 2, 2, 4), (5, 2, 3, 4)) == ((1,), (2,), (3,), (4,), (5, 6))
    # An Approach on the strength: every face alike.
    assert face_classes(steps("approach disciplina"), (4, 2, 2, 4), (5, 2, 3, 4)) == (
        (1, 2, 3, 4, 5, 6),)


def test_eight_dice_a_side_stay_exact() -> None:
    state = declared(situation(8, d_armies=4, d_forts=4, data=FORT_5134))
    plan = steps("approach astuzia", "control forza", "deadly forza", "control rapidita",
                 "deadly forza", "engagement rapidita")
    state = submitted(state, Plan(FR, state.step, plan))
    state = submitted(state, Plan(AT, state.step, plan))
    found = estimate(P, state, odds_policy())
    assert found.exact and sum(s for _o, s in found.shares) == 1
    assert len(classes(state, reroll=False)) < 400


def test_K3_odds_before_the_reveal_the_attackers_plan_against_the_default() -> None:
    a, d = PLANS[0]
    fresh = declared(situation(2, d_armies=1, d_forts=1, data=FORT_5134))
    state = submitted(fresh, Plan(FR, fresh.step, a))
    assert state is not None and state.cursor.node == g.PLAN
    with_default = submitted(state, P.default_input(state, AT))
    expected = estimate(P, with_default, odds_policy())
    mine = piano_odds(state, FR)
    assert mine is not None and mine.estimate == expected
    # Before the attacker plans: its default plan against the default plan.
    both = submitted(submitted(fresh, P.default_input(fresh, FR)), P.default_input(fresh, AT))
    before = piano_odds(fresh, FR)
    assert before is not None and before.estimate == estimate(P, both, odds_policy())
    # The defender's plan in first, unknown to the attacker: its odds are those of the default.
    theirs = submitted(fresh, Plan(AT, fresh.step, d))
    assert not theirs.plans_revealed and piano_odds(theirs, FR) == before
    # The defender gets none, whoever has planned.
    assert all(piano_odds(s, AT) is None for s in (fresh, state, theirs))


def test_best_totals_match_a_brute_force_over_assignments() -> None:
    """K6 "best": the most damage dealt, then the fewest failed steps, over every legal
    assignment of three dice to four steps."""
    plan = steps("approach forza", "control rapidita", "deadly forza", "engagement rapidita")
    own, opponent = (4, 2, 3, 4), (5, 2, 3, 4)
    for dice in itertools.product(range(1, 7), repeat=3):
        scores = []
        for a in itertools.product([None, 0, 1, 2], repeat=4):
            if battle.assignment_problem(plan, dice, a, own) is None:
                dealt, failed = battle.totals(battle.take_steps(plan, dice, a, own, opponent))
                scores.append((dealt, -failed))
        dealt, minus_failed = max(scores)
        assert battle.best_totals(plan, dice, own, opponent) == (dealt, -minus_failed), dice
        chosen = battle.best_assignment(plan, dice, own, opponent)
        assert battle.assignment_problem(plan, dice, chosen, own) is None
        assert battle.totals(battle.take_steps(plan, dice, chosen, own, opponent)) == (
            dealt, -minus_failed)
