"""Three more piano cases, written and worked out by hand from procedures/piano.md by someone
other than the resolver's author (each case's `note` says the arithmetic): the resolver must
agree with the spec on cases it was not built around."""

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


def steps(result: dict[str, Any], side: str) -> list[tuple[Any, ...]]:
    return [(s["as"], s["die"], s["success"], s["damage"]) for s in result["steps"][side]]


def losses(armies: int = 0, fleets: int = 0, forts: int = 0) -> dict[str, int]:
    return {"armies": armies, "fleets": fleets, "forts": forts}


TAKEN = {"attacker_gains": 1, "defender_loses": 1, "gained_by": "Francia"}


def test_K7_K9_K2_steps_on_weaknesses_and_a_deadly_die_destroy_an_army_then_a_fort() -> None:
    result = resolve("every_step_told_by_weakness")
    assert result["ratings"] == {"attacker": [4, 3, 5, 4], "defender": [5, 2, 2, 5]}
    assert result["weakness"]["defender"] == ["astuzia", "rapidita"]
    assert result["strength"]["defender"] == ["disciplina", "forza"]
    assert steps(result, "attacker") == [("approach", None, True, 0), ("control", None, True, 0),
                                         ("deadly", 5, True, 5), ("engagement", None, True, 1)]
    assert steps(result, "defender") == [("approach", None, True, 0),
                                         ("engagement", None, True, 1)]
    assert result["damage"]["taken"] == {"attacker": 1, "defender": 6}
    assert result["powers"]["Austria"]["losses"] == losses(armies=1, forts=1)
    assert result["powers"]["Austria"]["unrest"] == 2
    assert result["powers"]["Francia"]["losses"] == losses() and result["attacker_wins"] is True
    assert result["control"] == TAKEN


def test_K2_K10_a_loss_order_naming_the_fort_first_saves_the_army() -> None:
    result = resolve("loss_order_saves_the_army")
    assert steps(result, "attacker")[2] == ("deadly", None, True, 3)
    assert result["damage"]["taken"] == {"attacker": 1, "defender": 4}
    assert result["powers"]["Austria"]["losses"] == losses(forts=1)
    assert result["powers"]["Austria"]["unrest"] == 1
    assert result["attacker_wins"] is True and result["control"] == TAKEN


def test_K5_K6_K8_K11_a_reroll_best_on_the_approach_and_a_neutral_that_holds() -> None:
    result = resolve("neutral_and_a_reroll")
    assert result["rolls"]["attacker"] == [6, 5] and result["dice"]["attacker"] == [6, 4]
    assert result["ratings"]["defender"] == [3, 3, 3, 3]
    assert result["strength"]["defender"] == [] and result["weakness"]["defender"] == []
    assert steps(result, "attacker") == [("approach", 4, True, 0), ("control", None, False, 0),
                                         ("engagement", None, False, 0),
                                         ("engagement", None, False, 0)]
    assert result["damage"]["failed"]["attacker"] == 3
    assert result["damage"]["taken"] == {"attacker": 4, "defender": 0}
    assert result["powers"]["Francia"] == {"losses": losses(armies=2), "unrest": 2, "gold": -2,
                                           "vp": 0}
    assert result["attacker_wins"] is False
    assert result["control"] == {"attacker_gains": 0, "defender_loses": 0, "gained_by": None}
