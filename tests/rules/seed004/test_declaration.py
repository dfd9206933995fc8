"""D1-D5 and N0: who may declare an attack, and what declaring costs."""

from __future__ import annotations

import dataclasses
import random

from guerra.rules.d10.model import Reinforcement
from guerra.rules.declaration import negative_field
from guerra.rules.dice import ScriptedDice
from guerra.rules.events import GoldChanged
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.model import AllyForce, Force, Neutral
from tests.rules.helpers import (
    FR,
    RU,
    accepted,
    attacker,
    declare,
    defender,
    of_type,
    refused,
    run,
    situation,
)


def test_D1_nobody_attacks_an_ally() -> None:
    result = refused(declare(situation(defender_is_ally=True)))
    assert result.state is None
    assert result.reason.msgid == "{power} cannot attack {target}: they are allies in this war."
    assert "alleate" in result.reason.render()


def test_D1_nobody_attacks_himself() -> None:
    result = refused(declare(situation(d=defender(power=FR))))
    assert result.reason.msgid == "{power} cannot attack itself."


def test_D2_attacker_needs_an_army_or_a_fleet_in_the_region() -> None:
    result = refused(declare(situation(attacker(armies=0, fleets=0, forts=3))))
    assert result.reason.msgid == "{power} needs at least one army or fleet in {region} to attack."


def test_D2_a_fleet_alone_is_enough_to_declare() -> None:
    # No army: the attack is declared (and paid), then ends before the land battle (M8/L1).
    played = run(situation(attacker(armies=0, fleets=1), defender(fleets=0)))
    assert played.state.outcome == "ended_before_land"


def test_D3_declaring_pays_two_gold() -> None:
    result = accepted(declare(situation(attacker(gold=2)), (1, 1), (1, 1)))
    assert of_type(result.events, GoldChanged) == [GoldChanged(FR, -2, "D3")]


def test_D3_less_than_two_gold_refuses_and_pays_nothing() -> None:
    result = refused(declare(situation(attacker(gold=1)), (1, 1), (1, 1)))
    assert result.state is None
    assert result.reason.plural is not None and result.reason.count == 1
    assert result.reason.render() == (
        "Dichiarare un attacco costa 2 ori: la Francia ha solo 1 oro."
    )


def test_D3_gold_stays_paid_when_the_attack_is_lost() -> None:
    played = run(situation(), (1, 1), (6, 2))  # the defender wins the land battle
    assert played.state.outcome == "defender_wins"
    assert [e.delta for e in of_type(played.events, GoldChanged)] == [-2]


def test_D4_the_target_must_be_present_in_the_region() -> None:
    absent = defender(armies=0, fleets=0, forts=0, control_markers=0)
    result = refused(declare(situation(d=absent)))
    assert result.reason.msgid == ("{target} has no units and no control markers in {region}: "
                                   "it cannot be attacked there.")
    assert result.reason.param("target") == RU


def test_D4_control_markers_alone_make_a_power_a_target() -> None:
    markers_only = defender(armies=0, fleets=0, forts=0, control_markers=1)
    played = run(situation(d=markers_only), (6, 1), (1, 1))
    assert played.state.outcome == "attacker_wins"


def test_D4_an_attack_has_exactly_one_target() -> None:
    both = situation()
    both = type(both)(both.region, both.attacker, both.defender, Neutral(2))
    assert refused(declare(both)).reason.msgid.startswith("An attack needs exactly one target")
    neither = type(both)(both.region, both.attacker)
    assert refused(declare(neither)).reason.msgid.startswith("An attack needs exactly one target")


def test_D5_an_attack_keeps_its_region_busy_until_it_ends() -> None:
    # The web layer refuses a second declaration in a region while an attack there is not
    # `finished`: the rules must keep that flag false while waiting and true at the end.
    from guerra.rules.flowchart import Timeout

    waiting = accepted(declare(situation(a_allies=[AllyForce("Spagna", 1, 0)]))).state
    assert not waiting.finished and waiting.awaiting == ("Spagna",)
    done = accepted(SEED004.advance(waiting, Timeout(waiting.step), _dice())).state
    assert done.finished and done.outcome == "tie"  # 1 + |3-3| each


def _dice() -> ScriptedDice:
    from tests.rules.helpers import pairs

    return pairs((3, 3), (3, 3))


def test_N0_neutral_needs_an_army_of_the_attacker() -> None:
    result = refused(declare(situation(attacker(armies=0, fleets=2), neutral=Neutral(1))))
    assert result.state is None
    assert result.reason.msgid == ("Against a neutral country only a land battle is fought: "
                                   "{power} needs at least one army in {region}.")


def test_negative_numbers_are_refused_before_anything_is_paid() -> None:
    result = refused(declare(situation(attacker(fleets=-1))))
    assert result.reason.param("field") == "attacker.fleets"



def _first_wrong_field(force: object) -> str | None:
    """What `negative_field` names, read the plain way: "power" when it is no text, else the
    first field (in declaration order) holding a whole number below zero."""
    if not getattr(force, "power", "").strip():
        return "power"
    for f in dataclasses.fields(force):  # type: ignore[arg-type]
        value = getattr(force, f.name)
        if isinstance(value, int) and value < 0:
            return f.name
    return None


ODD_VALUES = (0, 1, 2, -1, -3, None, True, False, 0.5, -0.5, "x", "", "attacker")


def test_D3_a_negative_field_is_named_first_in_declaration_order_whatever_the_values() -> None:
    """A force with a number below zero, a count that is no number or an odd value elsewhere
    gets its first wrong field named, and a right one none (every force class a declaration
    reads: seed 004's, d10's reinforcements)."""
    rng = random.Random(4)
    for cls in (Force, AllyForce, Reinforcement):
        names = [f.name for f in dataclasses.fields(cls) if f.name != "power"]
        for _ in range(400):
            values = {name: rng.choice(ODD_VALUES) if rng.random() < 0.3
                      else rng.randint(0, 3) for name in names}
            force = cls(rng.choice([FR, "", " "]), **values)  # type: ignore[arg-type]
            expected = _first_wrong_field(force)
            problem = negative_field([("attacker", force)], None)
            if expected is None:
                assert problem is None, force
            else:
                assert problem is not None and problem.param("field") == f"attacker.{expected}"
