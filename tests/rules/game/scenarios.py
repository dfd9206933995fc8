"""Scenarios for the rules tests, built from game-rules.md by hand (no Django).

`europa()` is the default scenario as the rules describe it (G3-G7, G28, G32, G40); the
shipped "Europa 1700" of the web layer is checked against it in tests/game. `tiny()` is a
small board for rule tests that want to read every number at a glance.
"""

from __future__ import annotations

import dataclasses

from guerra.rules.game.scenario import (
    CounterKind,
    CounterSpec,
    PowerSpec,
    RegionSpec,
    Reward,
    ScenarioRules,
    Supply,
    TileSpec,
)

GB, FR, ES, AT, PR, RU, NL = ("Gran Bretagna", "Francia", "Spagna", "Austria", "Prussia",
                              "Russia", "Province Unite")
ST, EC, BA, ME, IO = ("Stati Tedeschi", "Europa Centrale", "Baltico", "Mediterraneo",
                      "Impero Ottomano")
NA, CA, SA, AF, IN, EI = ("Nord America", "Caraibi", "Sud America", "Africa", "India",
                          "Indie Orientali")
EUROPE = (ST, EC, BA, ME, IO)
COLONIES = (IN, EI, NA, CA, SA, AF)
AMERICAS = (NA, CA, SA)
ALL_POWERS = (GB, FR, ES, AT, PR, RU, NL)

VP = {ST: (8, 5, 3), ME: (7, 4, 2), BA: (6, 4, 2), EC: (6, 4, 2), IO: (5, 3, 1), IN: (5, 3, 0),
      EI: (4, 2, 0), NA: (4, 2, 0), CA: (4, 2, 0), SA: (4, 2, 0), AF: (3, 2, 0)}
HOME_LINKS = {GB: (ST,), NL: (ST,), FR: (ST, ME), ES: (ME,), AT: (ST, EC, ME, IO),
              PR: (ST, EC, BA), RU: (EC, BA, IO)}
LAND_LINKS = ((ST, EC), (ST, BA), (EC, BA), (EC, IO))


def _pool() -> tuple[CounterSpec, ...]:
    """G6: 65 counters: 4 numbered per European region (defence 3-5), 3 numbered per colony
    (1-4), 3 population counters per colony, 3 trade counters per American colony."""
    counters: list[CounterSpec] = []

    def add(region: str, kind: CounterKind, defence: int = 0, reward: Reward | None = None,
            amount: int = 0) -> None:
        counters.append(CounterSpec(len(counters) + 1, region, kind, defence, reward, amount))

    for region in EUROPE:
        add(region, "numbered", 3, "gold", 3)
        add(region, "numbered", 4)
        add(region, "numbered", 4, "vp", 1)
        add(region, "numbered", 5, "gold", 5)
    for region in COLONIES:
        add(region, "numbered", 1)
        add(region, "numbered", 2, "gold", 2)
        add(region, "numbered", 4, "vp", 2)
        for _ in range(3):
            add(region, "population")
    for region in AMERICAS:
        for _ in range(3):
            add(region, "trade")
    return tuple(counters)


def _market() -> tuple[TileSpec, ...]:
    """G40."""
    tiles = [TileSpec("alliance", 1, region=r) for r in (*EUROPE, *COLONIES)]
    tiles += [TileSpec("army_training", 6, gold=3), TileSpec("navy_training", 6, gold=3)]
    tiles += [TileSpec("company", 1, gold=4, region=r) for r in COLONIES]
    tiles += [TileSpec("bank", 3, gold=5), TileSpec("reform", 4, gold=4),
              TileSpec("logistics", 4, gold=3), TileSpec("mercenaries", 4, gold=2),
              TileSpec("colonial_office", 3, population=1),
              TileSpec("war_ministry", 3, gold=4, unrest=1)]
    return tuple(tiles)


def europa(**changes: object) -> ScenarioRules:
    regions = tuple(
        RegionSpec(name, has_sea=name not in (ST, EC), europe=name in EUROPE, vp=VP[name],
                   american=name in AMERICAS, trade_hub=name == AF)
        for name in (*EUROPE, *COLONIES)
    )
    scenario = ScenarioRules(
        powers=tuple(PowerSpec(p, HOME_LINKS[p]) for p in ALL_POWERS),
        regions=regions, land_links=LAND_LINKS, counters=_pool(), tiles=_market(),
    )
    return dataclasses.replace(scenario, **changes)  # type: ignore[arg-type]


def tiny(**changes: object) -> ScenarioRules:
    """Two European regions (one landlocked), one American colony and Africa; three powers;
    a small pool and a small market. Supply as the default."""
    regions = (
        RegionSpec(ST, has_sea=False, europe=True, vp=(8, 5, 3)),
        RegionSpec(BA, has_sea=True, europe=True, vp=(6, 4, 2)),
        RegionSpec(CA, has_sea=True, europe=False, vp=(4, 2, 0), american=True),
        RegionSpec(NA, has_sea=True, europe=False, vp=(4, 2, 0), american=True),
        RegionSpec(AF, has_sea=True, europe=False, vp=(3, 2, 0), trade_hub=True),
    )
    counters = tuple(
        CounterSpec(i + 1, region, kind, defence, None, 0)  # type: ignore[arg-type]
        for i, (region, kind, defence) in enumerate((
            (ST, "numbered", 3), (BA, "numbered", 4), (CA, "population", 0),
            (CA, "trade", 0), (AF, "numbered", 2), (NA, "population", 0),
            (ST, "numbered", 5), (BA, "numbered", 3), (CA, "numbered", 1), (AF, "trade", 0),
            (NA, "trade", 0), (ST, "numbered", 4),
        ))
    )
    scenario = ScenarioRules(
        powers=(PowerSpec(FR, (ST,)), PowerSpec(PR, (ST, BA)), PowerSpec(GB, ())),
        regions=regions, land_links=((ST, BA),), counters=counters,
        tiles=(TileSpec("alliance", 1, region=BA), TileSpec("bank", 2, gold=5),
               TileSpec("army_training", 2, gold=3), TileSpec("reform", 1, gold=4),
               TileSpec("company", 1, gold=4, region=CA)),
        supply=Supply(), counters_per_war=4, setup_counters=2, setup_units=2,
    )
    return dataclasses.replace(scenario, **changes)  # type: ignore[arg-type]
