"""A scenario's rows as one JSON document ("guerra-scenario/1"): what the admin exports, the
management command prints, and what the rules read a scenario from (`scenario_rules`)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from guerra.game.models import RewardKind, Scenario, ScenarioTile

FORMAT = "guerra-scenario/1"

SETTINGS_FIELDS = (
    "wars",
    "rounds_per_war",
    "rounds_per_war_many",
    "many_players",
    "starting_gold",
    "starting_population",
    "population_growth",
    "build_cost",
    "storms",
    "counters_per_war",
    "setup_counters",
    "setup_units",
    "control_markers_per_power",
    "armies_per_power",
    "fleets_per_power",
    "forts_per_power",
    "ally_deadline_seconds",
)
FLAG_SETTINGS = frozenset({"storms"})
REGION_FLAGS = ("europe", "american", "trade_hub")
COSTS = ("gold", "population", "unrest")
UNIT_FIELDS = ("armies", "fleets", "forts", "control_markers")


def export_scenario(scenario: Scenario) -> dict[str, Any]:
    regions = list(scenario.regions.all())
    tiles = list(scenario.tiles.select_related("region"))
    # Each combat system's own data, when it has any beside its defaults (punti's profiles),
    # its keys sorted: PostgreSQL's jsonb keeps no order, and a file must not depend on the
    # database it came from.
    combat_data = {name: json.loads(json.dumps(data, sort_keys=True))
                   for name, data in sorted((scenario.combat_data or {}).items()) if data}
    return {
        "format": FORMAT,
        "name": scenario.name,
        "description": scenario.description,
        "procedure": scenario.procedure,
        **({"combat_data": combat_data} if combat_data else {}),
        **{field: getattr(scenario, field) for field in SETTINGS_FIELDS},
        "powers": [
            {
                "name": p.name,
                "article": p.article,
                "bare_in": p.bare_in,
                "colour": p.colour,
                "home_links": [r.name for r in p.home_links.all()],
            }
            for p in scenario.powers.prefetch_related("home_links")
        ],
        "regions": [
            {
                "name": r.name,
                "article": r.article,
                "bare_in": r.bare_in,
                "sea": r.has_sea,
                **{flag: getattr(r, flag) for flag in REGION_FLAGS},
                "vp": [r.vp_first, r.vp_second, r.vp_third],
                "map": {"path": r.map_path, "label": [r.label_x, r.label_y]},
            }
            for r in regions
        ],
        "land_links": [
            [link.region_a.name, link.region_b.name]
            for link in scenario.land_links.select_related("region_a", "region_b")
        ],
        "neutrals": [
            {
                "region": n.region.name,
                "kind": n.kind,
                "defence": n.defence,
                "reward": None if n.reward_kind == RewardKind.NONE else n.reward_kind,
                "amount": n.amount,
            }
            for n in scenario.neutrals.select_related("region")
        ],
        "tiles": [
            tile_key(t)
            | {"count": t.count, "cost": {what: getattr(t, f"cost_{what}") for what in COSTS}}
            for t in tiles
        ],
        "starting_positions": [
            {"power": s.power.name, "region": s.region.name}
            | {field: getattr(s, field) for field in UNIT_FIELDS}
            for s in scenario.starting_positions.select_related("power", "region")
        ],
        "starting_tiles": [
            {"power": s.power.name} | tile_key(s.tile) | {"count": s.count}
            for s in scenario.starting_tiles.select_related("power", "tile__region").order_by(
                "power__order", "tile__kind", "tile__region__order"
            )
        ],
    }


def tile_key(tile: ScenarioTile) -> dict[str, Any]:
    return {"kind": tile.kind, "region": tile.region.name if tile.region else None}


def dumps(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def export_filename(scenario: Scenario) -> str:
    """"europa-1700-partenza-rapida.json": the scenario's name as a file name any system takes
    (ASCII letters, digits and hyphens; accents dropped, the rest joined by hyphens)."""
    ascii_name = unicodedata.normalize("NFKD", scenario.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:80].rstrip("-")
    return f"{slug or 'scenario'}.json"
