"""The scenario as the game machine reads it (section 1 of game-rules.md): plain frozen values.

The web layer builds one `ScenarioRules` from the scenario's rows when a game starts and keeps
it inside the game's state, so editing the scenario later never changes a running game. Every
number marked *data* in game-rules.md is a field here, with the rules' default.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from guerra.rules.i18n import Message, _
from guerra.rules.jsonvalue import Obj, as_obj

CounterKind = Literal["numbered", "population", "trade"]
Reward = Literal["gold", "vp"]
UnitKind = Literal["army", "fleet", "fort"]
MobileKind = Literal["army", "fleet"]
MOBILE: tuple[MobileKind, MobileKind] = ("army", "fleet")


@dataclass(frozen=True)
class PowerSpec:
    """G2/G32: a power and the regions its home is linked to by land."""

    name: str
    home_links: tuple[str, ...] = ()


@dataclass(frozen=True)
class RegionSpec:
    """G5: a scoring region. `vp` holds 1st/2nd/3rd place; a colony scores two places."""

    name: str
    has_sea: bool
    europe: bool
    vp: tuple[int, int, int]
    american: bool = False  # G33: the American block (no ocean voyage inside it)
    trade_hub: bool = False  # G37: a fleet here allows Trade (default: Africa)

    @property
    def places(self) -> int:
        """G54: Europe scores three places, colonies two."""
        return 3 if self.europe else 2


@dataclass(frozen=True)
class CounterSpec:
    """G6: a neutral counter of the pool, printed with its region and kind.

    A numbered counter is an attack target (rules N): `defence`, and a reward of `amount`
    gold or VP (N3) or none.
    """

    id: int
    region: str
    kind: CounterKind
    defence: int = 0
    reward: Reward | None = None
    amount: int = 0


@dataclass(frozen=True)
class TileSpec:
    """G7/G40: a kind of tile in the market. `effect` names a hook of `tiles.EFFECTS`."""

    effect: str
    copies: int
    gold: int = 0
    population: int = 0
    unrest: int = 0
    region: str | None = None

    @property
    def key(self) -> str:
        """How inputs and the state name this tile: "bank", "alliance:Baltico"."""
        return self.effect if self.region is None else f"{self.effect}:{self.region}"


@dataclass(frozen=True)
class Supply:
    """G3: each power's supply."""

    armies: int = 14
    fleets: int = 7
    forts: int = 2
    markers: int = 21

    def of(self, kind: UnitKind) -> int:
        return {"army": self.armies, "fleet": self.fleets, "fort": self.forts}[kind]


@dataclass(frozen=True)
class StartValues:
    """G4: what each power starts with."""

    gold: int = 10
    population: int = 5
    unrest: int = 0
    vp: int = 0


@dataclass(frozen=True)
class FixedPosition:
    """G14: a fixed starting position; `region` None is the power's home."""

    power: str
    region: str | None
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    markers: int = 0


@dataclass(frozen=True)
class FixedTile:
    """G14: a tile a power holds from the start (taken out of the market)."""

    power: str
    tile: str  # a TileSpec key
    count: int = 1


@dataclass(frozen=True)
class ScenarioRules:
    """Everything the game machine needs to know about a scenario."""

    powers: tuple[PowerSpec, ...]
    regions: tuple[RegionSpec, ...]
    land_links: tuple[tuple[str, str], ...] = ()  # G32: region-region, both ways
    counters: tuple[CounterSpec, ...] = ()
    tiles: tuple[TileSpec, ...] = ()
    supply: Supply = field(default_factory=Supply)
    start: StartValues = field(default_factory=StartValues)
    wars: int = 3  # G20
    rounds: int = 6  # G28: rounds per war with fewer than `many_players` powers...
    rounds_many: int = 5  # ...and with `many_players` or more
    many_players: int = 6
    population_growth: int = 3  # G53
    build_cost: int = 1  # G30: population per unit built
    storms: bool = True  # G33
    counters_per_war: int = 10  # G11/G20
    setup_counters: int = 5  # G12
    setup_units: int = 5  # G13
    fixed_positions: tuple[FixedPosition, ...] = ()  # G14: non-empty skips G12-G13
    fixed_tiles: tuple[FixedTile, ...] = ()
    procedure: str = "seed004"  # the combat procedure of every attack (G34)
    # Each combat system's own part of the scenario (punti's unit profiles, a deck of cards), as
    # (its name, its data as canonical JSON text), checked by the procedure when read
    # (`Procedure.read_data`); a system with no entry takes its defaults.
    combat_data: tuple[tuple[str, str], ...] = ()

    # --- lookups (computed once per value) ----------------------------------------------------
    @cached_property
    def _combat_data(self) -> dict[str, Obj]:
        return {name: as_obj(json.loads(text), name) for name, text in self.combat_data}

    def combat_data_of(self, procedure: str) -> Obj:
        """The scenario's data of one combat system (empty when it has none: its defaults)."""
        return self._combat_data.get(procedure, {})

    @cached_property
    def region_by_name(self) -> dict[str, RegionSpec]:
        return {region.name: region for region in self.regions}

    @cached_property
    def power_by_name(self) -> dict[str, PowerSpec]:
        return {power.name: power for power in self.powers}

    @cached_property
    def counter_by_id(self) -> dict[int, CounterSpec]:
        return {counter.id: counter for counter in self.counters}

    @cached_property
    def tile_by_key(self) -> dict[str, TileSpec]:
        return {tile.key: tile for tile in self.tiles}

    @cached_property
    def links(self) -> frozenset[tuple[str, str]]:
        """Region-region land links in both directions."""
        return frozenset(self.land_links) | frozenset((b, a) for a, b in self.land_links)

    def region(self, name: str) -> RegionSpec:
        return self.region_by_name[name]

    def rounds_for(self, players: int) -> int:
        """G28: 6 rounds with up to 5 powers, 5 with 6 or 7 (data)."""
        return self.rounds_many if players >= self.many_players else self.rounds

    @property
    def fixed_setup(self) -> bool:
        return bool(self.fixed_positions)


def scenario_problems(scenario: ScenarioRules) -> list[Message]:
    """What makes a scenario unplayable, in Italian; empty when it is consistent."""
    from guerra.rules.game.tiles import EFFECTS

    problems: list[Message] = []
    regions = scenario.region_by_name
    powers = scenario.power_by_name
    if len(regions) != len(scenario.regions):
        problems.append(_("Two regions have the same name."))
    if len(powers) != len(scenario.powers):
        problems.append(_("Two powers have the same name."))
    for a, b in scenario.land_links:
        for name in (a, b):
            if name not in regions:
                problems.append(_("The land link {a} – {b} names an unknown region.", a=a, b=b))
                break
    for power in scenario.powers:
        for name in power.home_links:
            if name not in regions:
                problems.append(_("The home of {power} is linked to the unknown region "
                                  "“{region}”.", power=power.name, region=name))
    for counter in scenario.counters:
        if counter.region not in regions:
            problems.append(_("Counter {id} lies in the unknown region “{region}”.",
                              id=counter.id, region=counter.region))
        elif counter.kind == "numbered" and not 1 <= counter.defence <= 9:
            problems.append(_("Counter {id} needs a defence from 1 to 9.", id=counter.id))
    for tile in scenario.tiles:
        effect = EFFECTS.get(tile.effect)
        if effect is None:
            problems.append(_("The tile effect “{effect}” does not exist.", effect=tile.effect))
        elif effect.needs_region != (tile.region is not None):
            problems.append(_("The tile “{tile}” must name a region exactly when its effect "
                              "needs one.", tile=tile.key))
        elif tile.region is not None and tile.region not in regions:
            problems.append(_("The tile “{tile}” names the unknown region “{region}”.",
                              tile=tile.key, region=tile.region))
    for position in scenario.fixed_positions:
        where = position.region
        if position.power not in powers or (where is not None and where not in regions):
            problems.append(_("A starting position names an unknown power or region."))
        elif where is not None and position.fleets and not regions[where].has_sea:
            problems.append(_("{region} has no sea: no fleet can be placed there.",
                              region=where))
        elif where is None and (position.forts or position.markers):
            problems.append(_("A home holds no forts and no control markers."))
    return problems
