"""Scenarios as JSON: export, validate, import (create or replace). One format for the
management commands, the admin's import page and the scenarios shipped with the code.

Format "guerra-scenario/1". Keys added since the first files are optional, and an older file
imports with their defaults: regions' "article", "bare_in", "europe", "american", "trade_hub";
powers' "article", "bare_in", "home_links"; "land_links"; counters' "kind"; tiles' "cost"; the
settings "rounds_per_war_many", "many_players", "starting_population", "population_growth",
"build_cost", "storms", "counters_per_war", "setup_counters", "setup_units"; "combat_data" (each
combat system's own part, checked by it: `combat_data.py`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from guerra.game.models import (
    CounterKind,
    RewardKind,
    Scenario,
    ScenarioLandLink,
    ScenarioNeutral,
    ScenarioPower,
    ScenarioRegion,
    ScenarioTile,
    StartingPosition,
    StartingTile,
    TileKind,
)
from guerra.game.models.scenario import procedure_choices
from guerra.game.scenarios.checks import scenario_check
from guerra.game.scenarios.combat_data import read_combat_data
from guerra.game.scenarios.export import (
    COSTS,
    FLAG_SETTINGS,
    FORMAT,
    REGION_FLAGS,
    SETTINGS_FIELDS,
    UNIT_FIELDS,
    dumps,
    export_scenario,
)
from guerra.game.scenarios.reader import (
    Reader,
    ScenarioFileError,
    pick,
    save,
    small,
    unique,
    validation_text,
)
from guerra.game.text.grammar import art_of

SCENARIOS_DIR = Path(__file__).resolve().parent
DEFAULT_SCENARIO_FILE = SCENARIOS_DIR / "europa_1700.json"
QUICK_START_SCENARIO_FILE = SCENARIOS_DIR / "europa_1700_partenza_rapida.json"
# Loaded, in this order, into a database that has no scenario yet.
SHIPPED_SCENARIO_FILES = (DEFAULT_SCENARIO_FILE, QUICK_START_SCENARIO_FILE)

__all__ = [
    "DEFAULT_SCENARIO_FILE",
    "FORMAT",
    "QUICK_START_SCENARIO_FILE",
    "SHIPPED_SCENARIO_FILES",
    "UNIT_FIELDS",
    "ScenarioFileError",
    "dumps",
    "ensure_default_scenario",
    "export_scenario",
    "import_scenario",
    "parse",
]


# --- reading ----------------------------------------------------------------------------------


def parse(text: str | bytes) -> dict[str, Any]:
    """The file's JSON, or a ScenarioFileError that says in Italian what is wrong with it: every
    way decoding can fail (bytes that are not UTF-8, JSON nested deeper than Python recurses, a
    number of more than 4300 digits, an escaped lone surrogate that no database can store) is
    caught here, at the edge."""
    try:
        decoded = text.decode("utf-8-sig") if isinstance(text, bytes) else text
    except UnicodeDecodeError as exc:
        raise ScenarioFileError(_("The file is not UTF-8 text.")) from exc
    try:
        data = json.loads(decoded)
        # "\ud800" in the file decodes to a lone surrogate, which cannot be encoded again.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(
            _("The file is not valid JSON (line %(line)d, column %(column)d).")
            % {"line": exc.lineno, "column": exc.colno}
        ) from exc
    except RecursionError:
        raise ScenarioFileError(_("The file is nested too deeply to be a scenario.")) from None
    except UnicodeEncodeError:
        raise ScenarioFileError(
            _("The file holds text that is not valid Unicode (a lone surrogate).")
        ) from None
    except ValueError as exc:  # a number too long for Python to read
        raise ScenarioFileError(_("The file holds a number too long to read.")) from exc
    if not isinstance(data, dict):
        raise ScenarioFileError(_("The file must hold one scenario object {…}."))
    if data.get("format") != FORMAT:
        raise ScenarioFileError(
            _("Unknown file format: “format” must be “%(format)s”.") % {"format": FORMAT}
        )
    return data


# --- import -----------------------------------------------------------------------------------


def import_scenario(data: Mapping[str, Any]) -> tuple[Scenario, bool]:
    """Create the scenario named in `data`, or replace the one of that name. All or nothing.

    Returns the scenario and whether it replaced an existing one. Replacing keeps the scenario's
    row (games started from it keep their link) and rebuilds everything inside it.
    """
    root = Reader(dict(data), _("scenario"))
    name = root.text("name")
    try:
        with transaction.atomic():
            scenario, created = Scenario.objects.get_or_create(name=name)
            if not created:
                for related in (
                    scenario.starting_tiles,
                    scenario.starting_positions,
                    scenario.tiles,
                    scenario.neutrals,
                    scenario.land_links,
                    scenario.regions,
                    scenario.powers,
                ):
                    related.all().delete()
            _fill(scenario, root)
    except ValidationError as exc:
        raise ScenarioFileError(validation_text(exc)) from exc
    except IntegrityError as exc:  # a duplicate the checks above missed: still all or nothing
        raise ScenarioFileError(_("The file lists twice something that must be unique.")) from exc
    return scenario, not created


def _fill(scenario: Scenario, root: Reader) -> None:
    scenario.description = root.text("description", "", max_length=5000, multiline=True)
    scenario.procedure = root.text("procedure", _default(Scenario, "procedure"), max_length=40)
    if scenario.procedure not in dict(procedure_choices()):
        raise root.bad("procedure", _("the name of a combat system (%(names)s)") % {
            "names": ", ".join(f"“{name}”" for name, _label in procedure_choices())})
    scenario.combat_data = read_combat_data(root)
    for field in SETTINGS_FIELDS:
        # A key the file lacks takes the default, also when it replaces a scenario.
        default = _default(Scenario, field)
        if field in FLAG_SETTINGS:
            setattr(scenario, field, root.flag(field, default))
        else:
            setattr(scenario, field, root.number(field, default, high=10**6))
    save(scenario, root.where)
    powers, home_links = _fill_powers(scenario, root)
    regions = _fill_regions(scenario, root)
    for power, item in home_links:
        names = item.data.get("home_links", [])
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise item.bad("home_links", _("a list of region names […]"))
        power.home_links.set(
            [pick(regions, Reader({"region": n}, item.where), "region") for n in names]
        )
    _fill_land_links(scenario, root, regions)
    _fill_counters(scenario, root, regions)
    tiles = _fill_tiles(scenario, root, regions)
    _fill_starting(scenario, root, powers, regions, tiles)
    problems = scenario_check(scenario)
    if problems:
        raise ScenarioFileError(problems[0])


def _fill_powers(
    scenario: Scenario, root: Reader
) -> tuple[dict[str, ScenarioPower], list[tuple[ScenarioPower, Reader]]]:
    powers: dict[str, ScenarioPower] = {}
    read: list[tuple[ScenarioPower, Reader]] = []
    for order, item in enumerate(root.items("powers")):
        power = ScenarioPower(
            scenario=scenario,
            name=item.text("name", max_length=60),
            article=item.text("article", "", max_length=3),
            bare_in=item.flag("bare_in", False),
            colour=item.text("colour", max_length=7),
            order=order,
        )
        unique(powers, power.name, item)
        powers[power.name] = save(power, item.where)
        read.append((power, item))
    if len(powers) < 2:
        raise ScenarioFileError(_("A scenario needs at least 2 powers."))
    return powers, read


def _fill_regions(scenario: Scenario, root: Reader) -> dict[str, ScenarioRegion]:
    regions: dict[str, ScenarioRegion] = {}
    for order, item in enumerate(root.items("regions")):
        vp = item.data.get("vp", [0, 0, 0])
        if not (isinstance(vp, list) and len(vp) == 3 and all(small(v) for v in vp)):
            raise item.bad("vp", _("a list of three whole numbers [1st, 2nd, 3rd]"))
        drawing = Reader(item.data.get("map", {}), f"{item.where} › map")
        label = drawing.data.get("label", [0, 0])
        if not (isinstance(label, list) and len(label) == 2 and all(small(v) for v in label)):
            raise drawing.bad("label", _("a list of two whole numbers [x, y]"))
        region = ScenarioRegion(
            scenario=scenario,
            name=item.text("name", max_length=60),
            article=item.text("article", "", max_length=3),
            bare_in=item.flag("bare_in", False),
            has_sea=item.flag("sea"),
            **{
                flag: item.flag(flag, _default(ScenarioRegion, flag))
                for flag in REGION_FLAGS
            },
            vp_first=vp[0],
            vp_second=vp[1],
            vp_third=vp[2],
            order=order,
            map_path=drawing.text("path", "", max_length=20000, multiline=True),
            label_x=label[0],
            label_y=label[1],
        )
        unique(regions, region.name, item)
        regions[region.name] = save(region, item.where)
    if not regions:
        raise ScenarioFileError(_("A scenario needs at least one region."))
    return regions


def _fill_land_links(
    scenario: Scenario, root: Reader, regions: Mapping[str, ScenarioRegion]
) -> None:
    pairs = root.data.get("land_links", [])
    if not isinstance(pairs, list):
        raise root.bad("land_links", _("a list […]"))
    for i, pair in enumerate(pairs):
        where = f"{root.where} › land_links[{i + 1}]"
        names = pair if isinstance(pair, list) else []
        if len(names) != 2 or not all(isinstance(name, str) for name in names):
            raise ScenarioFileError(
                _("%(where)s: a land link must be a list of two region names [“A”, “B”].")
                % {"where": where}
            )
        a, b = (pick(regions, Reader({"region": name}, where), "region") for name in names)
        save(ScenarioLandLink(scenario=scenario, region_a=a, region_b=b), where)


def _fill_counters(
    scenario: Scenario, root: Reader, regions: Mapping[str, ScenarioRegion]
) -> None:
    for item in root.items("neutrals"):
        kind = item.data.get("kind", CounterKind.NUMBERED)
        if kind not in CounterKind.values:
            raise item.bad("kind", _("“numbered”, “population” or “trade”"))
        reward = item.data.get("reward")
        if reward not in (None, RewardKind.GOLD, RewardKind.VP):
            raise item.bad("reward", _("null, “gold” or “vp”"))
        if kind == CounterKind.NUMBERED:
            defence = item.number("defence", low=1, high=9)
        else:
            defence = item.number("defence", 0, high=9)
        save(
            ScenarioNeutral(
                scenario=scenario,
                region=pick(regions, item, "region"),
                kind=kind,
                defence=defence,
                reward_kind=reward or RewardKind.NONE,
                amount=item.number("amount", defence if reward else 0, high=99),
            ),
            item.where,
        )


def _fill_tiles(
    scenario: Scenario, root: Reader, regions: Mapping[str, ScenarioRegion]
) -> dict[tuple[str, str | None], ScenarioTile]:
    tiles: dict[tuple[str, str | None], ScenarioTile] = {}
    for item in root.items("tiles"):
        cost = Reader(item.data.get("cost", {}), f"{item.where} › cost")
        tile = ScenarioTile(
            scenario=scenario,
            kind=_tile_kind(item),
            count=item.number("count", 1, high=999),
            region=pick(regions, item, "region") if item.data.get("region") is not None else None,
            **{f"cost_{what}": cost.number(what, 0, high=999) for what in COSTS},
        )
        key = (tile.kind, tile.region.name if tile.region else None)
        if key in tiles:
            raise ScenarioFileError(
                _("%(where)s: this tile kind is listed twice.") % {"where": item.where}
            )
        tiles[key] = save(tile, item.where)
    return tiles


def _fill_starting(
    scenario: Scenario,
    root: Reader,
    powers: Mapping[str, ScenarioPower],
    regions: Mapping[str, ScenarioRegion],
    tiles: Mapping[tuple[str, str | None], ScenarioTile],
) -> None:
    placed: set[tuple[str, str]] = set()
    for item in root.items("starting_positions"):
        position = StartingPosition(
            scenario=scenario,
            power=pick(powers, item, "power"),
            region=pick(regions, item, "region"),
            **{field: item.number(field, 0, high=999) for field in UNIT_FIELDS},
        )
        spot = (position.power.name, position.region.name)
        if spot in placed:
            raise ScenarioFileError(
                _("%(where)s: a second starting position of %(power)s %(region)s.")
                % {"where": item.where, "power": art_of(position.power, "di"),
                   "region": art_of(position.region, "in")}
            )
        placed.add(spot)
        save(position, item.where)

    handed: set[tuple[str, int]] = set()
    for item in root.items("starting_tiles"):
        region_name = item.data.get("region")
        key = (_tile_kind(item), region_name)
        if key not in tiles:
            raise ScenarioFileError(
                _("%(where)s: no such tile kind in “tiles”.") % {"where": item.where}
            )
        power = pick(powers, item, "power")
        if (power.name, tiles[key].pk) in handed:
            raise ScenarioFileError(
                _("%(where)s: this tile is already given to %(power)s.")
                % {"where": item.where, "power": art_of(power, "a")}
            )
        handed.add((power.name, tiles[key].pk))
        save(
            StartingTile(
                scenario=scenario,
                power=power,
                tile=tiles[key],
                count=item.number("count", 1, high=999),
            ),
            item.where,
        )


def _default(model: type[models.Model], name: str) -> Any:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field.get_default()


def _tile_kind(item: Reader) -> str:
    kind = item.text("kind", max_length=16)
    if kind not in TileKind.values:
        choices = ", ".join(TileKind.values)
        raise item.bad("kind", _("one of: %(choices)s") % {"choices": choices})
    return kind


def ensure_default_scenario() -> list[Scenario]:
    """Load the shipped scenarios ("Europa 1700" and its quick start) when the database has no
    scenario at all; returns what it loaded."""
    if Scenario.objects.exists():
        return []
    with transaction.atomic():
        return [import_scenario(parse(path.read_bytes()))[0] for path in SHIPPED_SCENARIO_FILES]
