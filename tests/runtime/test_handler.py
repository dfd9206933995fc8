"""The server's Django handler (guerra/runtime/handler.py): requests run on a few long-lived
threads, one request a thread at a time, and a thread keeps its database connection from one
request to the next."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import override_settings
from django.urls import path

from guerra.runtime.handler import PooledASGIHandler
from guerra.settings import sqlite_database

# What the test views saw, in order.
SEEN: list[tuple[str, Any]] = []
BARRIER: dict[str, threading.Barrier] = {}


def where(request: HttpRequest) -> HttpResponse:
    SEEN.append(("thread", threading.get_ident()))
    return HttpResponse("ok")


def meet(request: HttpRequest) -> HttpResponse:
    """Waits for the other request: both must be running at once."""
    BARRIER["both"].wait(timeout=5)
    SEEN.append(("thread", threading.get_ident()))
    return HttpResponse("ok")


def slow(request: HttpRequest) -> HttpResponse:
    SEEN.append(("start", request.GET["n"]))
    time.sleep(0.05)
    SEEN.append(("end", request.GET["n"]))
    return HttpResponse("ok")


def database(request: HttpRequest) -> HttpResponse:
    connection.ensure_connection()
    SEEN.append(("connection", connection.connection))
    SEEN.append(("pooled", getattr(connection, "pool", None) is not None))
    return HttpResponse("ok")


urlpatterns = [path("where/", where), path("meet/", meet), path("slow/", slow),
               path("database/", database)]


async def get(application: PooledASGIHandler, url: str) -> int:
    route, _, query = url.partition("?")
    scope = {"type": "http", "http_version": "1.1", "method": "GET", "path": route,
             "raw_path": route.encode(), "query_string": query.encode(), "root_path": "",
             "scheme": "http", "headers": [(b"host", b"testserver")],
             "client": ("127.0.0.1", 4000), "server": ("testserver", 80)}
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(timeout=10)
    await communicator.receive_output(timeout=10)  # the body
    await communicator.wait(timeout=10)
    return int(start["status"])


@pytest.fixture(autouse=True)
def own_urls():
    SEEN.clear()
    with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"]):
        yield


def threads_seen() -> list[Any]:
    return [value for kind, value in SEEN if kind == "thread"]


def test_requests_one_after_the_other_reuse_one_thread():
    application = PooledASGIHandler(threads=4)

    async def three() -> list[int]:
        return [await get(application, "/where/") for _ in range(3)]

    assert asyncio.run(three()) == [200, 200, 200]
    seen = threads_seen()
    assert len(seen) == 3 and len(set(seen)) == 1
    assert seen[0] != threading.get_ident()  # not the event loop's thread


def test_requests_in_flight_at_once_each_have_a_thread_of_their_own():
    application = PooledASGIHandler(threads=4)
    BARRIER["both"] = threading.Barrier(2)

    async def two() -> list[int]:
        return list(await asyncio.gather(get(application, "/meet/"), get(application, "/meet/")))

    assert asyncio.run(two()) == [200, 200]  # on one thread, the first would wait in vain
    assert len(set(threads_seen())) == 2


def test_past_the_limit_a_request_waits_for_a_free_thread():
    application = PooledASGIHandler(threads=1)

    async def two() -> list[int]:
        return list(await asyncio.gather(get(application, "/slow/?n=1"),
                                         get(application, "/slow/?n=2")))

    assert asyncio.run(two()) == [200, 200]
    assert [kind for kind, _ in SEEN] == ["start", "end", "start", "end"]


def test_a_handler_needs_a_thread():
    with pytest.raises(ValueError):
        PooledASGIHandler(threads=0)


@pytest.mark.django_db(transaction=True)
def test_a_request_s_database_connection_outlives_it(monkeypatch):
    """On SQLite the thread keeps its connection from one request to the next (opening one
    costs more than the request's simpler queries); on PostgreSQL the process's pool lends one
    and takes it back."""
    if connection.vendor == "sqlite":
        # What the settings give SQLite with this handler (GUERRA_POOLED_HANDLER on), whatever
        # this run's switch: tests/runtime/test_stock.py checks both.
        kept = sqlite_database(Path("guerra.sqlite3"), pooled=True)["CONN_MAX_AGE"]
        monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", kept)
    application = PooledASGIHandler(threads=2)

    async def two() -> list[int]:
        return [await get(application, "/database/") for _ in range(2)]

    assert asyncio.run(two()) == [200, 200]
    first, second = (value for kind, value in SEEN if kind == "connection")
    pooled = [value for kind, value in SEEN if kind == "pooled"]
    if connection.vendor == "sqlite":
        assert second is first
        assert connection.settings_dict["CONN_MAX_AGE"] > 0
    else:
        assert pooled == [True, True]
        assert connection.settings_dict["CONN_MAX_AGE"] == 0


def test_the_middleware_and_the_view_run_as_one_call_on_the_request_s_thread():
    """No hand-over between the thread and the event loop at each middleware: the chain is
    synchronous, whatever the middleware can do."""
    from asgiref.sync import iscoroutinefunction
    from django.core.handlers.asgi import ASGIHandler

    assert iscoroutinefunction(ASGIHandler()._middleware_chain)  # Django's own: asynchronous
    assert not iscoroutinefunction(PooledASGIHandler(threads=1)._middleware_chain)
    application = PooledASGIHandler(threads=1)
    assert asyncio.run(get(application, "/where/")) == 200
    assert threads_seen() and threads_seen()[0] != threading.get_ident()


class Kept:
    """Something a server makes at start and keeps."""


def test_what_the_server_made_at_start_is_left_out_of_full_collections():
    import gc

    from guerra.runtime.handler import settle

    made_at_start = Kept()
    garbage = Kept()
    garbage.itself = garbage  # a cycle: only the collector frees it
    del garbage
    try:
        settle()
        assert gc.get_freeze_count() > 10_000
        tracked = gc.get_objects()
        assert not any(o is made_at_start for o in tracked)  # frozen: full collections skip it
        assert not any(isinstance(o, Kept) for o in tracked)  # and the cycle was collected first
        assert not any(isinstance(o, Kept) and o is not made_at_start
                       for o in gc.get_referrers(Kept))
    finally:
        gc.unfreeze()
    assert any(o is made_at_start for o in gc.get_objects())


class Cycle:
    """Garbage only the collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.itself = self


def test_a_server_s_full_collection_freezes_its_survivors_and_every_while_hands_them_back():
    import gc
    import weakref

    from guerra.runtime.handler import ShortCollections

    now = [0.0]
    rhythm = ShortCollections(300.0, clock=lambda: now[0])
    rhythm.install()
    try:
        kept = Cycle()
        gc.collect()
        assert not any(o is kept for o in gc.get_objects())  # frozen: the next walks past it
        frozen = gc.get_freeze_count()
        dropped = Cycle()
        gone = weakref.ref(dropped)
        gc.collect()
        assert gc.get_freeze_count() > frozen  # what survived this one joined them
        del dropped  # garbage now, but frozen: only a thaw lets a collection free it
        gc.collect()
        assert gone() is not None
        now[0] = 300.0  # a thaw is due: this collection hands everything back...
        gc.collect()
        assert rhythm.thaws == 1 and gc.get_freeze_count() == 0
        gc.collect()  # ...and the next frees the cycles frozen meanwhile
        assert gone() is None
        assert kept.itself is kept
        assert not any(o is kept for o in gc.get_objects())  # frozen again after it
    finally:
        rhythm.uninstall()
        gc.unfreeze()


def test_a_young_collection_freezes_nothing():
    import gc

    from guerra.runtime.handler import ShortCollections

    rhythm = ShortCollections(300.0)
    rhythm.install()
    try:
        before = gc.get_freeze_count()
        gc.collect(0)
        gc.collect(1)
        assert gc.get_freeze_count() == before
    finally:
        rhythm.uninstall()
        gc.unfreeze()
