"""The flowchart of "d10" as data: registered by name, every rule P1-P9 named by a box, its
dice ten-sided and as many as the units in the exchange."""

from __future__ import annotations

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.dice import DiceSpec
from guerra.rules.flowchart import NodeKind, get_procedure
from tests.rules.d10.helpers import attacker, defender, opened, situation


def test_d10_is_registered_by_name() -> None:
    assert get_procedure("d10") is D10_PROCEDURE


def test_every_rule_of_d10_md_is_named_by_a_box() -> None:
    named = {rule for node in D10_PROCEDURE.nodes for rule in node.rules}
    assert {f"P{i}" for i in range(1, 10)} <= named


def test_every_decision_says_whom_it_awaits_and_every_roll_is_ten_sided() -> None:
    for node in D10_PROCEDURE.nodes:
        if node.kind is NodeKind.DECISION:
            assert node.awaits, node.id
        if node.kind is NodeKind.ROLL:
            assert (node.sides, node.dice_from_state) == (10, True), node.id
            assert node.to_dict()["sides"] == 10


def test_P2_an_exchange_rolls_one_ten_sided_die_per_unit_of_both_sides() -> None:
    node = D10_PROCEDURE.node("first_exchange")
    fight = opened(situation(attacker(armies=2, fleets=1, forts=4), defender(armies=3, forts=1)))
    assert D10_PROCEDURE.dice_spec(node, fight) == DiceSpec(10, 3 + 4)
    nobody = opened(situation(attacker(armies=2), defender(armies=0, control_markers=1)))
    assert D10_PROCEDURE.dice_spec(node, nobody) == DiceSpec(10, 0)
