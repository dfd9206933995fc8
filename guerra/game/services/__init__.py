"""Services: the only code that writes game state. One function per player action."""

from .attacks import attack_decide, attack_declare, attack_expire, expire_due
from .chat import chat_post_alliance, chat_post_private
from .errors import GameError
from .events import log_event
from .lobby import game_create, game_end, game_join, game_leave, game_start
from .staff import seat_correct
from .turns import turn_pass

__all__ = [
    "GameError",
    "attack_decide",
    "attack_declare",
    "attack_expire",
    "chat_post_alliance",
    "chat_post_private",
    "expire_due",
    "game_create",
    "game_end",
    "game_join",
    "game_leave",
    "game_start",
    "log_event",
    "seat_correct",
    "turn_pass",
]
