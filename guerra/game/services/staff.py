"""Staff corrections: a moderator fixes a power's gold or victory points by hand, in the open.
Every correction is a public event, so the table sees what changed and why."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Game, GameStatus, Seat
from .errors import GameError
from .events import log_event

MAX_AMOUNT = 999
MAX_NOTE = 200


@transaction.atomic
def seat_correct(
    *, game_id: int, user: User | AnonymousUser, seat_id: int, gold: int, vp: int, note: str = ""
) -> Seat:
    """Set a power's gold and VP to the given values; the log records before and after."""
    if not getattr(user, "is_staff", False):
        raise GameError(_("Only staff can correct the board."), status=403)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameError(_("This game does not exist."), status=404)
    if game.status != GameStatus.RUNNING:
        raise GameError(_("Only a game in progress can be corrected."), status=409)
    if not (0 <= gold <= MAX_AMOUNT and 0 <= vp <= MAX_AMOUNT):
        raise GameError(_("Gold and victory points go from 0 to %(max)s.") % {"max": MAX_AMOUNT})
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise GameError(_("The note can be at most %(max)s characters long.") % {"max": MAX_NOTE})
    # A row lock on PostgreSQL (SQLite's IMMEDIATE transaction already holds the write lock),
    # so "before" in the log is what the correction really replaced.
    seat = Seat.objects.select_for_update().filter(game=game, pk=seat_id).first()
    if seat is None:
        raise GameError(_("That player is not in this game."), status=404)
    before = (seat.gold, seat.vp)
    if before == (gold, vp):
        raise GameError(_("Nothing to correct: those are already the values."), status=409)
    Seat.objects.filter(pk=seat.pk).update(gold=gold, vp=vp)
    seat.gold, seat.vp = gold, vp
    log_event(
        game,
        "staff_corrected",
        {"power": seat.power, "gold": [before[0], gold], "vp": [before[1], vp], "note": note},
    )
    return seat
