"""Memos of the Esperto's yardstick (`value`): a figure computed from a part of a position,
kept by what it reads there, so that the many positions a bot weighs, which differ from one
another in a region or two, share what they have alike.

A key names its scenario by id: a memo keeps the scenarios its keys name alive while it holds
them, so an id is not reused under it. A memo starts again once it holds `KEPT` entries. With
`ENABLED` False every figure is computed afresh (the tests weigh positions both ways and
compare). A memo's values are shared: they are read, never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")
ENABLED = True
KEPT = 20_000  # entries after which a memo starts again (200,000: no faster, 40 MB more in 3 games)


class Memo(Generic[T]):
    """Figures by scenario and key."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.values: dict[tuple[int, Hashable], T] = {}
        self.scenarios: dict[int, object] = {}

    def get(self, scenario: object, key: Hashable, compute: Callable[..., T], *args: object
            ) -> T:
        """The figure kept for `key` in `scenario`, or `compute(*args)`'s, kept."""
        if not ENABLED:
            return compute(*args)
        full = (id(scenario), key)
        found = self.values.get(full, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[return-value]
        if len(self.values) >= self.kept:
            self.values.clear()
            self.scenarios.clear()
        self.scenarios[id(scenario)] = scenario
        value = self.values[full] = compute(*args)
        return value


_MISSING = object()
