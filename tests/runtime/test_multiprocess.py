"""More than one server process: with REDIS_URL the channel layer is channels-redis, so an action
taken over HTTP on one process reaches a websocket held by another.

Runs only when REDIS_URL is set (CI's second run; locally: REDIS_URL=redis://127.0.0.1:6379/0).
The two daphne processes need the test's data in a database they can open:
- PostgreSQL: the test database itself (the test is transactional, so its data is committed);
- SQLite: the main run's test database lives in memory, out of the servers' reach, so the test
  copies it, data and sessions included, into a file of its own with SQLite's backup API. The
  servers then share that file; the test only talks to them over HTTP and websockets.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote, urlencode

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from websockets.sync.client import connect as ws_connect

from guerra.game.models import Seat
from guerra.settings import BASE_DIR

REDIS_URL = os.environ.get("REDIS_URL", "")

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a Redis server)"),
]

# Deadlines for a failing server, never measured or asserted: a healthy run takes far less.
STARTUP_DEADLINE = 30.0
RECEIVE_DEADLINE = 15.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _database_url_for_servers(folder: Path) -> str:
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        if connection.is_in_memory_db():
            path = folder / "multiprocess.sqlite3"
            connection.ensure_connection()
            target = sqlite3.connect(path)
            connection.connection.backup(target)
            target.close()
        else:
            path = Path(settings["NAME"]).resolve()
        return "sqlite:///" + str(path)
    user = quote(settings["USER"] or "")
    password = ":" + quote(settings["PASSWORD"]) if settings["PASSWORD"] else ""
    host = settings["HOST"] or "127.0.0.1"
    port = f":{settings['PORT']}" if settings["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{settings['NAME']}"


class Server:
    def __init__(self, name: str, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.log_path = BASE_DIR / "artifacts" / f"multiprocess-{name}.log"
        self.log_path.parent.mkdir(exist_ok=True)
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "guerra.runtime.server"),
                *("-b", "127.0.0.1", "-p", str(self.port)),
                "guerra.asgi:application",
            ],
            cwd=BASE_DIR,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
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
                    pytest.fail(f"daphne did not start: see {self.log_path}")
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


@pytest.fixture
def servers() -> Iterator[Callable[[str], tuple[Server, Server]]]:
    """Two daphne processes on one database and one Redis, under a prefix of their own."""

    def start(database_url: str) -> tuple[Server, Server]:
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": REDIS_URL,
            "GUERRA_REDIS_PREFIX": f"guerra-test-{secrets.token_hex(4)}",
            "DJANGO_SETTINGS_MODULE": "guerra.settings",
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        pair = (Server("first", env), Server("second", env))
        started.extend(pair)
        for server in pair:
            server.wait_until_up()
        return pair

    started: list[Server] = []
    yield start
    for server in started:
        server.stop()


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def post(server: Server, path: str, session: str, data: dict[str, str]) -> tuple[int, str]:
    """An htmx-style POST with a session and a CSRF token pair, as a browser would send it."""
    token = secrets.token_hex(16)
    body = urlencode(data)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=RECEIVE_DEADLINE)
    conn.request(
        "POST",
        path,
        body=body,
        headers={
            "Cookie": f"sessionid={session}; csrftoken={token}",
            "X-CSRFToken": token,
            "Origin": server.origin,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    response = conn.getresponse()
    text = response.read().decode()
    conn.close()
    return response.status, text


def get(server: Server, path: str, session: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=RECEIVE_DEADLINE)
    conn.request("GET", path, headers={"Cookie": f"sessionid={session}", "HX-Request": "true"})
    text = conn.getresponse().read().decode()
    conn.close()
    return text


def test_an_action_on_one_process_reaches_a_websocket_on_another(running_game, servers, tmp_path):
    seats = {s.power: s for s in Seat.objects.select_related("user").filter(game=running_game)}
    anna = session_cookie(seats["Francia"].user)
    carla = session_cookie(seats["Prussia"].user)
    first, second = servers(_database_url_for_servers(tmp_path))

    with ws_connect(
        f"ws://127.0.0.1:{second.port}/ws/partite/{running_game.pk}/",
        origin=second.origin,
        additional_headers={"Cookie": f"sessionid={carla}"},
        open_timeout=RECEIVE_DEADLINE,
    ) as carla_socket:
        hello = json.loads(carla_socket.recv(timeout=RECEIVE_DEADLINE))
        assert hello["type"] == "hello"

        status, _body = post(
            first,
            reverse("game_chat_alliance", args=[running_game.pk, 1]),
            anna,
            {"text": "Da un processo all'altro"},
        )
        assert status == 200

        push = json.loads(carla_socket.recv(timeout=RECEIVE_DEADLINE))
        assert push["type"] == "push"
        assert push["parts"] == ["chat-alliance-1"]
        assert push["prev"] == hello["chains"]["alliance-1-1"]
        assert push["seq"] == push["prev"] + 1  # numbered within the alliance's own chain

    # The second process reads what the first one wrote.
    part = get(second, reverse("game_chat_alliance", args=[running_game.pk, 1]), carla)
    assert "Da un processo all&#x27;altro" in part


def test_a_quiet_server_keeps_its_sockets_on_redis():
    """channels-redis waits 5 s on Redis for a process's next message (BRPOP); redis-py gave up
    on a read after 5 s too, so every consumer of a process that heard nothing for 5 s died
    with a TimeoutError and its socket closed. A read now outlasts the wait."""
    import asyncio

    from channels_redis.core import RedisChannelLayer
    from django.conf import settings

    config = dict(cast(dict[str, Any], settings.CHANNEL_LAYERS["default"]["CONFIG"]))
    config["prefix"] = f"guerra-test-{secrets.token_hex(4)}"
    layer = RedisChannelLayer(**config)

    async def quiet() -> str:
        channel = await layer.new_channel()
        try:
            await asyncio.wait_for(layer.receive(channel), 6.5)
        except TimeoutError:
            return "still waiting"
        finally:
            await layer.flush()
        return "a message out of nowhere"

    assert asyncio.run(quiet()) == "still waiting"
