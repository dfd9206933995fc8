"""The import rules of pyproject.toml ([tool.importlinter]), checked by import-linter: they hold
for the code as it stands, and each kind of rule does catch an import that breaks it (a copy of
the package with one wrong import added fails `lint-imports`, naming the rule and the line)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
LINT_IMPORTS = str(Path(sys.executable).parent / "lint-imports")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` run on the package under `root`, with the contracts of its pyproject.toml."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([LINT_IMPORTS, "--no-cache"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=120)


def test_every_import_rule_holds_for_the_code_as_it_stands():
    result = lint_imports(BASE_DIR)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def copy_of_the_code(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's Python files and the contracts, copied once for the tests below."""
    root = tmp_path_factory.mktemp("imports")
    shutil.copytree(BASE_DIR / "guerra", root / "guerra",
                    ignore=shutil.ignore_patterns("__pycache__", "*.json", "*.po", "*.mo"))
    shutil.copy(BASE_DIR / "pyproject.toml", root / "pyproject.toml")
    return root


# One wrong import per rule: (module that gets it, the import, the rule's name as reported).
WRONG_IMPORTS = [
    ("guerra/game/read/reports.py", "import guerra.game.services.chat",
     "guerra.game.read is not allowed to import guerra.game.services"),
    ("guerra/game/services/chat.py", "import guerra.game.read.negotiation",
     "guerra.game.services is not allowed to import guerra.game.read"),
    ("guerra/game/templatetags/names.py", "import guerra.game.views.lobby",
     "guerra.game.templatetags is not allowed to import guerra.game.views"),
    ("guerra/game/live/routing.py", "import guerra.game.views.lobby",
     "Illegal imports of protected package guerra.game.views"),
    ("guerra/game/live/push.py", "import guerra.game.services.play",
     "guerra.game.live.push is not allowed to import guerra.game.services"),
    ("guerra/game/access/visibility.py", "import guerra.game.services.play",
     "guerra.game.access is not allowed to import guerra.game.services"),
    ("guerra/game/models/chat.py", "import guerra.game.text.grammar",
     "guerra.game.models is not allowed to import guerra.game.text"),
    ("guerra/runtime/kept.py", "import guerra.game.models",
     "guerra.runtime is not allowed to import guerra.game"),
    ("guerra/rules/odds.py", "import django.conf",
     "guerra.rules is not allowed to import django"),
    ("guerra/rules/dice.py", "import channels.layers",
     "guerra.rules is not allowed to import channels"),
    ("guerra/rules/seed004/odds.py", "import guerra.rules.d10.exchange",
     "guerra.rules.seed004 is not allowed to import guerra.rules.d10"),
    ("guerra/game/procedures/d10.py", "import guerra.game.procedures.seed004",
     "guerra.game.procedures.d10 is not allowed to import guerra.game.procedures.seed004"),
    ("guerra/game/procedures/piano/adapter.py", "import guerra.game.procedures.d10",
     "guerra.game.procedures.piano is not allowed to import guerra.game.procedures.d10"),
    ("guerra/game/procedures/d10.py", "import guerra.rules.seed004.odds",
     "guerra.game.procedures.d10 is not allowed to import guerra.rules.seed004"),
    ("guerra/rules/bots/determinize.py", "import guerra.rules.finestre.hands",
     "guerra.rules.bots is not allowed to import guerra.rules.finestre"),
    ("guerra/game/read/board.py", "import guerra.game.procedures.punti",
     "guerra.game.read is not allowed to import guerra.game.procedures.punti"),
    ("guerra/game/live/sockets.py", "import guerra.game.models",
     "guerra.game.live.sockets is not allowed to import guerra.game.models"),
]


@pytest.mark.parametrize(("module", "line", "broken"), WRONG_IMPORTS,
                         ids=[m.removeprefix("guerra/") for m, _l, _b in WRONG_IMPORTS])
def test_a_wrong_import_fails_lint_imports_naming_the_rule(copy_of_the_code, module, line,
                                                          broken):
    path = copy_of_the_code / module
    source = path.read_text()
    path.write_text(f"{source}\n{line}  # the wrong import\n")
    try:
        result = lint_imports(copy_of_the_code)
    finally:
        path.write_text(source)
    assert result.returncode == 1, result.stdout + result.stderr
    report = " ".join(result.stdout.split())  # rich wraps long lines
    assert broken in report, report
    assert f"{module.removesuffix('.py').replace('/', '.')} -> " in report
