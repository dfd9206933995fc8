"""K1-K6 of procedures/piano.md, each on the procedure itself (its boxes through the engine)
or on the battle's functions the boxes call."""

from __future__ import annotations

import pytest

from guerra.rules.events import (
    UnitLost,
)
from guerra.rules.flowchart import Refused, Timeout
from guerra.rules.forces import AllyForce, Engagement, Force
from guerra.rules.jsonvalue import DataError
from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano import battle, boxes
from guerra.rules.piano import graph as g
from guerra.rules.piano.data import read_data
from guerra.rules.piano.events import DiceAssigned, DiceRolled, PlanMade, PlansRevealed
from guerra.rules.piano.inputs import Assign, LossOrder, Plan, Reroll, input_from_json
from guerra.rules.piano.model import Ally
from tests.rules.piano.helpers import (
    AT,
    DEFAULT,
    FORT_5134,
    FR,
    PR,
    REGION,
    answer,
    at_assign,
    declared,
    finished,
    planned,
    situation,
    steps,
    timeout,
)

# --- K1 ---------------------------------------------------------------------------------------

def test_K1_a_sides_rating_is_the_best_of_its_units_allies_included() -> None:
    s = situation(1, d_armies=1, d_forts=1, attacker_allies=(Ally(PR, 0, 1),))
    state = declared(s)
    assert state.attacker.ratings == (4, 3, 5, 4)  # army 4/2/2/4 with Prussia's fleet 2/3/5/3
    assert state.defender.ratings == (5, 2, 2, 5)  # army and fort


def test_K1_the_attackers_forts_do_not_fight() -> None:
    s = situation(1)
    s = type(s)(REGION, Force(FR, gold=5, armies=1, forts=2), s.defender)
    state = declared(s)
    assert state.attacker.ratings == (4, 2, 2, 4) and state.units("attacker") == 1


def test_K1_scenario_data_checked_and_completed() -> None:
    data = read_data({"ratings": {"army": [3, 3, 3, 6]}, "integrity": {"fort": 4}})
    assert data["ratings"] == {"army": [3, 3, 3, 6], "fleet": [2, 3, 5, 3], "fort": [5, 1, 1, 5]}
    assert data["integrity"] == {"army": 2, "fleet": 2, "fort": 4}
    assert read_data({}) == P.read_data({})
    for wrong, words in (({"ratings": {"army": [1, 2, 3]}}, "quattro valori"),
                         ({"ratings": {"army": [0, 2, 3, 4]}}, "da 1 a 6"),
                         ({"integrity": {"fleet": 10}}, "da 1 a 9"),
                         ({"ratings": {"ship": [1, 1, 1, 1]}}, "ship"),
                         ({"profiles": {}}, "profiles")):
        with pytest.raises(DataError) as error:
            read_data(wrong)
        assert words in error.value.message.render("it")


def test_K1_from_engagement_carries_the_data_and_the_committed_allies() -> None:
    engagement = Engagement(
        REGION, Force(FR, gold=5, armies=1), Force(AT, armies=1, control_markers=1),
        allies=(("attacker", AllyForce("Spagna", 1, 1)), ("defender", AllyForce(PR, 2, 0))),
        procedure_data=read_data({"ratings": {"fleet": [1, 1, 6, 1]}}))
    s = P.from_engagement(engagement)
    assert s.attacker_allies == (Ally("Spagna", 1, 1),)
    assert s.defender_allies == (Ally(PR, 2, 0),)
    assert s.data.fleet == (1, 1, 6, 1)
    state = declared(s)
    assert state.attacker.ratings == (4, 2, 6, 4) and state.units("defender") == 3


# --- K2 ---------------------------------------------------------------------------------------

def test_K2_damage_stops_below_the_next_units_integrity() -> None:
    # Francia fails both steps of an Approach on Austria's strength: it takes 1 + 2 = 3; two
    # armies of integrity 2: one is lost, the 1 left destroys nothing.
    state = declared(situation(2))
    state = planned(state, Plan(FR, state.step, steps("approach forza", "engagement forza")),
                    dice=(1, 1, 1, 1))
    state = finished(state)
    assert state.attacker.taken == 3
    assert [(x.power, x.kind, x.count) for x in state.losses] == [(FR, "army", 1)]


def test_K2_the_owner_orders_its_losses_only_when_it_matters() -> None:
    # Austria (2 armies and a fort, integrity 2, 2, 3) takes 4 (a Deadly of face 4): armies
    # first loses two armies, the fort first loses the fort only: it is asked.
    s = situation(3, d_armies=2, d_forts=1, data=FORT_5134)
    state = declared(s)
    plan = Plan(FR, state.step, steps("approach astuzia", "control forza", "deadly forza"))
    state = planned(state, plan, dice=(4, 3, 6, 1, 1, 1))
    state = answer(state, Reroll(FR, state.step))[0]
    state = answer(state, Reroll(AT, state.step))[0]
    state = answer(state, Assign(FR, state.step))[0]
    assert state.cursor.node == g.LOSSES and state.awaiting == (AT,)
    refused = P.submit(state, LossOrder(AT, state.step, ("fleet",)))
    assert isinstance(refused, Refused) and "tipo" in refused.reason.render("it")
    state, events = answer(state, LossOrder(AT, state.step, ("fort",)))
    assert [(e.kind, e.count) for e in events if isinstance(e, UnitLost)] == [("fort", 1)]
    assert state.outcome == "attacker_wins"


def test_K2_the_main_powers_units_go_before_the_allys() -> None:
    # 5 damage on Austria's army (2), then Prussia's army (2), 1 left below its fleet's 2.
    s = situation(4, d_armies=1, defender_allies=(Ally(PR, 1, 1),))
    state = declared(s)
    plan = Plan(FR, state.step, steps("approach astuzia", "control forza", "deadly disciplina",
                                      "engagement astuzia"))
    state = planned(state, plan, dice=(4, 3, 6, 6, 1, 2, 3))
    state = finished(state)
    assert [(x.power, x.kind, x.count) for x in state.losses] == [(AT, "army", 1),
                                                                   (PR, "army", 1)]


# --- K3 ---------------------------------------------------------------------------------------

def test_K3_both_sides_are_asked_at_once() -> None:
    state = declared(situation())
    assert state.cursor.node == g.PLAN and set(state.awaiting) == {FR, AT}
    state, events = answer(state, Plan(FR, state.step, DEFAULT))
    assert state.awaiting == (AT,)
    assert [type(e) for e in events] == [PlanMade]


def test_K3_default_plan_names_the_opponents_first_weakness() -> None:
    assert battle.default_plan((4, 2, 2, 4), (5, 3, 2, 2)) == steps(
        "approach rapidita", "engagement rapidita")
    # No weakness (equal ratings): the side's best-rated characteristic, first among equals.
    assert battle.default_plan((2, 5, 5, 1), (3, 3, 3, 3)) == steps(
        "approach astuzia", "engagement astuzia")
    assert battle.default_plan((), (4, 2, 2, 4)) == ()


def test_K3_the_deadline_gives_the_default_plan_to_whoever_has_not_planned() -> None:
    state = declared(situation())
    state = answer(state, Plan(FR, state.step, steps("approach astuzia")))[0]
    state, events = answer(state, P.default_input(state, AT), (1, 1, 1, 1))
    revealed = next(e for e in events if isinstance(e, PlansRevealed))
    assert revealed.attacker == (("approach", "astuzia"),)
    assert revealed.defender == (("approach", "astuzia"), ("engagement", "astuzia"))
    state = declared(situation())
    state = timeout(state, (1, 1, 1, 1))
    assert state.defender.plan == DEFAULT and state.attacker.plan == DEFAULT


@pytest.mark.parametrize("plan", [
    (),
    ("engagement forza",),
    ("approach forza", "control forza"),
    ("approach forza", "deadly forza"),
    ("approach forza", "engagement forza", "engagement forza"),
    ("approach forza", "engagement forza", "control forza", "deadly forza"),
    ("approach forza", "control forza", "deadly forza", "control forza", "deadly forza",
     "control forza", "deadly forza"),
])
def test_K3_a_plan_breaking_the_order_is_refused(plan: tuple[str, ...]) -> None:
    state = declared(situation())
    refused = P.submit(state, Plan(FR, state.step, steps(*plan)))
    assert isinstance(refused, Refused) and refused.code == "invalid"


def test_K3_six_steps_are_allowed() -> None:
    state = declared(situation())
    plan = steps("approach forza", "control forza", "deadly forza", "control forza",
                 "deadly forza", "engagement forza")
    assert not isinstance(P.submit(state, Plan(FR, state.step, plan)), Refused)


# --- K4 ---------------------------------------------------------------------------------------

def test_K4_the_side_with_fewer_units_may_not_plan_a_deadly_engagement() -> None:
    deadly = steps("approach astuzia", "control astuzia", "deadly astuzia")
    state = declared(situation(1, d_armies=2))
    refused = P.submit(state, Plan(FR, state.step, deadly))
    assert isinstance(refused, Refused) and "meno unità" in refused.reason.render("it")
    assert not isinstance(P.submit(state, Plan(AT, state.step, deadly)), Refused)
    equal = declared(situation(2, d_armies=2))
    assert not isinstance(P.submit(equal, Plan(FR, equal.step, deadly)), Refused)


def test_K4_a_side_with_no_unit_plans_and_rolls_nothing() -> None:
    state = declared(situation(2, d_armies=0, markers=1))
    assert state.awaiting == (FR,)
    state, events = answer(state, Plan(FR, state.step, steps("approach forza")), (5, 6))
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert rolled.defender == () and rolled.attacker == (5, 6)
    assert state.defender.plan == ()


# --- K5 ---------------------------------------------------------------------------------------

def test_K5_one_die_per_unit_at_most_8() -> None:
    s = situation(6, 2, d_armies=1, attacker_allies=(Ally(PR, 3, 0),))
    state = declared(s)
    state = planned(state, dice=(*range(1, 7), 1, 2, 3))
    assert len(state.attacker.dice) == 8 and len(state.defender.dice) == 1
    assert state.units("attacker") == 11


def test_K5_both_sides_may_reroll_once_then_the_new_dice_are_rolled() -> None:
    state = declared(situation())
    state = planned(state, dice=(1, 2, 3, 4))
    assert state.cursor.node == g.REROLL and set(state.awaiting) == {FR, AT}
    for wrong in ((0, 0), (2,)):
        assert isinstance(P.submit(state, Reroll(FR, state.step, wrong)), Refused)
    state = answer(state, Reroll(FR, state.step, (1,)))[0]
    state = answer(state, Reroll(AT, state.step, (0, 1)), (6, 5, 4))[0]
    assert state.attacker.dice == (1, 6) and state.defender.dice == (5, 4)
    assert state.attacker.rolls == (1, 2) and "reroll_roll" in state.cursor.path


def test_K5_nobody_rerolls_by_default_and_the_second_roll_is_skipped() -> None:
    state = declared(situation())
    state = planned(state, dice=(1, 2, 3, 4))
    state = timeout(state)
    assert state.attacker.reroll == () and "reroll_roll" not in state.cursor.path


# --- K6 ---------------------------------------------------------------------------------------

def test_K6_a_die_above_the_rating_or_used_twice_is_refused() -> None:
    state = at_assign((5, 3, 1, 1, 1, 1), ("approach forza", "engagement forza"))
    assert state.cursor.node == g.ASSIGN and state.awaiting == (FR,)
    for wrong in ((0, None), (1, 1), (1,), (3, None)):
        refused = P.submit(state, Assign(FR, state.step, wrong))
        assert isinstance(refused, Refused), wrong
    state = answer(state, Assign(FR, state.step, (1, 2)))[0]
    assert [s.success for s in state.attacker.steps] == [True, True]


def test_K6_best_deals_the_most_damage_then_fails_fewest() -> None:
    plan = steps("approach forza", "control forza", "deadly forza", "engagement rapidita")
    own, opponent = (4, 2, 3, 4), (5, 2, 3, 4)
    # 4 must go to the Deadly (4 damage), 3 to the Engagement (Rapidita 3), 1 and 2 elsewhere.
    chosen = battle.best_assignment(plan, (4, 3, 1, 2), own, opponent)
    results = battle.take_steps(plan, (4, 3, 1, 2), chosen, own, opponent)
    assert battle.totals(results) == (5, 0)
    # Brute force over every assignment agrees.
    import itertools
    best = max(battle.totals(battle.take_steps(plan, (4, 3, 1, 2), a, own, opponent))[0]
               for a in itertools.product([None, 0, 1, 2, 3], repeat=4)
               if battle.assignment_problem(plan, (4, 3, 1, 2), a, own) is None)
    assert best == 5
    # With only one die fit for the Approach, it goes there (else everything fails).
    assert battle.best_totals(steps("approach forza", "engagement forza"), (4, 6), own,
                              opponent) == (0, 1)


def test_K6_a_side_is_not_asked_when_no_die_may_change_a_step() -> None:
    state = at_assign((6, 6, 5, 1, 1, 1), ("approach forza", "engagement forza"))
    assert state.cursor.node != g.ASSIGN


def test_K6_the_default_assignment_is_best_and_says_so() -> None:
    state = at_assign((4, 3, 1, 1, 1, 1), ("approach forza", "control forza", "deadly forza"))
    assert state.awaiting == (FR,)
    state, events = answer(state, Timeout(state.step))
    assigned = [e for e in events if isinstance(e, DiceAssigned)]
    assert [(e.side, e.best) for e in assigned] == [("attacker", True), ("defender", True)]
    assert assigned[0].faces == (1, 3, 4)  # the 4 on the deadly engagement: 4 damage
    assert state.attacker.dealt == 4


def test_K6_best_given_die_by_die_is_told_as_best_and_another_is_not() -> None:
    state = at_assign((4, 3, 1, 1, 1, 1), ("approach forza", "control forza", "deadly forza"))
    found = boxes.best(state, "attacker")
    by_hand = answer(state, Assign(FR, state.step, found))[1]
    other = answer(state, Assign(FR, state.step, (2, 1, None)))[1]
    assert next(e.best for e in by_hand if isinstance(e, DiceAssigned)) is True
    assert next(e.best for e in other if isinstance(e, DiceAssigned)) is False


def test_K3_K5_K6_K2_inputs_read_from_json() -> None:
    plan = input_from_json(g.PLAN, FR, 3, {"steps": [["approach", "astuzia"],
                                                      ["engagement", "forza"]]})
    assert plan == Plan(FR, 3, steps("approach astuzia", "engagement forza"))
    assert input_from_json(g.REROLL, FR, 4, {"dice": [0, 2]}) == Reroll(FR, 4, (0, 2))
    assert input_from_json(g.ASSIGN, FR, 5, {"dice": "best"}) == Assign(FR, 5, None)
    assert input_from_json(g.ASSIGN, FR, 5, {"dice": [1, None]}) == Assign(FR, 5, (1, None))
    assert input_from_json(g.LOSSES, AT, 6, {"kinds": ["fort"]}) == LossOrder(AT, 6, ("fort",))
    for node, data, words in ((g.PLAN, {"steps": [["charge", "forza"]]}, "Azione"),
                              (g.PLAN, {"steps": [["approach"]]}, "azione e una"),
                              (g.REROLL, {"dice": ["a"]}, "dice"),
                              (g.LOSSES, {"kinds": ["ship"]}, "army"),
                              (g.ROLL, {}, "decisione")):
        with pytest.raises(DataError) as error:
            input_from_json(node, FR, 1, data)
        assert words in error.value.message.render("it"), words
