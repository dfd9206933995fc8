"""A scenario file ("guerra-scenario/1") read into `ScenarioRules`, without Django.

Every expected value is written out by hand from the file given; the defaults are the numbers
game-rules.md marks as *data* (G3, G4, G11-G14, G20, G28, G30, G33, G53).
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest

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
from guerra.rules.game.scenario_file import (
    SCENARIOS,
    read_scenario,
    read_scenario_file,
    shipped,
)
from guerra.rules.jsonvalue import DataError
from tests.rules.helpers import changed

FULL: dict[str, Any] = {
    "format": "guerra-scenario/1",
    "wars": 4, "rounds_per_war": 7, "rounds_per_war_many": 4, "many_players": 5,
    "starting_gold": 11, "starting_population": 6, "population_growth": 2, "build_cost": 2,
    "storms": False, "counters_per_war": 8, "setup_counters": 3, "setup_units": 4,
    "control_markers_per_power": 20, "armies_per_power": 13, "fleets_per_power": 6,
    "forts_per_power": 3,
    "powers": [{"name": "Francia", "home_links": ["Baltico", "Africa"]},
               {"name": "Prussia"}],
    "regions": [
        {"name": "Baltico", "sea": True, "europe": True, "vp": [5, 3, 1]},
        {"name": "Africa", "sea": True, "europe": False, "vp": [4, 2, 0], "american": False,
         "trade_hub": True},
        {"name": "Caraibi", "sea": True, "europe": False, "vp": [6, 3, 0], "american": True},
        {"name": "Stati Tedeschi", "sea": False, "vp": [7, 4, 2]},
    ],
    "land_links": [["Baltico", "Stati Tedeschi"]],
    "neutrals": [
        {"region": "Baltico", "defence": 4, "reward": "gold", "amount": 2},
        {"region": "Africa", "kind": "population"},
        {"region": "Caraibi", "kind": "trade", "reward": "vp", "amount": 1, "defence": 0},
    ],
    "tiles": [
        {"kind": "bank", "count": 2, "cost": {"gold": 3, "population": 1, "unrest": 2}},
        {"kind": "alliance", "region": "Baltico"},
    ],
    "starting_positions": [
        {"power": "Francia", "region": "Baltico", "armies": 2, "fleets": 1, "forts": 1,
         "control_markers": 3},
        {"power": "Prussia"},
    ],
    "starting_tiles": [{"power": "Francia", "kind": "alliance", "region": "Baltico", "count": 2},
                       {"power": "Prussia", "kind": "bank"}],
}


def test_G1_every_field_of_a_scenario_file_is_read() -> None:
    assert read_scenario(FULL) == ScenarioRules(
        powers=(PowerSpec("Francia", ("Baltico", "Africa")), PowerSpec("Prussia", ())),
        regions=(RegionSpec("Baltico", True, True, (5, 3, 1), False, False),
                 RegionSpec("Africa", True, False, (4, 2, 0), False, True),
                 RegionSpec("Caraibi", True, False, (6, 3, 0), True, False),
                 RegionSpec("Stati Tedeschi", False, True, (7, 4, 2), False, False)),
        land_links=(("Baltico", "Stati Tedeschi"),),
        counters=(CounterSpec(1, "Baltico", "numbered", 4, "gold", 2),
                  CounterSpec(2, "Africa", "population", 0, None, 0),
                  CounterSpec(3, "Caraibi", "trade", 0, "vp", 1)),
        tiles=(TileSpec("bank", 2, 3, 1, 2, None), TileSpec("alliance", 1, 0, 0, 0, "Baltico")),
        supply=Supply(armies=13, fleets=6, forts=3, markers=20),
        start=StartValues(gold=11, population=6),
        wars=4, rounds=7, rounds_many=4, many_players=5, population_growth=2, build_cost=2,
        storms=False, counters_per_war=8, setup_counters=3, setup_units=4,
        fixed_positions=(FixedPosition("Francia", "Baltico", 2, 1, 1, 3),
                         FixedPosition("Prussia", None, 0, 0, 0, 0)),
        fixed_tiles=(FixedTile("Francia", "alliance:Baltico", 2), FixedTile("Prussia", "bank", 1)),
    )


def test_G1_keys_missing_from_a_file_take_the_rules_defaults() -> None:
    rules = read_scenario({"powers": [{"name": "Francia"}]})
    assert rules.powers == (PowerSpec("Francia", ()),)
    assert (rules.regions, rules.land_links, rules.counters, rules.tiles) == ((), (), (), ())
    assert (rules.fixed_positions, rules.fixed_tiles) == ((), ())
    assert rules.supply == Supply(armies=14, fleets=7, forts=2, markers=21)  # G3
    assert rules.start == StartValues(gold=10, population=5, unrest=0, vp=0)  # G4
    assert (rules.wars, rules.rounds, rules.rounds_many, rules.many_players) == (3, 6, 5, 6)
    assert (rules.population_growth, rules.build_cost, rules.storms) == (3, 1, True)
    assert (rules.counters_per_war, rules.setup_counters, rules.setup_units) == (10, 5, 5)


def test_G1_an_empty_file_object_is_a_scenario_of_defaults() -> None:
    rules = read_scenario({})
    assert (rules.powers, rules.regions) == ((), ())
    assert rules.wars == 3


def broken(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """FULL with the value at `path` replaced (or removed, for `...`)."""
    return changed(FULL, path, value)


BROKEN = [
    # (where, new value, the English message)
    (("powers",), 5, "Field “powers” must be a list."),
    (("powers", 0), "Francia", "Field “powers[0]” must be an object."),
    (("powers", 1, "name"), ..., "Field “powers[1].name” is missing."),
    (("powers", 0, "home_links"), "Baltico", "Field “powers[0].home_links” must be a list."),
    (("powers", 0, "home_links", 1), "", "Field “powers[0].home_links” must be a non-empty text."),
    (("regions", 2), [], "Field “regions[2]” must be an object."),
    (("regions", 1, "name"), " ", "Field “regions[1].name” must be a non-empty text."),
    (("regions", 1, "sea"), ..., "Field “regions[1].sea” is missing."),
    (("regions", 1, "europe"), "no", "Field “regions[1].europe” must be true or false."),
    (("regions", 1, "american"), 0, "Field “regions[1].american” must be true or false."),
    (("regions", 1, "trade_hub"), 1, "Field “regions[1].trade_hub” must be true or false."),
    (("regions", 3, "vp"), ..., "Field “regions[3].vp” is missing."),
    (("regions", 3, "vp"), 7, "Field “regions[3].vp” must be a list."),
    (("regions", 3, "vp"), [7, 4], "Field “regions[3].vp” has an invalid value."),
    (("regions", 3, "vp"), [7, 4, 2, 1], "Field “regions[3].vp” has an invalid value."),
    (("regions", 3, "vp", 1), -4, "Field “regions[3].vp” cannot be negative."),
    (("land_links",), {}, "Field “land_links” must be a list."),
    (("land_links", 0), "Baltico", "Field “land_links[0]” must be a list."),
    (("land_links", 0), ["Baltico"], "Field “land_links[0]” has an invalid value."),
    (("land_links", 0), ["A", "B", "C"], "Field “land_links[0]” has an invalid value."),
    (("land_links", 0, 0), "", "Field “land_links[0]” must be a non-empty text."),
    (("land_links", 0, 1), 3, "Field “land_links[0]” must be a non-empty text."),
    (("neutrals", 1), 1, "Field “neutrals[1]” must be an object."),
    (("neutrals", 1, "kind"), "gold", "Field “neutrals[1]” has an invalid value."),
    (("neutrals", 0, "reward"), "unrest", "Field “neutrals[0]” has an invalid value."),
    (("neutrals", 0, "region"), ..., "Field “neutrals[0].region” is missing."),
    (("neutrals", 0, "defence"), -1, "Field “neutrals[0].defence” cannot be negative."),
    (("neutrals", 2, "amount"), "1", "Field “neutrals[2].amount” must be a whole number."),
    (("tiles", 0, "cost"), 3, "Field “tiles[0].cost” must be an object."),
    (("tiles", 0, "kind"), ..., "Field “tiles[0].kind” is missing."),
    (("tiles", 1, "count"), -2, "Field “tiles[1].count” cannot be negative."),
    (("tiles", 0, "cost", "gold"), -3, "Field “tiles[0].gold” cannot be negative."),
    (("tiles", 0, "cost", "population"), True,
     "Field “tiles[0].population” must be a whole number."),
    (("tiles", 0, "cost", "unrest"), -1, "Field “tiles[0].unrest” cannot be negative."),
    (("tiles", 1, "region"), "", "Field “tiles[1].region” must be a non-empty text."),
    (("starting_positions", 0, "power"), ...,
     "Field “starting_positions[0].power” is missing."),
    (("starting_positions", 0, "region"), 5,
     "Field “starting_positions[0].region” must be a non-empty text."),
    (("starting_positions", 0, "armies"), -1,
     "Field “starting_positions[0].armies” cannot be negative."),
    (("starting_positions", 0, "fleets"), -1,
     "Field “starting_positions[0].fleets” cannot be negative."),
    (("starting_positions", 0, "forts"), -1,
     "Field “starting_positions[0].forts” cannot be negative."),
    (("starting_positions", 0, "control_markers"), -1,
     "Field “starting_positions[0].control_markers” cannot be negative."),
    (("starting_tiles", 0, "power"), "",
     "Field “starting_tiles[0].power” must be a non-empty text."),
    (("starting_tiles", 1, "kind"), ..., "Field “starting_tiles[1].kind” is missing."),
    (("starting_tiles", 0, "region"), [],
     "Field “starting_tiles[0].region” must be a non-empty text."),
    (("starting_tiles", 0, "count"), -1, "Field “starting_tiles[0].count” cannot be negative."),
    (("wars",), -1, "Field “wars” cannot be negative."),
    (("storms",), "yes", "Field “storms” must be true or false."),
]


@pytest.mark.parametrize(("path", "value", "message"), BROKEN)
def test_G1_a_bad_field_of_a_scenario_file_is_named(path: tuple[Any, ...], value: Any,
                                                    message: str) -> None:
    with pytest.raises(DataError) as raised:
        read_scenario(broken(path, value))
    assert str(raised.value) == message


def test_G1_a_scenario_file_is_read_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "mini.json"
    path.write_text(json.dumps({"powers": [{"name": "Russia"}], "wars": 2}), encoding="utf-8")
    rules = read_scenario_file(path)
    assert (rules.powers, rules.wars) == ((PowerSpec("Russia"),), 2)


@pytest.mark.parametrize("text", ["{", "[1, 2]"])
def test_G1_a_file_that_is_not_a_json_object_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        read_scenario_file(path)
    expected = (f"Field “{path}” has an invalid value." if text == "{"
                else "Field “scenario” must be an object.")
    assert str(raised.value) == expected


def test_G1_a_missing_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    with pytest.raises(DataError) as raised:
        read_scenario_file(path)
    assert str(raised.value) == f"Field “{path}” has an invalid value."


def test_G2_the_default_shipped_scenario_is_europa_1700() -> None:
    rules = shipped()
    assert [p.name for p in rules.powers] == ["Gran Bretagna", "Francia", "Spagna", "Austria",
                                              "Prussia", "Russia", "Province Unite"]
    assert len(rules.regions) == 11
    assert rules.fixed_positions == ()  # the quick start is the other file
    assert shipped("europa_1700_partenza_rapida").fixed_positions != ()


def test_a_scenario_file_is_read_as_utf8_whatever_the_locale() -> None:
    """A scenario file is decoded as UTF-8 even where the locale's encoding is another."""
    encodings: list[str | None] = []
    text = (SCENARIOS / "europa_1700.json").read_text(encoding="utf-8")

    class Recorded:
        def read_text(self, encoding: str | None = None) -> str:
            encodings.append(encoding)
            return text

    assert read_scenario_file(Recorded()) == shipped()  # type: ignore[arg-type]
    assert len(encodings) == 1
    assert encodings[0] is not None and codecs.lookup(encodings[0]).name == "utf-8"
