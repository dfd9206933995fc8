"""The whole test suite: `python -m tests` (what the README's test command runs).

Steps: compile the translations; then the browser tests in a pytest run of their own (sync
Playwright and pytest-asyncio do not share a process), beside ruff, mypy, the import rules
(lint-imports, the contracts of pyproject.toml) and the main pytest run.
Extra arguments go to both pytest runs. `--no-lint` skips ruff, mypy and the import rules (CI's
second run against PostgreSQL and Redis uses it: the code is the same).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

BASE_DIR = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CHROMIUM = os.environ.get("GUERRA_CHROMIUM", "/usr/bin/chromium")


def run(title: str, command: list[str], env: dict[str, str] | None = None) -> bool:
    print(f"\n=== {title} ===", flush=True)
    return subprocess.run(command, cwd=BASE_DIR, env=env).returncode == 0


def ensure_chromium() -> bool:
    """Browser tests need Debian's chromium; install it when we may, or say how."""
    if Path(CHROMIUM).exists():
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("chromium is missing: installing Debian's chromium package…", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], env=env, check=False)
    if Path(CHROMIUM).exists():
        return True
    print(
        f"Browser tests need chromium at {CHROMIUM}: install it (apt-get install chromium) or "
        "set GUERRA_CHROMIUM to its path.",
        flush=True,
    )
    return False


def start(title: str, command: list[str]) -> tuple[str, subprocess.Popen[bytes], IO[bytes]]:
    """A step run beside the others: its output goes to a file, printed when it is over."""
    output = tempfile.TemporaryFile()  # noqa: SIM115 (closed by finish, after the run)
    print(f"\n=== {title}: started beside the others ===", flush=True)
    process = subprocess.Popen(command, cwd=BASE_DIR, stdout=output, stderr=subprocess.STDOUT)
    return title, process, output


def finish(step: tuple[str, subprocess.Popen[bytes], IO[bytes]]) -> bool:
    title, process, output = step
    code = process.wait()
    print(f"\n=== {title} ===", flush=True)
    output.seek(0)
    sys.stdout.buffer.write(output.read())
    sys.stdout.flush()
    output.close()
    return code == 0


def main(argv: list[str]) -> int:
    lint = "--no-lint" not in argv
    extra = [a for a in argv if a != "--no-lint"]
    results: dict[str, bool] = {}
    results["translations"] = run(
        "translations", [sys.executable, "-m", "guerra.i18n_tools", "compile"]
    )
    # The browser tests spend much of their time waiting on a server and a browser: on two cores
    # they run beside the linters and the main run, each run with its own test database, and
    # print when they end. Their pictures are for people who look (GUERRA_SCREENSHOTS=1).
    os.environ.setdefault("GUERRA_SCREENSHOTS", "0")
    # The main run's tests share nothing but their database, which pytest-xdist gives each
    # worker its own of. The browser tests can be split the same way (GUERRA_BROWSER_WORKERS),
    # each worker with its own database, server and browser; beside the main run's two workers
    # on two cores, one browser worker finished the whole command sooner than two
    # (docs/testing.md has the figures).
    workers = ["-n", os.environ.get("GUERRA_TEST_WORKERS", "2")]
    browser_workers = ["-n", os.environ.get("GUERRA_BROWSER_WORKERS", "1")]
    browser = None
    if ensure_chromium():
        browser = start(
            "browser tests",
            [sys.executable, "-m", "pytest", "tests/browser", "--ds=tests.settings_browser",
             *browser_workers, *extra],
        )
    # mypy reads the whole tree from nothing on a fresh clone (no .mypy_cache): it and the
    # import rules run beside the tests rather than before them.
    checks = []
    if lint:
        results["ruff"] = run("ruff", [str(BIN / "ruff"), "check", "."])
        checks = [start("mypy", [str(BIN / "mypy")]),
                  start("import rules", [str(BIN / "lint-imports")])]
    results["pytest"] = run(
        "pytest",
        [sys.executable, "-m", "pytest", "tests", "--ignore=tests/browser", *workers, *extra],
    )
    for check in checks:
        results[check[0]] = finish(check)
    results["browser"] = finish(browser) if browser is not None else False
    print("\n=== summary ===")
    for name, ok in results.items():
        print(f"{name}: {'ok' if ok else 'FAILED'}")
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
