"""Who has a game's page open (guerra/game/models/presence.py): written by the game's websocket
(guerra/game/live/consumers.py) when it connects, while it pings and when it closes; read by
guerra/game/read/presence.py.

The hot path is the ping, every 1.5 s a socket: `seen_due` answers from this process's memory,
and `seen` writes the row at most every SEEN_EVERY seconds a socket. When a socket of a user who
holds no seat in the game opens or closes, the number of people watching may have changed: the
part "watchers" is rung to the game's public chain.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.utils import timezone

from guerra.game.live.push import ring_part_on_commit
from guerra.game.models import Presence, Seat
from guerra.game.models.presence import SEEN_EVERY

logger = logging.getLogger(__name__)

WATCHERS_PART = "watchers"
# Rows of sockets gone without a word (a crashed process) are deleted once this old, by a socket
# that connects, at most once every TIDY_EVERY seconds in a process.
TIDY_AFTER = timedelta(hours=1)
TIDY_EVERY = 600.0

# Channel name -> when this process last wrote the socket's row (time.monotonic()).
_written: dict[str, float] = {}
_tidy_lock = threading.Lock()
_tidied = {"at": -TIDY_EVERY}


def opened(game_id: int, user_id: int, channel: str) -> None:
    """A socket of `user_id` on game `game_id` has been greeted."""
    Presence.objects.update_or_create(
        channel=channel,
        defaults={"game_id": game_id, "user_id": user_id, "last_seen": timezone.now()})
    _written[channel] = time.monotonic()
    if not _seated(game_id, user_id):
        ring_part_on_commit(game_id, WATCHERS_PART)
    _tidy()


def seen_due(channel: str) -> bool:
    """Whether the socket's row is due a touch (no query: this process's memory)."""
    return time.monotonic() - _written.get(channel, -SEEN_EVERY) >= SEEN_EVERY


def seen(channel: str) -> bool:
    """The socket pinged: touch its row, at most every SEEN_EVERY seconds. False when it has no
    row (it was never written, or was tidied away): the caller writes it again with `opened`."""
    if not seen_due(channel):
        return True
    _written[channel] = time.monotonic()
    return Presence.objects.filter(channel=channel).update(last_seen=timezone.now()) > 0


def closed(channel: str) -> None:
    """The socket closed: its row goes."""
    _written.pop(channel, None)
    row = Presence.objects.filter(channel=channel).values_list("game_id", "user_id").first()
    if row is None:
        return
    Presence.objects.filter(channel=channel).delete()
    game_id, user_id = row
    if not _seated(game_id, user_id):
        ring_part_on_commit(game_id, WATCHERS_PART)


def _seated(game_id: int, user_id: int) -> bool:
    return Seat.objects.filter(game_id=game_id, user_id=user_id).exists()


def _tidy() -> None:
    """Delete the rows of sockets long gone, now and then (one indexed delete)."""
    with _tidy_lock:
        if time.monotonic() - _tidied["at"] < TIDY_EVERY:
            return
        _tidied["at"] = time.monotonic()
    Presence.objects.filter(last_seen__lt=timezone.now() - TIDY_AFTER).delete()


__all__ = ["WATCHERS_PART", "closed", "opened", "seen", "seen_due"]
