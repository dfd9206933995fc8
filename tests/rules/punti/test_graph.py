"""The flowchart of "punti" as data: registered by name, every rule E1-E11 named by a box, its
dice six-sided and as many as the state says, its boxes all present (the graph check)."""

from __future__ import annotations

import json

from guerra.rules.dice import DiceSpec
from guerra.rules.flowchart import NodeKind, get_procedure
from guerra.rules.graphcheck import check_graph
from guerra.rules.i18n import translate
from guerra.rules.punti import PUNTI_PROCEDURE
from guerra.rules.punti.state import PuntiState
from tests.rules.punti.helpers import attacker, defender, opened, run, situation


def test_punti_is_registered_by_name_with_its_italian_label() -> None:
    assert get_procedure("punti") is PUNTI_PROCEDURE
    assert translate(PUNTI_PROCEDURE.label) == "Punti d'attacco e difesa"
    assert PUNTI_PROCEDURE.outcomes() == ("attacker_wins", "defender_wins")


def test_every_rule_of_punti_md_is_named_by_a_box_and_the_graph_checks() -> None:
    named = {rule for node in PUNTI_PROCEDURE.nodes for rule in node.rules}
    assert {f"E{i}" for i in range(1, 12)} <= named
    check_graph(PUNTI_PROCEDURE)
    assert {node.id for node in PUNTI_PROCEDURE.nodes} == PUNTI_PROCEDURE.box_ids()


def test_every_decision_says_whom_it_awaits_and_every_roll_is_six_sided() -> None:
    for node in PUNTI_PROCEDURE.nodes:
        if node.kind is NodeKind.DECISION:
            assert node.awaits, node.id
        if node.kind is NodeKind.ROLL:
            assert (node.sides, node.dice_from_state) == (6, True), node.id


def test_E6_E10_the_dice_come_from_the_state() -> None:
    state = opened(situation(attacker(armies=2, fleets=1), defender(armies=1, forts=1)))
    roll = PUNTI_PROCEDURE.node("attack_roll")
    assert PUNTI_PROCEDURE.dice_spec(roll, state) == DiceSpec(6, 6)
    counter = PUNTI_PROCEDURE.node("counter_roll")
    assert PUNTI_PROCEDURE.dice_spec(counter, state) == DiceSpec(6, 5)


def test_a_finished_state_round_trips_through_json() -> None:
    played = run(situation(attacker(armies=2), defender(armies=2, fleets=1)), 6, 6, 6, 1)
    data = json.loads(json.dumps(played.state.to_dict()))
    assert data["procedure"] == "punti"
    assert PUNTI_PROCEDURE.state_from_dict(data) == played.state
    assert isinstance(PuntiState.from_dict(data), PuntiState)
