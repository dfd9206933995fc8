"""The refusal every layer of the game may raise (services, read models, the state's loader)
and the views answer with its message and status."""

from __future__ import annotations


class GameError(Exception):
    """Something a player asked for that the game refuses. The message is for the player.

    `status` is the HTTP status a view answers with: 400 bad input, 403 not yours to do,
    404 not there (or not for you to see), 409 the game moved on (stale or repeated request).
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return self.message
