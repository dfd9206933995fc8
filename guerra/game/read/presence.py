"""Who has a game's page open (guerra/game/models/presence.py; written by
guerra/game/services/presence.py): a socket seen within the last 75 seconds counts."""

from __future__ import annotations

from guerra.game.models import Presence


def has_open(game_id: int, user_id: int) -> bool:
    """Whether `user_id` has a page of game `game_id` open now."""
    return Presence.objects.fresh().filter(game_id=game_id, user_id=user_id).exists()


def watching(game_id: int) -> int:
    """How many logged-in users have the game open and hold no seat in it."""
    return Presence.objects.watchers(game_id).values("user_id").distinct().count()


__all__ = ["has_open", "watching"]
