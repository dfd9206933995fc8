"""The web layer's adapters of the combat procedures, by name, beside the rules' registry
(`guerra.rules.flowchart.get_procedure`): services and pages ask `adapter(attack.procedure)`.

The setting `GUERRA_PROCEDURES` names them, one line per procedure: its name and the dotted
path of its adapter (`guerra.game.procedures.<name>.ADAPTER`, its partials in
templates/game/procedures/<name>/). The adapter's module imports its rules package, which
registers the procedure with the rules. A new procedure is one more line there; no other
procedure's files change.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.utils.module_loading import import_string

from guerra.game.procedures.base import (
    Control,
    Decision,
    FormField,
    Invitation,
    InvitedAlly,
    OddsRow,
    OddsView,
    ProcedureAdapter,
    Undecidable,
)

Adapter = ProcedureAdapter[Any, Any]


@cache
def _registry() -> dict[str, Adapter]:
    found: dict[str, Adapter] = {}
    configured: dict[str, str] = settings.GUERRA_PROCEDURES
    for name, path in configured.items():
        loaded = import_string(path)
        if not isinstance(loaded, ProcedureAdapter) or loaded.name != name:
            raise ImproperlyConfigured(
                f"GUERRA_PROCEDURES[{name!r}]: {path} is not the web adapter of {name!r}")
        found[name] = loaded
    return found


def _forget(*, setting: str, **kwargs: Any) -> None:
    if setting == "GUERRA_PROCEDURES":
        _registry.cache_clear()


setting_changed.connect(_forget, dispatch_uid="guerra-procedures")


def load() -> None:
    """Import every adapter (and so register every procedure's rules) once, at start."""
    _registry()


def adapter(name: str) -> Adapter:
    try:
        return _registry()[name]
    except KeyError:
        raise LookupError(f"no web adapter for the procedure {name!r}") from None


def adapters() -> tuple[Adapter, ...]:
    return tuple(_registry().values())


def decision_kinds() -> list[tuple[str, str]]:
    """Every kind of decision any procedure's forms post (the form's first check)."""
    return [(kind, kind) for a in adapters() for kind in a.kinds()]


def decision_fields() -> list[FormField]:
    """Every field of any procedure's decision forms, each once (the first adapter that
    names it gives its words), in the order the adapters list them."""
    found: dict[str, FormField] = {}
    for a in adapters():
        for spec in a.form_fields:
            found.setdefault(spec.name, spec)
    return list(found.values())


def required_field(kind: str) -> str | None:
    return next((a.required(kind) for a in adapters() if kind in a.kinds()), None)


__all__ = [
    "Control", "Decision", "FormField", "Invitation", "InvitedAlly", "OddsRow", "OddsView",
    "ProcedureAdapter", "Undecidable", "adapter", "adapters", "decision_fields",
    "decision_kinds", "load", "required_field",
]
