"""Case files of procedures/piano.md: read one (`case_input`), resolve it with the engine, or
compute its odds. Like the other resolvers this is no second implementation of the rules: it
declares the attack, answers every plan, reroll, assignment and loss order as the case says
(the rest by default), feeds the dice and reports what the state and the events say
happened; then checks what the case gave for a decision nobody was asked (an assignment, a
loss order) against the rules."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from guerra.rules.casefile import control_report, power_report
from guerra.rules.dice import DiceExhausted, ScriptedDice
from guerra.rules.events import ControlPlaced, Event
from guerra.rules.explore import Policy, play
from guerra.rules.flowchart import Refused, RefusedError
from guerra.rules.forces import SIDES, Side
from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj
from guerra.rules.odds import estimate
from guerra.rules.piano import battle, boxes
from guerra.rules.piano import graph as g
from guerra.rules.piano.case_input import Case, read_case
from guerra.rules.piano.data import CHARACTERISTICS
from guerra.rules.piano.inputs import Assign, LossOrder, Plan, Reroll
from guerra.rules.piano.losses import kinds_of, member_of
from guerra.rules.piano.procedure import PIANO_PROCEDURE as P
from guerra.rules.piano.state import PianoState, StepResult

NOTHING_TO_PLAN = _("The defender plans nothing and rolls no die again: it is a neutral "
                    "marker or has no unit in the battle.")


def case_policy(case: Case) -> Policy[PianoState]:
    def answer(state: PianoState, power: str) -> object:
        node, step = state.cursor.node, state.cursor.step
        side = state.side_of(power)
        if node == g.PLAN and side is not None and side in case.plans:
            return Plan(power, step, case.plans[side])
        if node == g.REROLL and side is not None:
            return Reroll(power, step, case.rerolls.get(side, ()))
        if node == g.ASSIGN and side is not None:
            return Assign(power, step, case.assign.get(side))
        if node == g.LOSSES:
            return LossOrder(power, step, case.losses.get(power, ()))
        return P.default_input(state, power)

    return answer


def check_unasked(case: Case, state: PianoState) -> None:
    """What the case gives for a side or power that was never asked is still checked: a
    neutral plans and rolls as K11 says, an assignment by K6, a loss order by K2."""
    for side in SIDES:
        asker = boxes.decider(state, side)
        if asker is None and (side in case.plans or side in case.rerolls):
            raise DataError(NOTHING_TO_PLAN)
        given = case.assign.get(side)
        if given is not None:
            now = state.side(side)
            problem = battle.assignment_problem(boxes.plan_of(state, side), now.dice, given,
                                                now.ratings)
            if problem is not None:
                raise RefusedError(problem)
    for power, kinds in case.losses.items():
        member = member_of(state, power)
        have = kinds_of(member) if member is not None else ()
        if len(set(kinds)) != len(kinds) or any(k not in have for k in kinds):
            raise DataError(_("{power} has no unit of that kind in the battle.", power=power))


def _step(number: int, result: StepResult) -> JSON:
    return {"step": result.action, "number": number, "as": result.counts_as,
            "characteristic": result.characteristic, "die": result.face,
            "success": result.success, "reason": result.reason, "damage": result.damage}


def _names(found: frozenset[str]) -> JSON:
    """Characteristics in K1's order."""
    return [name for name in CHARACTERISTICS if name in found]


def report(case: Case, state: PianoState, events: tuple[Event, ...]) -> dict[str, JSON]:
    control: dict[str, JSON] = dict(control_report(events))
    control["gained_by"] = next((e.power for e in events if isinstance(e, ControlPlaced)), None)

    def per_side(value: Callable[[Side], JSON]) -> JSON:
        return {side: value(side) for side in SIDES}

    lost = {side: sum(loss.count for loss in state.losses
                      if loss.power in {m.power for m in state.members(side)})
            for side in SIDES}
    result: dict[str, JSON] = {
        "procedure": "piano",
        "outcome": state.outcome,
        "control": control,
        "powers": power_report(case.powers, events),
        "ratings": per_side(lambda s: list(state.side(s).ratings)),
        "strength": per_side(lambda s: _names(battle.strength(state.side(s).ratings))),
        "weakness": per_side(lambda s: _names(battle.weakness(state.side(s).ratings))),
        "plans": per_side(lambda s: [[p.action, p.characteristic]
                                     for p in boxes.plan_of(state, s)]),
        "rolls": per_side(lambda s: list(state.side(s).rolls)),
        "dice": per_side(lambda s: list(state.side(s).dice)),
        "steps": per_side(lambda s: [_step(i + 1, r)
                                     for i, r in enumerate(state.side(s).steps)]),
        "damage": {"dealt": per_side(lambda s: state.side(s).dealt),
                   "failed": per_side(lambda s: state.side(s).failed),
                   "taken": per_side(lambda s: state.side(s).taken)},
        "units_of": per_side(state.units),
        "units_lost": {side: lost[side] for side in SIDES},
        "losses": [[loss.power, loss.kind, loss.count] for loss in state.losses],
        "attacker_wins": state.outcome == "attacker_wins",
        "path": list(state.cursor.path),
    }
    return result


def resolve_case(data: Obj) -> dict[str, JSON]:
    case = read_case(data)
    dice = ScriptedDice(case.dice, g.SIDES)
    try:
        played = play(P, case.situation, case_policy(case), dice)
    except DiceExhausted:
        raise DataError(_("Too few dice: one per unit in the battle (at most 8) for the "
                          "attacker, then the defender, then every die rolled again.")
                        ) from None
    check_unasked(case, played.state)
    result = report(case, played.state, played.events)
    result["dice_used"] = dice.used
    return result


def odds_case(data: Obj) -> dict[str, JSON]:
    """The exact odds over the dice with the case's plans (the default one where absent),
    no die rolled again and both sides assigning "best"; `dice`, `rerolls` and `assign` are
    not read."""
    case = read_case(data, need_dice=False)
    declared = P.declare(case.situation, ScriptedDice((), g.SIDES))
    if isinstance(declared, Refused):
        raise RefusedError(declared.reason)
    plans_only = Case(case.situation, case.powers, case.plans, losses=case.losses)
    for side in SIDES:
        if boxes.decider(declared.state, side) is None and side in case.plans:
            raise DataError(NOTHING_TO_PLAN)
    found = estimate(P, declared.state, case_policy(plans_only))
    shares: dict[str, Fraction] = {name: found.share(name) for name in P.outcomes()}
    result: dict[str, JSON] = {name: float(share) for name, share in shares.items()}
    result["exact"] = {name: str(share) for name, share in shares.items()}
    result["samples"] = None
    return result


__all__ = ["odds_case", "resolve_case"]
