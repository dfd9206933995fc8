"""Four more punti cases, written and worked out by hand from procedures/punti.md by someone
other than the resolver's author: the resolver must agree with the spec on cases it was not
built around."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from guerra.rules import cli

CASES = Path(__file__).resolve().parent / "cases"


def resolve(name: str) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["resolve", str(CASES / f"hand_{name}.json")], out, err) == 0, err.getvalue()
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def losses(armies: int = 0, fleets: int = 0, forts: int = 0) -> dict[str, int]:
    return {"armies": armies, "fleets": fleets, "forts": forts}


def test_E9_E10_the_primary_defender_retreats_to_the_region_chosen_then_its_fort_strikes_back(
        ) -> None:
    # 3 armies: 6 dice against the fort's 5: five hits. The default spread finishes D1, then
    # D2, then puts 1 on D3: 4 health left of 9, half or less: D3 goes to Boemia (chosen), the
    # fort stays and counter-attacks with 5 dice (its defence) above the armies' speed 2.
    result = resolve("retreat")
    assert result["attack"] == {"dice": [5, 6, 5, 5, 6, 1], "target": 5, "hits": 5,
                                "damage": {"D1": 2, "D2": 2, "D3": 1}}
    assert result["retreat"]["armies_to"] == "Boemia" and result["retreat"]["moved"] == ["D3"]
    assert result["retreat"]["destroyed"] == []
    assert result["counter"] == {"dice": [3, 1, 6, 2, 2], "speed": 2, "hits": 2,
                                 "damage": {"A1": 2}}
    assert result["control"] == {"attacker_gains": 0, "defender_loses": 0, "gained_by": None}
    powers = result["powers"]
    assert (powers["Prussia"]["losses"], powers["Prussia"]["unrest"]) == (losses(2), 2)
    assert (powers["Francia"]["losses"], powers["Francia"]["unrest"]) == (losses(1), 1)
    assert powers["Francia"]["gold"] == -2 and powers["Svezia"]["losses"] == losses()
    assert result["reinforcements"][0]["joins"] is True


def test_E11_a_neutral_fights_as_armies_of_the_scenarios_profile_and_pays_its_reward() -> None:
    # Defence 2: two armies whose defence is 4 here; army + fleet: 4 dice, all hit.
    result = resolve("neutral")
    assert result["attack"] == {"dice": [4, 4, 4, 4], "target": 4, "hits": 4,
                                "damage": {"N1": 2, "N2": 2}}
    assert result["counter"] is None and result["retreat"] is None
    assert result["control"] == {"attacker_gains": 1, "defender_loses": 0,
                                 "gained_by": "Svezia"}
    assert result["powers"]["Svezia"] == {"losses": losses(), "unrest": 0, "gold": 0, "vp": 0}


def test_E7_a_defender_with_no_unit_rolls_nothing_and_loses_its_marker() -> None:
    result = resolve("nobody")
    assert (result["attack"], result["retreat"], result["counter"]) == (None, None, None)
    assert result["control"] == {"attacker_gains": 1, "defender_loses": 1,
                                 "gained_by": "Gran Bretagna"}


def test_E8_the_defender_spreads_the_damage_by_hand_over_its_allys_units_once_its_own_fell(
        ) -> None:
    # 4 armies, 8 dice against defence 3: five hits; D1 first (the primary defender), then
    # the points the defender placed on Austria's units. No counter-attack: nobody is left.
    result = resolve("spread")
    assert result["attack"]["damage"] == {"D1": 2, "R1.2": 2, "R1.1": 1}
    assert result["counter"] is None
    assert result["powers"]["Austria"]["losses"] == losses(1)
    assert result["control"]["gained_by"] == "Francia"
