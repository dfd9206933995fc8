"""The server's driver of the computer players: each answers when its time comes
(`Game.bot_due`), with every browser closed.

`start()` runs once per server process (guerra/asgi.py calls it): a daemon thread that sleeps
until the next computer player is due, or until a step of this process leaves one awaited
(`play.bots_woken`), and then answers for every one that is due, each through the services as a
person's input. Several processes may each run one: the rules' step guard lets one answer
through and refuses the other's as stale. `GUERRA_BOTS=0` turns it off.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

logger = logging.getLogger(__name__)

_started = threading.Lock()
_threads: list[threading.Thread] = []


def tick() -> float:
    """Answer for the computer players that are due; returns the seconds until the next one
    (at most the deadline timer's tick, so that another process's steps are seen too)."""
    from guerra.game.services import bots

    longest = settings.GUERRA_DEADLINE_TICK
    close_old_connections()
    try:
        bots.answer_due()
        due = bots.next_due()
    except Exception:
        logger.exception("answering for the computer players failed")
        return longest
    finally:
        close_old_connections()
    if due is None:
        return longest
    return max(0.0, min(longest, (due - timezone.now()).total_seconds()))


def run(stop: threading.Event) -> None:
    from guerra.game.services.play import bots_woken

    while not stop.is_set():
        wait = tick()
        if wait > 0 and bots_woken.wait(wait):
            bots_woken.clear()


def start() -> threading.Event | None:
    """Start this process's driver once (later calls do nothing); returns its stop switch."""
    if not getattr(settings, "GUERRA_BOTS", True):
        return None
    with _started:
        if _threads:
            return None
        stop = threading.Event()
        thread = threading.Thread(target=run, args=(stop,), name="guerra-bots", daemon=True)
        _threads.append(thread)
        thread.start()
        return stop
