"""Case files of procedures/d10.md: read one, resolve it with the engine, or compute its odds.

A d10 case is a seed-004 case without `choices` and the ally lists, plus `reinforcements` (the
allies who arrive, in arrival order, each with its side and units) and `dice`, a flat list of
faces 1-10 consumed in order: for each exchange the attacking side's dice (one per unit in it),
then the defending side's. Losses take P5's defaults. Like seed 004's resolver, this is no
second implementation of the rules: it declares the attack, answers every decision, feeds the
dice and reports what the events say happened.
"""

from __future__ import annotations

from guerra.rules.casefile import control_report, power_report, read_defender, read_region
from guerra.rules.d10.declaration import initial_state
from guerra.rules.d10.events import ExchangeRolled, NeutralUnitsLost
from guerra.rules.d10.model import Reinforcement, Situation
from guerra.rules.d10.procedure import D10_PROCEDURE, Arrivals, policy
from guerra.rules.d10.state import D10State
from guerra.rules.dice import DiceExhausted, ScriptedDice
from guerra.rules.events import ControlPlaced, Event, NeutralRemoved, UnitLost
from guerra.rules.explore import play
from guerra.rules.flowchart import RefusedError
from guerra.rules.forces import Force, Neutral
from guerra.rules.i18n import _, ngettext
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, as_obj, get_list, get_obj
from guerra.rules.odds import Estimate, estimate

SIDES = 10
# The keys of seed 004's odds, so that a reader of both finds them: d10 has no tie and always
# fights, so the last two are 0.
ALL_OUTCOMES = ("attacker_wins", "tie", "defender_wins", "ended_before_land")


def read_situation(case: Obj) -> Situation:
    """The case's region, target, main players and the reinforcements that arrive."""
    region = read_region(case)
    attacker = Force.from_dict(get_obj(case, "attacker"), "attacker")
    arriving = tuple(
        Reinforcement.from_dict(as_obj(item, f"reinforcements[{i}]"), f"reinforcements[{i}]")
        for i, item in enumerate(get_list(case, "reinforcements", optional=True))
    )
    neutral = case.get("neutral")
    if neutral is not None:
        if case.get("defender") is not None or arriving:
            raise DataError(_("With a neutral target the case has no defender and no allies."))
        return Situation(region, attacker, neutral=Neutral.from_dict(as_obj(neutral, "neutral")))
    return Situation(region, attacker, read_defender(case), reinforcements=arriving)


def read_dice(case: Obj) -> list[int]:
    faces: list[int] = []
    for i, face in enumerate(get_list(case, "dice")):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise DataError(_("Each entry of “dice” must be a number from 1 to 10 "
                              "(entry {index}).", index=i + 1))
        faces.append(face)
    return faces


def _powers(situation: Situation) -> list[str]:
    powers = [situation.attacker.power]
    if situation.defender is not None:
        powers.append(situation.defender.power)
    return powers + [r.power for r in situation.reinforcements]


def exchanges(events: tuple[Event, ...]) -> list[JSON]:
    """Each exchange with both sides' sorted rolls, the pairs, and who lost what after it."""
    found: list[dict[str, JSON]] = []
    losses: dict[str, JSON] = {}
    for event in events:
        if isinstance(event, ExchangeRolled):
            losses = {}
            found.append({
                "attacking": event.attacking,
                "attacker_rolls": list(event.attacker_rolls),
                "defender_rolls": list(event.defender_rolls),
                "pairs": [{"attacker": a, "defender": d, "winner": w}
                          for a, d, w in event.pairs],
                "attacker_losses": event.attacker_losses,
                "defender_losses": event.defender_losses,
                "losses": losses,
            })
        elif isinstance(event, UnitLost) and found:
            lost = losses.setdefault(event.power, {"armies": 0, "fleets": 0, "forts": 0})
            assert isinstance(lost, dict)
            key = {"army": "armies", "fleet": "fleets", "fort": "forts"}[event.kind]
            count = lost[key]
            assert isinstance(count, int)
            lost[key] = count + event.count
        elif isinstance(event, NeutralUnitsLost) and found:
            losses["neutral"] = event.count
    return list(found)


def summary(state: D10State, events: tuple[Event, ...]) -> dict[str, JSON]:
    """What the attack changed, read from the events the web layer would apply."""
    control: dict[str, JSON] = dict(control_report(events))
    control["gained_by"] = next((e.power for e in events if isinstance(e, ControlPlaced)), None)
    result: dict[str, JSON] = {
        "procedure": "d10",
        "outcome": state.outcome,
        "exchanges": exchanges(events),
        "control": control,
        "powers": power_report(_powers(state.situation), events),
        "path": list(state.cursor.path),
    }
    if state.situation.neutral is not None:
        result["neutral_removed"] = any(isinstance(e, NeutralRemoved) for e in events)
    return result


def resolve_case(case: Obj) -> dict[str, JSON]:
    situation = read_situation(case)
    faces = read_dice(case)
    dice = ScriptedDice(faces, SIDES)
    try:
        played = play(D10_PROCEDURE, situation, policy(), dice)
    except DiceExhausted:
        raise DataError(ngettext("Too few dice: {count} die given, the exchanges need more.",
                                 "Too few dice: {count} dice given, the exchanges need more.",
                                 len(faces))) from None
    result = summary(played.state, played.events)
    result["dice_used"] = dice.used
    return result


def odds(situation: Situation, arrivals: Arrivals | None = None) -> Estimate:
    """The odds of declaring this attack: every reinforcement arriving with all its units
    (`arrivals` None) or as `arrivals` says. A refused declaration raises `RefusedError`."""
    state = initial_state(situation)
    if not isinstance(state, D10State):
        raise RefusedError(state)
    opened, _events = D10_PROCEDURE.open(state)
    return estimate(D10_PROCEDURE, opened, policy(arrivals))


def odds_case(case: Obj) -> dict[str, JSON]:
    """The odds of the case with every reinforcement arriving as listed: exact where the dice
    are few enough, otherwise a Monte Carlo estimate with its sample size and 95% interval."""
    found = odds(read_situation(case))
    data: dict[str, JSON] = {name: float(found.share(name)) for name in ALL_OUTCOMES}
    data["exact"] = {name: str(found.share(name)) for name in ALL_OUTCOMES} \
        if found.exact else None
    data["samples"] = found.samples
    if not found.exact:
        data["interval95"] = {name: list(found.interval(name))
                              for name in D10_PROCEDURE.outcomes()}
    return data


__all__ = ["odds_case", "resolve_case"]
