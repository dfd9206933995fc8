"""`python -m guerra.rules` on files crafted to crash it: each is bad input, so exit status 2
and one Italian line on stderr, never status 3 (an internal error) or a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
# `python -m guerra.rules` answered in this process (tests/rules/conftest.py); some of these
# tests run it as a real child process as well (engine/test_cli_subprocess.py).
pytestmark = pytest.mark.usefixtures("cli_in_process")
CASES = Path(__file__).resolve().parents[1] / "cases"
SPEC = json.loads((CASES / "spec_example.json").read_text(encoding="utf-8"))
AUCTION = {"seating": ["Francia", "Prussia"], "first_opener": "Francia",
           "gold": {"Francia": 5, "Prussia": 5},
           "calls": [{"power": "Francia", "propose": {"A": "Francia", "B": "Prussia"}, "bid": 0},
                     {"power": "Prussia", "pass": True}]}
SNAPSHOT = {"last_war": False, "regions": [{"name": "Baltico", "europe": True, "vp": [3, 2, 1]}],
            "powers": [{"power": "Francia", "gold": 0, "population": 0, "unrest": 0, "vp": 0,
                        "armies": 0, "fleets": 0, "forts": 0, "tile_income": 0, "markers": {}}]}
BASE = {"resolve": SPEC, "odds": SPEC, "auction": AUCTION, "war-end": SNAPSHOT}


def with_raw(case: dict[str, Any], path: tuple[Any, ...], raw: str) -> str:
    """The case as JSON text with the value at `path` replaced by the raw JSON text `raw`."""
    data = json.loads(json.dumps(case))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "@@RAW@@"
    return json.dumps(data, ensure_ascii=True).replace('"@@RAW@@"', raw)


POWER = {"resolve": ("attacker", "power"), "odds": ("attacker", "power"),
         "auction": ("seating", 0), "war-end": ("powers", 0, "power")}
NUMBER = {"resolve": ("attacker", "gold"), "odds": ("defender", "armies"),
          "auction": ("gold", "Francia"), "war-end": ("powers", 0, "gold")}

HOSTILE = {
    "a_number_of_5000_digits": lambda command: with_raw(BASE[command], NUMBER[command], "9" * 5000),
    "a_lone_surrogate_in_a_power": lambda command: with_raw(
        BASE[command], POWER[command], '"Francia\\ud800"'),
    "a_lone_surrogate_in_a_key": lambda command: with_raw(BASE[command], ("x",), '{"\\udc00": 1}'),
    "nested_100000_deep": lambda command: "[" * 100_000 + "]" * 100_000,
    "nested_990_deep_in_a_field": lambda command: with_raw(
        BASE[command], ("x",), "[" * 990 + "]" * 990),
    "nested_objects": lambda command: '{"a":' * 50_000 + "1" + "}" * 50_000,
}


def run(command: str, text: str | bytes, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "case.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "guerra.rules", command, str(path)], cwd=ROOT,
        capture_output=True, text=True, timeout=60, check=False,
    )


def assert_bad_input(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.strip(), done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


@pytest.mark.parametrize("command", BASE)
@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_case_file_is_bad_input(tmp_path: Path, command: str, name: str) -> None:
    assert_bad_input(run(command, HOSTILE[name](command), tmp_path))


@pytest.mark.parametrize("command", BASE)
def test_the_unchanged_cases_still_work(tmp_path: Path, command: str) -> None:
    assert run(command, json.dumps(BASE[command]), tmp_path).returncode == 0


@pytest.mark.parametrize(
    "text", ['{"region": 1}'.encode("utf-16"), b"\xff\xfe{", b'{"a": "\xe8"}'],
    ids=["utf16", "bom", "latin1"],
)
def test_bytes_that_are_not_utf8_are_said_so_in_italian(tmp_path: Path, text: bytes) -> None:
    done = run("resolve", text, tmp_path)
    assert_bad_input(done)
    assert "non è testo UTF-8" in done.stderr
    assert "codec" not in done.stderr  # Python's English explanation stays out


def test_deep_nesting_is_explained(tmp_path: Path) -> None:
    done = run("odds", HOSTILE["nested_objects"]("odds"), tmp_path)
    assert "annidato troppo in profondità" in done.stderr


def test_a_number_too_long_is_explained(tmp_path: Path) -> None:
    done = run("auction", HOSTILE["a_number_of_5000_digits"]("auction"), tmp_path)
    assert "numero troppo lungo" in done.stderr


def test_a_lone_surrogate_is_explained(tmp_path: Path) -> None:
    done = run("war-end", HOSTILE["a_lone_surrogate_in_a_power"]("war-end"), tmp_path)
    assert "non è Unicode valido" in done.stderr
