"""What the pages show of a "punti" attack beside its decisions: the forces (one row per
power and place: a group fighting from a linked region is a row of its own), the health of the
primary stacks, and its events drawn in the flowchart's boxes (the dice against their target
number, the damage per unit with its health left)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import ceil
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from guerra.game.procedures.chart import Visit
from guerra.game.procedures.punti.words import place_in, unit_label
from guerra.rules.forces import ATTACKER, DEFENDER
from guerra.rules.punti.state import PuntiState

PARTIALS = "game/procedures/punti"
EVENT_TEMPLATES = {"attack_rolled": f"{PARTIALS}/_event_roll.html",
                   "counter_rolled": f"{PARTIALS}/_event_roll.html",
                   "damage_placed": f"{PARTIALS}/_event_damage.html"}
DICE_PER_LINE = 9  # six-sided dice glyphs in a 200px box
COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}
Key = tuple[str, str | None]  # a row of the forces: power and place (None: its home)


def _row(state: PuntiState, key: Key, side: str) -> dict[str, Any]:
    power, source = key
    region = state.situation.region.name
    main = state.main_power(ATTACKER if side == ATTACKER else DEFENDER)
    shown = power if source == region else _("%(power)s, %(place)s") % {
        "power": power, "place": place_in(source)}
    return {"power": shown, "side": side, "ally": power != main, "armies": 0, "fleets": 0,
            "forts": 0}


def forces(state: PuntiState) -> list[dict[str, Any]]:
    """Who fights, with the units still standing in the battle (a neutral's armies are the
    page's own row)."""
    rows: dict[Key, dict[str, Any]] = {}
    for unit in state.units:
        if unit.power is None:
            continue
        key = (unit.power, unit.source)
        row = rows.setdefault(key, _row(state, key, unit.side))
        if unit.standing:
            row[COLUMNS[unit.kind]] += 1
    return list(rows.values())


def _events(visits: Iterable[Visit]) -> Iterable[Mapping[str, Any]]:
    for visit in visits:
        yield from visit.events


def past_forces(state: PuntiState, visits: list[Visit]) -> list[dict[str, Any]]:
    """The forces after the given visits: the primary stacks as declared, the groups as they
    joined, less the units lost or retreated."""
    region = state.situation.region.name
    rows: dict[Key, dict[str, Any]] = {}
    for unit in state.units:
        if unit.power is not None and unit.primary:
            row = rows.setdefault((unit.power, region), _row(state, (unit.power, region),
                                                             unit.side))
            row[COLUMNS[unit.kind]] += 1
    for event in _events(visits):
        kind, power = event.get("type"), event.get("power")
        if not isinstance(power, str):
            continue
        if kind == "group_joined":
            source = event.get("source")
            key = (power, source if isinstance(source, str) else None)
            row = rows.setdefault(key, _row(state, key, str(event.get("side"))))
            row["armies"] += int(event.get("armies", 0))
            row["fleets"] += int(event.get("fleets", 0))
            continue
        if kind in ("unit_lost", "units_moved"):
            key = (power, region)
        elif kind == "unit_lost_elsewhere":
            source = event.get("source")
            key = (power, source if isinstance(source, str) else None)
        else:
            continue
        column = COLUMNS.get(str(event.get("kind")))
        if key in rows and column is not None:
            rows[key][column] = max(0, rows[key][column] - int(event.get("count", 1)))
    return list(rows.values())


def notes(state: PuntiState) -> list[str]:
    """The health the primary stacks have left (E9 reads the defender's), and the neutral's
    armies left."""
    found = []
    for side, words in ((ATTACKER, _("Health of the primary attacker: %(left)d of %(start)d.")),
                        (DEFENDER, _("Health of the primary defender: %(left)d of %(start)d."))):
        start = state.primary_start_health(side)
        if start:
            left = state.health_left(state.standing(side, primary=True))
            found.append(words % {"left": left, "start": start})
    if state.situation.neutral is not None:
        left = len(state.standing(DEFENDER))
        found.append(ngettext("The neutral country has %(n)d army left.",
                              "The neutral country has %(n)d armies left.", left) % {"n": left})
    return found


# --- events in the flowchart's boxes ------------------------------------------------------------


def roll_details(event: Mapping[str, Any]) -> dict[str, Any]:
    """E6/E7, E10: each die with whether it hits, and what it had to beat."""
    faces = [int(f) for f in event.get("dice", [])]
    hits = int(event.get("hits", 0))
    if event.get("type") == "attack_rolled":
        target = int(event.get("target", 0))
        marked = [(face, face >= target) for face in faces]
        caption = ngettext("Attack roll against %(target)d or more: %(n)d hit.",
                           "Attack roll against %(target)d or more: %(n)d hits.",
                           hits) % {"target": target, "n": hits}
    else:
        speed = int(event.get("speed", 0))
        marked = [(face, face > speed) for face in faces]
        caption = ngettext("Counter-attack roll against more than %(speed)d (the speed): "
                           "%(n)d hit.",
                           "Counter-attack roll against more than %(speed)d (the speed): "
                           "%(n)d hits.", hits) % {"speed": speed, "n": hits}
    return {"faces": marked, "caption": caption}


def damage_details(event: Mapping[str, Any], state: PuntiState) -> dict[str, Any]:
    """E8/E10: each unit hit, the points it took and its health left (a unit takes damage
    once in a battle: its health left now is what that damage left it)."""
    region = state.situation.region.name
    rows = []
    for unit_id, points in event.get("damage", []):
        unit = state.unit(str(unit_id))
        if unit is None:
            continue
        rows.append({"label": unit_label(unit, region), "points": int(points),
                     "left": unit.left, "health": unit.health,
                     "destroyed": unit.left <= 0})
    lost = int(event.get("lost", 0))
    return {"rows": rows, "lost_text": ngettext(
        "%(n)d point of damage is lost: no unit left to take it.",
        "%(n)d points of damage are lost: no unit left to take them.", lost) % {"n": lost}
        if lost else "",
        "caption": _("Damage to the attacker") if event.get("side") == ATTACKER
        else _("Damage to the defender")}


def event_details(event: Mapping[str, Any], state: PuntiState) -> dict[str, Any]:
    kind = event.get("type")
    if kind in ("attack_rolled", "counter_rolled"):
        return roll_details(event)
    if kind == "damage_placed":
        return damage_details(event, state)
    return {}


def event_lines(event: Mapping[str, Any]) -> int | None:
    kind = event.get("type")
    if kind in ("attack_rolled", "counter_rolled"):
        dice = len(event.get("dice", []))
        return max(1, ceil(dice / DICE_PER_LINE)) + 2
    if kind == "damage_placed":
        units = len(event.get("damage", []))
        return 1 + 2 * units + (2 if event.get("lost") else 0)
    return None


__all__ = ["EVENT_TEMPLATES", "event_details", "event_lines", "forces", "notes",
           "past_forces"]
