"""The web layer's adapters of the combat procedures, by name, beside the rules' registry
(`guerra.rules.flowchart.get_procedure`): services and pages ask `adapter(attack.procedure)`.
A new procedure is one more module here, with its templates in
templates/game/procedures/<name>/; no other procedure's files change."""

from __future__ import annotations

from guerra.game.procedures.base import (
    Control,
    Decision,
    Invitation,
    InvitedAlly,
    OddsView,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.d10 import ADAPTER as D10
from guerra.game.procedures.seed004 import ADAPTER as SEED004

_ADAPTERS: dict[str, ProcedureAdapter] = {a.name: a for a in (SEED004, D10)}
DEFAULT = SEED004.name


def adapter(name: str) -> ProcedureAdapter:
    try:
        return _ADAPTERS[name]
    except KeyError:
        raise LookupError(f"no web adapter for the procedure {name!r}") from None


def adapters() -> tuple[ProcedureAdapter, ...]:
    return tuple(_ADAPTERS.values())


def choices() -> list[tuple[str, str]]:
    """The combat systems a game may be played with, for the forms and the admin."""
    return [(a.name, str(a.label)) for a in _ADAPTERS.values()]


def decision_kinds() -> list[tuple[str, str]]:
    """Every kind of decision any procedure's forms post (the form's first check)."""
    return [(kind, kind) for a in _ADAPTERS.values() for kind in a.kinds()]


def required_field(kind: str) -> str | None:
    return next((a.required(kind) for a in _ADAPTERS.values() if kind in a.kinds()), None)


__all__ = [
    "DEFAULT", "Control", "Decision", "Invitation", "InvitedAlly", "OddsView",
    "ProcedureAdapter", "Undecidable", "adapter", "adapters", "choices", "decision_kinds",
    "required_field",
]
