"""Staff corrections: a moderator fixes a power's gold or victory points by hand, in the open.
Every correction is a public event, so the table sees what changed and why."""

from __future__ import annotations

import dataclasses

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.models import Seat
from guerra.game.models.state import load_state
from guerra.game.services.events import log_event
from guerra.game.services.locks import locked_running_game
from guerra.game.services.play import record
from guerra.game.services.retry import retried
from guerra.game.text.parsing import BadInput, clean_text
from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Accepted

MAX_AMOUNT = 999
MAX_NOTE = 200


@retried
@transaction.atomic
def seat_correct(
    *, game_id: int, user: User | AnonymousUser, seat_id: int, gold: int, vp: int, note: str = ""
) -> Seat:
    """Set a power's gold and VP to the given values; the log records before and after."""
    if not getattr(user, "is_staff", False):
        raise GameError(_("Only staff can correct the board."), status=403)
    # The game's row first, as every writer takes it (one lock order, no deadlock).
    game = locked_running_game(game_id)
    if not (0 <= gold <= MAX_AMOUNT and 0 <= vp <= MAX_AMOUNT):
        raise GameError(_("Gold and victory points go from 0 to %(max)s.") % {"max": MAX_AMOUNT})
    try:
        note = clean_text(note).strip()
    except BadInput as bad:
        raise GameError(bad.message) from None
    if len(note) > MAX_NOTE:
        raise GameError(_("The note can be at most %(max)s characters long.") % {"max": MAX_NOTE})
    seat = Seat.objects.filter(game=game, pk=seat_id).first()
    if seat is None:
        raise GameError(_("That player is not in this game."), status=404)
    # The correction is made to the rules' state, the truth, like any step of the game.
    state = load_state(game)
    power = state.power(seat.power)
    before = (power.gold, power.vp)
    if before == (gold, vp):
        raise GameError(_("Nothing to correct: those are already the values."), status=409)
    corrected = dataclasses.replace(state.with_power(seat.power, gold=gold, vp=vp),
                                    step=state.step + 1)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    record(game, state, Accepted(corrected), dice, actor=None, made="staff")
    seat.refresh_from_db()
    log_event(
        game,
        "staff_corrected",
        {"power": seat.power, "gold": [before[0], gold], "vp": [before[1], vp], "note": note},
    )
    return seat
