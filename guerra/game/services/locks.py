"""Loading a game for a write: one writer at a time per game.

On PostgreSQL `select_for_update` locks the game's row until the transaction ends; on SQLite
it is a no-op, but every transaction there begins IMMEDIATE and so holds the database's write
lock from its first statement. Either way two actions of one game run one after the other.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.models import Game, GameStatus, Seat
from guerra.runtime.prepared import Prepared

# Without its rules state (the largest column): `load_state` reads it, under this lock, when
# not cached; `record` writes it.
_LOCKED_GAME = Prepared(
    lambda pk: Game.objects.select_for_update().defer("rules").filter(pk=pk), int)


def locked_game(game_id: int) -> Game:
    """The game's row, locked until the transaction ends (404 when there is none)."""
    game = _LOCKED_GAME.first(game_id)
    if game is None:
        raise GameError(_("This game does not exist."), status=404)
    return game


def locked_running_game(game_id: int) -> Game:
    game = locked_game(game_id)
    if game.status != GameStatus.RUNNING:
        raise GameError(_("The game is not in progress."), status=409)
    return game


def seat_of(game: Game, user: User) -> Seat:
    """The user's seat; somebody else's game answers 404 as if it did not exist."""
    seat = (next((s for s in game.table_seats() if s.user_id == user.pk), None)
            if user.is_authenticated else None)
    if seat is None:
        raise GameError(_("This game does not exist."), status=404)
    return seat
