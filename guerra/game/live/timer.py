"""The server's own deadline timer: every decision's deadline is applied by the running server,
with every browser closed and no command running (G13, G27, G29, A3).

`start()` runs once per server process (guerra/asgi.py calls it): a daemon thread that wakes
every few seconds and applies the deadlines that have passed, each in its own transaction.
Several processes may each run one: the rules' step guard lets only one of them apply a given
deadline. `GUERRA_DEADLINE_TIMER=0` turns it off (then run `manage.py expire_deadlines`).
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)

_started = threading.Lock()
_threads: list[threading.Thread] = []  # this process's timer, once started


def tick() -> int:
    """Apply what is due now, then look for the e-mail reminders and daily summaries due; a
    failure is logged and the timer goes on."""
    from guerra.game.services.notices import scan_soon
    from guerra.game.services.play import expire_due

    close_old_connections()
    try:
        return expire_due()
    except Exception:
        logger.exception("applying the deadlines failed")
        return 0
    finally:
        close_old_connections()
        scan_soon()  # on the mail thread: a slow mail server never holds a deadline back


def run(every: float, stop: threading.Event) -> None:
    """The timer's loop: a tick every `every` seconds until `stop` is set."""
    while not stop.wait(every):
        tick()


def start(every: float | None = None) -> threading.Event | None:
    """Start the timer of this process once (later calls do nothing); returns its stop switch."""
    if not getattr(settings, "GUERRA_DEADLINE_TIMER", True):
        return None
    with _started:
        if _threads:
            return None
        stop = threading.Event()
        seconds = every if every is not None else settings.GUERRA_DEADLINE_TICK
        thread = threading.Thread(target=run, args=(seconds, stop), name="guerra-deadlines",
                                  daemon=True)
        _threads.append(thread)
        thread.start()
        return stop
