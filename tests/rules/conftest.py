"""The command-line tests (engine/test_cli.py, engine/test_cli_hostile.py, game/test_commands.py)
run `python -m guerra.rules ...` through `subprocess.run`, as a user would; their module marks
them `usefixtures("cli_in_process")`, which answers that command with `cli.main` in this
process: the same exit status, stdout and stderr, the code seen by coverage and by mutation
testing (`python -m tests.mutation`, which cannot follow a child process), and none of a child's
start (some 0.2 s of the processors each, for 138 cases).
engine/test_cli_subprocess.py runs some of the same tests again as real child processes."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from guerra.rules import cli

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


@pytest.fixture
def cli_in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(subprocess, "run", run_in_process)
    yield
