"""A faster `dataclasses.replace` and `__init__` for the rules' frozen dataclasses.

The engine builds a new state at every box it walks (the cursor moves, a holding loses a unit),
and `dataclasses.replace` was a large share of an attack's resolution: it reads every field by
name and calls `__init__`. The rules' dataclasses are plain records (frozen, with a `__dict__`,
no `__post_init__`, no `InitVar`, no field left out of `__init__`), so a copy of the instance's
`__dict__` with the changes on top, less the values its `cached_property`s kept (a game's
lookups by power and place, which a copy must make afresh), is the same object that
`dataclasses.replace` would build. Any other class falls back to `dataclasses.replace`.

`record` does the same for building one: the `__init__` of a frozen dataclass stores each
field with its own `object.__setattr__` call (the class's `__setattr__` refuses), and the
engine builds a handful of records at every box (cursors, states, events). It sets the
instance's dict built whole, so that reading a field is a specialised read (see `record`).

Both lean on how CPython and `dataclasses` build an instance. With GUERRA_FAST_RECORDS=0 (or
GUERRA_STOCK=1) in the environment when the rules are imported, `record` leaves the dataclass's
own `__init__` (it still refuses what it would refuse) and `replace` and `replace_field` are
`dataclasses.replace`: the same values, built the stock way. (The rules know no Django: the
switch is read here, as guerra/settings.py reads the others.) Figures: bench/README.md.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
from functools import cached_property
from typing import Any, TypeVar

T = TypeVar("T")


def _on(name: str) -> bool:
    """Whether the speed-up `name` is on: its variable if set, else not GUERRA_STOCK (as
    guerra/settings.py's `speed_up`)."""
    def given(variable: str) -> bool | None:
        value = os.environ.get(variable)
        return None if value is None else value.strip().lower() in {"1", "true", "yes", "on"}

    stock = given("GUERRA_STOCK")
    own = given(name)
    return own if own is not None else not stock


FAST = _on("GUERRA_FAST_RECORDS")
RECORDS: list[type] = []  # every class `record` took, in the order their modules made them

_FIELDS: dict[type, frozenset[str] | None] = {}
_CACHED: dict[type, tuple[str, ...]] = {}  # a class's cached_property names, if it has any
_set_attribute = object.__setattr__  # past the frozen class's own `__setattr__`
_new = object.__new__


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a plain frozen dataclass, or None when the fast copy would differ."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") \
            or "__slots__" in cls.__dict__:
        return None
    cached = tuple(name for klass in cls.__mro__ for name, value in vars(klass).items()
                   if isinstance(value, cached_property))
    fields = dataclasses.fields(cls)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not all(f.init for f in fields) \
            or len(fields) != len(getattr(cls, "__dataclass_fields__", {})):
        return None  # InitVar and ClassVar pseudo-fields, or fields outside __init__
    if cached:
        _CACHED[cls] = cached
    return frozenset(f.name for f in fields)


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`, without `__init__` for plain frozen records."""
    if not FAST:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    cls = type(obj)
    try:
        names = _FIELDS[cls]
    except KeyError:
        names = _FIELDS[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    # A copy of the whole dict, set as the new instance's: cheaper than filling the new
    # instance's own dict key by key.
    attributes = obj.__dict__.copy()
    attributes.update(changes)
    if cls in _CACHED:
        for cached in _CACHED[cls]:
            attributes.pop(cached, None)
    new = object.__new__(cls)
    _set_attribute(new, "__dict__", attributes)
    return new


def replace_field(obj: T, name: str, value: object, /) -> T:
    """`replace(obj, **{name: value})`: one field changed, without packing keyword arguments
    (half the cost of `replace` for a state's new cursor, made at every input)."""
    if not FAST:
        return dataclasses.replace(obj, **{name: value})  # type: ignore[type-var]
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None or name not in names:
        return replace(obj, **{name: value})  # not known yet, not a plain record, or no field
    attributes = obj.__dict__.copy()
    attributes[name] = value
    if cls in _CACHED:
        for cached in _CACHED[cls]:
            attributes.pop(cached, None)
    new = _new(cls)
    _set_attribute(new, "__dict__", attributes)
    return new


_INIT_NAMES = frozenset({"self", "_set_attribute", "_defaults"})  # the names `record` uses


def record(cls: type[T]) -> type[T]:
    """Decorate a plain frozen dataclass (above `@dataclass(frozen=True)`) with an `__init__`
    that fills the instance's `__dict__` directly.

    The new `__init__` takes the same parameters as the dataclass's, in the same order and
    kinds, with the same defaults, and leaves the same `__dict__` (the fields in declaration
    order; a field outside `__init__` stays a class attribute, its default). `__eq__`,
    `__hash__`, `__repr__`, `dataclasses.fields` and frozenness stay the dataclass's own; the
    dataclass's `__init__` is kept as `__init__.__wrapped__`. A class where the copy would
    differ (`__post_init__`, `__slots__`, a default factory, an `InitVar`, not frozen) is
    refused with a TypeError when its module is imported. With the switch off (`FAST`), the
    class keeps the dataclass's `__init__`, once it has been checked alike.
    """
    init = fast_init(cls)
    RECORDS.append(cls)
    if FAST:
        setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning to a method
    return cls


def fast_init(cls: type) -> Any:
    """The `__init__` that `record` gives `cls` (a TypeError if it cannot), made from the
    dataclass's own (`cls.__init__`, or its `__wrapped__` once `record` has replaced it)."""
    original = cls.__dict__.get("__init__")
    original = getattr(original, "__wrapped__", original)
    params = getattr(cls, "__dataclass_params__", None)
    if original is None or params is None or not params.frozen or not params.init \
            or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a plain frozen dataclass")
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(original).parameters.values())[1:]
    if [p.name for p in parameters] != [f.name for f in fields if f.init] \
            or any(f.default_factory is not dataclasses.MISSING
                   or (not f.init and f.default is dataclasses.MISSING)
                   or f.name in _INIT_NAMES for f in fields):
        raise TypeError(f"{cls.__name__}: its __init__ cannot be copied as a plain record")
    defaults = {p.name: p.default for p in parameters if p.default is not p.empty}
    signature = []
    for p in parameters:
        if p.kind is p.KEYWORD_ONLY and "*" not in signature:
            signature.append("*")
        signature.append(p.name if p.default is p.empty else f"{p.name}=_defaults[{p.name!r}]")
    # The instance's dict built whole and set: a dict of its own, not the one `self.__dict__`
    # makes, which shares its keys with the class (a split table). CPython 3.11 cannot
    # specialise an attribute read on an instance whose dict is split: every read of a
    # field takes the generic lookup, several times slower, and the engine and the
    # boxes read records' fields hundreds of times an attack. (`replace` copies this dict,
    # so copies keep it.) Still faster than the dataclass's `object.__setattr__` calls.
    # A field outside `__init__` is left to its class attribute (its default), as there.
    items = ", ".join(f"{f.name!r}: {f.name}" for f in fields if f.init)
    lines = [f"def __init__({', '.join(['self', *signature])}):",
             f"    _set_attribute(self, '__dict__', {{{items}}})"]
    namespace: dict[str, Any] = {"_defaults": defaults, "_set_attribute": _set_attribute}
    exec("\n".join(lines), namespace)  # the source is built above from field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__wrapped__ = original  # inspect.signature() shows the dataclass's own, annotated
    return init
