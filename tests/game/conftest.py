"""Fixtures of the game's tests in more than one folder."""

from tests.game.live.capture import pushes  # noqa: F401 (a fixture: the pushes sent)
