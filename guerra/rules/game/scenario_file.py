"""A scenario file, as the admin exports it ("guerra-scenario/1"), read into `ScenarioRules`.

The web layer builds the same values from its rows by exporting them first, so a scenario file
and a scenario in the database always mean the same game; the benchmark and the tests play the
shipped files directly, without Django. Keys missing from older files take the rules' defaults.
"""

from __future__ import annotations

import json
from pathlib import Path

from guerra.rules.flowchart import get_procedure
from guerra.rules.game.scenario import (
    CounterSpec,
    FixedPosition,
    FixedTile,
    PowerSpec,
    RegionSpec,
    ScenarioRules,
    StartValues,
    Supply,
    TileSpec,
)
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_list,
    as_obj,
    as_str,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_opt_str,
    get_str,
    invalid,
)

SCENARIOS = Path(__file__).resolve().parents[2] / "game" / "scenarios"
DEFAULTS = ScenarioRules(powers=(), regions=())


def _objects(data: Obj, key: str) -> list[tuple[Obj, str]]:
    return [(as_obj(item, f"{key}[{i}]"), f"{key}[{i}]")
            for i, item in enumerate(get_list(data, key, optional=True))]


def _int(data: Obj, key: str, default: int, where: str = "") -> int:
    return get_int(data, key, where, default=default) if key in data else default


def read_scenario(data: Obj) -> ScenarioRules:
    powers = tuple(
        PowerSpec(get_str(p, "name", w),
                  tuple(as_str(r, f"{w}.home_links") for r in get_list(p, "home_links", w,
                                                                          optional=True)))
        for p, w in _objects(data, "powers")
    )
    regions = tuple(_region(r, w) for r, w in _objects(data, "regions"))
    links = []
    for i, pair in enumerate(get_list(data, "land_links", optional=True)):
        names = as_list(pair, f"land_links[{i}]")
        if len(names) != 2:
            raise invalid(f"land_links[{i}]")
        links.append((as_str(names[0], f"land_links[{i}]"), as_str(names[1], f"land_links[{i}]")))
    d = DEFAULTS
    return ScenarioRules(
        powers=powers, regions=regions, land_links=tuple(links),
        counters=tuple(_counter(c, w, i + 1) for i, (c, w) in enumerate(_objects(data,
                                                                                  "neutrals"))),
        tiles=tuple(_tile(t, w) for t, w in _objects(data, "tiles")),
        supply=Supply(_int(data, "armies_per_power", d.supply.armies),
                      _int(data, "fleets_per_power", d.supply.fleets),
                      _int(data, "forts_per_power", d.supply.forts),
                      _int(data, "control_markers_per_power", d.supply.markers)),
        start=StartValues(_int(data, "starting_gold", d.start.gold),
                          _int(data, "starting_population", d.start.population)),
        wars=_int(data, "wars", d.wars), rounds=_int(data, "rounds_per_war", d.rounds),
        rounds_many=_int(data, "rounds_per_war_many", d.rounds_many),
        many_players=_int(data, "many_players", d.many_players),
        population_growth=_int(data, "population_growth", d.population_growth),
        build_cost=_int(data, "build_cost", d.build_cost),
        storms=get_bool(data, "storms", default=d.storms),
        counters_per_war=_int(data, "counters_per_war", d.counters_per_war),
        setup_counters=_int(data, "setup_counters", d.setup_counters),
        setup_units=_int(data, "setup_units", d.setup_units),
        fixed_positions=tuple(
            FixedPosition(get_str(s, "power", w), get_opt_str(s, "region", w),
                          _int(s, "armies", 0, w), _int(s, "fleets", 0, w),
                          _int(s, "forts", 0, w), _int(s, "control_markers", 0, w))
            for s, w in _objects(data, "starting_positions")),
        fixed_tiles=tuple(
            FixedTile(get_str(s, "power", w), _key(s, w), _int(s, "count", 1, w))
            for s, w in _objects(data, "starting_tiles")),
        procedure=get_str(data, "procedure") if "procedure" in data else d.procedure,
        combat_data=_combat_data(data),
    )


def _combat_data(data: Obj) -> tuple[tuple[str, str], ...]:
    """Each combat system's part ("combat_data": {"punti": {...}}), checked and completed by
    its procedure (`Procedure.read_data`); a name no procedure has is refused."""
    found = []
    for name, value in sorted(get_obj(data, "combat_data").items()
                              if "combat_data" in data else ()):
        try:
            procedure = get_procedure(name)
        except LookupError:
            raise DataError(_("Unknown procedure “{name}”.", name=name)) from None
        checked = procedure.read_data(as_obj(value, f"combat_data.{name}"))
        found.append((name, json.dumps(checked, sort_keys=True, separators=(",", ":"))))
    return tuple(found)


def _region(data: Obj, where: str) -> RegionSpec:
    vp = [get_int({"vp": v}, "vp", where) for v in get_list(data, "vp", where)]
    if len(vp) != 3:
        raise invalid(f"{where}.vp")
    return RegionSpec(get_str(data, "name", where), get_bool(data, "sea", where),
                      get_bool(data, "europe", where, default=True), (vp[0], vp[1], vp[2]),
                      get_bool(data, "american", where, default=False),
                      get_bool(data, "trade_hub", where, default=False))


def _counter(data: Obj, where: str, number: int) -> CounterSpec:
    kind = data.get("kind", "numbered")
    reward = data.get("reward")
    if kind not in ("numbered", "population", "trade") or reward not in (None, "gold", "vp"):
        raise invalid(where)
    return CounterSpec(number, get_str(data, "region", where), kind,
                       _int(data, "defence", 0, where), reward, _int(data, "amount", 0, where))


def _key(data: Obj, where: str) -> str:
    effect, region = get_str(data, "kind", where), get_opt_str(data, "region", where)
    return effect if region is None else f"{effect}:{region}"


def _tile(data: Obj, where: str) -> TileSpec:
    cost = get_obj(data, "cost", where) if "cost" in data else {}
    return TileSpec(get_str(data, "kind", where), _int(data, "count", 1, where),
                    _int(cost, "gold", 0, where), _int(cost, "population", 0, where),
                    _int(cost, "unrest", 0, where), get_opt_str(data, "region", where))


def read_scenario_file(path: Path) -> ScenarioRules:
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DataError(invalid(str(path)).message) from error
    return read_scenario(as_obj(data, "scenario"))


def shipped(name: str = "europa_1700") -> ScenarioRules:
    """One of the scenarios shipped with the game (guerra/game/scenarios/NAME.json)."""
    return read_scenario_file(SCENARIOS / f"{name}.json")
