"""The writes of a game's steps, with their SQL made once per connection (see prepared.py).

A step of the game writes a dozen rows (the game's, a seat or two, the holdings, the attack,
its dice, the events) and Django's `update()`, `create()` and `bulk_create()` build and compile
a query object for each: on SQLite, several times what the database then does. These two write
what those would, from SQL text kept by connection and by the names it sets:

- `update(Model, where, values)` is `Model.objects.filter(**where).update(**values)`, for
  plain values of the model's own columns and whole-number conditions of equality;
- `insert(objects)` is `Model.objects.bulk_create(objects)` for new instances of one model with
  an automatic key: `auto_now_add` filled in, the keys set from the database, no signals sent
  (as `bulk_create`).

Each value is turned into the database's own by its field (`get_db_prep_save`), as Django does,
and each statement runs through the connection's own cursor (transactions, the query log and
`execute_wrapper` see it as any query).

With GUERRA_PREPARED_SQL=0 (settings) each is the Django call it stands for, through the plain
ORM: the same rows written, what it is given checked alike.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from django.conf import settings
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import AutoField, BigAutoField, Field, Model, SmallAutoField

M = TypeVar("M", bound=Model)

# SQLite allows 32,766 parameters in a statement (999 before 3.32); more rows go to Django's own
# `bulk_create`, which splits them.
MAX_PARAMETERS = 999

_SQL: weakref.WeakKeyDictionary[BaseDatabaseWrapper, dict[tuple[Any, ...], str]] = (
    weakref.WeakKeyDictionary())


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    """A column of the model's own by its name or attname ("pk" for the key); a relation must
    be given by its attname ("seat_id"), as its value is the related key."""
    opts = model._meta
    field = opts.pk if name == "pk" else opts.get_field(name)
    if not isinstance(field, Field) or not field.concrete or (
            field.is_relation and name != field.attname):
        raise TypeError(f"{model.__name__}.{name} is not a column of its own")
    return field


def _column(model: type[Model], name: str) -> str:
    column = _field(model, name).column
    assert column is not None  # a concrete field has its column
    return column


def _sql(connection: BaseDatabaseWrapper, key: tuple[Any, ...], make: Any) -> str:
    known = _SQL.setdefault(connection, {})
    sql = known.get(key)
    if sql is None:
        sql = known[key] = make()
    return sql


def update(model: type[Model], where: Mapping[str, int], values: Mapping[str, Any],
           *, using: str = "default") -> int:
    """Set `values` in the rows matching `where` (all its conditions); the rows changed."""
    if not values or not where:
        raise TypeError("an update sets something, somewhere")
    if any(type(value) is not int for value in where.values()):
        raise TypeError(f"the conditions of an update are whole numbers: {where!r}")
    if not settings.GUERRA_PREPARED_SQL:
        for name in (*values, *where):
            _field(model, name)  # refused as below
        return model._base_manager.using(using).filter(**where).update(**values)
    connection = connections[using]

    def make() -> str:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(_column(model, name))} = %s" for name in values)
        matches = " AND ".join(f"{quote(_column(model, name))} = %s" for name in where)
        return f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {matches}"

    sql = _sql(connection, ("update", model, *values, None, *where), make)
    params = [_field(model, name).get_db_prep_save(value, connection)
              for name, value in values.items()]
    params += where.values()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


_AUTOMATIC_KEYS = (AutoField, BigAutoField, SmallAutoField)


def insert(objects: Sequence[M], *, using: str = "default") -> Sequence[M]:
    """Insert new instances of one model; each gets its key, and is saved as far as Django can
    tell (`_state`)."""
    if not objects:
        return objects
    model = type(objects[0])
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.generated and not f.primary_key]
    if not isinstance(opts.pk, _AUTOMATIC_KEYS) or any(
            type(obj) is not model or obj.pk is not None for obj in objects):
        raise TypeError("insert takes new instances of one model with an automatic key")
    if not settings.GUERRA_PREPARED_SQL or len(objects) * len(fields) > MAX_PARAMETERS:
        return model._base_manager.using(using).bulk_create(objects)
    connection = connections[using]
    if not connection.features.can_return_rows_from_bulk_insert:
        return model._base_manager.using(using).bulk_create(objects)
    params: list[Any] = []
    for obj in objects:
        # As `bulk_create`: a related object saved after it was set gives its key now.
        obj._prepare_related_fields_for_save(  # type: ignore[attr-defined]
            operation_name="bulk_create")
        params += [field.get_db_prep_save(field.pre_save(obj, add=True), connection)
                   for field in fields]

    def make() -> str:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(_column(model, field.attname)) for field in fields)
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        # SQLite's and PostgreSQL's operations have it (those that return rows from inserts).
        operations: Any = connection.ops
        returning, _params = operations.return_insert_columns([opts.pk])
        return (f"INSERT INTO {quote(opts.db_table)} ({columns}) VALUES "
                f"{', '.join([row] * len(objects))}{returning}")

    sql = _sql(connection, ("insert", model, len(objects)), make)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        keys = cursor.fetchall()
    for obj, (key,) in zip(objects, keys, strict=True):
        obj.pk = key
        obj._state.adding = False
        obj._state.db = using
    return objects
