"""E-mail when a decision awaits a player (issue 31): one message per decision and seat, a
reminder when a quarter of its time is left, a daily summary for who prefers it.

`after_step` is called by `play.record` for every step stored: it works out, from the state
before and after, which seats' players are newly awaited (cheap, no query) and, once the step's
transaction commits, hands them to this process's mail thread (`dispatch`), so that neither the
database work nor a slow mail server ever slows a move. There `deliver` decides, per seat: a
computer's seat, a player without a confirmed address or who turned that kind off, a game with
2 minutes a decision (unless asked for), a digest reader, a page of the game open (it is live
there): no message. Each message is a row of `Notice`, unique per seat and decision, so a
decision is told once however often it is looked at; past GUERRA_MAIL_PER_HOUR a player's
messages are held back (a log line; their digest, if they read one, lists what awaits anyway).

`scan` runs in the server's deadline timer (guerra/game/live/timer.py): the reminders of the
decisions with a quarter of their time left, and the daily summaries that are due.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction
from django.utils import timezone

from guerra.game.models import Game, GameStatus, Notice, NoticePrefs, NoticeStatus, Presence
from guerra.game.services import notice_mail
from guerra.game.services.awaited import FAST_GAME_SECONDS, Awaited, awaited_now, newly_awaited
from guerra.rules.game.state import GameState

logger = logging.getLogger(__name__)

# The reminders and summaries are looked for at most this often (a few seconds late is fine).
SCAN_EVERY = timedelta(seconds=10)
# How long a notice's row is kept (it only has to outlive its decision, and the hourly cap).
KEPT_FOR = timedelta(days=30)


def after_step(game: Game, before: GameState | None, after: GameState) -> None:
    """play.record's call: tell the newly awaited players, once the step has committed."""
    awaited = newly_awaited(game, before, after)
    if awaited:
        game_id = game.pk
        transaction.on_commit(lambda: dispatch(lambda: deliver(game_id, awaited)), robust=True)


# --- the mail thread ----------------------------------------------------------------------------

_jobs: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()
_worker: list[threading.Thread] = []
_worker_lock = threading.Lock()


def dispatch(job: Callable[[], object]) -> None:
    """Run `job` on this process's mail thread (GUERRA_MAIL_IN_BACKGROUND; the tests run it at
    once). A failure is logged: it never reaches the move that caused it."""
    if not settings.GUERRA_MAIL_IN_BACKGROUND:
        _run(job)
        return
    with _worker_lock:
        if not _worker:
            thread = threading.Thread(target=_work, name="guerra-mail", daemon=True)
            _worker.append(thread)
            thread.start()
    _jobs.put(job)


def _work() -> None:
    while True:
        job = _jobs.get()
        close_old_connections()
        try:
            _run(job)
        finally:
            close_old_connections()


def _run(job: Callable[[], object]) -> None:
    try:
        job()
    except Exception:
        logger.exception("an e-mail notice failed")


# --- deciding and sending -----------------------------------------------------------------------


def deliver(game_id: int, awaited: list[Awaited], *, reminder: bool = False) -> int:
    """Tell each awaited player who wants it; the number of messages sent."""
    game = Game.objects.filter(pk=game_id, status=GameStatus.RUNNING).first()
    if game is None or game.deadline is None:
        return 0
    prefs = {p.user_id: p for p in NoticePrefs.objects.filter(
        user_id__in=[a.user_id for a in awaited], active=True, digest=False).exclude(address="")}
    sent = 0
    for one in awaited:
        mine = prefs.get(one.user_id)
        if mine is None or not mine.wants(one.kind) or (reminder and not mine.reminders):
            continue
        if game.deadline_seconds <= FAST_GAME_SECONDS and not mine.fast_games:
            continue
        if Presence.objects.fresh().filter(game_id=game_id, user_id=one.user_id).exists():
            continue  # the page is open: the player sees it live
        sent += _tell(game, one, mine, reminder=reminder)
    return sent


def _tell(game: Game, one: Awaited, prefs: NoticePrefs, *, reminder: bool) -> int:
    status = NoticeStatus.SENT if _under_cap(one.user_id) else NoticeStatus.CAPPED
    try:
        with transaction.atomic():
            notice = Notice.objects.create(
                user_id=one.user_id, game=game, seat_id=one.seat_id, decision=one.decision,
                kind=one.kind, reminder=reminder, status=status)
    except IntegrityError:
        return 0  # told already (by another process, or a repeated call)
    if status == NoticeStatus.CAPPED:
        logger.warning("e-mail notice to user %s held back: over %d an hour (game %s, %s)",
                       one.user_id, settings.GUERRA_MAIL_PER_HOUR, game.pk, one.decision)
        return 0
    try:
        notice_mail.send_decision(game, one.kind, prefs, reminder=reminder)
    except Exception:
        # Not sent (the mail server refused or is down): the row goes, so that it does not
        # count against the hourly cap. The error is logged by the mail thread.
        Notice.objects.filter(pk=notice.pk).delete()
        raise
    return 1


def _under_cap(user_id: int) -> bool:
    cap = settings.GUERRA_MAIL_PER_HOUR
    if cap <= 0:
        return True
    since = timezone.now() - timedelta(hours=1)
    return Notice.objects.filter(user_id=user_id, status=NoticeStatus.SENT,
                                 created_at__gte=since).count() < cap


# --- the timer's scan ---------------------------------------------------------------------------

# (game, deadline) whose reminders this process has seen to; the last reminder scan.
_reminded: set[tuple[int, datetime]] = set()
_LONG_AGO = datetime.min.replace(tzinfo=UTC)
_scanned = {"at": _LONG_AGO, "tidied": _LONG_AGO}


_scan_queued = threading.Event()


def scan_soon() -> None:
    """Have the mail thread `scan` (once: not again while a scan is queued or running)."""
    if _scan_queued.is_set():
        return
    _scan_queued.set()

    def job() -> None:
        try:
            scan()
        finally:
            _scan_queued.clear()

    dispatch(job)


def scan(now: datetime | None = None) -> int:
    """The reminders and daily summaries due now (looked for every SCAN_EVERY at most); the
    number of messages sent. Notices a month old go: a decision is open a week at most."""
    now = now or timezone.now()
    if now - _scanned["at"] < SCAN_EVERY:
        return 0
    _scanned["at"] = now
    sent = send_reminders(now) + notice_mail.send_digests(now)
    if now - _scanned["tidied"] >= timedelta(hours=1):
        _scanned["tidied"] = now
        Notice.objects.filter(created_at__lt=now - KEPT_FOR).delete()
    return sent


def send_reminders(now: datetime | None = None) -> int:
    """A reminder to each player awaited in a decision with a quarter of its time left (or
    less), once per decision; none for a short decision (a call of a window, whose whole time
    is a quarter of a decision's: told once an attack, `awaited.decision_of`)."""
    now = now or timezone.now()
    if not NoticePrefs.objects.filter(active=True, reminders=True, digest=False).exclude(
            address="").exists():
        return 0
    sent = 0
    games = Game.objects.filter(status=GameStatus.RUNNING, deadline__gt=now).values_list(
        "pk", "deadline", "deadline_seconds")
    for pk, deadline, seconds in games:
        if deadline is None or (pk, deadline) in _reminded:
            continue
        if deadline - now > timedelta(seconds=seconds / 4):
            continue
        _reminded.add((pk, deadline))
        sent += deliver(pk, awaited_now(pk, long_only=True), reminder=True)
    if len(_reminded) > 10_000:
        _reminded.clear()
    return sent


__all__ = ["after_step", "deliver", "dispatch", "scan", "scan_soon", "send_reminders"]
