"""Mutation testing of the rules engine: `python -m tests.mutation [MUTANT ...]`.

Runs mutmut (configured in pyproject.toml, `[tool.mutmut]`: it mutates `guerra/rules` and runs
`tests/rules` against each mutant, in a copy under `mutants/`), then prints the figures: how many
mutants, how many the tests killed, survived, timed out, and the score, which is the share of
mutants detected (killed or timed out) among those checked (all but the skipped ones). The exit
code is 1 when the score is below 90%, 2 when mutmut itself failed.

mutmut keeps its results in `mutants/` and, on a second run, re-checks only the functions whose
code changed: delete `mutants/` for a full run from scratch. Names (or globs such as
`'guerra.rules.dice.*'`) given as arguments are re-checked whatever the cache says.
`mutmut show NAME` shows what a mutant changed.

`python -m tests.mutation --services [MUTANT ...]` does the same for the services
(`guerra/game/services`, against the Django tests of `tests/game`), in a project folder of its
own, `mutation-services/` (see `services_project`); `mutmut show` and `mutmut results` work
there.

The module is also a pytest plugin, loaded in mutmut's runs only (`-p tests.mutation` in
`[tool.mutmut]`): it runs the fastest tests first, by the durations mutmut measured, so that a
mutant stops (`-x`) at the first, cheapest test that kills it; and it leaves out the four slow
statistical tests listed in `SLOW` (random whole games, Monte Carlo odds: nine tenths of the
time a surviving mutant costs, on two cores). The score is then a lower bound; with
GUERRA_MUTATION_ALL_TESTS=1 they run too (e.g. to re-check the survivors).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THRESHOLD = 90.0
# At most two test processes at once: the machines this runs on have two cores.
CHILDREN = "2"

SLOW = (
    "tests/rules/game/test_whole_game.py::"
    "test_random_legal_games_keep_every_invariant_and_always_end",
    "tests/rules/seed004/test_odds.py::test_merging_the_sevens_at_sea_is_exact",
    "tests/rules/seed004/test_odds.py::test_odds_sum_to_one_and_agree_with_monte_carlo",
    "tests/rules/seed004/test_odds.py::test_odds_agree_with_a_seeded_monte_carlo_run",
)

# Tests that read the source files themselves: in mutmut's copy every function is there once per
# mutant, with the mutants' strings, so the catalogue check finds strings nobody wrote. Always
# left out of mutation runs.
READS_THE_SOURCE = (
    "tests/game/text/test_i18n.py::test_every_string_has_an_italian_translation_and_no_entry_is_stale",
)

DETECTED = ("killed", "timeout", "caught by type check")
NOT_CHECKED = ("skipped", "not checked")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The plugin's hook: the slow tests and the source readers left out, the fastest first
    (mutmut runs pytest in `mutants/`, beside the `mutmut-stats.json` holding each test's
    duration; a test not measured yet runs first)."""
    left_out = READS_THE_SOURCE if os.environ.get("GUERRA_MUTATION_ALL_TESTS") else (
        *SLOW, *READS_THE_SOURCE)
    dropped = [item for item in items if item.nodeid.partition("[")[0] in left_out]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item.nodeid.partition("[")[0] not in left_out]
    stats = Path("mutmut-stats.json")
    if not stats.is_file():
        return
    durations: dict[str, float] = json.loads(stats.read_text(encoding="utf-8")).get(
        "duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


def mutmut(*args: str, where: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run `mutmut ARGS` in the project (or `where`), its output captured."""
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=where, text=True,
                          capture_output=True)


def statuses(where: Path = ROOT) -> dict[str, str]:
    """Every mutant's status from mutmut's results: "killed", "survived", "timeout"..."""
    done = mutmut("results", "--all", "true", where=where)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    result: dict[str, str] = {}
    for line in done.stdout.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("guerra."):
            result[name] = status
    return result


def score(counts: Counter[str]) -> float:
    """Detected among the mutants checked (a run cut short leaves some "not checked")."""
    checked = sum(counts.values()) - sum(counts[status] for status in NOT_CHECKED)
    detected = sum(counts[status] for status in DETECTED)
    return 100.0 * detected / checked if checked else 0.0


def module_of(name: str) -> str:
    """ "guerra.rules.seed004.case.x_read_dice__mutmut_3" -> "guerra.rules.seed004.case"."""
    return name.split(".x_", 1)[0].split(".x\u01c1", 1)[0]


def report(by_name: dict[str, str]) -> float:
    counts = Counter(by_name.values())
    percent = score(counts)
    print(f"mutants:      {len(by_name)}")
    for status in ("killed", "survived", "timeout", "suspicious", "skipped", "no tests",
                   "not checked"):
        print(f"{status + ':':13} {counts[status]}")
    for status, n in sorted(counts.items()):
        if status not in ("killed", "survived", "timeout", "suspicious", "skipped", "no tests",
                          "not checked"):
            print(f"{status + ':':13} {n}")
    print(f"score:        {percent:.1f}% of the mutants checked (threshold {THRESHOLD:.0f}%)")
    print("by module (checked, detected, score):")
    modules = sorted({module_of(name) for name in by_name})
    for module in modules:
        mine = Counter(status for name, status in by_name.items() if module_of(name) == module)
        checked = sum(mine.values()) - sum(mine[status] for status in NOT_CHECKED)
        if checked:
            detected = sum(mine[status] for status in DETECTED)
            print(f"    {module:40} {checked:5} {detected:5} {score(mine):6.1f}%")
    survivors = sorted(name for name, status in by_name.items()
                       if status not in DETECTED and status not in NOT_CHECKED)
    print(f"survivors ({len(survivors)}):")
    for name in survivors:
        print(f"    {name}  [{by_name[name]}]")
    return percent


# The services (guerra/game/services) are mutated in a project of their own, since mutmut reads
# its settings from the pyproject.toml of the folder it runs in: `mutation-services/` holds
# links to the project's folders and a pyproject.toml whose [tool.mutmut] mutates the services
# and runs the Django tests of tests/game against each mutant.
SERVICES_ROOT = ROOT / "mutation-services"
SERVICES_LINKS = ("guerra", "tests", "locale", "templates", "static", "manage.py")
SERVICES_CONFIG = """[tool.mutmut]
source_paths = ["guerra/game/services"]
pytest_add_cli_args_test_selection = ["tests/game"]
pytest_add_cli_args = ["-W", "ignore::pytest.PytestConfigWarning", "-p", "tests.mutation"]
also_copy = ["guerra", "locale", "templates", "static", "manage.py"]
timeout_multiplier = 4.0

"""


def services_project() -> Path:
    """`mutation-services/`, made or brought up to date: the links, and the project's own
    pyproject.toml with its [tool.mutmut] table replaced by the services' one."""
    SERVICES_ROOT.mkdir(exist_ok=True)
    for name in SERVICES_LINKS:
        link = SERVICES_ROOT / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    start = text.index("[tool.mutmut]")
    end = text.index("\n[", start + 1) + 1
    config = text[:start] + SERVICES_CONFIG + text[end:]
    target = SERVICES_ROOT / "pyproject.toml"
    if not target.is_file() or target.read_text(encoding="utf-8") != config:
        target.write_text(config, encoding="utf-8")
    return SERVICES_ROOT


def main(argv: list[str]) -> int:
    where = ROOT
    if argv[:1] == ["--services"]:
        argv, where = argv[1:], services_project()
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", CHILDREN,
                          *argv], cwd=where, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    elapsed = time.monotonic() - start
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        print(f"mutmut run failed (exit code {run.returncode})", file=sys.stderr)
        return 2
    percent = report(statuses(where))
    print(f"elapsed:      {elapsed:.0f} s")
    return 0 if percent >= THRESHOLD else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
