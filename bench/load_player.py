"""One player of the load bench, as its browser on the board page: a websocket that answers
the page's heartbeat and reconnects when the stage changes (static/js/live.js), with what it
heard of each chain (bench/load_stats.py), a kept-alive HTTP connection for its forms' POSTs,
and, with `--refetch`, another for the GETs of the page parts the pushes name.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from bench.load_stats import ChainTracker, KindFigures
from bench.serving import get, post

LINE = re.compile(rb'data-line="(\d+)"')
PING_EVERY = 1.5  # static/js/live.js
REFETCH_AFTER = 0.020  # live.js gathers the parts of a burst of pushes for 20 ms
# What the board page re-fetches for each part a push names (templates/game/*.html, hx-get):
# the parts of the attack page and of private chats are on pages the bench's players leave shut.
PART_PATHS = {
    "board": ("tavolo/", "regioni/", "turno/"),
    "turn": ("turno/",),
    "log": ("registro/",),
    "invitations": ("inviti/alleanza/", "inviti/"),
    "page": ("",),
}
EVERY_PART = (*PART_PATHS["board"], "registro/", *PART_PATHS["invitations"], "negoziazione/")
# The parts a seat's frame brings already rendered (guerra/game/read/fragments.py): a page that
# has had the frame of a step does not fetch them for a push of that step (static/js/live.js).
FRAMED_PARTS = frozenset({"board", "turn", "log", "invitations"})
# The element each part's path fills: a fetched one holds no pushed text any more (frames.js).
ELEMENTS_OF_PATH = {"tavolo/": ("board-map", "board-panels"), "regioni/": ("regions",),
                    "turno/": ("turn-box",), "inviti/alleanza/": ("invitations",),
                    "inviti/": ("ally-prompts",)}


@dataclass
class Player:
    """One player's browser: its socket (with what it heard) and its HTTP connection."""

    power: str
    session: str
    port: int
    game_id: int
    heard: asyncio.Event  # the table's: set at every push any of its players hears
    tracker: ChainTracker = field(default_factory=ChainTracker)
    arrivals: dict[tuple[str, int], float] = field(default_factory=dict)
    covered: dict[str, tuple[int, float]] = field(default_factory=dict)  # by the last hello
    stage: str = ""
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    ws: Any = None
    writer: http.client.HTTPConnection | None = None  # the forms' POSTs
    reconnections: int = 0
    drops: list[float] = field(default_factory=list)  # when the server closed the socket
    failures: list[str] = field(default_factory=list)  # reconnections that failed
    refetch: Any = None  # with --refetch: (the thread pool, the figures of the GETs)
    pending: set[str] = field(default_factory=set)
    fetching: asyncio.Task[None] | None = None
    reader: http.client.HTTPConnection | None = None  # the page's GETs: another connection
    last_line: dict[str, int] = field(default_factory=dict)  # per alliance chat part
    framed_step: int = -1  # the step of the last frame of parts this seat was sent
    held: dict[str, str] = field(default_factory=dict)  # the pushed text's hash, by element
    framed_chats: set[str] = field(default_factory=set)  # the chat lines frames brought
    received: dict[str, list[int]] = field(default_factory=dict)  # by type: [messages, bytes]

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(
            f"ws://127.0.0.1:{self.port}/ws/partite/{self.game_id}/",
            origin=f"http://127.0.0.1:{self.port}",  # type: ignore[arg-type]
            additional_headers={"Cookie": f"sessionid={self.session}"},
            ping_interval=None,  # a browser answers the server's pings, it sends none
            open_timeout=30,
        )
        self.held.clear()  # the server forgets what it sent this seat, as the page does
        hello = json.loads(await self.ws.recv())
        if hello.get("type") != "hello":
            raise RuntimeError(f"no hello for {self.power}: {hello}")
        now = time.perf_counter()
        self.tracker.hello(hello["chains"])
        self.covered = {chain: (seq, now) for chain, seq in hello["chains"].items()}
        if self.stage:
            self.ring(["all"])  # a reconnection: the page re-fetches everything
        self.stage = hello["stage"]
        self.ready.set()

    def ring(self, parts: list[str]) -> None:
        """live.js's `ring`: the parts are re-fetched once, 20 ms after the first push."""
        if self.refetch is None:
            return
        self.pending.update(parts)
        if self.fetching is None or self.fetching.done():
            self.fetching = asyncio.create_task(self.flush())

    async def flush(self) -> None:
        await asyncio.sleep(REFETCH_AFTER)
        parts, self.pending = self.pending, set()
        paths: list[str] = []
        for part in ["all"] if "all" in parts else sorted(parts):
            if part.startswith("chat-alliance-"):
                paths.append(f"chat/alleanza/{part.rpartition('-')[2]}/?dopo="
                             f"{self.last_line.get(part, 0)}")
            else:
                paths += EVERY_PART if part == "all" else PART_PATHS.get(part, ())
        if part_paths := list(dict.fromkeys(paths)):
            pool, figures = self.refetch
            await asyncio.get_running_loop().run_in_executor(pool, self.fetch, part_paths,
                                                             figures)

    def holds(self, fragments: list[dict[str, Any]]) -> bool:
        """frames.js: a part with its text is held; one without it must be held already."""
        lacking = False
        for fragment in fragments:
            if "html" in fragment:
                self.held[fragment["id"]] = fragment["text"]
            lacking = lacking or self.held.get(fragment["id"]) != fragment["text"]
        return not lacking

    def fetch(self, paths: list[str], figures: KindFigures) -> None:
        """The GETs of one flush, one after the other (in a thread)."""
        for path in paths:
            for element in ELEMENTS_OF_PATH.get(path, ()):
                self.held.pop(element, None)
            began = time.perf_counter()
            try:
                if self.reader is None:
                    self.reader = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                status, body = get(self.reader, self.session, f"/partite/{self.game_id}/{path}")
            except (OSError, http.client.HTTPException):
                if self.reader is not None:
                    self.reader.close()
                self.reader, status, body = None, 0, b""
            figures.count += 1
            figures.http.append(time.perf_counter() - began)
            figures.errors += status != 200
            if path.startswith("chat/") and (lines := LINE.findall(body)):
                side = path.split("/")[2]
                self.last_line[f"chat-alliance-{side}"] = max(int(n) for n in lines)

    async def listen(self, stopping: asyncio.Event) -> None:
        """Read pushes until the run stops; reconnect when the stage changes, as the page."""
        from websockets.exceptions import ConnectionClosed

        while not stopping.is_set():
            try:
                async for raw in self.ws:
                    now = time.perf_counter()
                    message = json.loads(raw)
                    kind = str(message.get("type"))
                    counts = self.received.setdefault(kind, [0, 0])
                    counts[0] += 1
                    counts[1] += len(raw.encode() if isinstance(raw, str) else raw)
                    if kind == "parts":
                        self.framed_chats.update(c["event"] for c in message["chats"])
                        if self.holds(message["fragments"]):
                            self.framed_step = max(self.framed_step, int(message["step"]))
                        else:  # a part without the text: fetched, and every text sent again
                            await self.ws.send('{"type":"lacks"}')
                        continue
                    if kind != "push":
                        continue
                    self.arrivals[(message["chain"], message["seq"])] = now
                    prev = self.tracker.known.get(message["chain"], 0)
                    self.tracker.push(message["chain"], message["seq"], message["prev"])
                    self.heard.set()
                    if message["prev"] != prev:
                        self.ring(["all"])
                    elif f"{message['chain']}:{message['seq']}" in self.framed_chats:
                        pass  # the frame brought the chat's line (frames.js)
                    elif self.framed_step >= message.get("step", 1 << 62):
                        self.ring([p for p in message["parts"] if p not in FRAMED_PARTS])
                    else:
                        self.ring(message["parts"])
                    if message.get("stage", self.stage) != self.stage:
                        break
            except ConnectionClosed:
                if stopping.is_set():
                    return
                self.drops.append(time.perf_counter())
            if stopping.is_set():
                return
            self.ready.clear()
            await self.ws.close()
            self.reconnections += 1
            await self.reconnect(stopping)

    async def reconnect(self, stopping: asyncio.Event) -> None:
        """Connect again, as the page does: after a refused or failed attempt, with backoff."""
        wait = 0.5
        while not stopping.is_set():
            try:
                await self.connect()
                return
            except Exception as error:  # refused, reset, timed out: counted, and tried again
                self.failures.append(f"{type(error).__name__}: {error}")
                await asyncio.sleep(wait)
                wait = min(2 * wait, 15.0)

    async def heartbeat(self, stopping: asyncio.Event, every: float) -> None:
        await asyncio.sleep(random.uniform(0, every))
        while not stopping.is_set():
            if self.ready.is_set():
                with contextlib.suppress(Exception):  # a closing socket: its listener reconnects
                    await self.ws.send('{"type":"ping"}')
            await asyncio.sleep(every)

    def arrival(self, chain: str, seq: int, since: float) -> float | None:
        """When this socket had the event: its push, or a hello (after `since`) counting it."""
        at = self.arrivals.get((chain, seq))
        if at is not None:
            return at
        last, hello_at = self.covered.get(chain, (0, 0.0))
        return hello_at if last >= seq and hello_at >= since else None

    def send(self, path: str, data: dict[str, Any]) -> tuple[float, int, float]:
        """The POST (in a thread): when it left, its status (0: no answer), when answered. A
        kept-alive connection the server closed meanwhile is opened again once, as browsers do."""
        sent = time.perf_counter()
        for attempt in (1, 2):
            fresh = self.writer is None
            if self.writer is None:
                self.writer = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                status = post(self.writer, self.session, path, data)
                return sent, status, time.perf_counter()
            except (OSError, http.client.HTTPException):
                self.writer.close()
                self.writer = None
                if fresh or attempt == 2:
                    return sent, 0, time.perf_counter()
        raise AssertionError("unreachable")
