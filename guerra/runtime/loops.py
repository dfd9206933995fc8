"""The event loop that serves this process's websockets, for the threads that have none (the
deadline timer, the computer players' driver, the mail thread).

Such a thread's `async_to_sync` runs an event loop of its own. On the in-memory channel layer a
message sent from there lands in a socket's asyncio queue, which is not thread-safe: the
socket's waiting receive is woken late, at the loop's next wake-up, or not at all if the message
lands while the receive is about to wait (it then hears it with the next message, which may
never come). `tests/game/live/test_loops.py` shows both. Handed to the serving loop, a send is
heard at once: `live.push` does so whenever `serving()` has a loop and the sending thread has
none running.
"""

from __future__ import annotations

import asyncio

_serving: list[asyncio.AbstractEventLoop] = []  # the one, once a socket has been served


def serving_here() -> None:
    """Remember the running loop as the one that serves the sockets (a socket calls this when
    it joins its groups)."""
    _serving[:] = [asyncio.get_running_loop()]


def serving() -> asyncio.AbstractEventLoop | None:
    """The loop that serves the sockets, while it runs (None: no socket has been served yet,
    or its loop has stopped)."""
    loop = _serving[0] if _serving else None
    return loop if loop is not None and loop.is_running() and not loop.is_closed() else None
