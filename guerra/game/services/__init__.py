"""Services: the only code that writes game state. One function per player action."""

from .errors import GameError
from .events import log_event
from .lobby import game_create, game_end, game_join, game_leave, game_start

__all__ = [
    "GameError",
    "game_create",
    "game_end",
    "game_join",
    "game_leave",
    "game_start",
    "log_event",
]
