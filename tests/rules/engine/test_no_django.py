"""`guerra.rules` imports nothing from Django, checked in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import importlib, pkgutil, sys
import guerra.rules
names = ["guerra.rules"] + [m.name for m in pkgutil.walk_packages(guerra.rules.__path__,
                                                                  "guerra.rules.")
                            if m.name != "guerra.rules.__main__"]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(len(names), ",".join(loaded))
"""


def test_guerra_rules_imports_nothing_from_django() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    count, loaded = done.stdout.strip().split(" ", 1) if " " in done.stdout.strip() \
        else (done.stdout.strip(), "")
    assert int(count) > 20  # every module was imported...
    assert loaded == ""  # ...and none of them pulled in Django
