"""D1-D4 and N0: may this attack be declared? If so, the state it starts from.

Refusals come back as a `Message` and nothing is paid (D3 says the 2 gold are paid only by an
accepted declaration). D5 (one attack at a time per region) needs the other attacks of the
game, so the web layer checks it from the database, using `AttackState.finished`.
"""

from __future__ import annotations

from guerra.rules.declaration import (
    DECLARATION_COST,
    gold_problem,
    invited_twice,
    negative_field,
    target_problem,
)
from guerra.rules.flowchart import Cursor
from guerra.rules.i18n import Message, _
from guerra.rules.seed004.graph import DECLARED
from guerra.rules.seed004.model import ATTACKER, DEFENDER, Force, Side, Situation
from guerra.rules.seed004.state import AttackState, Holding

__all__ = ["DECLARATION_COST", "initial_state", "refusal"]


def _negative(situation: Situation) -> Message | None:
    forces: list[tuple[str, object]] = [("attacker", situation.attacker)]
    if situation.defender is not None:
        forces.append(("defender", situation.defender))
    allies = (("attacker_allies", situation.attacker_allies),
              ("defender_allies", situation.defender_allies))
    return negative_field(forces, situation.neutral, allies)


def _allies_problem(situation: Situation) -> Message | None:
    return invited_twice(situation.attacker, situation.defender,
                         situation.attacker_allies + situation.defender_allies)


def refusal(situation: Situation) -> Message | None:
    """Why this declaration is refused, or None when it may go ahead."""
    problem = _negative(situation) or _allies_problem(situation)
    if problem is not None:
        return problem
    attacker, region = situation.attacker, situation.region.name
    problem = target_problem(attacker, situation.defender, situation.neutral, region,
                             defender_is_ally=situation.defender_is_ally)
    if problem is not None:
        return problem
    if situation.neutral is not None and attacker.armies == 0:  # N0
        return _("Against a neutral country only a land battle is fought: "
                 "{power} needs at least one army in {region}.",
                 power=attacker.power, region=region)
    return gold_problem(attacker)


def initial_state(situation: Situation) -> AttackState | Message:
    """The state before the first box runs, or the reason the declaration is refused."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    attacker, defender = situation.attacker, situation.defender
    holdings = (_main_holding(attacker, ATTACKER),) if defender is None \
        else (_main_holding(attacker, ATTACKER), _main_holding(defender, DEFENDER))
    return AttackState(situation, Cursor(DECLARED), (), holdings)


def _main_holding(force: Force, side: Side) -> Holding:
    return Holding(force.power, side, False, force.armies, force.fleets, force.forts)
