"""The web adapter of "punti" ("Punti d'attacco e difesa"): `ADAPTER`, named by the setting
`GUERRA_PROCEDURES`; its partials are in templates/game/procedures/punti/."""

from guerra.game.procedures.punti.adapter import ADAPTER

__all__ = ["ADAPTER"]
