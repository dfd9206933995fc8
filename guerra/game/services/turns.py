"""A simple turn order for now: in turn each player declares one attack or passes."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from ..models import Game, Seat
from .errors import GameError
from .events import log_event
from .locks import locked_running_game, seat_of


def seats_in_turn_order(game: Game) -> list[Seat]:
    return list(game.seats.order_by("turn_position", "pk"))


def current_seat(game: Game, seats: list[Seat] | None = None) -> Seat | None:
    seats = seats if seats is not None else seats_in_turn_order(game)
    return seats[game.turn_index % len(seats)] if seats else None


def require_turn(game: Game, seat: Seat) -> None:
    turn = current_seat(game)
    if turn is None or turn.pk != seat.pk:
        raise GameError(
            _("It is not your turn: %(power)s plays now.") % {"power": turn.power if turn else "—"},
            status=403,
        )


def advance_turn(game: Game) -> Seat | None:
    """The next seat in turn order plays (called under the game's lock)."""
    count = game.seats.count()
    Game.objects.filter(pk=game.pk).update(turn_index=(F("turn_index") + 1) % count)
    game.refresh_from_db(fields=["turn_index"])
    return current_seat(game)


@transaction.atomic
def turn_pass(*, game_id: int, user: User, turn_index: int | None = None) -> Seat | None:
    """Pass: declare no attack this turn. `turn_index` (the page's) refuses a repeated POST."""
    game = locked_running_game(game_id)
    seat = seat_of(game, user)
    if turn_index is not None and turn_index != game.turn_index:
        raise GameError(_("The turn has already moved on: reload the page."), status=409)
    require_turn(game, seat)
    log_event(game, "turn_passed", {"power": seat.power}, actor=seat)
    return advance_turn(game)
