"""Case files of attack-rules.md: read one, resolve it with the engine, or compute its odds.

The resolver is not a second implementation of the rules: it declares the attack, answers
each decision from `choices` (see `Choices`), feeds the scripted dice and reports what the
events say happened.
"""

from __future__ import annotations

from fractions import Fraction

from guerra.rules.casefile import control_report, power_report, read_defender, read_region
from guerra.rules.dice import DiceExhausted, ScriptedDice
from guerra.rules.events import Event, NeutralRemoved
from guerra.rules.explore import play
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_int,
    as_list,
    as_obj,
    get_list,
    get_obj,
    invalid,
)
from guerra.rules.seed004.choices import Choices, policy
from guerra.rules.seed004.inputs import LossKind
from guerra.rules.seed004.model import AllyForce, Force, Neutral, Situation
from guerra.rules.seed004.odds import odds
from guerra.rules.seed004.procedure import SEED004
from guerra.rules.seed004.state import AttackState, Battle


def read_situation(case: Obj) -> Situation:
    """The case's region, target and main players; ally entries are *committed* units."""
    where = read_region(case)
    attacker = Force.from_dict(get_obj(case, "attacker"), "attacker")
    allies = {
        key: tuple(
            AllyForce.from_dict(as_obj(item, f"{key}[{i}]"), f"{key}[{i}]")
            for i, item in enumerate(get_list(case, key, optional=True))
        )
        for key in ("attacker_allies", "defender_allies")
    }
    neutral = case.get("neutral")
    if neutral is not None:
        if case.get("defender") is not None or any(allies.values()):
            raise DataError(_("With a neutral target the case has no defender and no allies."))
        return Situation(where, attacker, neutral=Neutral.from_dict(as_obj(neutral, "neutral")))
    defender = read_defender(case)
    return Situation(where, attacker, defender, None, allies["attacker_allies"],
                     allies["defender_allies"])


def _powers(situation: Situation) -> list[str]:
    powers = [situation.attacker.power]
    if situation.defender is not None:
        powers.append(situation.defender.power)
    return powers + [a.power for a in situation.attacker_allies + situation.defender_allies]


def read_choices(case: Obj, situation: Situation) -> Choices:
    raw = case.get("choices")
    data = {} if raw is None else as_obj(raw, "choices")
    flags = {}
    for key in ("attacker_fights_naval", "defender_accepts_naval"):
        value = data.get(key, True)
        if not isinstance(value, bool):
            raise DataError(_("Field “{field}” must be true or false.", field=f"choices.{key}"))
        flags[key] = value
    tiles = {key: as_int(data.get(key, 0), f"choices.{key}")
             for key in ("attacker_naval_tiles", "defender_naval_tiles")}
    losses: list[tuple[str, tuple[LossKind, ...]]] = []
    raw_losses = data.get("land_losses")
    for power, kinds in (as_obj(raw_losses, "choices.land_losses") if raw_losses else {}).items():
        where = f"choices.land_losses.{power}"
        if power not in _powers(situation):
            raise DataError(_("“{power}” in “choices.land_losses” is not a power of this case.",
                              power=power))
        picked: list[LossKind] = []
        for i, kind in enumerate(as_list(kinds, where)):
            if kind not in ("army", "fort"):
                raise DataError(_("Field “{field}” must list “army” or “fort”.",
                                  field=f"{where}[{i}]"))
            picked.append("fort" if kind == "fort" else "army")
        losses.append((power, tuple(picked)))
    return Choices(flags["attacker_fights_naval"], flags["defender_accepts_naval"],
                   tiles["attacker_naval_tiles"], tiles["defender_naval_tiles"], tuple(losses))


def read_dice(case: Obj) -> list[int]:
    faces: list[int] = []
    for i, pair in enumerate(get_list(case, "dice")):
        values = pair if isinstance(pair, list) else None
        if values is None or len(values) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values
        ):
            raise DataError(_("Each entry of “dice” must be a pair of numbers from 1 to 6 "
                              "(entry {index}).", index=i + 1))
        faces += [int(v) for v in values]
    return faces


def _battle(battle: Battle | None) -> JSON:
    if battle is None:
        return None

    def breakdown(items: tuple[tuple[str, int], ...]) -> JSON:
        return [[Message(label).render(), value] for label, value in items]

    return {
        "attacker": battle.attacker.total, "defender": battle.defender.total,
        "winner": battle.winner,
        "dice": {"attacker": list(battle.attacker.faces), "defender": list(battle.defender.faces)},
        "breakdown": {"attacker": breakdown(battle.attacker.breakdown),
                      "defender": breakdown(battle.defender.breakdown)},
    }


def summary(state: AttackState, events: tuple[Event, ...]) -> dict[str, JSON]:
    """What the attack changed, read from the events the web layer would apply."""
    result: dict[str, JSON] = {
        "outcome": state.outcome,
        "naval": _battle(state.naval),
        "naval_support": state.naval_support,
        "land": _battle(state.land),
        "control": dict(control_report(events)),
        "powers": power_report(_powers(state.situation), events),
        "path": list(state.cursor.path),
    }
    if state.situation.neutral is not None:
        result["neutral_removed"] = any(isinstance(e, NeutralRemoved) for e in events)
    return result


def resolve_case(case: Obj) -> dict[str, JSON]:
    situation = read_situation(case)
    choices = read_choices(case, situation)
    faces = read_dice(case)
    dice = ScriptedDice(faces)
    try:
        played = play(SEED004, situation, policy(choices), dice)
    except DiceExhausted:
        pairs = len(faces) // 2
        raise DataError(ngettext("Too few dice: {count} pair given, the battles need more.",
                                 "Too few dice: {count} pairs given, the battles need more.",
                                 pairs)) from None
    result = summary(played.state, played.events)
    result["dice_used"] = dice.used // 2
    return result


def odds_case(case: Obj) -> dict[str, JSON]:
    situation = read_situation(case)
    result = odds(situation, None, read_choices(case, situation))
    if result.total != Fraction(1):
        raise invalid("odds")  # cannot happen: enumeration covers every die
    return result.to_dict()


__all__ = ["odds_case", "resolve_case"]
