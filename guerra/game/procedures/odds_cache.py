"""The odds of a procedure's step, computed once per process and shared by every viewer: a
state is one step of one attack, it never changes (`ProcedureAdapter.odds` and the adapters'
own odds ask here)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from guerra.runtime.kept import Kept

T = TypeVar("T")

_odds_cache: Kept[tuple[str, Hashable, Hashable], object] = Kept(2048)


def cached_odds(name: str, state: Hashable, key: Hashable, make: Callable[[], T]) -> T:
    """`make()` (odds), computed once per process for each (procedure, state, key) and shared
    by every viewer, page and re-fetch that asks the same: a state is one step of one attack,
    it never changes. The last 2,048 are kept."""
    entry = (name, state, key)
    found = _odds_cache.get(entry)
    if found is None:
        found = _odds_cache.put(entry, make())
    return cast(T, found)


def clear_odds_cache() -> None:
    _odds_cache.clear()
