"""Helpers of the combat-data tests: "punti" among the game's combat systems, with its
scenario data form, whether or not its web adapter is registered yet."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings

import guerra.rules.punti  # noqa: F401  (registers the procedure "punti")
from guerra.game.procedures import adapter
from guerra.game.procedures.base import ProcedureAdapter
from guerra.game.procedures.punti.data import PuntiDataForm

# E1's defaults, as `read_data` completes them.
DEFAULTS: dict[str, dict[str, int]] = {
    "army": {"attack": 2, "defence": 3, "health": 2, "speed": 2, "range": 1},
    "fleet": {"attack": 2, "defence": 2, "health": 2, "speed": 3, "range": 0},
    "fort": {"attack": 0, "defence": 5, "health": 3, "speed": 0, "range": 0},
}


def profiles(**changes: dict[str, int]) -> dict[str, Any]:
    """punti's whole data: E1's defaults with some fields changed per kind."""
    return {"profiles": {kind: {**fields, **changes.get(kind, {})}
                         for kind, fields in DEFAULTS.items()}}


class StandIn(ProcedureAdapter[Any, Any]):
    """punti's adapter as far as the scenario's data goes, until its own is registered."""

    name = "punti"
    data_form = PuntiDataForm

    def kinds(self) -> tuple[str, ...]:
        return ()


ADAPTER = StandIn()


def _has_form() -> bool:
    try:
        return adapter("punti").data_form is PuntiDataForm
    except LookupError:
        return False


@pytest.fixture
def punti(settings: Any) -> None:
    """"punti" is a combat system of this site, with its data form (its own adapter once it
    has the form, else the stand-in)."""
    if not _has_form():
        settings.GUERRA_PROCEDURES = {**django_settings.GUERRA_PROCEDURES,
                                      "punti": "tests.game.scenarios.punti_data.ADAPTER"}
