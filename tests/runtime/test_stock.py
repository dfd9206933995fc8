"""Every speed-up has an off switch that falls back to the stock piece (guerra/settings.py lists
them): with GUERRA_STOCK=1, or its own variable at 0, the server runs Django's own ASGI handler,
Python's own collector, the plain ORM, Django's own SQLite back end, Channels' own in-memory layer
and the dataclasses' own `__init__` and `replace`.

Which pieces a process picks is checked in a process of its own (the settings and the rules read
the environment when they are imported); what each stock piece then does, here. The whole suite
also runs with GUERRA_STOCK=1 in CI (.ci/run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler
from django.test.utils import CaptureQueriesContext

from guerra.game.models import ChatKind, ChatMessage, Game, Seat
from guerra.runtime import prepared
from guerra.runtime.prepared import Prepared
from guerra.settings import BASE_DIR, sqlite_database

SWITCHES = ("GUERRA_POOLED_HANDLER", "GUERRA_GC_TUNING", "GUERRA_PREPARED_SQL",
            "GUERRA_SQLITE_TURNS", "GUERRA_FAST_CHANNEL_LAYER", "GUERRA_FAST_RECORDS")

# What a server process picks, once guerra.asgi is imported: each switch's piece, fast or stock.
PROBE = """
import dataclasses, gc, json, os
os.environ["DJANGO_SETTINGS_MODULE"] = "guerra.settings"
import guerra.asgi
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from guerra.rules import frozen
from guerra.rules.cursor import Cursor
from guerra.runtime.handler import PooledASGIHandler, ShortCollections

handler = type(guerra.asgi.django_asgi_app)
database = settings.DATABASES["default"]
layer = type(get_channel_layer())
layer_name = f"{layer.__module__}.{layer.__name__}"
cursor = Cursor(node="x")
print(json.dumps({
    "GUERRA_POOLED_HANDLER": [handler is PooledASGIHandler, handler is ASGIHandler],
    "GUERRA_GC_TUNING": [gc.get_freeze_count() > 0
                         and any(isinstance(c, ShortCollections) for c in gc.callbacks),
                         gc.get_freeze_count() == 0 and gc.callbacks == []],
    "GUERRA_PREPARED_SQL": [settings.GUERRA_PREPARED_SQL, not settings.GUERRA_PREPARED_SQL],
    "GUERRA_SQLITE_TURNS": [database["ENGINE"] == "guerra.runtime.sqlite",
                            database["ENGINE"] == "django.db.backends.sqlite3"],
    "GUERRA_FAST_CHANNEL_LAYER": [
        layer_name == "guerra.runtime.channel_layer.InMemoryChannelLayer",
        layer_name == "channels.layers.InMemoryChannelLayer"],
    "GUERRA_FAST_RECORDS": [
        frozen.FAST and "__wrapped__" in vars(Cursor.__init__),
        not frozen.FAST and "__wrapped__" not in vars(Cursor.__init__)
        and frozen.replace(cursor, step=2) == dataclasses.replace(cursor, step=2)],
    "CONN_MAX_AGE": database["CONN_MAX_AGE"],
    "transaction_mode": database["OPTIONS"]["transaction_mode"],
}))
"""


def pieces(**switches: str) -> dict[str, object]:
    """What a fresh process picks with these variables (and no other switch, no PostgreSQL, no
    Redis, no deadline timer)."""
    env = {name: value for name, value in os.environ.items()
           if name not in SWITCHES and name not in {
               "GUERRA_STOCK", "DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(switches, GUERRA_DEADLINE_TIMER="0")
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=BASE_DIR, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    picked: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return picked


def fast(picked: dict[str, object], name: str) -> bool:
    """True for the speed-up, False for the stock piece (and neither is a failure)."""
    pair = picked[name]
    assert isinstance(pair, list)
    on, off = pair
    assert on != off, (name, picked[name])
    return bool(on)


def test_every_speed_up_is_on_by_default_and_keeps_its_connections():
    picked = pieces()
    assert [name for name in SWITCHES if not fast(picked, name)] == []
    assert picked["CONN_MAX_AGE"] == 600  # the pooled threads keep theirs
    assert picked["transaction_mode"] == "IMMEDIATE"


def test_guerra_stock_turns_every_speed_up_off():
    picked = pieces(GUERRA_STOCK="1")
    assert [name for name in SWITCHES if fast(picked, name)] == []
    assert picked["CONN_MAX_AGE"] == 0  # Django's handler: a thread a request, none kept
    assert picked["transaction_mode"] == "IMMEDIATE"  # what correctness needs stays


def test_each_switch_is_its_own_and_wins_over_guerra_stock():
    on_again = {"GUERRA_PREPARED_SQL", "GUERRA_SQLITE_TURNS", "GUERRA_FAST_RECORDS"}
    picked = pieces(GUERRA_STOCK="1", **dict.fromkeys(on_again, "1"))
    assert {name for name in SWITCHES if fast(picked, name)} == on_again
    picked = pieces(**dict.fromkeys(set(SWITCHES) - on_again, "0"))
    assert {name for name in SWITCHES if fast(picked, name)} == on_again


# --- the plain ORM instead of prepared SQL --------------------------------------------------


@pytest.fixture
def plain_orm(settings, monkeypatch) -> None:
    """GUERRA_PREPARED_SQL=0, and nothing compiled or written from kept SQL text meanwhile."""
    settings.GUERRA_PREPARED_SQL = False

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("prepared SQL used with GUERRA_PREPARED_SQL=0")

    monkeypatch.setattr(Prepared, "_compile", refused)
    monkeypatch.setattr(prepared, "_sql", refused)


SEATS = Prepared(lambda game: Seat.objects.filter(game_id=game).select_related("user")
                 .order_by("pk"), int)
POWER = Prepared(lambda game, power: Seat.objects.filter(game_id=game, power=power)
                 .values_list("pk", flat=True), int, str)


@pytest.mark.django_db
def test_prepared_queries_answer_as_their_querysets_through_the_orm(running_game, plain_orm):
    seats = list(Seat.objects.filter(game=running_game).select_related("user").order_by("pk"))
    with CaptureQueriesContext(connection) as queries:
        got = SEATS.all(running_game.pk)
    assert [(s.pk, s.power, s.user.username) for s in got] == [
        (s.pk, s.power, s.user.username) for s in seats]
    assert len(queries) == 1  # the select_related join, as the queryset's
    assert SEATS.first(running_game.pk) == seats[0]
    assert POWER.all(running_game.pk, "Francia") == [
        Seat.objects.get(game=running_game, power="Francia").pk]
    assert POWER.first(running_game.pk, "Nessuno") is None
    with pytest.raises(TypeError, match="takes int"):
        SEATS.all("1")  # refused alike


@pytest.mark.django_db
def test_prepared_writes_go_through_update_and_bulk_create(running_game, plain_orm):
    france = Seat.objects.get(game=running_game, power="Francia")
    assert prepared.update(Seat, {"pk": france.pk}, {"gold": 17, "unrest": 3}) == 1
    france.refresh_from_db()
    assert (france.gold, france.unrest) == (17, 3)
    step = running_game.step
    assert prepared.update(Game, {"pk": running_game.pk, "step": step + 1}, {"step": 99}) == 0
    messages = [ChatMessage(game=running_game, kind=ChatKind.ALLIANCE, war=1, side=1,
                            sender=france, text=f"riga {i}") for i in range(2)]
    assert prepared.insert(messages) == messages
    assert all(m.pk and not m._state.adding for m in messages)
    assert [m.text for m in ChatMessage.objects.filter(pk__in=[m.pk for m in messages])
            .order_by("pk")] == ["riga 0", "riga 1"]
    with pytest.raises(TypeError, match="not a column"):
        prepared.update(Seat, {"pk": france.pk}, {"game": running_game})  # refused alike


# --- Django's own SQLite back end ------------------------------------------------------------


@pytest.fixture
def stock_sqlite(tmp_path: Path, django_db_blocker) -> Iterator[ConnectionHandler]:
    handler = ConnectionHandler(
        {"default": sqlite_database(tmp_path / "stock.sqlite3", turns=False, pooled=False)})
    with django_db_blocker.unblock():
        handler["default"].cursor().execute("CREATE TABLE moves (who TEXT)")
        yield handler
        handler.close_all()


def test_the_stock_back_end_makes_read_then_write_transactions_wait_not_fail(stock_sqlite):
    """BEGIN IMMEDIATE (the OPTIONS kept without the turns): a second read-then-write
    transaction waits in SQLite's own busy handler and goes in after the first commits.
    (Each begins as `transaction.atomic` begins one on SQLite.)"""
    from django.db.backends.sqlite3.base import DatabaseWrapper

    first = stock_sqlite["default"]
    assert type(first) is DatabaseWrapper  # Django's own
    first.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    first.cursor().execute("SELECT count(*) FROM moves")
    first.cursor().execute("INSERT INTO moves VALUES ('first')")
    outcome: list[object] = []

    def second() -> None:
        try:
            other = stock_sqlite["default"]  # this thread's own connection
            other.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
            (count,) = other.cursor().execute("SELECT count(*) FROM moves").fetchone()
            other.cursor().execute("INSERT INTO moves VALUES (%s)", [f"second after {count}"])
            other.commit()
            other.set_autocommit(True)
            outcome.append("written")
        except Exception as error:  # the test reports it
            outcome.append(error)
        finally:
            stock_sqlite.close_all()

    thread = threading.Thread(target=second)
    thread.start()
    thread.join(0.3)
    assert thread.is_alive() and outcome == []  # waiting for the lock, not failing
    first.commit()
    first.set_autocommit(True)
    thread.join(5)
    assert outcome == ["written"]
    rows = first.cursor().execute("SELECT who FROM moves ORDER BY rowid").fetchall()
    assert [row[0] for row in rows] == ["first", "second after 1"]


# --- the dataclasses' own __init__ and replace -----------------------------------------------


def test_records_keep_the_dataclass_s_own_init_and_replace_with_the_switch_off():
    script = (
        "import dataclasses\n"
        "from guerra.rules import frozen\n"
        "from guerra.rules.cursor import Cursor\n"
        "from guerra.rules.seed004.state import Holding\n"
        "assert not frozen.FAST and Cursor in frozen.RECORDS\n"
        "assert not hasattr(Cursor.__init__, '__wrapped__')\n"
        "assert Cursor.__init__ is frozen.fast_init(Cursor).__wrapped__\n"
        "c = Cursor(node='x')\n"
        "assert frozen.replace(c, step=3) == dataclasses.replace(c, step=3)\n"
        "assert frozen.replace_field(c, 'step', 4).step == 4\n"
        "try:\n"
        "    frozen.replace(c, colour=1)\n"
        "except TypeError as error:\n"
        "    assert 'colour' in str(error)\n"
        "h = Holding('Francia', 'attacker', ally=False, armies=2)\n"
        "assert frozen.replace_field(h, 'armies', 1) == Holding('Francia', 'attacker',"
        " ally=False, armies=1)\n"
        "print('stock')\n"
    )
    env = {**os.environ, "GUERRA_FAST_RECORDS": "0"}
    result = subprocess.run([sys.executable, "-c", script], cwd=BASE_DIR, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "stock"

