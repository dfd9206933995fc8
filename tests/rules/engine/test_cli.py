"""`python -m guerra.rules resolve|odds CASE.json`, through `subprocess.run` as a user runs it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from guerra.rules import cli

ROOT = Path(__file__).resolve().parents[3]
# `python -m guerra.rules` answered in this process (tests/rules/conftest.py); some of these
# tests run it as a real child process as well (engine/test_cli_subprocess.py).
pytestmark = pytest.mark.usefixtures("cli_in_process")
CASES = Path(__file__).resolve().parents[1] / "cases"


def rules_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "guerra.rules", *args], cwd=ROOT, capture_output=True,
        text=True, timeout=60, check=False,
    )


def test_resolve_prints_the_outcome_of_the_example_case() -> None:
    done = rules_command("resolve", str(CASES / "spec_example.json"))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["naval"]["winner"] == "defender"
    assert result["naval_support"] == "defender"
    assert (result["land"]["attacker"], result["land"]["defender"]) == (5, 7)
    assert result["control"] == {"attacker_gains": 0, "defender_loses": 0}
    assert result["powers"]["Francia"] == {
        "losses": {"armies": 1, "fleets": 1, "forts": 0}, "unrest": 2, "gold": -2, "vp": 0,
    }
    assert ["armate proprie", 2] in result["land"]["breakdown"]["attacker"]


def test_resolve_a_neutral_case() -> None:
    done = rules_command("resolve", str(CASES / "neutral_vp.json"))
    result = json.loads(done.stdout)
    assert result["outcome"] == "attacker_wins" and result["neutral_removed"] is True
    assert result["powers"] == {"Prussia": {"losses": {"armies": 0, "fleets": 0, "forts": 0},
                                            "unrest": 0, "gold": -2, "vp": 2}}


def test_odds_prints_probabilities_that_sum_to_one() -> None:
    done = rules_command("odds", str(CASES / "spec_example.json"))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    keys = ("attacker_wins", "tie", "defender_wins", "ended_before_land")
    assert sum(result[k] for k in keys) == pytest.approx(1.0)
    assert sum(Fraction(result["exact"][k]) for k in keys) == 1


def test_odds_prints_the_hand_computed_odds_of_an_even_neutral() -> None:
    # Prussia's 2 armies against defence 2: only the dice differences |d1 - d2| decide. They
    # are 0..5 with 6, 10, 8, 6, 4, 2 chances in 36, so a tie has (36 + 100 + 64 + 36 + 16 + 4)
    # / 36² = 256/1296 = 16/81, and each side wins half the rest: (1 - 16/81) / 2 = 65/162.
    done = rules_command("odds", str(CASES / "neutral_vp.json"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["exact"] == {
        "attacker_wins": "65/162", "tie": "16/81", "defender_wins": "65/162",
        "ended_before_land": "0"}


@pytest.mark.parametrize(
    ("command", "case", "line"),
    [
        ("resolve", "bad_missing_field.json", "Manca il campo “attacker.armies”."),
        ("resolve", "bad_too_few_dice.json",
         "Troppo pochi dadi: sono date 3 coppie, i combattimenti ne richiedono di più."),
        ("resolve", "bad_negative.json", "Il campo “defender.fleets” non può essere negativo."),
        ("resolve", "bad_not_enough_gold.json",
         "Dichiarare un attacco costa 2 ori: la Francia ha solo 1 oro."),
        ("odds", "bad_not_enough_gold.json",
         "Dichiarare un attacco costa 2 ori: la Francia ha solo 1 oro."),
        ("resolve", "bad_too_many_tiles.json",
         "La Francia ha solo 1 tessera Alleanza per questa regione."),
        ("resolve", "bad_die_face.json",
         "Ogni voce di “dice” deve essere una coppia di numeri da 1 a 6 (voce 2)."),
        ("resolve", "bad_neutral_and_defender.json",
         "Contro una pedina neutrale il caso non ha difensore né alleati."),
        ("odds", "bad_not_a_number.json",
         "Il campo “attacker.armies” deve essere un numero intero."),
        ("resolve", "bad_not_an_object.json", "Il file del caso deve contenere un oggetto JSON."),
    ],
)
def test_bad_input_exits_non_zero_with_one_italian_line(command: str, case: str,
                                                        line: str) -> None:
    done = rules_command(command, str(CASES / case))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == line + "\n"


def test_malformed_json_names_the_line_and_column() -> None:
    done = rules_command("resolve", str(CASES / "bad_malformed.json"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "non è un JSON valido (riga 2, colonna 35)" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_missing_file_and_a_wrong_command_are_explained() -> None:
    missing = rules_command("resolve", "no/such/case.json")
    assert (missing.returncode, missing.stderr) == (2, "File non trovato: no/such/case.json\n")
    usage = rules_command("simulate")
    assert (usage.returncode, usage.stderr) == (
        2, "Uso: python -m guerra.rules resolve|odds CASO.json, war-end SITUAZIONE.json "
        "oppure auction ASTA.json\n"
    )


def test_an_unexpected_error_is_still_one_line_with_its_own_status(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(command: str, path: Path) -> dict[str, object]:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(cli, "run", broken)
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["resolve", "x.json"], out, err) == 3
    assert err.getvalue() == "Errore imprevisto: RuntimeError('boom\\nsecond line')\n"


def test_an_unknown_procedure_is_refused(tmp_path: Path) -> None:
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"procedure": "seed999"}), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["odds", str(case)], out, err) == 2
    assert err.getvalue() == "Procedura sconosciuta: “seed999”.\n"
