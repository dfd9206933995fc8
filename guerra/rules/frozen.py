"""A faster `dataclasses.replace` for the rules' frozen dataclasses.

The engine builds a new state at every box it walks (the cursor moves, a holding loses a unit),
and `dataclasses.replace` spent almost half of an attack's resolution: it reads every field by
name and calls `__init__`. The rules' dataclasses are plain records (frozen, with a `__dict__`,
no `__post_init__`, no `InitVar`, no field left out of `__init__`, no `cached_property` whose
value a copy would carry over), so a copy of the instance's
`__dict__` with the changes on top is the same object that `dataclasses.replace` would build.
Any other class falls back to `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a plain frozen dataclass, or None when the fast copy would differ."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") \
            or "__slots__" in cls.__dict__ \
            or any(isinstance(value, cached_property)
                   for klass in cls.__mro__ for value in vars(klass).values()):
        return None
    fields = dataclasses.fields(cls)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not all(f.init for f in fields) \
            or len(fields) != len(getattr(cls, "__dataclass_fields__", {})):
        return None  # InitVar and ClassVar pseudo-fields, or fields outside __init__
    return frozenset(f.name for f in fields)


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`, without `__init__` for plain frozen records."""
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
    new = object.__new__(cls)
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    return new
