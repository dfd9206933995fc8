"""Queries whose SQL Django builds once per connection: later runs only bind new values.

Profiles of the server put a large share of a request's time in the ORM turning querysets into
SQL, most of a simple query's time on SQLite (bench/README.md has the figures, query by query).
A request of the game runs the same dozen queries with other numbers each time, and a step of the
game writes a dozen rows. This module holds both sides, and nothing else in the project builds
SQL by hand:

- reads: a `Prepared` query is written once as a queryset built from its arguments; on its first
  run in a connection, Django compiles it with stand-in values of the arguments' types, and the
  positions of the stand-ins among the SQL's parameters are noted. Every later run executes that
  SQL with the real values and builds the results as Django's iterables do: model instances with
  their `select_related` objects and annotations, or `values_list` rows. A query takes whole
  numbers and strings, compared as given (`pk=`, `game=`, `seq__lte=`...); everything else in the
  queryset is its shape, fixed when it is first compiled, and an argument that would change the
  shape (None, which compiles to IS NULL; a list for `__in`; a string Django rewrites, as
  `__contains` does) is refused;
- writes: `update(Model, where, values)` is `Model.objects.filter(**where).update(**values)`, for
  plain values of the model's own columns and whole-number conditions of equality;
  `insert(objects)` is `Model.objects.bulk_create(objects)` for new instances of one model with
  an automatic key (`auto_now_add` filled in, the keys set from the database, no signals sent).
  Each value is turned into the database's own by its field (`get_db_prep_save`), as Django does.

Every statement runs through the connection's own cursor, so transactions, the query log and
`execute_wrapper` see it as any query. With GUERRA_PREPARED_SQL=0 (settings) each is the
queryset or the Django call it stands for, through the plain ORM: the same results, what it is
given checked alike.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import AutoField, BigAutoField, Field, Model, QuerySet, SmallAutoField
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)

R = TypeVar("R")
M = TypeVar("M", bound=Model)

Kind = type[int] | type[str]
_INT64 = (-(2**63), 2**63 - 1)  # what SQLite's and PostgreSQL's integers hold


def _stand_in(kind: Kind, position: int) -> int | str:
    """A value of `kind` that none of the project's queries holds as a constant of its own.
    A number fits every integer field, the smallest included: Django compiles a lookup of a
    number out of its field's range as matching nothing."""
    if kind is int:
        return 32_700 + position
    return f"\x1fguerra-prepared-{position}\x1f"


@dataclass(frozen=True)
class _Compiled:
    """One query compiled in one connection."""

    sql: str
    params: tuple[Any, ...]  # with the stand-ins at `slots`
    slots: tuple[tuple[int, ...], ...]  # where each argument goes among `params`
    make: Callable[[list[list[Any]] | list[tuple[Any, ...]]], list[Any]]


class Prepared(Generic[R]):
    """A read query of a fixed shape, built by `build` from arguments of the given kinds.

        _GAME = Prepared(lambda pk: Game.objects.defer("rules").filter(pk=pk), int)
        game = _GAME.first(game_id)

    `all` answers what iterating the queryset would (a list), `first` what `.first()` would.
    """

    def __init__(self, build: Callable[..., QuerySet[Any, R]], *kinds: Kind) -> None:
        self.build = build
        self.kinds = kinds
        # Per connection (one a thread and database): the compiled forms, "all" and "first".
        self._compiled: weakref.WeakKeyDictionary[
            BaseDatabaseWrapper, dict[str, _Compiled]] = weakref.WeakKeyDictionary()

    def all(self, *values: int | str, using: str = "default") -> list[R]:
        return self._run("all", values, using)

    def first(self, *values: int | str, using: str = "default") -> R | None:
        rows = self._run("first", values, using)
        return rows[0] if rows else None

    def queryset(self, *values: int | str) -> QuerySet[Any, R]:
        """The query as Django builds it, with these values (for tests and `explain`)."""
        self._check(values)
        return self.build(*values)

    def _check(self, values: Sequence[object]) -> None:
        if len(values) != len(self.kinds):
            raise TypeError(f"{len(self.kinds)} arguments expected, {len(values)} given")
        for value, kind in zip(values, self.kinds, strict=True):
            # bool is an int, but a field compares it as True/False: another query.
            if type(value) is not kind:
                raise TypeError(f"a prepared query takes {kind.__name__}, not {value!r}")

    def _run(self, mode: str, values: tuple[int | str, ...], using: str) -> list[R]:
        self._check(values)
        if not settings.GUERRA_PREPARED_SQL:
            return list(self._queryset(mode, values).using(using))  # the stock ORM
        if any(type(value) is int and not _INT64[0] <= value <= _INT64[1] for value in values):
            # A number no database column holds (a URL's id of 30 digits): what it matches is
            # Django's to say (nothing, for `pk=`); SQLite could not even bind it.
            return list(self._queryset(mode, values).using(using))
        connection = connections[using]
        compiled = self._compiled.get(connection, {}).get(mode)
        if compiled is None:
            compiled = self._compile(mode, connection, using)
            self._compiled.setdefault(connection, {})[mode] = compiled
        params = list(compiled.params)
        for slots, value in zip(compiled.slots, values, strict=True):
            for slot in slots:
                params[slot] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return compiled.make(rows) if rows else []

    def _queryset(self, mode: str, values: Sequence[int | str]) -> QuerySet[Any, R]:
        queryset = self.build(*values)
        if mode == "first":
            queryset = (queryset if queryset.ordered else queryset.order_by("pk"))[:1]
        return queryset

    def _compile(self, mode: str, connection: BaseDatabaseWrapper, using: str) -> _Compiled:
        stand_ins = [_stand_in(kind, i) for i, kind in enumerate(self.kinds)]
        queryset = self._queryset(mode, stand_ins)
        compiler = queryset.query.get_compiler(using=using, connection=connection)
        sql, params = compiler.as_sql()
        params = tuple(params)
        slots = []
        for stand_in in stand_ins:
            found = tuple(i for i, param in enumerate(params) if param == stand_in)
            if not found:
                raise TypeError(f"a prepared query must compare its arguments as given: "
                                f"{stand_in!r} is not among {params!r}")
            slots.append(found)
        return _Compiled(sql, params, tuple(slots), _maker(queryset, compiler, using))


def _maker(queryset: Any, compiler: Any, using: str) -> Callable[[Any], list[Any]]:
    """What turns the rows into results, as the queryset's own iterable would (its private
    attributes read as Django 5.2's iterables read them)."""
    count = compiler.col_count
    columns = [selected[0] for selected in compiler.select[:count]]
    converters = compiler.get_converters(columns)
    if compiler.has_composite_fields(columns) or queryset._known_related_objects:
        raise TypeError("a prepared query cannot hold composite fields or known objects")

    def converted(rows: Any) -> Any:
        if compiler.has_extra_select:
            rows = [row[:count] for row in rows]
        return compiler.apply_converters(rows, converters) if converters else rows

    iterable = queryset._iterable_class
    if iterable is FlatValuesListIterable:
        return lambda rows: [row[0] for row in converted(rows)]
    if iterable is ValuesListIterable:
        query = queryset.query
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
        fields = [*queryset._fields,
                  *(name for name in query.annotation_select if name not in queryset._fields)]
        if queryset._fields and fields != names:
            raise TypeError("a prepared values_list must name its columns in the SQL's order")
        return lambda rows: [tuple(row) for row in converted(rows)]
    if iterable is not ModelIterable:
        raise TypeError(f"a prepared query cannot return {iterable.__name__} rows")
    klass_info = compiler.klass_info
    model = klass_info["model"]
    selected = klass_info["select_fields"]
    start, end = selected[0], selected[-1] + 1
    names = [column[0].target.attname for column in compiler.select[start:end]]
    # django-stubs describe a later Django, whose populators take a fetch mode too.
    populators = get_related_populators(  # type: ignore[call-arg]
        klass_info, compiler.select, using)
    annotations = list(compiler.annotation_col_map.items())
    from_db = model.from_db

    def instances(rows: Any) -> list[Any]:
        made = []
        for row in converted(rows):
            instance = from_db(using, names, row[start:end])
            for populator in populators:
                populator.populate(row, instance)
            for name, position in annotations:
                setattr(instance, name, row[position])
            made.append(instance)
        return made

    return instances


# --- writes --------------------------------------------------------------------------------------

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
