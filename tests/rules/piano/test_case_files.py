"""`python -m guerra.rules resolve|odds CASE.json` for "piano" cases (procedures/piano.md, "The
case file"), in this process (`cli.main`) and once as a real subprocess. Every expectation is
worked out by hand from K1-K11 (each case's `note`); bad cases exit with status 2 and one
Italian line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from guerra.rules import cli
from guerra.rules.jsonvalue import DataError
from guerra.rules.piano import PIANO_PROCEDURE

ROOT = Path(__file__).resolve().parents[3]
CASES = Path(__file__).resolve().parent / "cases"
BAD = sorted(p.name for p in CASES.glob("bad_*.json"))
GOOD = sorted(p.name for p in CASES.glob("good_*.json"))


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def resolved(case: str) -> dict[str, Any]:
    status, out, err = run("resolve", str(CASES / case))
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    assert result["procedure"] == "piano"
    return result


def odds(case: str) -> dict[str, Any]:
    status, out, err = run("odds", str(CASES / case))
    assert status == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


def power(armies: int = 0, fleets: int = 0, forts: int = 0, *, unrest: int = 0, gold: int = 0,
          vp: int = 0) -> dict[str, Any]:
    return {"losses": {"armies": armies, "fleets": fleets, "forts": forts}, "unrest": unrest,
            "gold": gold, "vp": vp}


TAKEN = {"attacker_gains": 1, "defender_loses": 1, "gained_by": "Francia"}
KEPT = {"attacker_gains": 0, "defender_loses": 0, "gained_by": None}


def step(result: dict[str, Any], side: str) -> list[tuple[Any, ...]]:
    return [(s["step"], s["as"], s["characteristic"], s["die"], s["success"], s["damage"])
            for s in result["steps"][side]]


DEFAULT_DEFENCE = [("approach", "approach", "astuzia", None, True, 0),
                   ("engagement", "engagement", "astuzia", None, True, 1)]


def test_K8_failed_approach_fails_every_later_step_even_on_the_weakness() -> None:
    r = resolved("good_failed_approach.json")
    assert r["strength"]["defender"] == ["disciplina", "forza"]
    assert r["weakness"]["defender"] == ["astuzia", "rapidita"]
    assert step(r, "attacker") == [("approach", "approach", "disciplina", None, False, 0),
                                   ("engagement", "engagement", "astuzia", None, False, 0)]
    assert [s["reason"] for s in r["steps"]["attacker"]] == ["strength", "approach_failed"]
    assert step(r, "defender") == DEFAULT_DEFENCE
    assert r["damage"]["taken"] == {"attacker": 3, "defender": 0}
    assert r["powers"]["Francia"] == power(1, unrest=1, gold=-2)
    assert r["outcome"] == "defender_wins" and r["control"] == KEPT
    assert not r["attacker_wins"]


def test_K7_weakness_without_die_strength_fails_with_its_die_K2_loss_order() -> None:
    r = resolved("good_weakness_and_strength.json")
    assert r["ratings"] == {"attacker": [4, 3, 5, 4], "defender": [5, 2, 3, 4]}
    assert step(r, "attacker") == [("approach", "approach", "astuzia", None, True, 0),
                                   ("control", "control", "forza", 2, True, 0),
                                   ("deadly", "deadly", "disciplina", 4, False, 0)]
    assert r["damage"]["dealt"] == {"attacker": 0, "defender": 1}
    assert r["damage"]["taken"] == {"attacker": 2, "defender": 0}
    assert r["powers"]["Francia"] == power(0, 1, unrest=1, gold=-2)  # the fleet, as ordered
    assert r["outcome"] == "defender_wins"


def test_K9_deadly_engagement_deals_its_die_face() -> None:
    r = resolved("good_deadly_with_die.json")
    assert step(r, "attacker")[1:] == [("control", "control", "forza", 3, True, 0),
                                       ("deadly", "deadly", "forza", 4, True, 4)]
    assert r["damage"]["taken"] == {"attacker": 1, "defender": 4}
    assert r["powers"]["Austria"] == power(2, unrest=2)
    assert r["outcome"] == "attacker_wins" and r["control"] == TAKEN
    assert r["units_of"] == {"attacker": 3, "defender": 3}
    assert r["units_lost"] == {"attacker": 0, "defender": 2}


def test_K9_deadly_engagement_on_the_weakness_without_die_deals_3() -> None:
    r = resolved("good_deadly_without_die.json")
    assert step(r, "attacker")[2] == ("deadly", "deadly", "astuzia", None, True, 3)
    assert r["powers"]["Austria"] == power(1, unrest=1)
    # The attacker wins, but the defender had no marker there: L8 changes nothing.
    assert r["outcome"] == "attacker_wins" and r["control"] == KEPT


def test_K8_deadly_after_a_failed_control_is_a_plain_engagement() -> None:
    r = resolved("good_control_failed.json")
    assert step(r, "attacker") == [("approach", "approach", "astuzia", None, True, 0),
                                   ("control", "control", "forza", None, False, 0),
                                   ("deadly", "engagement", "astuzia", None, True, 1)]
    assert r["damage"]["dealt"]["attacker"] == 1 and r["damage"]["failed"]["attacker"] == 1
    assert r["powers"]["Francia"] == power(1, unrest=1, gold=-2)
    assert r["outcome"] == "defender_wins"


def test_K2_damage_spills_to_the_ally_in_its_order() -> None:
    r = resolved("good_spill_to_the_ally.json")
    assert r["ratings"]["defender"] == [4, 3, 5, 4]
    assert r["damage"]["dealt"]["attacker"] == 5
    assert r["losses"] == [["Austria", "army", 1], ["Prussia", "fleet", 1]]
    assert r["powers"]["Austria"] == power(1, unrest=1)
    assert r["powers"]["Prussia"] == power(0, 1, unrest=1)
    assert r["outcome"] == "attacker_wins" and r["control"] == TAKEN


def test_K11_neutral_has_equal_ratings_and_gives_its_reward() -> None:
    r = resolved("good_neutral.json")
    assert r["ratings"]["defender"] == [3, 3, 3, 3]
    assert r["strength"]["defender"] == [] and r["weakness"]["defender"] == []
    assert r["dice"]["defender"] == [6] and r["units_of"]["defender"] == 1
    assert step(r, "attacker")[2] == ("deadly", "deadly", "disciplina", 4, True, 4)
    assert r["losses"] == [[None, "neutral", 1]]
    assert r["powers"] == {"Francia": power(gold=1)}
    assert r["outcome"] == "attacker_wins"
    assert r["control"] == {"attacker_gains": 1, "defender_loses": 0, "gained_by": "Francia"}


def test_K5_rerolls_replace_the_dice_chosen() -> None:
    r = resolved("good_rerolls.json")
    assert r["rolls"] == {"attacker": [6, 6, 2], "defender": [5, 5]}
    assert r["dice"] == {"attacker": [4, 3, 2], "defender": [5, 1]}
    assert [s["die"] for s in r["steps"]["attacker"]] == [2, 3, 4]
    assert r["dice_used"] == 8 and "reroll_roll" in r["path"]
    assert r["outcome"] == "attacker_wins" and r["control"] == TAKEN


def test_every_good_case_follows_K10() -> None:
    for case in GOOD:
        r = resolved(case)
        dealt, taken = r["damage"]["dealt"]["attacker"], r["damage"]["taken"]["attacker"]
        wins = dealt > taken and r["units_lost"]["defender"] > 0
        assert r["attacker_wins"] == wins == (r["outcome"] == "attacker_wins"), case
        assert r["damage"]["taken"]["defender"] == (
            dealt + r["damage"]["failed"]["defender"]), case
        assert "note" in json.loads((CASES / case).read_text(encoding="utf-8")), case


@pytest.mark.parametrize("case", BAD)
def test_bad_cases_exit_2_with_one_italian_line(case: str) -> None:
    expected = json.loads((CASES / case).read_text(encoding="utf-8"))["error"]
    status, out, err = run("resolve", str(CASES / case))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and expected in err, err


# Mistakes of a case (changes to good_deadly_with_die.json) and the Italian line of each: the
# names of fields and values between the curly quotes of the command line's other messages.
MISTAKES = [
    ({"plans": {"attacker": [["approach", "astuzia"]], "neutral": []}},
     "“plans” elenca solo “attacker” e “defender”."),
    ({"ratings": {"army": [4, 2, 2]}},
     "Il campo “ratings.army” deve elencare quattro valori (Disciplina, Astuzia, Rapidità, "
     "Forza)."),
    ({"plans": {"attacker": [["approach"]]}}, "Ogni passo di “plans.attacker”"),
    ({"plans": {"attacker": [["charge", "forza"]]}},
     "Azione “charge” sconosciuta in “plans.attacker[0]”"),
    ({"plans": {"attacker": [["approach", "coraggio"]]}},
     "Caratteristica “coraggio” sconosciuta in “plans.attacker[0]”"),
]


@pytest.mark.parametrize(("change", "expected"), MISTAKES)
def test_bad_cases_name_fields_between_the_curly_quotes(change: dict[str, Any], expected: str,
                                                         tmp_path: Path) -> None:
    case = json.loads((CASES / "good_deadly_with_die.json").read_text(encoding="utf-8"))
    path = tmp_path / "case.json"
    path.write_text(json.dumps({**case, **change}), encoding="utf-8")
    status, out, err = run("resolve", str(path))
    assert status == 2 and out == ""
    assert expected in err and "«" not in err and "»" not in err, err


def test_the_data_of_piano_name_an_unknown_field_between_the_curly_quotes() -> None:
    with pytest.raises(DataError) as refused:
        PIANO_PROCEDURE.read_data({"ratings": {}, "morale": 3})
    assert refused.value.message.render("it") == \
        "Campo “morale” sconosciuto nei dati di “piano” (solo “ratings” e “integrity”)."


def test_odds_of_the_deadly_case_by_hand() -> None:
    # 3 dice: win when two or more are at most 4 (Forza) and one of them is 2-4 (the Deadly's
    # face beats the 1 damage taken): 1 - P(fewer than two at most 4) - P(those all 1s) =
    # (8/27 - 1/216) + (12/27 - 6/216) = 153/216 = 17/24.
    found = odds("good_deadly_with_die.json")
    assert found["exact"] == {"attacker_wins": "17/24", "defender_wins": "7/24"}
    assert found["samples"] is None


def test_a_case_resolves_in_a_real_subprocess() -> None:
    done = subprocess.run([sys.executable, "-m", "guerra.rules", "resolve",
                           str(CASES / "good_neutral.json")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "attacker_wins"
    bad = subprocess.run([sys.executable, "-m", "guerra.rules", "resolve",
                          str(CASES / "bad_too_few_dice.json")], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "Troppo pochi dadi" in bad.stderr
