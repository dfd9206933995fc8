"""Case files of procedures/finestre.md: read one (`case_input`), resolve it with the engine, or
compute its odds. Like the other resolvers this is no second implementation of the rules: it
declares the attack, answers every announcement, call and loss as the case says (the rest by
default: pass), feeds the dice and reports what the state and the events say happened; then
checks that every call the case lists was made as listed (a card where its power could play
nothing, or calls after its window closed, are errors)."""

from __future__ import annotations

from fractions import Fraction

from guerra.rules.casefile import control_report, power_report
from guerra.rules.dice import DiceExhausted, ScriptedDice
from guerra.rules.events import ControlPlaced, ControlRemoved, Event, NeutralRemoved, UnitLost
from guerra.rules.explore import Policy, play
from guerra.rules.finestre import graph as g
from guerra.rules.finestre.case_input import Case, CaseCall, read_case
from guerra.rules.finestre.declaration import initial_state
from guerra.rules.finestre.inputs import LoseUnit, Play, Position, Tactic, UseTiles
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE as P
from guerra.rules.finestre.state import Call, FinestreState
from guerra.rules.flowchart import RefusedError
from guerra.rules.forces import ATTACKER, DEFENDER
from guerra.rules.i18n import N_, Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj
from guerra.rules.odds import estimate

ODDS_KEYS = ("attacker_wins", "tie", "defender_wins", "ended_by_retreat")
# The kinds a case lists (English, as the case file spells them), in a player's words.
KIND_WORDS = {"army": N_("armies"), "fleet": N_("fleets"), "fort": N_("forts")}


def _lost(state: FinestreState, power: str) -> int:
    """Units `power` has lost so far in this combat."""
    situation = state.situation
    start = 0
    for force in (situation.attacker, situation.defender):
        if force is not None and force.power == power:
            start = force.armies + force.fleets + force.forts
    for ally in situation.attacker_allies + situation.defender_allies:
        if ally.power == power:
            start = ally.armies + ally.fleets + ally.forts
    now = next((m.armies + m.fleets + m.forts for m in (*state.attackers, *state.defenders)
                if m.power == power), start)
    return start - now


def case_policy(case: Case) -> Policy[FinestreState]:
    def answer(state: FinestreState, power: str) -> object:
        node, step = state.cursor.node, state.cursor.step
        if node == g.LOSS_CHOICE:
            kinds = case.losses.get(power, ())
            index = _lost(state, power)
            if index < len(kinds):
                return LoseUnit(power, step, kinds[index])
            return P.default_input(state, power)
        window = state.window
        assert window is not None
        if not window.announced:
            given = case.announce.get(window.name)
            if given is None:
                return P.default_input(state, power)
            if node == g.W4:
                return Tactic(power, step, given.tactic)
            if node == g.W5:
                return Position(power, step, given.from_forts)
            default = P.default_input(state, power)
            assert isinstance(default, UseTiles)
            return UseTiles(power, step,
                            default.alliance_tiles if given.alliance_tiles is None
                            else given.alliance_tiles,
                            default.army_training if given.army_training is None
                            else given.army_training)
        calls = case.windows.get(window.name, ())
        index = len(window.calls)
        if index < len(calls):
            listed = calls[index]
            return Play(power, step, listed.card, listed.ally)
        return Play(power, step)

    return answer


def _call(call: Call | CaseCall) -> JSON:
    if call.card is None:
        return "pass"
    if call.ally is not None:
        return {"card": call.card, "ally": call.ally}
    return call.card


def check_opened(case: Case, state: FinestreState) -> None:
    """Every window the case announces in or lists calls for opened (W5: never for a defender
    with no fort; W4.2, W5.2, W6.2... only after a change of combatants; a Ritirata closes the
    rest). A call listed in one that never opened, even a pass, is an error."""
    opened = {window.name for window in state.windows}
    for name in case.announce:
        if name in opened:
            continue
        defender = case.situation.defender
        if name == "W5" and defender is not None and defender.forts == 0:
            raise DataError(_("{power} has no fort in the region: it announces nothing in W5 "
                              "(that window never opens).", power=defender.power))
        raise DataError(_("The case announces in window {window}, which never opened.",
                          window=name))
    for name in case.windows:
        if name not in opened:
            raise DataError(_("Window {window} never opened, yet the case lists calls in it.",
                              window=name))


def check_calls(case: Case, state: FinestreState) -> None:
    """Every window named opened (`check_opened`); every call listed was made as listed, and
    none after its window closed."""
    check_opened(case, state)
    closed = {window.name: window for window in state.windows}
    for name, calls in case.windows.items():
        window = closed[name]
        for i, listed in enumerate(calls):
            if i >= len(window.calls):
                raise DataError(_("Window {window}: call {number} comes after the window "
                                  "closed.", window=name, number=i + 1))
            made = window.calls[i]
            if (made.card, made.ally) != (listed.card, listed.ally):
                raise DataError(_("Window {window}: call {number} cannot be “{card}”: {power} "
                                  "may play nothing there.", window=name, number=i + 1,
                                  card=str(_call(listed)), power=made.power))


def check_losses(case: Case, events: tuple[Event, ...]) -> None:
    """The kinds listed are the kinds lost, in order (a kind it may not lose is an error)."""
    lost: dict[str, list[str]] = {}
    for event in events:
        if isinstance(event, UnitLost):
            lost.setdefault(event.power, []).extend([event.kind] * event.count)
    for power, kinds in case.losses.items():
        for i, kind in enumerate(kinds[:len(lost.get(power, []))]):
            if lost[power][i] != kind:
                raise DataError(_("{power} cannot lose {units} at loss {number}.", power=power,
                                  units=Message(KIND_WORDS.get(kind, kind)), number=i + 1))


def _pair(values: tuple[int, ...]) -> JSON:
    return {"attacker": values[0], "defender": values[1]} if values else None


def report(case: Case, state: FinestreState, events: tuple[Event, ...]) -> dict[str, JSON]:
    control: dict[str, JSON] = dict(control_report(events))
    control["gained_by"] = next((e.power for e in events if isinstance(e, ControlPlaced)), None)
    control["lost_by"] = next((e.power for e in events if isinstance(e, ControlRemoved)), None)
    windows: dict[str, JSON] = {
        w.name: {"calls": [[c.power, _call(c)] for c in w.calls],
                 "standing": [c.card for c in w.standing if c.card is not None],
                 "countered": [c.card for c in w.countered if c.card is not None],
                 "announcement_stands": w.announcement_stands}
        for w in state.windows}
    result: dict[str, JSON] = {
        "procedure": "finestre",
        "outcome": state.outcome,
        "control": control,
        "powers": power_report(case.powers, events),
        "windows": windows,
        "changes": [{"window": c.window, "side": c.side, "from": c.former, "to": c.new}
                    for c in state.changes],
        "attacker": state.main_power(ATTACKER),
        "defender": state.main_power(DEFENDER),
        "tactic": state.tactic,
        "from_forts": state.from_forts,
        "first_strike": state.first_strike,
        "ended": state.ended,
        "dice": list(state.dice),
        "standing": _pair(state.standing),
        "totals": _pair(state.totals),
        "winner": state.winner,
        "losses_before_escape": _pair(state.losses_before),
        "losses_due": _pair(state.losses_after),
        "hands": {p: list(h) for p, h in state.hands},
        "path": list(state.cursor.path),
    }
    if state.situation.neutral is not None:
        result["neutral_removed"] = any(isinstance(e, NeutralRemoved) for e in events)
    return result


def resolve_case(data: Obj) -> dict[str, JSON]:
    case = read_case(data)
    dice = ScriptedDice(case.dice, g.SIDES)
    try:
        played = play(P, case.situation, case_policy(case), dice)
    except DiceExhausted:
        raise DataError(_("Too few dice: the standing needs the attacker's die and the "
                          "defender's.")) from None
    check_calls(case, played.state)
    check_losses(case, played.events)
    result = report(case, played.state, played.events)
    result["dice_used"] = dice.used
    return result


def odds_case(data: Obj) -> dict[str, JSON]:
    """The exact odds over the two dice, with the case's announcements and calls (the cards in
    play so far) and every later call a pass; `dice` is not read. "ended_before_land" repeats
    "ended_by_retreat" for readers of seed 004's odds."""
    case = read_case(data, need_dice=False)
    state = initial_state(case.situation)
    if not isinstance(state, FinestreState):
        raise RefusedError(state)
    opened, _events = P.open(state)
    found = estimate(P, opened, case_policy(case))
    shares: dict[str, Fraction] = {name: found.share(name) for name in ODDS_KEYS}
    result: dict[str, JSON] = {name: float(share) for name, share in shares.items()}
    result["ended_before_land"] = float(shares["ended_by_retreat"])
    result["exact"] = {name: str(share) for name, share in shares.items()}
    result["samples"] = None
    return result


__all__ = ["odds_case", "resolve_case"]
