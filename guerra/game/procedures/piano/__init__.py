"""The web adapter of "piano" ("Piano e dadi"): `ADAPTER`, named by the setting
`GUERRA_PROCEDURES`; its partials are in templates/game/procedures/piano/."""

from guerra.game.procedures.piano.adapter import ADAPTER

__all__ = ["ADAPTER"]
