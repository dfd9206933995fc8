"""Django's SQLite back end, with the writers of one process taking turns in a queue.

Every write transaction begins with `BEGIN IMMEDIATE` (settings: a read-then-write transaction
must not fail at once with "database is locked"), so SQLite lets one writer in at a time. A
writer that finds the lock taken waits in SQLite's busy handler, which sleeps and tries again
after 1, 2, 5, 10, 15, 20, 25... ms: it wakes late, a few milliseconds after the writer before it
has finished, and one that comes later can slip in first. Under load (one daphne, many tables)
that made the waits, not the work, the longest part of a write.

Here the writers of this process wait for their turn on a lock of the process first, and
go in as soon as the writer before them commits or rolls back; SQLite's own wait is left for
writers of other processes (a management command, a second server). A writer that waits past the
connection's timeout gets SQLite's own "database is locked", which the services retry.

Only for a database in a file (the server's, the tests'): an in-memory one belongs to one
process anyway, and its shared cache locks tables, not the file.

It overrides private methods of Django's back end (Django==5.2.* is pinned). With
GUERRA_SQLITE_TURNS=0 the settings name Django's own back end with the same OPTIONS (BEGIN
IMMEDIATE, WAL, the timeout): what correctness needs; only the waits are SQLite's again.
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import OperationalError
from django.db.backends.sqlite3 import base

_turns: dict[str, threading.Lock] = {}
_turns_made = threading.Lock()


def turn_for(name: str) -> threading.Lock:
    """The process's lock of the database file `name`."""
    with _turns_made:
        return _turns.setdefault(name, threading.Lock())


# Django's stubs leave out the private methods overridden here.
_SQLite: Any = base.DatabaseWrapper


class DatabaseWrapper(_SQLite):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turn: threading.Lock | None = None

    def _start_transaction_under_autocommit(self) -> None:
        if self.transaction_mode is None or self.is_in_memory_db():
            super()._start_transaction_under_autocommit()
            return
        turn = turn_for(str(self.settings_dict["NAME"]))
        timeout = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        if not turn.acquire(timeout=timeout):
            raise OperationalError("database is locked")
        self._turn = turn
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _end_turn(self) -> None:
        turn, self._turn = self._turn, None
        if turn is not None:
            turn.release()

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._end_turn()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._end_turn()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            self._end_turn()
