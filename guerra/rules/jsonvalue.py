"""Reading JSON-shaped data (saved states, case files) with typed accessors.

Every problem becomes a `DataError` carrying a `Message`, so the command line can say in
Italian which field of a case file is wrong, and a corrupt saved state fails loudly.
"""

from __future__ import annotations

from collections.abc import Mapping

from guerra.rules.i18n import Message, _

Obj = Mapping[str, object]


class DataError(ValueError):
    def __init__(self, message: Message) -> None:
        super().__init__(message.render("en"))
        self.message = message


def invalid(where: str) -> DataError:
    return DataError(_("Field “{field}” has an invalid value.", field=where))


def field(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def as_obj(value: object, where: str) -> Obj:
    if not isinstance(value, Mapping):
        raise DataError(_("Field “{field}” must be an object.", field=where))
    return value


def as_list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise DataError(_("Field “{field}” must be a list.", field=where))
    return value


def require(data: Obj, key: str, where: str) -> object:
    if key not in data:
        raise DataError(_("Field “{field}” is missing.", field=field(where, key)))
    return data[key]


def as_int(value: object, where: str, *, minimum: int | None = 0) -> int:
    # bool is an int subclass in Python, but `true` is never a count in a case file.
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(_("Field “{field}” must be a whole number.", field=where))
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise DataError(_("Field “{field}” cannot be negative.", field=where))
        raise DataError(
            _("Field “{field}” must be at least {minimum}.", field=where, minimum=minimum)
        )
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataError(_("Field “{field}” must be true or false.", field=where))
    return value


def as_str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataError(_("Field “{field}” must be a non-empty text.", field=where))
    return value


def get_int(data: Obj, key: str, where: str = "", default: int | None = None) -> int:
    if key not in data and default is not None:
        return default
    return as_int(require(data, key, where), field(where, key))


def get_opt_int(data: Obj, key: str, where: str = "") -> int | None:
    value = data.get(key)
    return None if value is None else as_int(value, field(where, key))


def get_bool(data: Obj, key: str, where: str = "", default: bool | None = None) -> bool:
    if key not in data and default is not None:
        return default
    return as_bool(require(data, key, where), field(where, key))


def get_opt_bool(data: Obj, key: str, where: str = "") -> bool | None:
    value = data.get(key)
    return None if value is None else as_bool(value, field(where, key))


def get_str(data: Obj, key: str, where: str = "") -> str:
    return as_str(require(data, key, where), field(where, key))


def get_opt_str(data: Obj, key: str, where: str = "") -> str | None:
    value = data.get(key)
    return None if value is None else as_str(value, field(where, key))


def get_obj(data: Obj, key: str, where: str = "") -> Obj:
    return as_obj(require(data, key, where), field(where, key))


def get_list(data: Obj, key: str, where: str = "", *, optional: bool = False) -> list[object]:
    if optional and data.get(key) is None:
        return []
    return as_list(require(data, key, where), field(where, key))


def str_tuple(value: object, where: str) -> tuple[str, ...]:
    return tuple(as_str(item, f"{where}[{i}]") for i, item in enumerate(as_list(value, where)))
