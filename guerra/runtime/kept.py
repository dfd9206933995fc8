"""What a server process keeps of values that never change once made: a game's state at a step
(its latest), its regions, a step's board and turn options, a line of its log, the odds of a
step of an attack. Each is keyed by what makes it (the game's seed fingerprint, which no other
game shares, and its step or number), so a kept value is never wrong, only sometimes gone; the
least recently used go first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """At most `size` values, shared by the threads of the process (each request has its own:
    one lock keeps them out of each other's way). None is never kept: `get` answers it for a
    value that is not there."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
