"""E8/E10: placing damage, one point at a time, and what it destroys.

A point goes to a unit of the side hit that is standing and has health left; while the
primary stack has such a unit, only the primary stack may take it (E8), and a counter-attack's
points go to the primary attacker only (E10). Points beyond every unit that could take them are
lost. The default puts each point on the first unit in E8's order: armies, then fleets, then
forts; within a kind the least health left first; ties by the order the units were named (the
primary stack first, then the groups in the order named).
"""

from __future__ import annotations

import random

from guerra.rules import frozen
from guerra.rules.allocation import Allocation
from guerra.rules.events import Event, UnitKind, UnitLost, UnitLostElsewhere, UnrestGained
from guerra.rules.forces import DEFENDER, Side
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.punti.events import DamagePlaced, NeutralUnitsLost
from guerra.rules.punti.state import PuntiState, Spread, Unit

KIND_ORDER = {"army": 0, "fleet": 1, "fort": 2}


def order_key(unit: Unit, taken: int = 0) -> tuple[int, int, int, int]:
    """E8's default order: kind, health left (less `taken` points already placed), then the
    order named (group, then number)."""
    number = int(unit.id.rsplit(".", 1)[-1].lstrip("ADN"))
    return (KIND_ORDER[unit.kind], unit.left - taken, unit.group, number)


def _first(able: list[Unit], taken: dict[str, int]) -> Unit:
    return min(able, key=lambda u: order_key(u, taken.get(u.id, 0)))


def targets(state: PuntiState, side: Side, taken: dict[str, int], *, primary_only: bool
            ) -> list[Unit]:
    """The units that may take the next point, `taken` points having been placed already."""
    able = [u for u in state.standing(side) if u.left - taken.get(u.id, 0) > 0
            and (u.primary or not primary_only)]
    primary = [u for u in able if u.primary]
    return primary or able


def capacity(state: PuntiState, side: Side, *, primary_only: bool) -> int:
    return sum(u.left for u in state.standing(side) if u.primary or not primary_only)


def default_spread(state: PuntiState, side: Side, hits: int, *, primary_only: bool) -> Spread:
    """E8's default: each point on the first unit in `order_key` order (health left
    counted after the points already placed)."""
    taken: dict[str, int] = {}
    for _point in range(min(hits, capacity(state, side, primary_only=primary_only))):
        able = targets(state, side, taken, primary_only=primary_only)
        unit = _first(able, taken)
        taken[unit.id] = taken.get(unit.id, 0) + 1
    return tuple(taken.items())


def has_choice(state: PuntiState, side: Side, hits: int, *, primary_only: bool) -> bool:
    """Whether the side hit has more than one way to place `hits` points: some but not all
    of the health within reach, over two units or more of the stack that takes it."""
    units = state.standing(side, primary=True if primary_only else None)
    primary = [u for u in units if u.primary]
    primary_health = sum(u.left for u in primary)
    if hits <= 0 or hits >= sum(u.left for u in units):
        return False
    if hits < primary_health:
        return len(primary) > 1
    return hits > primary_health and len(units) - len(primary) > 1


def point_problem(state: PuntiState, side: Side, taken: dict[str, int], unit_id: str, *,
                  primary_only: bool) -> Message | None:
    """Why the next point may not go on `unit_id` (E8, E10), or None."""
    unit = state.unit(unit_id)
    if unit is None or unit.side != side:
        return _("“{unit}” is no unit of this side taking part in the battle.", unit=unit_id)
    if not unit.standing or unit.left - taken.get(unit_id, 0) <= 0:
        return _("“{unit}” is already destroyed.", unit=unit_id)
    if primary_only and not unit.primary:
        return _("“{unit}” takes no damage from the counter-attack.", unit=unit_id)
    if not unit.primary and targets(state, side, taken, primary_only=False)[0].primary:
        return _("“{unit}” may take damage only once the primary stack is destroyed.",
                 unit=unit_id)
    return None


def spread_from_points(state: PuntiState, side: Side, hits: int, points: list[str], *,
                       primary_only: bool) -> Spread | Message:
    """A case file's spread: one unit id per point, in order; entries beyond the damage
    dealt unused, missing ones the default."""
    taken: dict[str, int] = {}
    for index in range(min(hits, capacity(state, side, primary_only=primary_only))):
        if index < len(points):
            problem = point_problem(state, side, taken, points[index],
                                    primary_only=primary_only)
            if problem is not None:
                return problem
            chosen = points[index]
        else:
            able = targets(state, side, taken, primary_only=primary_only)
            chosen = _first(able, taken).id
        taken[chosen] = taken.get(chosen, 0) + 1
    return tuple(taken.items())


def allocation_problem(state: PuntiState, side: Side, hits: int, answer: Allocation, *,
                       primary_only: bool) -> Message | None:
    """Why `answer` is not a legal spread of `hits` points (E8, E10), or None."""
    names = [unit_id for unit_id, _n in answer.parts]
    if len(names) != len(set(names)):
        return _("Each unit may be named only once.")
    total = min(hits, capacity(state, side, primary_only=primary_only))
    if sum(n for _u, n in answer.parts) != total:
        return ngettext("Place exactly {count} point of damage.",
                        "Place exactly {count} points of damage.", total)
    # Placed point by point: the primary stack's units first, then the others.
    ordered = sorted(answer.parts, key=lambda part: not _is_primary(state, part[0]))
    taken: dict[str, int] = {}
    for unit_id, points in ordered:
        if points < 0:
            return _("A number of points cannot be negative.")
        for _point in range(points):
            problem = point_problem(state, side, taken, unit_id, primary_only=primary_only)
            if problem is not None:
                return problem
            taken[unit_id] = taken.get(unit_id, 0) + 1
    return None


def _is_primary(state: PuntiState, unit_id: str) -> bool:
    unit = state.unit(unit_id)
    return unit is not None and unit.primary


def apply_spread(state: PuntiState, side: Side, hits: int, spread: Spread, rule: str
                 ) -> tuple[PuntiState, tuple[Event, ...]]:
    """The damage placed: each unit's health left, the units at 0 destroyed, and their
    effects: a unit lost in the region or elsewhere (a group fighting from a linked region or
    its home), 1 unrest to its owner for each (E11); the neutral's losses give none."""
    points = dict(spread)
    lost_units: list[Unit] = []
    units = []
    for unit in state.units:
        taken = points.get(unit.id, 0)
        if taken:
            left = unit.left - taken
            hit = frozen.replace(unit, left=left, status="destroyed" if left <= 0 else "standing")
            if left <= 0:
                lost_units.append(hit)
            units.append(hit)
        else:
            units.append(unit)
    state = frozen.replace(state, units=tuple(units))
    events: list[Event] = [DamagePlaced(side, spread, hits - sum(points.values()), rule)]
    events += destroyed_events(state, lost_units, rule)
    return state, tuple(events)


def destroyed_events(state: PuntiState, lost: list[Unit], rule: str) -> list[Event]:
    """UnitLost (in the region) or UnitLostElsewhere per power, kind and place, then the
    owners' unrest (E11); the neutral's armies as one `NeutralUnitsLost`."""
    region = state.situation.region.name
    counts: dict[tuple[str, UnitKind, str | None], int] = {}
    neutral = 0
    for unit in lost:
        if unit.power is None:
            neutral += 1
        else:
            key = (unit.power, unit.kind, unit.source)
            counts[key] = counts.get(key, 0) + 1
    events: list[Event] = []
    unrest: dict[str, int] = {}
    for (power, kind, source), count in counts.items():
        if source == region:
            events.append(UnitLost(power, kind, count, rule))
        else:
            events.append(UnitLostElsewhere(power, kind, count, source, rule))
        unrest[power] = unrest.get(power, 0) + count
    events += [UnrestGained(power, amount, "E11") for power, amount in unrest.items()]
    if neutral:
        left = len(state.standing(DEFENDER))
        events.append(NeutralUnitsLost(neutral, left))
    return events


def random_spread(state: PuntiState, side: Side, hits: int, rng: random.Random, *,
                  primary_only: bool) -> Spread:
    """A legal spread chosen point by point at random (the random player)."""
    taken: dict[str, int] = {}
    for _point in range(min(hits, capacity(state, side, primary_only=primary_only))):
        unit = rng.choice(targets(state, side, taken, primary_only=primary_only))
        taken[unit.id] = taken.get(unit.id, 0) + 1
    return tuple(taken.items())
