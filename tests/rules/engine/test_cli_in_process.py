"""The command-line tests again, with `python -m guerra.rules` run in this process.

tests/rules/engine/test_cli.py, test_cli_hostile.py and game/test_commands.py start a real
subprocess, as a user would. Here the same tests (the same functions, with their hand-computed
expectations)
run with `subprocess.run([python, "-m", "guerra.rules", ...])` answered by `cli.main` in-process:
the same exit status, stdout and stderr, but the code they exercise is now seen by coverage and
by mutation testing (`python -m tests.mutation`), which cannot follow a child process.
"""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from guerra.rules import cli
from tests.rules.engine import test_cli, test_cli_hostile
from tests.rules.game import test_commands

REAL_RUN = subprocess.run
COMMAND = [sys.executable, "-m", "guerra.rules"]


def run_in_process(args: Sequence[str], *popenargs: Any, **kwargs: Any) -> Any:
    """`subprocess.run` for `python -m guerra.rules ...`, answered by `cli.main`; any other
    command runs for real."""
    if list(args[:3]) != COMMAND:
        return REAL_RUN(args, *popenargs, **kwargs)
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args[3:]), out, err)
    return subprocess.CompletedProcess(list(args), status, out.getvalue(), err.getvalue())


@pytest.fixture(autouse=True)
def in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(subprocess, "run", run_in_process)
    yield


def test_the_command_really_runs_in_process(tmp_path: Any) -> None:
    done = subprocess.run([*COMMAND, "simulate"], capture_output=True, text=True, check=False)
    assert isinstance(done, subprocess.CompletedProcess)
    assert done.returncode == 2
    assert done.stderr.startswith("Uso: python -m guerra.rules ")
    assert done.stdout == ""


# The command-line tests, collected here a second time (pytest collects every test function a
# module holds); `in_process` applies to them because they are collected in this module.
for _module in (test_cli, test_cli_hostile, test_commands):
    for _name, _test in vars(_module).items():
        if _name.startswith("test_") and callable(_test):
            globals()[_name] = _test
