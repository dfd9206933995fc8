"""Reading the case files of procedures/punti.md (see `guerra.rules.punti.case`): the region
and its links, the main players, the defender's home, the profiles (E1), the groups named
(E3-E5, checked as E3 says), the choices and the dice. Every mistake is a `DataError` naming
the field."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.casefile import read_defender
from guerra.rules.forces import ATTACKER, DEFENDER, Force, Neutral, Region, Side
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_obj,
    as_str,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_opt_str,
    get_str,
)
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.profiles import read_profiles

SIDES = 6


@dataclass(frozen=True)
class CaseGroup:
    """One entry of `reinforcements`: its number in the case (R<number>.j) and the engine's."""

    number: int
    engine_number: int
    power: str
    side: Side
    source: str
    armies: int
    fleets: int
    agrees: bool


@dataclass(frozen=True)
class Case:
    situation: Situation
    groups: tuple[CaseGroup, ...]
    damage: tuple[str, ...]
    retreat: str | None  # None: the default
    counter_attack: bool
    counter_damage: tuple[str, ...]
    dice: tuple[int, ...]


def _side(value: str, where: str) -> Side:
    if value == ATTACKER:
        return ATTACKER
    if value == DEFENDER:
        return DEFENDER
    raise DataError(_("Field “{field}” must be “attacker” or “defender”.", field=where))


def _ids(case: Obj, key: str) -> tuple[str, ...]:
    return tuple(as_str(item, f"{key}[{i}]") for i, item in
                 enumerate(get_list(case, key, optional=True)))


def read_region(case: Obj) -> tuple[Region, tuple[str, ...]]:
    region = get_obj(case, "region")
    links = tuple(as_str(item, f"region.links[{i}]")
                  for i, item in enumerate(get_list(region, "links", "region", optional=True)))
    name = get_str(region, "name", "region")
    if name in links or len(set(links)) != len(links):
        raise DataError(_("The region's links must be other regions, each named once."))
    return Region(name, get_bool(region, "sea", "region")), links


def read_groups(case: Obj, situation: Situation) -> tuple[CaseGroup, ...]:
    """E3: each group named, checked against what may reinforce from where."""
    mains = {ATTACKER: situation.attacker.power, DEFENDER: situation.main_power(DEFENDER)}
    region, links = situation.region.name, situation.links
    raw = []
    seen: dict[str, Side] = {}
    places: set[tuple[Side, str, str]] = set()
    for i, item in enumerate(get_list(case, "reinforcements", optional=True), start=1):
        where = f"reinforcements[{i - 1}]"
        data = as_obj(item, where)
        power = get_str(data, "power", where)
        side = _side(get_str(data, "side", where), f"{where}.side")
        source = get_str(data, "from", where)
        armies, fleets = get_int(data, "armies", where, 0), get_int(data, "fleets", where, 0)
        if situation.neutral is not None:
            raise DataError(_("Against a neutral marker nobody reinforces either side."))
        if power == mains[ATTACKER if side == DEFENDER else DEFENDER] or \
                seen.setdefault(power, side) != side:
            raise DataError(_("{power} cannot reinforce both sides ({field}).", power=power,
                              field=where))
        if source != region and source not in links:
            raise DataError(_("“{place}” is neither the region nor one of its links "
                              "({field}).", place=source, field=f"{where}.from"))
        if source == region and power == mains[side]:
            raise DataError(_("{power}'s own units in the region are its primary stack: it "
                              "reinforces only from linked regions ({field}).", power=power,
                              field=where))
        if source != region and (fleets or situation.profiles.army.range < 1):
            raise DataError(_("Only armies within their range reinforce from a linked region "
                              "({field}).", field=where))
        if armies + fleets == 0:
            raise DataError(_("A group named needs at least one unit ({field}).", field=where))
        if (side, power, source) in places:
            raise DataError(_("The units of {power} from {place} are named twice.",
                              power=power, place=source))
        places.add((side, power, source))
        agrees = power == mains[side] or get_bool(data, "agrees", where, default=False)
        raw.append((i, power, side, source, armies, fleets, agrees))
    # The engine numbers the attacker's groups first (E4 before E5), each side in list order.
    order = sorted(raw, key=lambda r: r[2] != ATTACKER)
    engine = {r[0]: n for n, r in enumerate(order, start=1)}
    return tuple(CaseGroup(i, engine[i], power, side, source, armies, fleets, agrees)
                 for i, power, side, source, armies, fleets, agrees in raw)


def read_case(case: Obj) -> Case:
    region, links = read_region(case)
    attacker = Force.from_dict(get_obj(case, "attacker"), "attacker")
    profiles = read_profiles(as_obj(case.get("profiles", {}), "profiles"))
    neutral, defender, home = case.get("neutral"), None, None
    if neutral is not None:
        if case.get("defender") is not None:
            raise DataError(_("With a neutral target the case has no defender and no allies."))
        base = Situation(region, attacker, neutral=Neutral.from_dict(as_obj(neutral, "neutral")),
                         profiles=profiles, links=links)
    else:
        defender = read_defender(case)
        home = get_opt_str(get_obj(case, "defender"), "home", "defender")
        base = Situation(region, attacker, defender, profiles=profiles, links=links,
                         home_linked=home in links, defender_home=home)
    groups = read_groups(case, base)
    situation = Situation(
        base.region, base.attacker, base.defender, base.neutral, profiles=profiles,
        links=links, home_linked=base.home_linked, defender_home=home,
        candidates=tuple(Candidate(c.power, c.side, c.source, c.armies, c.fleets)
                         for c in sorted(groups, key=lambda c: c.engine_number)))
    retreat = get_opt_str(case, "retreat")
    if retreat is not None and retreat not in links:
        raise DataError(_("“{place}” is not one of the region's links (retreat).",
                          place=retreat))
    to_engine = {c.number: c.engine_number for c in groups}
    return Case(situation, groups, _group_ids(_ids(case, "damage"), to_engine, "damage"),
                retreat, get_bool(case, "counter_attack", default=True),
                _group_ids(_ids(case, "counter_damage"), to_engine, "counter_damage"),
                read_dice(case))


def _group_ids(ids: tuple[str, ...], numbers: dict[int, int], key: str) -> tuple[str, ...]:
    """A case's R<i>.<j> in the engine's numbering (the same unless the defender's groups
    come first in the list)."""
    found = []
    for index, unit_id in enumerate(ids):
        if unit_id.startswith("R") and "." in unit_id:
            head, tail = unit_id[1:].split(".", 1)
            if not head.isdigit() or int(head) not in numbers:
                raise DataError(_("“{unit}” is no unit of this battle ({field}).", unit=unit_id,
                                  field=f"{key}[{index}]"))
            found.append(f"R{numbers[int(head)]}.{tail}")
        else:
            found.append(unit_id)
    return tuple(found)


def read_dice(case: Obj) -> tuple[int, ...]:
    faces: list[int] = []
    for i, face in enumerate(get_list(case, "dice")):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise DataError(_("Each entry of “dice” must be a number from 1 to 6 "
                              "(entry {index}).", index=i + 1))
        faces.append(face)
    return tuple(faces)
