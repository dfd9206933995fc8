"""The writers of one process take turns on a lock of the process (guerra/sqlite): a writer
waits for the one before it there, and goes in when that one commits, rolls back or closes,
rather than in SQLite's busy handler, which wakes on a schedule of sleeps.

Each test opens its own connections to a database file of its own, one per thread, as requests
do. The second writer's connection has SQLite's own wait turned off (busy_timeout 0): had it
reached SQLite while the first writer held the lock, it would fail at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler

from guerra.game.services.retry import is_conflict
from guerra.settings import sqlite_database


@pytest.fixture
def database(tmp_path: Path, django_db_blocker) -> Iterator[ConnectionHandler]:
    """Connections of their own, not the test database's (pytest-django lets them connect)."""
    settings = sqlite_database(tmp_path / "turns.sqlite3", turns=True)  # whatever the switch
    settings["OPTIONS"]["timeout"] = 2
    handler = ConnectionHandler({"default": settings, "file": settings})
    with django_db_blocker.unblock():
        handler["file"].cursor().execute("CREATE TABLE moves (who TEXT)")
        yield handler
        handler.close_all()


def begin(handler: ConnectionHandler, *, sqlite_waits: bool = True):
    """This thread's connection, in a write transaction (as `transaction.atomic` begins one)."""
    connection = handler["file"]
    connection.ensure_connection()
    if not sqlite_waits:
        connection.connection.execute("PRAGMA busy_timeout = 0")
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    return connection


def finish(connection) -> None:
    connection.commit()
    connection.set_autocommit(True)


def second_writer(handler: ConnectionHandler, entered: threading.Event,
                  outcome: list[object]) -> threading.Thread:
    def write() -> None:
        try:
            connection = begin(handler, sqlite_waits=False)
            entered.set()
            connection.cursor().execute("INSERT INTO moves VALUES ('second')")
            finish(connection)
            outcome.append("written")
        except OperationalError as error:
            outcome.append(error)
        finally:
            handler.close_all()

    return threading.Thread(target=write)


def moves(handler: ConnectionHandler) -> list[str]:
    with handler["file"].cursor() as cursor:
        cursor.execute("SELECT who FROM moves ORDER BY rowid")
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.parametrize("ending", ["commit", "rollback", "close"])
def test_a_second_writer_waits_its_turn_and_goes_in_when_the_first_ends(database, ending):
    first = begin(database)
    first.cursor().execute("INSERT INTO moves VALUES ('first')")
    entered, outcome = threading.Event(), []
    thread = second_writer(database, entered, outcome)
    thread.start()
    assert not entered.wait(0.2)  # waiting for its turn, not failing, not in
    if ending == "commit":
        finish(first)
    elif ending == "rollback":
        first.rollback()
        first.set_autocommit(True)
    else:
        first.close()
    thread.join(5)
    assert outcome == ["written"]
    expected = ["first", "second"] if ending == "commit" else ["second"]
    assert moves(database) == expected


def test_a_writer_that_waits_past_the_timeout_is_told_the_database_is_locked(database):
    database.settings["file"]["OPTIONS"]["timeout"] = 0.2
    first = begin(database)
    entered, outcome = threading.Event(), []
    thread = second_writer(database, entered, outcome)
    thread.start()
    thread.join(5)
    finish(first)
    [error] = outcome
    assert isinstance(error, OperationalError)
    assert is_conflict(error)  # the services try again, then answer 409 with nothing changed
    assert not entered.is_set()


def test_a_begin_that_fails_gives_the_turn_back(database, monkeypatch):
    from django.db.backends.sqlite3.base import DatabaseWrapper as Django

    def refuse(self) -> None:
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(Django, "_start_transaction_under_autocommit", refuse)
    with pytest.raises(OperationalError):
        begin(database)
    monkeypatch.undo()
    entered, outcome = threading.Event(), []
    thread = second_writer(database, entered, outcome)
    thread.start()
    thread.join(5)
    assert outcome == ["written"]
