"""Services: the only code that writes game state. One function per player action."""

from guerra.game.errors import GameError
from guerra.game.services.actions import (
    action_pass,
    auction_pass,
    auction_propose,
    auction_raise,
    counter_colonise,
    counter_trade,
    gold_tax,
    gold_transfer,
    tile_play,
    tile_take,
    unit_build,
    unit_place,
    units_move,
)
from guerra.game.services.attacks import attack_decide, attack_declare
from guerra.game.services.bots import (
    game_against_computer,
    seat_bot_add,
    seat_bot_remove,
    seat_hand_over,
    seat_take_back,
)
from guerra.game.services.chat import chat_post_alliance, chat_post_private
from guerra.game.services.events import log_event
from guerra.game.services.lobby import (
    PACES,
    default_game_name,
    game_create,
    game_end,
    game_join,
    game_leave,
    game_start,
)
from guerra.game.services.play import expire_due, game_expire, game_play
from guerra.game.services.staff import seat_correct

__all__ = [
    "PACES",
    "GameError",
    "action_pass",
    "attack_decide",
    "attack_declare",
    "auction_pass",
    "auction_propose",
    "auction_raise",
    "chat_post_alliance",
    "chat_post_private",
    "counter_colonise",
    "counter_trade",
    "default_game_name",
    "expire_due",
    "game_against_computer",
    "game_create",
    "game_end",
    "game_expire",
    "game_join",
    "game_leave",
    "game_play",
    "game_start",
    "gold_tax",
    "gold_transfer",
    "log_event",
    "seat_bot_add",
    "seat_bot_remove",
    "seat_correct",
    "seat_hand_over",
    "seat_take_back",
    "tile_play",
    "tile_take",
    "unit_build",
    "unit_place",
    "units_move",
]
