"""K1/K2: the units' ratings (Disciplina, Astuzia, Rapidità, Forza) and integrity, scenario data.

A scenario gives `"combat_data": {"piano": {"ratings": {...}, "integrity": {...}}}`; any kind it
leaves out takes K1's or K2's default. `read_data` checks it (one Italian line per mistake) and
returns the whole object, so the game always holds every kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, as_list, as_obj

# K1: the four characteristics, in the order of the ratings and of K3's ties.
CHARACTERISTICS = ("disciplina", "astuzia", "rapidita", "forza")
KINDS = ("army", "fleet", "fort")
RATING_LIMITS = (1, 6)  # K1: each rating from 1 to 6
INTEGRITY_LIMITS = (1, 9)  # K2 (a ruling): each integrity from 1 to 9


@dataclass(frozen=True)
class PianoData:
    """K1's four ratings per kind (in `CHARACTERISTICS` order) and K2's integrity per kind."""

    army: tuple[int, ...] = (4, 2, 2, 4)
    fleet: tuple[int, ...] = (2, 3, 5, 3)
    fort: tuple[int, ...] = (5, 1, 1, 5)
    army_integrity: int = 2
    fleet_integrity: int = 2
    fort_integrity: int = 3

    def ratings(self, kind: str) -> tuple[int, ...]:
        return self.army if kind == "army" else self.fleet if kind == "fleet" else self.fort

    def integrity(self, kind: str) -> int:
        if kind == "army":
            return self.army_integrity
        return self.fleet_integrity if kind == "fleet" else self.fort_integrity

    def to_dict(self) -> dict[str, JSON]:
        return {"ratings": {kind: list(self.ratings(kind)) for kind in KINDS},
                "integrity": {kind: self.integrity(kind) for kind in KINDS}}


DEFAULT_DATA = PianoData()


def _whole(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(_("Field “{field}” must be a whole number from {low} to {high}.",
                          field=where, low=low, high=high))
    return value


def _kinds(data: Obj, where: str) -> None:
    for kind in data:
        if kind not in KINDS:
            raise DataError(_("Unknown kind of unit “{kind}” in “{field}” (army, fleet or "
                              "fort).", kind=kind, field=where))


def read_piano_data(data: Obj, base: PianoData = DEFAULT_DATA) -> PianoData:
    """K1/K2: `ratings` (per kind a list of four whole numbers 1-6) and `integrity` (per kind
    a whole number 1-9), each kind where it differs from `base`; anything else is a
    `DataError`."""
    raw_ratings = data.get("ratings")
    ratings = as_obj(raw_ratings, "ratings") if raw_ratings is not None else {}
    raw_integrity = data.get("integrity")
    integrity = as_obj(raw_integrity, "integrity") if raw_integrity is not None else {}
    _kinds(ratings, "ratings")
    _kinds(integrity, "integrity")
    found: dict[str, tuple[int, ...]] = {}
    for kind in KINDS:
        if kind not in ratings:
            found[kind] = base.ratings(kind)
            continue
        where = f"ratings.{kind}"
        values = as_list(ratings[kind], where)
        if len(values) != len(CHARACTERISTICS):
            raise DataError(_("Field “{field}” must list four ratings (Disciplina, Astuzia, "
                              "Rapidità, Forza).", field=where))
        found[kind] = tuple(_whole(v, f"{where}[{i}]", *RATING_LIMITS)
                            for i, v in enumerate(values))
    whole = {kind: _whole(integrity[kind], f"integrity.{kind}", *INTEGRITY_LIMITS)
             if kind in integrity else base.integrity(kind) for kind in KINDS}
    return PianoData(found["army"], found["fleet"], found["fort"], whole["army"],
                     whole["fleet"], whole["fort"])


def read_data(data: Obj) -> dict[str, JSON]:
    """The scenario's data of "piano" (`{"ratings": {...}, "integrity": {...}}`), checked and
    completed with the defaults."""
    for key in data:
        if key not in ("ratings", "integrity"):
            raise DataError(_("Unknown field “{field}” in the data of “piano” (only "
                              "“ratings” and “integrity”).", field=key))
    return read_piano_data(data).to_dict()


def data_of(data: Obj) -> PianoData:
    """The data held in checked scenario data (an empty object: the defaults)."""
    return read_piano_data(data)
