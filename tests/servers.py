"""A real server for the tests that need one: `python -m guerra.runtime.server` (daphne, with the
project's websocket frame cap, as the README starts it) on a free port of 127.0.0.1, on the test
database. The browser tests, the websocket limits and the two-process test all start theirs here.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import IO
from urllib.parse import quote

import pytest
from django.db import connection

from guerra.settings import BASE_DIR

# For a server that fails to start only, never measured: a healthy one takes a second or two.
STARTUP_DEADLINE = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def database_url(copy_into: Path | None = None) -> str:
    """The URL of the test database pytest-django made, for a server process. A test that
    writes what the server reads commits it (a transactional test). SQLite's in-memory database
    is out of another process's reach: with `copy_into` (a folder) it is copied there, data and
    sessions included, with SQLite's backup API; without, the test fails."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        if not connection.is_in_memory_db():
            return "sqlite:///" + str(Path(settings["NAME"]).resolve())
        if copy_into is None:
            pytest.fail("a server process needs the test database in a file")
        path = copy_into / "server.sqlite3"
        connection.ensure_connection()
        target = sqlite3.connect(path)
        connection.connection.backup(target)
        target.close()
        return "sqlite:///" + str(path)
    user = quote(settings["USER"] or "")
    password = ":" + quote(settings["PASSWORD"]) if settings["PASSWORD"] else ""
    host = settings["HOST"] or "127.0.0.1"
    port = f":{settings['PORT']}" if settings["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{settings['NAME']}"


def server_env(database: str, **extra: str) -> dict[str, str]:
    """A server's environment: this one, with the real settings on `database`, plus `extra`.
    Sync Playwright's permission to call the ORM from its event loop stays with the tests."""
    env = {**os.environ, "DATABASE_URL": database, "DJANGO_SETTINGS_MODULE": "guerra.settings",
           **extra}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


class Server:
    """One daphne process, its output in `log_path`. Started at once; `wait_until_up` (or
    `start_server`) returns once it accepts connections, so that two can start side by side."""

    def __init__(self, env: dict[str, str], log_path: Path,
                 application: str = "guerra.asgi:application") -> None:
        self.port = free_port()
        self.log_path = log_path
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log: IO[str] = log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "guerra.runtime.server", "-b", "127.0.0.1", "-p",
             str(self.port), application],
            cwd=BASE_DIR, env=env, stdout=self._log, stderr=subprocess.STDOUT,
        )

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_DEADLINE
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the server did not start: see {self.log_path}")
                time.sleep(0.1)

    def stop(self) -> str:
        """Stop the server (again: no harm) and return what it logged."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()
        return self.log_path.read_text()


def start_server(env: dict[str, str], log_path: Path) -> Server:
    """A server on the test database, once it accepts connections."""
    server = Server(env, log_path)
    server.wait_until_up()
    return server
