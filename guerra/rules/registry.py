"""The registry of combat procedures: each registers itself when its package is imported."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from guerra.rules.flowchart import Procedure

P = TypeVar("P", bound="Procedure[Any, Any]")

_REGISTRY: dict[str, Procedure[Any, Any]] = {}


def register(procedure: P) -> P:
    """Make a procedure available by name; registering the same one twice is harmless."""
    existing = _REGISTRY.get(procedure.name)
    if existing is not None and existing is not procedure:
        raise ValueError(f"a procedure named {procedure.name!r} is already registered")
    _REGISTRY[procedure.name] = procedure
    return procedure


def get_procedure(name: str) -> Procedure[Any, Any]:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise LookupError(f"no combat procedure named {name!r}") from None


def procedures() -> tuple[Procedure[Any, Any], ...]:
    return tuple(_REGISTRY.values())
