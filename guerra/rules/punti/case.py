"""Case files of procedures/punti.md: read one, resolve it with the engine, or estimate its odds.

A punti case is a seed-004 case without `choices` and the ally lists, with the region's land
`links`, the defender's `home`, optional `profiles` (E1), the `reinforcements` named (E4-E5)
with the allies' answers, the optional choices (`damage`, `retreat`, `counter_attack`,
`counter_damage`) and the `dice` (1-6: the attack roll, then the counter-attack roll). Like the
other resolvers this is no second implementation of the rules: it declares the attack, answers
every decision as the case says (the rest by default), feeds the dice and reports what the
events and the final state say happened.
"""

from __future__ import annotations

from guerra.rules.casefile import PLURAL, control_report, power_report
from guerra.rules.dice import DiceExhausted, ScriptedDice
from guerra.rules.events import ControlPlaced, Event, NeutralRemoved, UnitLostElsewhere
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Refused, RefusedError
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import ngettext
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj
from guerra.rules.odds import Estimate
from guerra.rules.punti import graph as g
from guerra.rules.punti.case_input import SIDES, Case, read_case
from guerra.rules.punti.damage import spread_from_points
from guerra.rules.punti.declaration import initial_state
from guerra.rules.punti.inputs import Allocation, Consent, CounterAttack, Group, Name, Retreat
from guerra.rules.punti.odds import punti_odds
from guerra.rules.punti.procedure import PUNTI_PROCEDURE
from guerra.rules.punti.reinforcements import next_to_ask
from guerra.rules.punti.state import PuntiState


def case_policy(case: Case) -> Policy[PuntiState]:
    """The case's answers: its groups named and answered, its spreads (checked point by point
    as E8 says), its retreat and counter-attack; the rest by default."""
    answers = {c.engine_number: c.agrees for c in case.groups}

    def answer(state: PuntiState, power: str) -> object:
        node, step = state.cursor.node, state.step
        if node in (g.ATTACK_REINFORCEMENTS, g.DEFENCE_REINFORCEMENTS):
            side = ATTACKER if node == g.ATTACK_REINFORCEMENTS else DEFENDER
            return Name(power, step, tuple(
                Group(c.power, c.source, c.armies, c.fleets)
                for c in sorted(case.groups, key=lambda c: c.engine_number) if c.side == side))
        if node in (g.ATTACK_CONSENT, g.DEFENCE_CONSENT):
            asked = next_to_ask(state, ATTACKER if node == g.ATTACK_CONSENT else DEFENDER)
            assert asked is not None
            return Consent(power, step, answers[asked.number])
        if node in (g.DAMAGE, g.COUNTER_DAMAGE):
            return Allocation(power, step, checked_spread(case, state, node))
        if node == g.RETREAT:
            target = case.retreat
            return Retreat(power, step, None if target == state.situation.defender_home
                           else target) if target is not None \
                else PUNTI_PROCEDURE.default_input(state, power)
        return CounterAttack(power, step, case.counter_attack)

    return answer


def checked_spread(case: Case, state: PuntiState, node: str) -> tuple[tuple[str, int], ...]:
    side: Side = DEFENDER if node == g.DAMAGE else ATTACKER
    strike = state.attack if side == DEFENDER else state.counter
    assert strike is not None
    points = case.damage if side == DEFENDER else case.counter_damage
    spread = spread_from_points(state, side, strike.hits, list(points),
                                primary_only=side == ATTACKER)
    if not isinstance(spread, tuple):
        raise DataError(spread)
    return spread


# --- resolving ------------------------------------------------------------------------------


def play_case(case: Case) -> tuple[PuntiState, tuple[Event, ...], int]:
    """The attack played box by box (so that a spread the case gives is checked even where
    the side hit has no choice): the final state, the events, the dice used."""
    dice = ScriptedDice(case.dice, SIDES)
    state = initial_state(case.situation)
    if not isinstance(state, PuntiState):
        raise RefusedError(state)
    state, opened = PUNTI_PROCEDURE.open(state)
    events = list(opened)
    answer = case_policy(case)
    checked: set[str] = set()
    try:
        while not state.cursor.finished:
            node = state.cursor.node
            if node in (g.DAMAGE, g.COUNTER_DAMAGE) and node not in checked:
                checked_spread(case, state, node)
                checked.add(node)
            stepped = PUNTI_PROCEDURE.step_once(state, dice)
            if stepped is not None:
                state = stepped[0]
                events += stepped[1]
                continue
            submitted = PUNTI_PROCEDURE.submit(state, answer(state, state.cursor.awaiting[0]))
            if isinstance(submitted, Refused):
                raise RefusedError(submitted.reason)
            state = submitted.state
            events += submitted.events
    except DiceExhausted:
        raise DataError(ngettext(
            "Too few dice: {count} die given, the rolls need more.",
            "Too few dice: {count} dice given, the rolls need more.", len(case.dice))) from None
    return state, tuple(events), dice.used


def _powers(case: Case) -> list[str]:
    situation = case.situation
    powers = [situation.attacker.power]
    if situation.defender is not None:
        powers.append(situation.defender.power)
    for group in case.groups:
        if group.power not in powers:
            powers.append(group.power)
    return powers


def _case_id(case: Case, unit_id: str) -> str:
    """An engine id in the case's numbering (R<i>.<j>: i its place in `reinforcements`)."""
    if not unit_id.startswith("R"):
        return unit_id
    head, tail = unit_id[1:].split(".", 1)
    number = next(c.number for c in case.groups if c.engine_number == int(head))
    return f"R{number}.{tail}"


def _damage(case: Case, spread: tuple[tuple[str, int], ...] | None) -> dict[str, JSON]:
    return {_case_id(case, unit_id): points for unit_id, points in spread or () if points}


def _retreat(state: PuntiState) -> JSON:
    """E9: where the armies and the fleets went (None: nothing of that kind left), and which
    units moved or, with nowhere to go, were destroyed."""
    withdrawal = state.withdrawal
    if withdrawal is None:
        return None
    kinds = {u.id: u.kind for u in state.units}
    moved = {kinds[unit_id] for unit_id in withdrawal.moved}
    place = state.situation.place_name
    return {"armies_to": place(withdrawal.armies_to) if "army" in moved else None,
            "fleets_to": place(None) if "fleet" in moved else None,
            "moved": list(withdrawal.moved), "destroyed": list(withdrawal.destroyed)}


def report(case: Case, state: PuntiState, events: tuple[Event, ...]) -> dict[str, JSON]:
    """What the attack changed, read from the events the game would apply and the state."""
    situation = case.situation
    control: dict[str, JSON] = dict(control_report(events))
    control["gained_by"] = next((e.power for e in events if isinstance(e, ControlPlaced)), None)
    powers = power_report(_powers(case), events)
    for event in events:  # losses count every destroyed unit, here or elsewhere
        if isinstance(event, UnitLostElsewhere) and event.power in powers:
            entry = powers[event.power]
            assert isinstance(entry, dict) and isinstance(entry["losses"], dict)
            count = entry["losses"][PLURAL[event.kind]]
            assert isinstance(count, int)
            entry["losses"][PLURAL[event.kind]] = count + event.count
    joined = {n.number: n.joins is True for n in state.named}
    attack = state.attack
    counter = state.counter
    result: dict[str, JSON] = {
        "procedure": "punti",
        "outcome": state.outcome,
        "control": control,
        "powers": powers,
        "reinforcements": [
            {"group": c.number, "power": c.power, "side": c.side, "from": c.source,
             "armies": c.armies, "fleets": c.fleets, "joins": joined.get(c.engine_number, False),
             "units": [_case_id(case, u.id) for u in state.units if u.group == c.engine_number]}
            for c in case.groups],
        "attack": None if attack is None else {
            "dice": list(attack.dice), "target": attack.threshold, "hits": attack.hits,
            "damage": _damage(case, attack.damage)},
        "retreat": _retreat(state),
        "counter": None if counter is None else {
            "dice": list(counter.dice), "speed": counter.threshold, "hits": counter.hits,
            "damage": _damage(case, counter.damage)},
        "path": list(state.cursor.path),
    }
    if situation.neutral is not None:
        result["neutral_removed"] = any(isinstance(e, NeutralRemoved) for e in events)
    return result


def resolve_case(data: Obj) -> dict[str, JSON]:
    case = read_case(data)
    state, events, used = play_case(case)
    result = report(case, state, events)
    result["dice_used"] = used
    return result


# --- odds -----------------------------------------------------------------------------------


def odds(case: Case) -> Estimate:
    """The odds of the case's attack, its groups named and answered as the case says and every
    other decision by default: a Monte Carlo estimate (E8's spreads are too many to walk)."""
    state = initial_state(case.situation)
    if not isinstance(state, PuntiState):
        raise RefusedError(state)
    opened, _events = PUNTI_PROCEDURE.open(state)
    defaults = _defaults_policy(case)
    return punti_odds(opened, defaults)


def _defaults_policy(case: Case) -> Policy[PuntiState]:
    answers = case_policy(case)

    def answer(state: PuntiState, power: str) -> object:
        if state.cursor.node in (g.ATTACK_REINFORCEMENTS, g.DEFENCE_REINFORCEMENTS,
                                 g.ATTACK_CONSENT, g.DEFENCE_CONSENT):
            return answers(state, power)
        return PUNTI_PROCEDURE.default_input(state, power)

    return answer


def odds_case(data: Obj) -> dict[str, JSON]:
    """The odds of the case (the dice and later choices are not read): a Monte Carlo estimate
    with its sample size and 95% interval."""
    case = read_case(data)
    found = odds(case)
    result: dict[str, JSON] = {name: float(found.share(name))
                               for name in PUNTI_PROCEDURE.outcomes()}
    result["exact"] = None
    result["samples"] = found.samples
    result["interval95"] = {name: list(found.interval(name))
                            for name in PUNTI_PROCEDURE.outcomes()}
    return result


__all__ = ["odds_case", "resolve_case"]
