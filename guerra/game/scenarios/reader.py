"""Reading a scenario file: typed access to the decoded JSON with Italian errors that say
where the problem is, and saving rows so that a bad value becomes one Italian line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from guerra.game.text.parsing import BadInput, clean_text


class ScenarioFileError(Exception):
    """A scenario file that cannot be imported; the message is Italian and says where."""


class Reader:
    """Typed access to the decoded JSON with Italian errors that say where the problem is."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ScenarioFileError(_("%(where)s: an object {…} was expected.") % {"where": where})
        self.data = data
        self.where = where

    def _get(self, key: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise ScenarioFileError(
                    _("%(where)s: the field “%(field)s” is missing.")
                    % {"where": self.where, "field": key}
                )
            return default
        return self.data[key]

    def text(
        self, key: str, default: Any = ..., max_length: int = 100, multiline: bool = False
    ) -> str:
        value = self._get(key, default)
        if not isinstance(value, str) or (default is ... and not value.strip()):
            raise self.bad(key, _("a non-empty text"))
        if len(value) > max_length:
            raise self.bad(key, _("a text of at most %(n)d characters") % {"n": max_length})
        try:
            # No NUL (PostgreSQL refuses it), no control character, no lone surrogate.
            return clean_text(value, multiline=multiline)
        except BadInput:
            raise self.bad(key, _("a text without control characters")) from None

    def number(self, key: str, default: Any = ..., low: int = 0, high: int = 32767) -> int:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.bad(
                key, _("a whole number from %(low)d to %(high)d") % {"low": low, "high": high}
            )
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.bad(key, _("true or false"))
        return value

    def items(self, key: str) -> list[Reader]:
        value = self._get(key, [])
        if not isinstance(value, list):
            raise self.bad(key, _("a list […]"))
        return [Reader(item, f"{self.where} › {key}[{i + 1}]") for i, item in enumerate(value)]

    def bad(self, key: str, expected: str) -> ScenarioFileError:
        return ScenarioFileError(
            _("%(where)s: “%(field)s” must be %(expected)s.")
            % {"where": self.where, "field": key, "expected": expected}
        )


def small(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 32767


def unique(seen: Mapping[str, Any], name: str, item: Reader) -> None:
    if name in seen:
        raise ScenarioFileError(
            _("%(where)s: the name “%(name)s” is used twice.") % {"where": item.where, "name": name}
        )


def pick(options: Mapping[str, Any], item: Reader, key: str) -> Any:
    name = item.text(key, max_length=60)
    if name not in options:
        raise ScenarioFileError(
            _("%(where)s: “%(name)s” is not one of the scenario's %(what)s.")
            % {
                "where": item.where,
                "name": name,
                "what": _("powers") if key == "power" else _("regions"),
            }
        )
    return options[name]


def save(obj: Any, where: str) -> Any:
    try:
        obj.full_clean(exclude=["scenario"] if hasattr(obj, "scenario_id") else None)
    except ValidationError as exc:
        raise ScenarioFileError(f"{where}: {validation_text(exc)}") from exc
    obj.save()
    return obj


def validation_text(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return " ".join(
            f"{field}: {' '.join(str(m) for m in errors[0].messages)}"
            if field != "__all__"
            else " ".join(str(m) for m in errors[0].messages)
            for field, errors in exc.error_dict.items()
        )
    return " ".join(str(m) for m in exc.messages)
