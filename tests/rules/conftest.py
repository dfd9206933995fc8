"""The command-line tests (engine/test_cli.py, engine/test_cli_hostile.py, game/test_commands.py)
run `python -m guerra.rules ...` through `subprocess.run`, as a user would; their module marks
them `usefixtures("cli_in_process")`, which answers that command with `cli.main` in this
process (tests/rules/commands.py), for 138 cases. engine/test_cli_subprocess.py runs some of
the same tests again as real child processes."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from tests.rules.commands import run_in_process


@pytest.fixture
def cli_in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(subprocess, "run", run_in_process)
    yield
