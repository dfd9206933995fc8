"""Words the game's events share: the phases' names, units, gold, unrest and places, as
rules messages (see `guerra.rules.game.events`)."""

from __future__ import annotations

from guerra.rules.game.scenario import UnitKind
from guerra.rules.i18n import N_, Message, _, ngettext

PHASE_LABELS = {
    "setup": N_("setup"),
    "counters": N_("new counters"),
    "auction": N_("alliance auction"),
    "rounds": N_("action rounds"),
    "income": N_("income"),
    "scoring": N_("scoring"),
    "end_of_war": N_("end of the war"),
    "game_over": N_("end of the game"),
}
UNIT_LABELS = {"army": N_("armies"), "fleet": N_("fleets"), "fort": N_("forts")}


def unit_text(kind: UnitKind, count: int = 1) -> Message:
    if kind == "army":
        return ngettext("{count} army", "{count} armies", count)
    if kind == "fleet":
        return ngettext("{count} fleet", "{count} fleets", count)
    return ngettext("{count} fort", "{count} forts", count)


def gold_text(amount: int) -> Message:
    """ "1 oro", "2 ori"."""
    return ngettext("{count} gold", "{count} gold", amount)


def unrest_text(amount: int) -> Message:
    """ "1 punto di insoddisfazione", "2 punti di insoddisfazione"."""
    return ngettext("{count} unrest point", "{count} unrest points", amount)


def place_text(region: str | None) -> Message:
    """Where a unit is: a region ("nei Caraibi"), or the power's home."""
    if region is None:
        return _("at home")
    return _("in {region}", region=region)
