"""E1: the units' profiles (attack points, defence points, health, speed, range), scenario data.

A scenario gives `"combat_data": {"punti": {"profiles": {...}}}`; any kind or field it leaves
out takes E1's default. `read_data` checks it (one Italian line per mistake) and returns the
whole object, so the game always holds every field.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.events import UnitKind
from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, as_obj

FIELDS = ("attack", "defence", "health", "speed", "range")
KINDS: tuple[UnitKind, ...] = ("army", "fleet", "fort")
# The bounds of each field (E1 as the coordinator fixed them): whole numbers, health at least 1.
LIMITS = {"attack": (0, 20), "defence": (0, 20), "health": (1, 20), "speed": (0, 20),
          "range": (0, 3)}


@dataclass(frozen=True)
class Profile:
    """E1: one kind of unit's points."""

    attack: int
    defence: int
    health: int
    speed: int
    range: int

    def to_dict(self) -> dict[str, JSON]:
        return {name: getattr(self, name) for name in FIELDS}


@dataclass(frozen=True)
class Profiles:
    """E1: the profile of each kind of unit."""

    army: Profile
    fleet: Profile
    fort: Profile

    def of(self, kind: str) -> Profile:
        if kind == "army":
            return self.army
        if kind == "fleet":
            return self.fleet
        return self.fort

    def to_dict(self) -> dict[str, JSON]:
        return {kind: self.of(kind).to_dict() for kind in KINDS}


DEFAULT_PROFILES = Profiles(
    army=Profile(attack=2, defence=3, health=2, speed=2, range=1),
    fleet=Profile(attack=2, defence=2, health=2, speed=3, range=0),
    fort=Profile(attack=0, defence=5, health=3, speed=0, range=0),
)


def _number(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(_("Field “{field}” must be a whole number from {low} to {high}.",
                          field=where, low=low, high=high))
    return value


def read_profiles(data: Obj, base: Profiles = DEFAULT_PROFILES,
                  where: str = "profiles") -> Profiles:
    """E1: per kind, the fields that differ from `base` (`{"army": {"defence": 4}}`); an
    unknown kind or field, or a number out of bounds, is a `DataError`."""
    found: dict[str, Profile] = {}
    for kind in data:
        if kind not in KINDS:
            raise DataError(_("Unknown kind of unit “{kind}” in “{field}” (army, fleet or "
                              "fort).", kind=kind, field=where))
    for kind in KINDS:
        given = as_obj(data.get(kind, {}), f"{where}.{kind}")
        for name in given:
            if name not in FIELDS:
                raise DataError(_("Unknown field “{field}” (attack, defence, health, speed or "
                                  "range).", field=f"{where}.{kind}.{name}"))
        values = base.of(kind).to_dict()
        for name in FIELDS:
            if name in given:
                low, high = LIMITS[name]
                values[name] = _number(given[name], f"{where}.{kind}.{name}", low, high)
        found[kind] = Profile(**{name: _int(values[name]) for name in FIELDS})
    return Profiles(found["army"], found["fleet"], found["fort"])


def _int(value: JSON) -> int:
    assert isinstance(value, int)
    return value


def read_data(data: Obj) -> dict[str, JSON]:
    """The scenario's data of "punti" (`{"profiles": {...}}`), checked and completed."""
    for key in data:
        if key != "profiles":
            raise DataError(_("Unknown field “{field}” in the data of “punti” (only "
                              "“profiles”).", field=key))
    profiles = read_profiles(as_obj(data.get("profiles", {}), "profiles"))
    return {"profiles": profiles.to_dict()}


def profiles_of(data: Obj) -> Profiles:
    """The profiles held in checked scenario data (an empty object: E1's defaults)."""
    return read_profiles(as_obj(data.get("profiles", {}), "profiles"))
