"""More than one server process: with REDIS_URL the channel layer is channels-redis, so an action
taken over HTTP on one process reaches a websocket held by another.

Runs only when REDIS_URL is set (CI's second run; locally: REDIS_URL=redis://127.0.0.1:6379/0).
The two daphne processes need the test's data in a database they can open:
- PostgreSQL: the test database itself (the test is transactional, so its data is committed);
- SQLite: the test database's file; one in memory, out of the servers' reach, is copied, data
  and sessions included, into a file of the test's own with SQLite's backup API
  (tests/servers.py). The test only talks to the servers over HTTP and websockets.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
from collections.abc import Callable, Iterator
from typing import Any, cast
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from websockets.sync.client import connect as ws_connect

from guerra.game.models import Seat
from guerra.settings import BASE_DIR
from tests.servers import Server, database_url, server_env

REDIS_URL = os.environ.get("REDIS_URL", "")

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a Redis server)"),
]

# A deadline for a failing server, never measured or asserted: a healthy run takes far less.
RECEIVE_DEADLINE = 15.0


@pytest.fixture
def servers() -> Iterator[Callable[[str], tuple[Server, Server]]]:
    """Two daphne processes on one database and one Redis, under a prefix of their own."""

    def start(url: str) -> tuple[Server, Server]:
        env = server_env(url, REDIS_URL=REDIS_URL,
                         GUERRA_REDIS_PREFIX=f"guerra-test-{secrets.token_hex(4)}")
        pair = (Server(env, BASE_DIR / "artifacts" / "multiprocess-first.log"),
                Server(env, BASE_DIR / "artifacts" / "multiprocess-second.log"))
        started.extend(pair)
        for server in pair:  # both start at once
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
    first, second = servers(database_url(copy_into=tmp_path))

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

        if settings.GUERRA_PUSHED_PARTS:  # the servers run with this test's settings
            # The chat line comes rendered first, then its doorbell: nothing to fetch.
            frame = json.loads(carla_socket.recv(timeout=RECEIVE_DEADLINE))
            assert frame["type"] == "parts"
            assert "Da un processo all&#x27;altro" in frame["chats"][0]["html"]
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
