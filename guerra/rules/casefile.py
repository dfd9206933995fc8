"""What the case files of every procedure share: the region and the main players read the same
way, and the report of what an attack changed for each power, read from the effect events the
web layer would apply (attack-rules.md, "The rules command")."""

from __future__ import annotations

from collections.abc import Iterable

from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.forces import Force, Region
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, get_bool, get_obj, get_str

PLURAL = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def read_region(case: Obj) -> Region:
    region = get_obj(case, "region")
    # The case format spells the region's flag "sea"; the state spells it "has_sea".
    return Region(get_str(region, "name", "region"), get_bool(region, "sea", "region"))


def read_defender(case: Obj) -> Force:
    # The case format makes the defender's gold optional: the defender pays nothing.
    return Force.from_dict(get_obj(case, "defender"), "defender", gold_required=False)


def power_report(powers: Iterable[str], events: Iterable[Event]) -> dict[str, JSON]:
    """Per power: units lost by kind, unrest taken, gold and VP changes."""
    tallies = {p: {"armies": 0, "fleets": 0, "forts": 0, "unrest": 0, "gold": 0, "vp": 0}
               for p in powers}
    for event in events:
        if isinstance(event, UnitLost):
            tallies[event.power][PLURAL[event.kind]] += event.count
        elif isinstance(event, UnrestGained):
            tallies[event.power]["unrest"] += event.amount
        elif isinstance(event, GoldChanged):
            tallies[event.power]["gold"] += event.delta
        elif isinstance(event, VpChanged):
            tallies[event.power]["vp"] += event.delta
    return {
        power: {"losses": {"armies": t["armies"], "fleets": t["fleets"], "forts": t["forts"]},
                "unrest": t["unrest"], "gold": t["gold"], "vp": t["vp"]}
        for power, t in tallies.items()
    }


def control_report(events: Iterable[Event]) -> dict[str, int]:
    """How many control markers the attacking side placed and the defender removed."""
    found = {"attacker_gains": 0, "defender_loses": 0}
    for event in events:
        if isinstance(event, ControlPlaced):
            found["attacker_gains"] += 1
        elif isinstance(event, ControlRemoved):
            found["defender_loses"] += 1
    return found
