"""D1-D4 and N0: may this attack be declared? If so, the state it starts from.

Refusals come back as a `Message` and nothing is paid (D3 says the 2 gold are paid only by an
accepted declaration). D5 (one attack at a time per region) needs the other attacks of the
game, so the web layer checks it from the database, using `AttackState.finished`.
"""

from __future__ import annotations

import dataclasses

from guerra.rules.flowchart import Cursor
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.seed004.graph import DECLARED
from guerra.rules.seed004.model import ATTACKER, DEFENDER, AllyForce, Force, Situation
from guerra.rules.seed004.state import AttackState, Holding

DECLARATION_COST = 2  # D3


def _negative(situation: Situation) -> Message | None:
    forces: list[tuple[str, Force | AllyForce]] = [("attacker", situation.attacker)]
    if situation.defender is not None:
        forces.append(("defender", situation.defender))
    for key in ("attacker_allies", "defender_allies"):
        allies: tuple[AllyForce, ...] = getattr(situation, key)
        forces += [(f"{key}[{i}]", ally) for i, ally in enumerate(allies)]
    if situation.neutral is not None:
        for name in ("defense", "amount"):
            value = getattr(situation.neutral, name)
            if value is not None and value < 0:
                return _("Field “{field}” cannot be negative.", field=f"neutral.{name}")
    for where, force in forces:
        if not force.power.strip():
            return _("Field “{field}” must be a non-empty text.", field=f"{where}.power")
        for f in dataclasses.fields(force):
            value = getattr(force, f.name)
            if isinstance(value, int) and value < 0:
                return _("Field “{field}” cannot be negative.", field=f"{where}.{f.name}")
    return None


def _allies_problem(situation: Situation) -> Message | None:
    seen = {situation.attacker.power}
    if situation.defender is not None:
        seen.add(situation.defender.power)
    for ally in situation.attacker_allies + situation.defender_allies:
        if ally.power in seen:
            return _("{power} cannot be invited twice, nor invited to its own attack.",
                     power=ally.power)
        seen.add(ally.power)
    return None


def refusal(situation: Situation) -> Message | None:
    """Why this declaration is refused, or None when it may go ahead."""
    problem = _negative(situation) or _allies_problem(situation)
    if problem is not None:
        return problem
    attacker, defender, region = situation.attacker, situation.defender, situation.region.name
    if (defender is None) == (situation.neutral is None):
        return _("An attack needs exactly one target: a power or a neutral marker.")
    if defender is not None:
        if defender.power == attacker.power:
            return _("{power} cannot attack itself.", power=attacker.power)  # D1
        if situation.defender_is_ally:
            return _("{power} cannot attack {target}: they are allies in this war.",
                     power=attacker.power, target=defender.power)  # D1
        present = defender.armies + defender.fleets + defender.forts + defender.control_markers
        if present == 0:  # D4
            return _("{target} has no units and no control markers in {region}: "
                     "it cannot be attacked there.", target=defender.power, region=region)
    if attacker.armies + attacker.fleets == 0:  # D2
        return _("{power} needs at least one army or fleet in {region} to attack.",
                 power=attacker.power, region=region)
    if situation.neutral is not None and attacker.armies == 0:  # N0
        return _("Against a neutral country only a land battle is fought: "
                 "{power} needs at least one army in {region}.",
                 power=attacker.power, region=region)
    if attacker.gold < DECLARATION_COST:  # D3
        return ngettext("Declaring an attack costs 2 gold: {power} has only {count} gold.",
                        "Declaring an attack costs 2 gold: {power} has only {count} gold.",
                        attacker.gold, power=attacker.power)
    return None


def initial_state(situation: Situation) -> AttackState | Message:
    """The state before the first box runs, or the reason the declaration is refused."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    holdings = [_main_holding(situation.attacker, is_attacker=True)]
    if situation.defender is not None:
        holdings.append(_main_holding(situation.defender, is_attacker=False))
    return AttackState(situation=situation, cursor=Cursor(node=DECLARED),
                       holdings=tuple(holdings))


def _main_holding(force: Force, *, is_attacker: bool) -> Holding:
    return Holding(force.power, ATTACKER if is_attacker else DEFENDER, ally=False,
                   armies=force.armies, fleets=force.fleets, forts=force.forts)
