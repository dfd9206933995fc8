"""The turn box of the board page: whose turn it is, the attacks under way, the actions."""

from __future__ import annotations

from typing import Any

from django import template

from ..audience import Viewer
from ..board import BoardView
from ..invitations import alliance_invitations, prompts_for, under_way
from ..models import Game, Seat
from ..services.turns import current_seat

register = template.Library()


def turn_context(
    game: Game, seat: Seat | None, user: Any, seats: list[Seat] | None = None
) -> dict[str, Any]:
    return {
        "game": game,
        "seat": seat,
        "turn": current_seat(game, seats),
        "under_way": under_way(game),
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


@register.inclusion_tag("game/_ally_prompts.html", takes_context=True)
def ally_prompts(context: template.Context, game: Game) -> dict[str, Any]:
    """The invited ally's prompt, on every page of the game (A2/A3)."""
    seat = context.get("seat")  # every game page puts the viewer's seat in its context
    return {
        "game": game,
        "prompts": prompts_for(game, seat if isinstance(seat, Seat) else None),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("game/_alliance_invitations.html")
def alliance_invitations_box(game: Game, viewer: Viewer, sides: list[int]) -> dict[str, Any]:
    """Beside the alliance chat: whom of the alliance an attack is waiting for."""
    return {
        "game": game,
        "invitations": [i for side in sides for i in alliance_invitations(game, side, viewer)],
    }
