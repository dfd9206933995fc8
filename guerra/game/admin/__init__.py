"""The admin: scenarios (with their inline pieces) and running games, in Italian."""

from guerra.game.admin import game, scenario  # noqa: F401  (each registers its models on import)
