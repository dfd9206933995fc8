"""What a server process keeps of values that never change (states, regions, a step's board,
log lines, odds): bounded, the least recently used going first, safe across threads."""

import threading
import time
from collections import OrderedDict

from guerra.runtime.kept import Kept


class SwitchingDict(OrderedDict[int, int]):
    """Lets another thread run right after each look-up, as a switch of threads may."""

    def get(self, key, default=None):
        value = super().get(key, default)
        time.sleep(0.0001)
        return value


def test_the_least_recently_used_value_goes_first():
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # "a" used again: "b" is now the oldest
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
    assert len(kept) == 2


def test_put_answers_the_value_it_keeps_and_clear_forgets_all():
    kept: Kept[int, str] = Kept(10)
    assert kept.put(1, "uno") == "uno"
    kept.clear()
    assert kept.get(1) is None and len(kept) == 0


def test_threads_reading_and_evicting_at_once_never_fail():
    """Each request runs in a thread of its own: a value evicted by one between another's look
    and its use must not raise (a bare OrderedDict's move_to_end would)."""
    kept: Kept[int, int] = Kept(8)
    kept._values = SwitchingDict()
    errors: list[Exception] = []

    def hammer(offset: int) -> None:
        try:
            for i in range(300):
                key = (i + offset) % 16
                if kept.get(key) is None:
                    kept.put(key, key)
        except Exception as error:  # any failure fails the test
            errors.append(error)

    threads = [threading.Thread(target=hammer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(kept) <= 8
