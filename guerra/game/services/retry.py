"""Retrying a write that lost a race with the database, never showing it as a 500.

Every writer takes the game's row first (`locks.py`), so two writers of one game wait for each
other instead of deadlocking. What can still happen is rarer: PostgreSQL may detect a deadlock
among rows of different games or tables (40P01), refuse a serialisation (40001), and SQLite may
give up waiting for its write lock ("database is locked"). The transaction has then been rolled
back whole, so running the service again is safe; after a few tries the player is told to retry,
with a 409 and nothing changed.
"""

from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import OperationalError, transaction
from django.utils.translation import gettext as _

from guerra.game.errors import GameError

P = ParamSpec("P")
R = TypeVar("R")

ATTEMPTS = 4
CONFLICT_SQLSTATES = frozenset({"40P01", "40001"})  # deadlock_detected, serialization_failure
logger = logging.getLogger(__name__)


def is_conflict(error: OperationalError) -> bool:
    """A failure that another transaction caused and that a new try may not meet."""
    cause = error.__cause__
    if getattr(cause, "sqlstate", None) in CONFLICT_SQLSTATES:
        return True
    return "database is locked" in str(error)


def retried(service: Callable[P, R]) -> Callable[P, R]:
    """Run `service` again when its transaction lost a race; only from outside any transaction
    (inside one, the rollback belongs to the caller, which is where the retry must happen)."""

    @functools.wraps(service)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return service(*args, **kwargs)
            except OperationalError as error:
                if not is_conflict(error) or transaction.get_connection().in_atomic_block:
                    raise
                logger.warning("%s: %s (try %d of %d)", service.__name__,
                               str(error).splitlines()[0], attempt, ATTEMPTS)
                if attempt < ATTEMPTS:
                    time.sleep(random.uniform(0.005, 0.02) * attempt)
        raise GameError(_("Too many moves at the same moment: try again."), status=409)

    return run
