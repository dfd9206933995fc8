"""What the live benches share: the server they start (the real application beside a bare echo
consumer), logged-in sessions, one htmx POST, percentiles and a process's CPU time.

The servers run `bench.serving:application` with production settings (DEBUG off, a key of this
run's own) on the database the bench prepared, with the chat limit raised: a bench writes far
faster than a player.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ECHO_PATH = "/ws/bench/echo/"
# One key for this run, shared by the bench (which logs the players in) and its servers (which
# run with production settings and so want a key of their own, not the public development one).
# Importing this module changes no environment (the test suite imports it): `setup_django` and
# `server_env` hand the key on.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50)
# The chat's own limit (30 lines a minute per player and game) is for people, not benches.
CHAT_LINES_PER_MINUTE = "1000000"


# The server side: the real application, plus a bare echo consumer for the baseline.


# A file the server appends a line to after each of its garbage collections (the load bench
# sets it and reads the window's pauses back): wall-clock time, generation, milliseconds, and
# the objects a full collection walked.
COLLECTIONS_LOG = "GUERRA_BENCH_COLLECTIONS"


def watch_collections(path: str) -> None:
    """Time each of this process's garbage collections into `path` (one line each)."""
    import gc

    out = open(path, "a", buffering=1)  # noqa: SIM115 (open as long as the server runs)
    began = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pause = (time.perf_counter() - began[0]) * 1000
            # What a full collection walked: every object it tracks (but the frozen ones).
            walked = len(gc.get_objects()) if info["generation"] == 2 else 0
            out.write(f"{time.time():.3f} {info['generation']} {pause:.2f} {walked}\n")

    gc.callbacks.append(timed)


def read_collections(path: Path, window: tuple[float, float]) -> list[tuple[int, float, int]]:
    """(generation, milliseconds, objects walked by a full one) of the collections logged at
    `path` within the wall-clock `window`."""
    found = []
    if path.exists():
        for line in path.read_text().splitlines():
            at, generation, pause, walked = line.split()
            if window[0] <= float(at) < window[1]:
                found.append((int(generation), float(pause), int(walked)))
    return found


# What a bench server counts, read back at COUNTS_PATH (`server_counts`): the database queries
# it made, and the pushes it handed the channel layer (one group_send each) with their bytes.
COUNTS_PATH = "/bench/counts/"
_counts = {"queries": 0, "layer_messages": 0, "layer_bytes": 0}
_counting = threading.Lock()


def _count(name: str, by: int = 1) -> None:
    with _counting:
        _counts[name] += by


def count_everything() -> None:
    """Count each query of every connection, and each push as it is handed to the layer."""
    from django.db.backends.signals import connection_created

    from guerra.game.live import push

    def counted_query(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        _count("queries")
        return execute(sql, params, many, context)

    def wrap(sender: Any, connection: Any, **kwargs: Any) -> None:
        # Sent again each time a pooled connection (PostgreSQL) is taken: wrapped once.
        if counted_query not in connection.execute_wrappers:
            connection.execute_wrappers.append(counted_query)

    connection_created.connect(wrap, weak=False)
    send = push.send

    def counted_send(group: str, message: dict[str, Any]) -> bool:
        _count("layer_messages")
        _count("layer_bytes", len(json.dumps(message, separators=(",", ":"))))
        return send(group, message)

    push.send = counted_send


def server_counts(port: int) -> dict[str, int]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", COUNTS_PATH)
        return dict(json.loads(connection.getresponse().read()))
    finally:
        connection.close()


def _build_application() -> Any:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
    if os.environ.get(COLLECTIONS_LOG):
        watch_collections(os.environ[COLLECTIONS_LOG])
    from channels.generic.websocket import AsyncWebsocketConsumer

    from guerra.asgi import application as guerra_application

    class EchoConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
        """The floor: one group_send per frame, to a group of one, and back out."""

        async def connect(self) -> None:
            self.group = f"bench-echo-{secrets.token_hex(6)}"
            await self.channel_layer.group_add(self.group, self.channel_name)
            self.groups = [self.group]
            await self.accept()

        async def receive(
            self, text_data: str | None = None, bytes_data: bytes | None = None
        ) -> None:
            await self.channel_layer.group_send(self.group, {"type": "echo", "text": text_data})

        async def echo(self, event: dict[str, Any]) -> None:
            await self.send(text_data=event["text"])

    echo = EchoConsumer.as_asgi()

    count_everything()

    async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"] == ECHO_PATH:
            await echo(scope, receive, send)
        elif scope["type"] == "http" and scope["path"] == COUNTS_PATH:
            with _counting:
                body = json.dumps(_counts).encode()
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": body})
        else:
            await guerra_application(scope, receive, send)

    return application


def __getattr__(name: str) -> Any:
    # daphne imports `bench.serving:application`; build it only in the server process.
    if name == "application":
        return _build_application()
    raise AttributeError(name)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env(database_url: str, redis_prefix: str) -> dict[str, str]:
    """The environment of a bench's server: production settings on the bench's database.
    Servers of one run share `redis_prefix` (with REDIS_URL set, they share one channel layer
    and cache); game 1 of a bench must never ring game 1 of a real server sharing the Redis."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "guerra.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": SECRET_KEY,
        "GUERRA_CHAT_LINES_PER_MINUTE": CHAT_LINES_PER_MINUTE,
        "GUERRA_MANIFEST_STATIC": "0",
        "GUERRA_REDIS_PREFIX": redis_prefix,
    }


def start_server(
    database_url: str, *, env: dict[str, str] | None = None, log: Path | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    """One daphne (`python -m guerra.runtime.server`) on a free port; returns once it accepts."""
    port = free_port()
    environment = env or server_env(database_url, f"guerra-bench-{secrets.token_hex(4)}")
    output = log.open("wb") if log is not None else subprocess.DEVNULL
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "guerra.runtime.server", "-b", "127.0.0.1", "-p", str(port)),
            "bench.serving:application",
        ],
        cwd=ROOT,
        env=environment,
        stdout=output,
        stderr=output,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("daphne did not start") from None
            time.sleep(0.1)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def setup_django(database_url: str) -> None:
    """Django in the bench's own process, on the database its servers will use."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SECRET_KEY"] = SECRET_KEY
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
    import django

    django.setup()


def login(user: Any) -> str:
    """A logged-in session of `user` (as the login page would make it, without a password:
    django-axes, which counts failed logins, never sees these); returns its cookie value."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return str(client.cookies["sessionid"].value)


def post(
    connection: http.client.HTTPConnection, session: str, path: str, data: dict[str, Any]
) -> int:
    """An htmx POST as the session's user, on a kept-alive connection; returns the status.
    A list value sends the field once per item (as a form with several inputs of one name)."""
    token = "b" * 32
    connection.request(
        "POST",
        path,
        body=urlencode(data, doseq=True),
        headers={
            "Cookie": f"sessionid={session}; csrftoken={token}",
            "X-CSRFToken": token,
            "Origin": f"http://{connection.host}:{connection.port}",
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    response = connection.getresponse()
    response.read()
    return response.status


def get(connection: http.client.HTTPConnection, session: str, path: str) -> tuple[int, bytes]:
    """An htmx GET as the session's user (a page part), on a kept-alive connection."""
    connection.request(
        "GET", path, headers={"Cookie": f"sessionid={session}", "HX-Request": "true"}
    )
    response = connection.getresponse()
    return response.status, response.read()


def percentiles(samples: list[float]) -> tuple[float, float]:
    """p50 and p99 (inclusive method: a single sample is both)."""
    if len(samples) == 1:
        return samples[0], samples[0]
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49], cuts[98]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a running process so far (Linux: /proc/<pid>/stat)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    # The command name (field 2) may hold spaces: count the fields after its closing ")".
    fields = text[text.rindex(")") + 2 :].split()
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")
