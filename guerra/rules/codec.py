"""Frozen dataclasses to JSON and back, driven by their type hints.

The game machine's state is a tree of frozen dataclasses of ints, bools, strings, Literals,
optionals and tuples; `encode` turns one into plain JSON and `decode` rebuilds it, checking
every value on the way, so a corrupt saved state fails with a `DataError` naming the field.
A type with a JSON form of its own (the attack's state) is registered with `register_custom`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
import weakref
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, as_bool, as_int, as_list, as_obj, as_str, invalid

T = TypeVar("T")

_CUSTOM: dict[type, tuple[Callable[[Any], JSON], Callable[[Obj], Any]]] = {}


def register_custom(cls: type[T], to_json: Callable[[T], JSON],
                    from_json: Callable[[Obj], T]) -> None:
    """`cls` (and, when encoding, any subclass of it) has a JSON form of its own."""
    _CUSTOM[cls] = (to_json, from_json)
    _ENCODERS.clear()


_ENCODERS: dict[type, Callable[[Any], JSON] | None] = {}

# Values of these types are immutable and shared from state to state (a game's scenario): each
# is encoded once, by identity, and its JSON reused while the value lives.
_ONCE: set[type] = set()
_ENCODED: dict[int, tuple[weakref.ref[Any], JSON]] = {}


def encode_once(cls: type) -> None:
    """Encode each value of `cls` once: its JSON is kept and reused (never mutate it)."""
    _ONCE.add(cls)


def _encoded_once(value: Any) -> JSON:
    kept = _ENCODED.get(id(value))
    if kept is not None and kept[0]() is value:
        return kept[1]
    cls: type = type(value)
    data: JSON = {f.name: encode(getattr(value, f.name)) for f in _fields(cls)}
    _keep_encoding(value, data)
    return data


def _keep_encoding(value: Any, data: JSON) -> None:
    key = id(value)

    def forget(_ref: weakref.ref[Any]) -> None:
        _ENCODED.pop(key, None)

    _ENCODED[key] = (weakref.ref(value, forget), data)


def _encoder(cls: type) -> Callable[[Any], JSON] | None:
    """The custom encoder of a type or of its nearest registered base, looked up once."""
    if cls not in _ENCODERS:
        _ENCODERS[cls] = next((_CUSTOM[k][0] for k in cls.__mro__ if k in _CUSTOM), None)
    return _ENCODERS[cls]


def encode(value: object) -> JSON:
    """A dataclass tree as JSON: dataclasses become objects, tuples lists."""
    custom = _encoder(type(value))
    if custom is not None:
        return custom(value)
    if type(value) in _ONCE:
        return _encoded_once(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot encode {value!r}")


def decode(cls: type[T], data: object, where: str = "") -> T:
    """The inverse of `encode`, checking every value against the type hints."""
    value: T = _decode(cls, data, where)
    return value


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, data: object, where: str) -> Any:
    origin = get_origin(hint)
    if hint in _CUSTOM:
        return _CUSTOM[hint][1](as_obj(data, where))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, data, where)
    if origin in (Union, types.UnionType):
        return _decode_union(hint, data, where)
    if origin is Literal:
        if isinstance(data, bool) or data not in get_args(hint):
            raise invalid(where)
        return data
    if origin is tuple:
        return _decode_tuple(hint, data, where)
    if hint is bool:
        return as_bool(data, where)
    if hint is int:
        return as_int(data, where, minimum=None)
    if hint is str:
        return as_str(data, where)
    if hint is type(None):
        if data is not None:
            raise invalid(where)
        return None
    raise TypeError(f"cannot decode type {hint!r}")


def _decode_dataclass(cls: type, data: object, where: str) -> Any:
    obj = as_obj(data, where or "state")
    hints = _hints(cls)
    values = {}
    for f in _fields(cls):
        path = f"{where}.{f.name}" if where else f.name
        if f.name not in obj:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise DataError(_("Field “{field}” is missing.", field=path))
        values[f.name] = _decode(hints[f.name], obj[f.name], path)
    value = cls(**values)
    if cls in _ONCE and isinstance(data, dict) and len(data) == len(values) == len(_fields(cls)):
        # Decoded from its whole JSON (no field left to its default, none unknown): that JSON
        # is its encoding. A process that reads a state another process wrote would otherwise
        # encode the scenario again at its next write (the most of a state's JSON).
        _keep_encoding(value, typing.cast(JSON, data))
    return value


def _decode_union(hint: Any, data: object, where: str) -> Any:
    options = get_args(hint)
    if data is None and type(None) in options:
        return None
    problem: DataError | None = None
    for option in options:
        if option is type(None):
            continue
        try:
            return _decode(option, data, where)
        except DataError as error:
            problem = error
    assert problem is not None
    raise problem


def _decode_tuple(hint: Any, data: object, where: str) -> tuple[Any, ...]:
    data = as_list(list(data) if isinstance(data, tuple) else data, where)
    args = get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
    if len(args) != len(data):
        raise invalid(where)
    return tuple(_decode(arg, item, f"{where}[{i}]") for i, (arg, item) in
                 enumerate(zip(args, data, strict=True)))
