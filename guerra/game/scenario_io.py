"""Scenarios as JSON: export, validate, import (create or replace). One format for the
management commands, the admin's import page and the default scenario shipped with the code."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .models import (
    RewardKind,
    Scenario,
    ScenarioNeutral,
    ScenarioPower,
    ScenarioRegion,
    ScenarioTile,
    StartingPosition,
    StartingTile,
    TileKind,
)

FORMAT = "guerra-scenario/1"
DEFAULT_SCENARIO_FILE = Path(__file__).resolve().parent / "scenarios" / "europa_1700.json"

SETTINGS_FIELDS = (
    "wars",
    "rounds_per_war",
    "starting_gold",
    "control_markers_per_power",
    "armies_per_power",
    "fleets_per_power",
    "forts_per_power",
    "ally_deadline_seconds",
)
UNIT_FIELDS = ("armies", "fleets", "forts", "control_markers")


class ScenarioFileError(Exception):
    """A scenario file that cannot be imported; the message is Italian and says where."""


# --- export -----------------------------------------------------------------------------------


def export_scenario(scenario: Scenario) -> dict[str, Any]:
    regions = list(scenario.regions.all())
    tiles = list(scenario.tiles.select_related("region"))
    return {
        "format": FORMAT,
        "name": scenario.name,
        "description": scenario.description,
        **{field: getattr(scenario, field) for field in SETTINGS_FIELDS},
        "powers": [{"name": p.name, "colour": p.colour} for p in scenario.powers.all()],
        "regions": [
            {
                "name": r.name,
                "sea": r.has_sea,
                "vp": [r.vp_first, r.vp_second, r.vp_third],
                "map": {"path": r.map_path, "label": [r.label_x, r.label_y]},
            }
            for r in regions
        ],
        "neutrals": [
            {
                "region": n.region.name,
                "defence": n.defence,
                "reward": None if n.reward_kind == RewardKind.NONE else n.reward_kind,
                "amount": n.amount,
            }
            for n in scenario.neutrals.select_related("region")
        ],
        "tiles": [_tile_key(t) | {"count": t.count} for t in tiles],
        "starting_positions": [
            {"power": s.power.name, "region": s.region.name}
            | {field: getattr(s, field) for field in UNIT_FIELDS}
            for s in scenario.starting_positions.select_related("power", "region")
        ],
        "starting_tiles": [
            {"power": s.power.name} | _tile_key(s.tile) | {"count": s.count}
            for s in scenario.starting_tiles.select_related("power", "tile__region").order_by(
                "power__order", "tile__kind", "tile__region__order"
            )
        ],
    }


def _tile_key(tile: ScenarioTile) -> dict[str, Any]:
    return {"kind": tile.kind, "region": tile.region.name if tile.region else None}


def dumps(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# --- reading ----------------------------------------------------------------------------------


class _Reader:
    """Typed access to the decoded JSON with Italian errors that say where the problem is."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ScenarioFileError(_("%(where)s: an object {…} was expected.") % {"where": where})
        self.data = data
        self.where = where

    def _get(self, key: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise ScenarioFileError(
                    _("%(where)s: the field “%(field)s” is missing.")
                    % {"where": self.where, "field": key}
                )
            return default
        return self.data[key]

    def text(self, key: str, default: Any = ..., max_length: int = 100) -> str:
        value = self._get(key, default)
        if not isinstance(value, str) or (default is ... and not value.strip()):
            raise self.bad(key, _("a non-empty text"))
        if len(value) > max_length:
            raise self.bad(key, _("a text of at most %(n)d characters") % {"n": max_length})
        return value

    def number(self, key: str, default: Any = ..., low: int = 0, high: int = 32767) -> int:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.bad(
                key, _("a whole number from %(low)d to %(high)d") % {"low": low, "high": high}
            )
        return value

    def flag(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self.bad(key, _("true or false"))
        return value

    def items(self, key: str) -> list[_Reader]:
        value = self._get(key, [])
        if not isinstance(value, list):
            raise self.bad(key, _("a list […]"))
        return [_Reader(item, f"{self.where} › {key}[{i + 1}]") for i, item in enumerate(value)]

    def bad(self, key: str, expected: str) -> ScenarioFileError:
        return ScenarioFileError(
            _("%(where)s: “%(field)s” must be %(expected)s.")
            % {"where": self.where, "field": key, "expected": expected}
        )


def parse(text: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(text.decode("utf-8-sig") if isinstance(text, bytes) else text)
    except UnicodeDecodeError as exc:
        raise ScenarioFileError(_("The file is not UTF-8 text.")) from exc
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(
            _("The file is not valid JSON (line %(line)d, column %(column)d).")
            % {"line": exc.lineno, "column": exc.colno}
        ) from exc
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
    root = _Reader(dict(data), _("scenario"))
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
                    scenario.regions,
                    scenario.powers,
                ):
                    related.all().delete()
            _fill(scenario, root)
    except ValidationError as exc:
        raise ScenarioFileError(_validation_text(exc)) from exc
    return scenario, not created


def _fill(scenario: Scenario, root: _Reader) -> None:
    scenario.description = root.text("description", "", max_length=5000)
    for field in SETTINGS_FIELDS:
        setattr(scenario, field, root.number(field, getattr(scenario, field), high=10**6))
    _save(scenario, root.where)

    powers: dict[str, ScenarioPower] = {}
    for order, item in enumerate(root.items("powers")):
        power = ScenarioPower(
            scenario=scenario,
            name=item.text("name", max_length=60),
            colour=item.text("colour", max_length=7),
            order=order,
        )
        _unique(powers, power.name, item)
        powers[power.name] = _save(power, item.where)
    if len(powers) < 2:
        raise ScenarioFileError(_("A scenario needs at least 2 powers."))

    regions: dict[str, ScenarioRegion] = {}
    for order, item in enumerate(root.items("regions")):
        vp = item.data.get("vp", [0, 0, 0])
        if not (isinstance(vp, list) and len(vp) == 3 and all(_small(v) for v in vp)):
            raise item.bad("vp", _("a list of three whole numbers [1st, 2nd, 3rd]"))
        drawing = _Reader(item.data.get("map", {}), f"{item.where} › map")
        label = drawing.data.get("label", [0, 0])
        if not (isinstance(label, list) and len(label) == 2 and all(_small(v) for v in label)):
            raise drawing.bad("label", _("a list of two whole numbers [x, y]"))
        region = ScenarioRegion(
            scenario=scenario,
            name=item.text("name", max_length=60),
            has_sea=item.flag("sea"),
            vp_first=vp[0],
            vp_second=vp[1],
            vp_third=vp[2],
            order=order,
            map_path=drawing.text("path", "", max_length=20000),
            label_x=label[0],
            label_y=label[1],
        )
        _unique(regions, region.name, item)
        regions[region.name] = _save(region, item.where)
    if not regions:
        raise ScenarioFileError(_("A scenario needs at least one region."))

    for item in root.items("neutrals"):
        reward = item.data.get("reward")
        if reward not in (None, RewardKind.GOLD, RewardKind.VP):
            raise item.bad("reward", _("null, “gold” or “vp”"))
        defence = item.number("defence", low=1, high=9)
        _save(
            ScenarioNeutral(
                scenario=scenario,
                region=_pick(regions, item, "region"),
                defence=defence,
                reward_kind=reward or RewardKind.NONE,
                amount=item.number("amount", defence if reward else 0, high=99),
            ),
            item.where,
        )

    tiles: dict[tuple[str, str | None], ScenarioTile] = {}
    for item in root.items("tiles"):
        tile = ScenarioTile(
            scenario=scenario,
            kind=_tile_kind(item),
            count=item.number("count", 1, high=999),
            region=_pick(regions, item, "region") if item.data.get("region") is not None else None,
        )
        key = (tile.kind, tile.region.name if tile.region else None)
        if key in tiles:
            raise ScenarioFileError(
                _("%(where)s: this tile kind is listed twice.") % {"where": item.where}
            )
        tiles[key] = _save(tile, item.where)

    for item in root.items("starting_positions"):
        position = StartingPosition(
            scenario=scenario,
            power=_pick(powers, item, "power"),
            region=_pick(regions, item, "region"),
            **{field: item.number(field, 0, high=999) for field in UNIT_FIELDS},
        )
        _save(position, item.where)

    for item in root.items("starting_tiles"):
        region_name = item.data.get("region")
        key = (_tile_kind(item), region_name)
        if key not in tiles:
            raise ScenarioFileError(
                _("%(where)s: no such tile kind in “tiles”.") % {"where": item.where}
            )
        _save(
            StartingTile(
                scenario=scenario,
                power=_pick(powers, item, "power"),
                tile=tiles[key],
                count=item.number("count", 1, high=999),
            ),
            item.where,
        )

    problems = supply_problems(scenario)
    if problems:
        raise ScenarioFileError(problems[0])


def _small(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 32767


def _tile_kind(item: _Reader) -> str:
    kind = item.text("kind", max_length=16)
    if kind not in TileKind.values:
        raise item.bad("kind", _("“alliance”, “army_training” or “navy_training”"))
    return kind


def _unique(seen: Mapping[str, Any], name: str, item: _Reader) -> None:
    if name in seen:
        raise ScenarioFileError(
            _("%(where)s: the name “%(name)s” is used twice.") % {"where": item.where, "name": name}
        )


def _pick(options: Mapping[str, Any], item: _Reader, key: str) -> Any:
    name = item.text(key, max_length=60)
    if name not in options:
        raise ScenarioFileError(
            _("%(where)s: “%(name)s” is not one of the scenario's %(what)s.")
            % {
                "where": item.where,
                "name": name,
                "what": _("powers") if key == "power" else _("regions"),
            }
        )
    return options[name]


def _save(obj: Any, where: str) -> Any:
    try:
        obj.full_clean(exclude=["scenario"] if hasattr(obj, "scenario_id") else None)
    except ValidationError as exc:
        raise ScenarioFileError(f"{where}: {_validation_text(exc)}") from exc
    obj.save()
    return obj


def _validation_text(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return " ".join(
            f"{field}: {' '.join(str(m) for m in errors[0].messages)}"
            if field != "__all__"
            else " ".join(str(m) for m in errors[0].messages)
            for field, errors in exc.error_dict.items()
        )
    return " ".join(str(m) for m in exc.messages)


# --- rules that span several rows (import and admin share them) --------------------------------


def supply_problems(
    scenario: Scenario,
    positions: Sequence[tuple[str, Mapping[str, int]]] | None = None,
    starting_tiles: Sequence[tuple[str, ScenarioTile, int]] | None = None,
) -> list[str]:
    """Starting positions and tiles must fit in each power's supply and in the tile box.

    `positions` and `starting_tiles` default to what is saved; the admin passes its form values.
    """
    if positions is None:
        positions = [
            (p.power.name, {f: getattr(p, f) for f in UNIT_FIELDS})
            for p in scenario.starting_positions.select_related("power")
        ]
    if starting_tiles is None:
        starting_tiles = [
            (s.power.name, s.tile, s.count)
            for s in scenario.starting_tiles.select_related("power", "tile__region")
        ]
    limits = {
        "armies": (scenario.armies_per_power, _("armies")),
        "fleets": (scenario.fleets_per_power, _("fleets")),
        "forts": (scenario.forts_per_power, _("forts")),
        "control_markers": (scenario.control_markers_per_power, _("control markers")),
    }
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for power, counts in positions:
        totals[power].update({k: v for k, v in counts.items() if k in limits})
    problems = []
    for power, counts in sorted(totals.items()):
        for field, (limit, label) in limits.items():
            if counts[field] > limit:
                text = _(
                    "%(power)s starts with %(count)d %(what)s, more than its supply of %(limit)d."
                )
                problems.append(
                    text % {"power": power, "count": counts[field], "what": label, "limit": limit}
                )
    handed_out: Counter[int] = Counter()
    tile_by_pk: dict[int, ScenarioTile] = {}
    for _power, tile, count in starting_tiles:
        handed_out[tile.pk] += count
        tile_by_pk[tile.pk] = tile
    for pk, count in handed_out.items():
        tile = tile_by_pk[pk]
        if count > tile.count:
            problems.append(
                _(
                    "%(count)d “%(tile)s” tiles are handed out at the start, but the box holds "
                    "%(limit)d."
                )
                % {"count": count, "tile": str(tile), "limit": tile.count}
            )
    return problems


def ensure_default_scenario() -> Scenario | None:
    """Load the shipped default scenario when the database has no scenario at all."""
    if Scenario.objects.exists():
        return None
    scenario, _replaced = import_scenario(parse(DEFAULT_SCENARIO_FILE.read_bytes()))
    return scenario
