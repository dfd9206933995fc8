"""`python -m guerra.rules resolve|odds CASE.json` for "punti" cases (procedures/punti.md, "The
case file"), answered in this process (`cli.main`); three cases by a real child process too.
Every expectation is worked out by hand from E1-E11; bad cases exit with status 2 and one
Italian line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.rules.commands import answered_alike, in_process

CASES = Path(__file__).resolve().parent / "cases"

Runner = Callable[..., tuple[int, str, str]]


@pytest.fixture
def command() -> Runner:
    """The command answered in this process: a child process answers it the same, word for
    word (`test_a_child_process_answers_as_this_process_does`), and costs some 0.3 s of the
    processors to start."""
    return in_process


@pytest.mark.parametrize(("verb", "case"), [
    ("resolve", "counter_attack.json"),
    ("odds", "hand_neutral.json"),
    ("resolve", "bad_unknown_profile.json"),
])
def test_a_child_process_answers_as_this_process_does(verb: str, case: str) -> None:
    status, out, err = answered_alike(verb, str(CASES / case))
    assert status in (0, 2) and (out or err)


def resolved(command: Runner, case: str) -> dict[str, Any]:
    status, out, err = command("resolve", str(CASES / case))
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    assert result["procedure"] == "punti"
    return result


def power(armies: int = 0, fleets: int = 0, forts: int = 0, *, unrest: int = 0, gold: int = 0,
          vp: int = 0) -> dict[str, Any]:
    return {"losses": {"armies": armies, "fleets": fleets, "forts": forts}, "unrest": unrest,
            "gold": gold, "vp": vp}


TAKEN = {"attacker_gains": 1, "defender_loses": 1, "gained_by": "Francia"}
KEPT = {"attacker_gains": 0, "defender_loses": 0, "gained_by": None}


def test_E9_retreat_home(command: Runner) -> None:
    # 4 dice against 3: 2 hits, D1 destroyed; 2 of 4 health left: D2 retreats home (Austria).
    result = resolved(command, "retreat_home.json")
    assert result["attack"] == {"dice": [3, 4, 1, 2], "target": 3, "hits": 2,
                                "damage": {"D1": 2}}
    assert result["retreat"] == {"armies_to": "Austria", "fleets_to": None, "moved": ["D2"],
                                 "destroyed": []}
    assert result["counter"] is None and result["control"] == TAKEN
    assert result["powers"]["Austria"] == power(1, unrest=1)
    assert result["powers"]["Francia"] == power(gold=-2)


def test_E10_counter_attack(command: Runner) -> None:
    # Attack: 4 dice against the fort's 5, 2 hits placed on D2 as the case says. Counter: 5
    # dice against the fleet's speed 3: 4 and 6 hit; A1 (an army: first) destroyed.
    result = resolved(command, "counter_attack.json")
    assert result["attack"]["damage"] == {"D2": 2}
    assert result["counter"] == {"dice": [4, 6, 3, 1, 2], "speed": 3, "hits": 2,
                                 "damage": {"A1": 2}}
    assert result["outcome"] == "defender_wins" and result["control"] == KEPT
    assert result["powers"]["Francia"] == power(1, unrest=1, gold=-2)
    assert result["powers"]["Russia"] == power(1, unrest=1)
    assert result["dice_used"] == 9


def test_E4_E5_reinforcements_from_the_region_and_linked_regions(command: Runner) -> None:
    result = resolved(command, "reinforcements_linked.json")
    assert [(g["power"], g["joins"], g["units"]) for g in result["reinforcements"]] == [
        ("Francia", True, ["R1.1"]), ("Spagna", True, ["R2.1"]), ("Russia", False, []),
        ("Svezia", True, ["R4.1"])]
    # 6 dice (A1, R1.1, R2.1) against 3: 4 hits, D1 then Svezia's army in Austria.
    assert result["attack"] == {"dice": [3, 3, 3, 6, 1, 1], "target": 3, "hits": 4,
                                "damage": {"D1": 2, "R4.1": 2}}
    assert result["powers"]["Svezia"] == power(1, unrest=1)
    assert result["powers"]["Prussia"] == power(1, unrest=1)
    assert result["control"] == TAKEN


def test_E11_neutral_gold(command: Runner) -> None:
    result = resolved(command, "neutral_gold.json")
    assert result["attack"]["damage"] == {"N1": 2, "N2": 2}
    assert result["neutral_removed"] is True and result["counter"] is None
    assert result["powers"] == {"Francia": power(gold=0)}
    assert result["control"] == {"attacker_gains": 1, "defender_loses": 0,
                                 "gained_by": "Francia"}


def test_E7_nobody_defends(command: Runner) -> None:
    result = resolved(command, "nobody_defends.json")
    assert result["attack"] is None and result["control"] == TAKEN and result["dice_used"] == 0


def test_E9_retreat_with_no_land_link(command: Runner) -> None:
    result = resolved(command, "retreat_nowhere.json")
    assert result["retreat"] == {"armies_to": None, "fleets_to": "Russia", "moved": ["D3"],
                                 "destroyed": ["D2"]}
    assert result["powers"]["Russia"] == power(2, unrest=2)


def test_E1_profiles_and_E10_declined(command: Runner) -> None:
    # Armies 3/4/3: 3 dice against 4, 1 hit; D1 at 2 of 3 keeps its place; no counter.
    result = resolved(command, "profiles_and_counter_declined.json")
    assert result["attack"] == {"dice": [4, 1, 1], "target": 4, "hits": 1, "damage": {"D1": 1}}
    assert result["counter"] is None and result["retreat"] is None
    assert result["outcome"] == "defender_wins"


BAD = sorted(path.name for path in CASES.glob("bad_*.json"))


@pytest.mark.parametrize("case", BAD)
def test_bad_cases_exit_2_with_one_italian_line(command: Runner, case: str) -> None:
    status, out, err = command("resolve", str(CASES / case))
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_bad_cases_are_refused_by_odds_too(command: Runner) -> None:
    status, _out, err = command("odds", str(CASES / "bad_unknown_profile.json"))
    assert status == 2 and "Tipo di unità sconosciuto" in err


def test_odds_are_a_monte_carlo_estimate_with_its_interval() -> None:
    status, out, err = in_process("odds", str(CASES / "counter_attack.json"))
    assert status == 0, err
    result = json.loads(out)
    assert result["exact"] is None and result["samples"] > 1000
    assert abs(result["attacker_wins"] + result["defender_wins"] - 1) < 1e-9
    low, high = result["interval95"]["attacker_wins"]
    assert low <= result["attacker_wins"] <= high and high - low < 0.06
