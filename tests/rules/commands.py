"""`python -m guerra.rules ...` answered two ways: by `cli.main` in the test's process (what most
command-line tests use: the same exit status, stdout and stderr, the code seen by coverage and
by mutation testing, and no child's start, some 0.2-0.3 s of the processors each), or by a real
child process, as a user runs it (its `__main__`, `sys.exit`, its streams encoded and decoded)."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from guerra.rules import cli

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "guerra.rules"]
REAL_RUN = subprocess.run


def in_process(*args: str) -> tuple[int, str, str]:
    """The command's exit status, stdout and stderr, answered by `cli.main` here."""
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def in_child_process(*args: str) -> tuple[int, str, str]:
    """The same, from `python -m guerra.rules` in a child process."""
    done = REAL_RUN([*COMMAND, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                    check=False)
    return done.returncode, done.stdout, done.stderr


def answered_alike(*args: str) -> tuple[int, str, str]:
    """A child process answers as this process does, word for word; that answer."""
    answered = in_child_process(*args)
    assert answered == in_process(*args), args
    return answered


def run_in_process(args: Sequence[str], *popenargs: Any, **kwargs: Any) -> Any:
    """`subprocess.run` for `python -m guerra.rules ...`, answered by `cli.main`; any other
    command runs for real."""
    if list(args[:3]) != COMMAND:
        return REAL_RUN(args, *popenargs, **kwargs)
    status, out, err = in_process(*args[3:])
    return subprocess.CompletedProcess(list(args), status, out, err)
