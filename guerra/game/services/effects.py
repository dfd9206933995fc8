"""Applying the rules' effect events to the board: all or nothing, guarded by conditions.

Every change is a conditional UPDATE that refuses to take a count below zero; when one finds
nothing to change, the board is not what the rules were told, and the whole step rolls back.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Sum
from django.utils.translation import gettext as _

from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnrestGained,
    VpChanged,
)

from ..models import Game, Holding, Neutral, Region, Seat
from .errors import GameError

UNIT_FIELDS = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def _board_changed() -> GameError:
    return GameError(_("The board changed meanwhile: reload the page."), status=409)


def apply_effects(
    game: Game, region: Region, neutral: Neutral | None, events: Iterable[Event]
) -> list[str]:
    """Apply every effect event; returns notes for anything the board could not take (L9)."""
    seats = {seat.power: seat for seat in game.seats.all()}
    notes: list[str] = []
    for event in events:
        if isinstance(event, GoldChanged):
            _change_seat(seats[event.power], "gold", event.delta, _("Not enough gold."))
        elif isinstance(event, VpChanged):
            _change_seat(seats[event.power], "vp", event.delta, _("Not enough victory points."))
        elif isinstance(event, UnrestGained):
            _change_seat(seats[event.power], "unrest", event.amount, "")
        elif isinstance(event, UnitLost):
            field = UNIT_FIELDS[event.kind]
            changed = Holding.objects.filter(
                region=region, seat=seats[event.power], **{f"{field}__gte": event.count}
            ).update(**{field: F(field) - event.count})
            if not changed:
                raise _board_changed()
        elif isinstance(event, ControlRemoved):
            changed = Holding.objects.filter(
                region=region, seat=seats[event.power], control_markers__gte=1
            ).update(control_markers=F("control_markers") - 1)
            if not changed:
                raise _board_changed()
        elif isinstance(event, ControlPlaced):
            seat = seats[event.power]
            placed = (
                Holding.objects.filter(game=game, seat=seat).aggregate(n=Sum("control_markers"))[
                    "n"
                ]
                or 0
            )
            if placed >= game.control_markers_per_power:
                # L9: the supply ran out since the attack was declared; nothing to place.
                notes.append(
                    _("%(power)s has no control marker left in its supply.") % {"power": seat.power}
                )
                continue
            holding, _created = Holding.objects.get_or_create(game=game, region=region, seat=seat)
            Holding.objects.filter(pk=holding.pk).update(control_markers=F("control_markers") + 1)
        elif isinstance(event, NeutralRemoved) and (
            neutral is None
            or not Neutral.objects.filter(pk=neutral.pk, on_board=True).update(on_board=False)
        ):
            raise _board_changed()
    return notes


def _change_seat(seat: Seat, field: str, delta: int, shortage: str) -> None:
    rows = Seat.objects.filter(pk=seat.pk)
    if delta < 0:
        rows = rows.filter(**{f"{field}__gte": -delta})
    if not rows.update(**{field: F(field) + delta}):
        raise GameError(shortage, status=409) if shortage else _board_changed()
