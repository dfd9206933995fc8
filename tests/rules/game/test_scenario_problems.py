"""G1-G14: what makes a scenario unplayable, each problem named (read in English here)."""

from __future__ import annotations

import dataclasses

import pytest

from guerra.rules.game.scenario import (
    CounterSpec,
    FixedPosition,
    PowerSpec,
    RegionSpec,
    ScenarioRules,
    TileSpec,
    scenario_problems,
)

BALTIC = RegionSpec("Baltico", True, True, (6, 4, 2))
GERMANY = RegionSpec("Stati Tedeschi", False, True, (8, 5, 3))
GOOD = ScenarioRules(
    powers=(PowerSpec("Francia", ("Stati Tedeschi",)), PowerSpec("Prussia")),
    regions=(BALTIC, GERMANY),
    land_links=(("Baltico", "Stati Tedeschi"),),
    counters=(CounterSpec(1, "Baltico", "numbered", 5), CounterSpec(2, "Baltico", "trade")),
    tiles=(TileSpec("bank", 2), TileSpec("alliance", 1, region="Baltico")),
    fixed_positions=(FixedPosition("Francia", "Baltico", fleets=1, forts=1, markers=1),
                     FixedPosition("Prussia", None, armies=2)),
)


def texts(scenario: ScenarioRules) -> list[str]:
    return [problem.render("en") for problem in scenario_problems(scenario)]


def test_G1_a_consistent_scenario_has_no_problem() -> None:
    assert texts(GOOD) == []


@pytest.mark.parametrize(("changes", "problem"), [
    ({"regions": (BALTIC, GERMANY, BALTIC)}, "Two regions have the same name."),
    ({"powers": (PowerSpec("Francia"), PowerSpec("Prussia"), PowerSpec("Francia"))},
     "Two powers have the same name."),
    ({"land_links": (("Baltico", "Polonia"),)},
     "The land link Baltico – Polonia names an unknown region."),
    ({"land_links": (("Polonia", "Lituania"),)},
     "The land link Polonia – Lituania names an unknown region."),
    ({"powers": (PowerSpec("Francia", ("Polonia",)), PowerSpec("Prussia"))},
     "The home of Francia is linked to the unknown region “Polonia”."),
    ({"counters": (CounterSpec(3, "Polonia", "numbered", 5),)},
     "Counter 3 lies in the unknown region “Polonia”."),
    ({"counters": (CounterSpec(4, "Baltico", "numbered", 0),)},
     "Counter 4 needs a defence from 1 to 9."),
    ({"counters": (CounterSpec(4, "Baltico", "numbered", 10),)},
     "Counter 4 needs a defence from 1 to 9."),
    ({"tiles": (TileSpec("castle", 1),)}, "The tile effect “castle” does not exist."),
    ({"tiles": (TileSpec("alliance", 1),)},
     "The tile “alliance” must name a region exactly when its effect needs one."),
    ({"tiles": (TileSpec("bank", 1, region="Baltico"),)},
     "The tile “bank:Baltico” must name a region exactly when its effect needs one."),
    ({"tiles": (TileSpec("company", 1, region="Polonia"),)},
     "The tile “company:Polonia” names the unknown region “Polonia”."),
    ({"fixed_positions": (FixedPosition("Spagna", None, armies=1),)},
     "A starting position names an unknown power or region."),
    ({"fixed_positions": (FixedPosition("Francia", "Polonia", armies=1),)},
     "A starting position names an unknown power or region."),
    ({"fixed_positions": (FixedPosition("Francia", "Stati Tedeschi", fleets=1),)},
     "Stati Tedeschi has no sea: no fleet can be placed there."),
    ({"fixed_positions": (FixedPosition("Francia", None, forts=1),)},
     "A home holds no forts and no control markers."),
    ({"fixed_positions": (FixedPosition("Francia", None, markers=1),)},
     "A home holds no forts and no control markers."),
])
def test_G1_each_problem_of_a_scenario_is_named(changes: dict[str, object], problem: str
                                                ) -> None:
    assert texts(dataclasses.replace(GOOD, **changes)) == [problem]  # type: ignore[arg-type]


def test_G1_the_numbered_counters_defence_bounds_are_1_and_9() -> None:
    bounds = (CounterSpec(5, "Baltico", "numbered", 1), CounterSpec(6, "Baltico", "numbered", 9),
              CounterSpec(7, "Baltico", "population", 0))
    assert texts(dataclasses.replace(GOOD, counters=bounds)) == []
