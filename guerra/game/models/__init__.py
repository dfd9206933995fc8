from guerra.game.models.attack import Attack, DiceRoll
from guerra.game.models.board import Holding, Neutral, Region, TileHolding
from guerra.game.models.chat import MAX_CHAT_LENGTH, ChatKind, ChatMessage, ImmutableError
from guerra.game.models.game import AllianceMembership, BotLevel, Game, GameStatus, Seat
from guerra.game.models.history import GameEvent, Visibility, WarScore
from guerra.game.models.notices import Notice, NoticeKind, NoticePrefs, NoticeStatus
from guerra.game.models.presence import Presence
from guerra.game.models.scenario import Scenario, ScenarioLandLink, ScenarioPower, ScenarioRegion
from guerra.game.models.scenario_pieces import (
    REGION_TILE_KINDS,
    CounterKind,
    RewardKind,
    ScenarioNeutral,
    ScenarioTile,
    StartingPosition,
    StartingTile,
    TileKind,
)

__all__ = [
    "MAX_CHAT_LENGTH",
    "REGION_TILE_KINDS",
    "AllianceMembership",
    "Attack",
    "BotLevel",
    "ChatKind",
    "ChatMessage",
    "CounterKind",
    "DiceRoll",
    "Game",
    "GameEvent",
    "GameStatus",
    "Holding",
    "ImmutableError",
    "Neutral",
    "Notice",
    "NoticeKind",
    "NoticePrefs",
    "NoticeStatus",
    "Presence",
    "Region",
    "RewardKind",
    "Scenario",
    "ScenarioLandLink",
    "ScenarioNeutral",
    "ScenarioPower",
    "ScenarioRegion",
    "ScenarioTile",
    "Seat",
    "StartingPosition",
    "StartingTile",
    "TileHolding",
    "TileKind",
    "Visibility",
    "WarScore",
]
