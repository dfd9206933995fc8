"""The turn box of the board page: whose turn it is, the attacks under way, the actions."""

from __future__ import annotations

from typing import Any

from django import template

from ..board import BoardView
from ..models import Attack, Game, Seat
from ..services.turns import current_seat

register = template.Library()


def turn_context(
    game: Game, seat: Seat | None, user: Any, seats: list[Seat] | None = None
) -> dict[str, Any]:
    under_way = list(
        Attack.objects.filter(game=game, finished=False)
        .select_related("region", "attacker", "defender")
        .order_by("number")
    )
    return {
        "game": game,
        "seat": seat,
        "turn": current_seat(game, seats),
        "under_way": under_way,
        "is_staff": bool(getattr(user, "is_staff", False)),
    }


@register.inclusion_tag("game/_turn_box.html", takes_context=True)
def turn_box(context: template.Context, game: Game, seat: Seat | None) -> dict[str, Any]:
    request = context.get("request")
    board = context.get("board")
    # The board page already loaded every seat: the turn order needs no query of its own.
    seats = (
        sorted((p.seat for p in board.powers), key=lambda s: (s.turn_position or 0, s.pk))
        if isinstance(board, BoardView)
        else None
    )
    return {
        **turn_context(game, seat, getattr(request, "user", None), seats),
        "csrf_token": context.get("csrf_token"),
    }
