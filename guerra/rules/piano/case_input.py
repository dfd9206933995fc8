"""Reading the case files of procedures/piano.md: a seed-004 case without `choices` (allies as
committed units), with `ratings` and `integrity` (K1, K2), `plans`, `rerolls`, `assign`,
`losses` and `dice`. Every mistake is a `DataError` naming the field, in Italian."""

from __future__ import annotations

from dataclasses import dataclass, field

from guerra.rules.casefile import read_defender, read_region
from guerra.rules.forces import SIDES, Force, Neutral, Side
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_list,
    as_obj,
    as_str,
    get_int,
    get_list,
    get_obj,
)
from guerra.rules.piano.data import read_piano_data
from guerra.rules.piano.inputs import (
    PlanStep,
    read_assignment,
    read_indices,
    read_kinds,
    read_steps,
)
from guerra.rules.piano.model import Ally, Situation


@dataclass(frozen=True)
class Case:
    situation: Situation
    powers: tuple[str, ...]
    plans: dict[Side, tuple[PlanStep, ...]] = field(default_factory=dict)
    rerolls: dict[Side, tuple[int, ...]] = field(default_factory=dict)
    assign: dict[Side, tuple[int | None, ...] | None] = field(default_factory=dict)
    losses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dice: tuple[int, ...] = ()


def _allies(case: Obj, key: str) -> tuple[Ally, ...]:
    found = []
    for i, item in enumerate(get_list(case, key, optional=True)):
        where = f"{key}[{i}]"
        data = as_obj(item, where)
        found.append(Ally(as_str(data.get("power"), f"{where}.power"),
                          get_int(data, "armies", where, 0), get_int(data, "fleets", where, 0)))
    return tuple(found)


def _per_side(case: Obj, key: str) -> Obj:
    raw = case.get(key)
    data = as_obj(raw, key) if raw is not None else {}
    for name in data:
        if name not in SIDES:
            raise DataError(_("“{field}” lists “attacker” and “defender” only.", field=key))
    return data


def read_dice(case: Obj) -> tuple[int, ...]:
    faces: list[int] = []
    for i, face in enumerate(get_list(case, "dice")):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise DataError(_("Each entry of “dice” must be a number from 1 to 6 "
                              "(entry {index}).", index=i + 1))
        faces.append(face)
    return tuple(faces)


def read_case(case: Obj, *, need_dice: bool = True) -> Case:
    region = read_region(case)
    attacker = Force.from_dict(get_obj(case, "attacker"), "attacker")
    attacker_allies = _allies(case, "attacker_allies")
    defender_allies = _allies(case, "defender_allies")
    neutral, defender = case.get("neutral"), None
    if neutral is not None:
        if case.get("defender") is not None or attacker_allies or defender_allies:
            raise DataError(_("With a neutral target the case has no defender and no allies."))
    else:
        defender = read_defender(case)
    data = read_piano_data({key: case[key] for key in ("ratings", "integrity") if key in case})
    turn_order = tuple(as_str(p, f"turn_order[{i}]")
                       for i, p in enumerate(as_list(case.get("turn_order", []), "turn_order")))
    situation = Situation(
        region, attacker, defender,
        None if neutral is None else Neutral.from_dict(as_obj(neutral, "neutral")),
        attacker_allies, defender_allies, turn_order, data)
    powers = [attacker.power]
    if defender is not None:
        powers.append(defender.power)
    for power in (a.power for a in attacker_allies + defender_allies):
        if power not in powers:
            powers.append(power)
    plans = {side: read_steps(value, f"plans.{side}")
             for side, value in _per_side(case, "plans").items() if side in SIDES}
    rerolls = {side: read_indices(value, f"rerolls.{side}")
               for side, value in _per_side(case, "rerolls").items() if side in SIDES}
    assign = {side: read_assignment(value, f"assign.{side}")
              for side, value in _per_side(case, "assign").items() if side in SIDES}
    raw = case.get("losses")
    losses: dict[str, tuple[str, ...]] = {}
    for power, value in (as_obj(raw, "losses") if raw is not None else {}).items():
        if power not in powers:
            raise DataError(_("“{power}” in “losses” is not a power of this case.",
                              power=power))
        losses[power] = read_kinds(value, f"losses.{power}")
    return Case(situation, tuple(powers), plans, rerolls, assign, losses,
                read_dice(case) if need_dice else ())
