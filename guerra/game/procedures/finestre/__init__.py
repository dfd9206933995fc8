"""The web adapter of "finestre" ("Finestre di risposta"): `ADAPTER`, named by the setting
`GUERRA_PROCEDURES`; its partials are in templates/game/procedures/finestre/."""

from guerra.game.procedures.finestre.adapter import ADAPTER

__all__ = ["ADAPTER"]
