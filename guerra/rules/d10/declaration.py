"""D1-D4 for a "d10" attack, and the state it starts from (P1: the two factions).

Seed 004's N0 does not apply: against a neutral the attacker's fleets roll too (P1).
"""

from __future__ import annotations

from guerra.rules.cursor import Cursor
from guerra.rules.d10.graph import DECLARED
from guerra.rules.d10.model import Situation
from guerra.rules.d10.state import D10State, Fighter
from guerra.rules.declaration import (
    gold_problem,
    invited_twice,
    negative_field,
    target_problem,
)
from guerra.rules.forces import ATTACKER, DEFENDER
from guerra.rules.i18n import Message, _


def refusal(situation: Situation) -> Message | None:
    """Why this declaration is refused, or None when it may go ahead."""
    forces: list[tuple[str, object]] = [("attacker", situation.attacker)]
    if situation.defender is not None:
        forces.append(("defender", situation.defender))
    problem = negative_field(forces, situation.neutral,
                             (("reinforcements", situation.reinforcements),))
    if problem is not None:
        return problem
    if situation.neutral is not None and situation.reinforcements:  # P1
        return _("Against a neutral marker nobody reinforces either side.")
    problem = invited_twice(situation.attacker, situation.defender, situation.reinforcements)
    if problem is not None:
        return problem
    problem = target_problem(situation.attacker, situation.defender, situation.neutral,
                             situation.region.name, defender_is_ally=situation.defender_is_ally)
    return problem or gold_problem(situation.attacker)


def initial_state(situation: Situation) -> D10State | Message:
    """P1: the attacking faction is the attacker's armies and fleets; the defending faction
    the defender's armies, fleets and forts, or as many units as the neutral's defence."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    attacker = situation.attacker
    fighters = [Fighter(attacker.power, ATTACKER, "attacker", attacker.armies, attacker.fleets)]
    defender = situation.defender
    if defender is not None:
        fighters.append(Fighter(defender.power, DEFENDER, "defender", defender.armies,
                                defender.fleets, defender.forts))
    neutral_units = situation.neutral.defense if situation.neutral is not None else 0
    return D10State(situation=situation, cursor=Cursor(node=DECLARED),
                    fighters=tuple(fighters), neutral_units=neutral_units)
