"""Django's ASGI handler, with the requests' synchronous work on a few long-lived threads.

Django's own handler gives every request a thread of its own (a new single-thread executor per
request, and one more thread to join it at the end), so nothing a thread holds outlives its
request: not even the database connection, which every request opened and closed again (on
SQLite a cost of the same order as the request's own queries; on PostgreSQL without a pool, a
server process).

Here a request borrows an idle thread for its whole life (Django wants one request's sync code
on one thread: its middleware, view and transaction) and gives it back when it ends. Requests
in flight at once never share a thread, as before; at most GUERRA_REQUEST_THREADS run at once
and the rest wait their turn in the event loop. The most recently freed thread is lent first,
so its connection is warm.

The middleware and the view run as one synchronous call on that thread, as under WSGI. Django's
own handler builds an asynchronous chain, and with one synchronous-only middleware in it
(WhiteNoise) a request went back and forth between its thread and the event loop at every
layer: some twenty hand-overs, each waiting for the other side's turn.

GUERRA_POOLED_HANDLER=0 serves with Django's own handler instead, GUERRA_GC_TUNING=0 leaves the
collector as Python sets it (guerra/asgi.py; guerra/settings.py lists every switch). Figures:
bench/README.md.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class PooledASGIHandler(ASGIHandler):
    def __init__(self, threads: int) -> None:
        super().__init__()
        if threads < 1:
            raise ValueError("at least one thread")
        self.threads = threads
        self._idle: list[ThreadPoolExecutor] = []  # a stack: the warmest on top
        self._made = 0
        self._slots: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(
                f"Django can only handle ASGI/HTTP connections, not {scope['type']}."
            )
        loop = asyncio.get_running_loop()
        if self._slots is None or self._loop is not loop:  # one loop a server; tests run more
            self._slots, self._loop = asyncio.Semaphore(self.threads), loop
        async with self._slots:
            worker = self._idle.pop() if self._idle else self._new_worker()
            try:
                async with ThreadSensitiveContext(executor=worker):
                    await self.handle(scope, receive, send)
            finally:
                self._idle.append(worker)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)  # a synchronous chain (see above)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        response: HttpResponseBase = await sync_to_async(
            self.get_response, thread_sensitive=True)(request)
        return response

    def _new_worker(self) -> ThreadPoolExecutor:
        self._made += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"guerra-request-{self._made}")


def settle() -> None:
    """Once the server has started: compile the project's templates (each is compiled once and
    kept), collect what is garbage, then leave everything left (Django, the project's modules,
    templates, URL patterns...) out of the collector's full collections.
    A full collection walks every object the process tracks and stops every request meanwhile:
    the objects made at start (most of what a fresh server tracks) need not be walked again
    (bench/README.md has the pauses with and without)."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (the URL patterns, imported and compiled)
    for folder in cast(list[Path], settings.TEMPLATES[0]["DIRS"]):
        for path in sorted(Path(folder).rglob("*.html")):
            get_template(path.relative_to(folder).as_posix())
    gc.collect()
    gc.freeze()
    if settings.GUERRA_GC_THAW_SECONDS > 0:
        ShortCollections(settings.GUERRA_GC_THAW_SECONDS).install()


class ShortCollections:
    """The collector's full collections walk only what is new since the one before.

    A full collection stops every request in flight for as long as it takes to walk every
    object the process tracks, and under load most of those are held by the open sockets (their
    protocols, consumers, tasks and queues) and the kept states: these pauses, every few
    seconds, made the tail of the pushes. After each full collection here, what survived it is
    frozen (`gc.freeze`): the next one walks only what has lived long since.

    Frozen objects are freed when their count drops to zero, as any other; only the garbage
    cycles among them (a closed socket's consumer and protocol, say) wait. So every
    `thaw_every` seconds everything frozen is handed back (`gc.unfreeze`), and the next full
    collection walks the whole process once and frees those cycles, the process's own modules
    and templates with it: one long pause in that time instead of one every few seconds, and a
    closed socket held at most that long. (The load bench's figures: bench/README.md.)
    """

    def __init__(self, thaw_every: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.thaw_every = thaw_every
        self.clock = clock
        self.thawed_at = clock()
        self.thaws = 0

    def install(self) -> None:
        gc.callbacks.append(self)

    def uninstall(self) -> None:
        gc.callbacks.remove(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        # A full collection has just ended: the younger generations were collected with it,
        # so nothing but its survivors (and what its other callbacks made) is tracked now.
        now = self.clock()
        if now - self.thawed_at >= self.thaw_every:
            gc.unfreeze()  # the next full collection walks (and frees) everything
            self.thawed_at = now
            self.thaws += 1
        else:
            gc.freeze()
