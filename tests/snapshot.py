"""The test database as migrate leaves it, put back after a transactional test in milliseconds.

A transactional test (`django_db(transaction=True)`, the browser tests' `player`) ends with
Django's flush, which empties every table and then sends `post_migrate` so that the migrated rows
come back: the content types, the permissions and the two shipped scenarios, which
`ensure_default_scenario` imports again from their JSON, checked row by row. That took about half
a second of CPU after each such test. On SQLite the suite instead reads every table's rows once,
right after migrate, and writes the same rows back after each flush: the same database, with the
same primary keys, as a fresh migrate would leave it. PostgreSQL (CI's second run) keeps Django's
own way: rows written back with their keys would leave its sequences behind.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.apps import apps
from django.core.management.commands import flush
from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model

Rows = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def read_rows(connection: BaseDatabaseWrapper) -> Rows:
    """Every row of every table flush empties, with its columns' names."""
    rows: Rows = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.django_table_names(only_existing=True)):
            cursor.execute(f'SELECT * FROM "{table}"')
            found = cursor.fetchall()
            if found:
                rows[table] = ([c[0] for c in cursor.description], found)
    return rows


def write_rows(connection: BaseDatabaseWrapper, rows: Rows) -> None:
    """Write `rows` back into the emptied tables, in one transaction (SQLite checks the foreign
    keys, deferred, at its commit)."""
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        for table, (columns, values) in rows.items():
            names = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', values)


def put_rows_back_after_flush(alias: str = "default") -> Callable[[], None]:
    """From now on, a flush of the SQLite database `alias` writes back its rows as they are now
    instead of sending `post_migrate`; returns what stops it."""
    connection = connections[alias]
    if connection.vendor != "sqlite":
        return lambda: None
    rows = read_rows(connection)
    signal: Callable[..., None] = flush.emit_post_migrate_signal

    def put_back(verbosity: int, interactive: bool, db: str, **kwargs: Any) -> None:
        if db == alias:
            write_rows(connections[db], rows)
        else:
            signal(verbosity, interactive, db, **kwargs)

    def stop() -> None:
        flush.emit_post_migrate_signal = signal

    flush.emit_post_migrate_signal = put_back
    return stop


def new_rows(before: Rows, after: Rows) -> Rows | None:
    """The rows of `after` that `before` has not, table by table; None if a row of `before` is
    no longer in `after` (changed or deleted): then new rows alone would not make `after`."""
    rows: Rows = {}
    for table, (columns, values) in after.items():
        old_columns, old_values = before.get(table, (columns, []))
        kept = set(old_values)
        if old_columns != columns or not kept <= set(values):
            return None
        added = [row for row in values if row not in kept]
        if added:
            rows[table] = (columns, added)
    if any(table not in after for table in before):
        return None
    return rows


def moved_in_time(rows: Rows, delta: timedelta) -> Rows:
    """`rows` with every date and time in them moved by `delta`."""
    return {
        table: (columns, [tuple(v + delta if isinstance(v, datetime) else v for v in row)
                          for row in values])
        for table, (columns, values) in rows.items()
    }


def counts_are(connection: BaseDatabaseWrapper, counts: dict[str, int]) -> bool:
    """Whether each table of `counts` has that many rows."""
    with connection.cursor() as cursor:
        for table, count in counts.items():
            cursor.execute(f'SELECT COUNT(*) FROM "{table}"')
            if cursor.fetchone()[0] != count:
                return False
    return True


def renumbered(rows: Rows, model: type[Model], old: int, new: int) -> Rows:
    """`rows` with the row of `model` whose key is `old` numbered `new`, and every reference to
    it (foreign keys of every model, the many-to-many tables' included) following."""
    columns = {(model._meta.db_table, model._meta.pk.column)}
    for each in apps.get_models(include_auto_created=True):
        for field in each._meta.concrete_fields:
            if field.is_relation and field.related_model is model:
                columns.add((each._meta.db_table, field.column))
    moved: Rows = {}
    for table, (names, values) in rows.items():
        at = [i for i, name in enumerate(names) if (table, name) in columns]
        moved[table] = (names, [tuple(new if i in at and v == old else v for i, v in enumerate(row))
                                for row in values])
    return moved
