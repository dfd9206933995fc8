"""K7-K11 of procedures/piano.md: the steps taken, the damage, the result and the neutral,
on the procedure itself (its boxes through the engine) or on the battle's functions."""

from __future__ import annotations

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.flowchart import Refused
from guerra.rules.forces import Neutral
from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano import battle
from guerra.rules.piano.inputs import Plan
from guerra.rules.piano.model import Ally
from tests.rules.piano.helpers import (
    FORT_5134,
    FR,
    PR,
    REGION,
    answer,
    declared,
    finished,
    planned,
    situation,
    steps,
)

# --- K7 ---------------------------------------------------------------------------------------

def test_K7_strength_and_weakness_ties_included_none_for_equal_ratings() -> None:
    assert battle.strength((5, 2, 2, 5)) == {"disciplina", "forza"}
    assert battle.weakness((5, 2, 2, 5)) == {"astuzia", "rapidita"}
    assert battle.strength((3, 3, 3, 3)) == battle.weakness((3, 3, 3, 3)) == frozenset()


def test_K7_weakness_succeeds_without_die_strength_fails_with_one() -> None:
    plan = steps("approach astuzia", "control forza", "engagement disciplina")
    results = battle.take_steps(plan, (1, 1), (None, 0, 1), (4, 2, 2, 4), (5, 2, 3, 4))
    assert [(r.success, r.reason) for r in results] == [
        (True, "weakness"), (True, "die"), (False, "strength")]


# --- K8 ---------------------------------------------------------------------------------------

def test_K8_after_a_failed_approach_everything_fails() -> None:
    plan = steps("approach forza", "control astuzia", "deadly astuzia", "engagement astuzia")
    results = battle.take_steps(plan, (), (None,) * 4, (4, 2, 2, 4), (5, 2, 3, 4))
    assert [r.reason for r in results] == ["no_die"] + ["approach_failed"] * 3
    assert battle.totals(results) == (0, 4)


def test_K8_a_deadly_whose_control_failed_counts_as_an_engagement() -> None:
    plan = steps("approach astuzia", "control forza", "deadly astuzia")
    results = battle.take_steps(plan, (), (None,) * 3, (4, 2, 2, 4), (5, 2, 3, 4))
    assert results[2].counts_as == "engagement" and results[2].damage == 1


# --- K9 ---------------------------------------------------------------------------------------

def test_K9_damage_of_each_step() -> None:
    plan = steps("approach astuzia", "control astuzia", "deadly forza", "control astuzia",
                 "deadly astuzia", "engagement rapidita")
    results = battle.take_steps(plan, (4, 3), (None, None, 0, None, None, 1), (4, 2, 3, 4),
                                (5, 2, 3, 4))
    assert [r.damage for r in results] == [0, 0, 4, 0, 3, 1]
    assert battle.totals(results) == (8, 0)
    # A deadly on a characteristic neither strength nor weakness fails without a die (1 to
    # its own side); one on the weakness given a die deals the die's face, not 3.
    without = battle.take_steps(plan[:3], (6,), (None, None, None), (4, 2, 3, 4),
                                (5, 2, 3, 4))
    assert without[2].damage == 0 and without[2].recoil == 1
    weak = steps("approach astuzia", "control astuzia", "deadly astuzia")
    with_die = battle.take_steps(weak, (2,), (None, None, 0), (4, 2, 3, 4), (5, 2, 3, 4))
    assert with_die[2].damage == 2 and with_die[2].reason == "weakness"


# --- K10 --------------------------------------------------------------------------------------

def test_K10_damage_at_once_unrest_per_unit_lost_control() -> None:
    state = declared(situation(3, d_armies=2, d_forts=1, data=FORT_5134))
    plan = Plan(FR, state.step, steps("approach astuzia", "control forza", "deadly forza"))
    state = planned(state, plan, dice=(4, 3, 6, 1, 1, 1))
    events: list[Event] = []
    while not state.finished:
        state, found = answer(state, P.default_input(state, state.awaiting[0]))
        events += found
    assert state.attacker.taken == 1 and state.defender.taken == 4
    lost = sum(e.count for e in events if isinstance(e, UnitLost))
    assert lost == sum(e.amount for e in events if isinstance(e, UnrestGained)) == 2
    assert [type(e) for e in events if isinstance(e, ControlPlaced | ControlRemoved)] == [
        ControlRemoved, ControlPlaced]
    assert state.outcome == "attacker_wins" and P.winner(state, "attacker_wins") == FR


def test_K10_L9_no_marker_placed_from_an_empty_supply() -> None:
    state = declared(situation(3, d_armies=2, d_forts=1, data=FORT_5134, supply=0))
    plan = Plan(FR, state.step, steps("approach astuzia", "control forza", "deadly forza"))
    state = planned(state, plan, dice=(4, 3, 6, 1, 1, 1))
    events: list[Event] = []
    while not state.finished:
        state, found = answer(state, P.default_input(state, state.awaiting[0]))
        events += found
    assert state.outcome == "attacker_wins"
    assert any(isinstance(e, ControlRemoved) for e in events)
    assert not any(isinstance(e, ControlPlaced) for e in events)


def test_K10_no_win_without_more_damage_dealt_than_taken() -> None:
    state = finished(planned(declared(situation()), dice=(1, 1, 1, 1)))
    assert state.attacker.dealt == state.attacker.taken == 1
    assert state.outcome == "defender_wins"


# --- K11 --------------------------------------------------------------------------------------

def test_K11_a_neutral_plans_by_default_rolls_one_die_never_rerolls_and_gives_its_reward() -> None:
    state = declared(situation(3, neutral=Neutral(2, "vp", 5)))
    assert state.awaiting == (FR,) and state.defender.ratings == (2, 2, 2, 2)
    assert state.defender.plan == steps("approach astuzia", "engagement astuzia")
    plan = Plan(FR, state.step, steps("approach disciplina", "control forza", "deadly forza"))
    state, events = answer(state, plan, (1, 2, 3, 6))
    assert state.defender.dice == (6,) and state.awaiting == (FR,)  # only Francia rerolls
    collected = list(events)
    while not state.finished:
        state, found = answer(state, P.default_input(state, state.awaiting[0]))
        collected += found
    assert state.outcome == "attacker_wins"
    assert [e.delta for e in collected if isinstance(e, VpChanged)] == [5]
    assert not any(isinstance(e, UnitLost) for e in collected)


def test_K11_nobody_brings_allies_against_a_neutral() -> None:
    s = situation(2, neutral=Neutral(2))
    s = type(s)(REGION, s.attacker, neutral=s.neutral, attacker_allies=(Ally(PR, 1),))
    assert isinstance(P.declare(s, ScriptedDice((), 6)), Refused)


def test_K10_a_defender_with_no_unit_loses_when_the_attacker_deals_more_than_it_takes() -> None:
    # Austria has only a control marker: it plans and rolls nothing. Francia's default plan
    # (its best characteristic, Disciplina 4, against no weakness) with dice 1 and 2: both
    # steps succeed, 1 dealt, nothing taken: the attacker wins and the marker changes hands.
    state = declared(situation(2, d_armies=0, markers=1))
    state, events = answer(state, P.default_input(state, FR), (1, 2))
    collected = list(events)
    while not state.finished:
        state, found = answer(state, P.default_input(state, state.awaiting[0]))
        collected += found
    assert state.attacker.dealt == 1 and state.attacker.taken == 0
    assert state.outcome == "attacker_wins"
    assert [type(e) for e in collected if isinstance(e, ControlPlaced | ControlRemoved)] == [
        ControlRemoved, ControlPlaced]
