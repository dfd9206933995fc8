"""Attack parts of every game page: the invited ally's prompt, the alliance's invitations."""

from __future__ import annotations

from typing import Any

from django import template

from guerra.game.access.audience import Viewer
from guerra.game.models import Game, Seat
from guerra.game.read.invitations import alliance_invitations, prompt_context

register = template.Library()


@register.inclusion_tag("game/_ally_prompts.html", takes_context=True)
def ally_prompts(context: template.Context, game: Game) -> dict[str, Any]:
    """The invited ally's prompt and the player's own decisions, on every page of the game
    (A2/A3); an attack's own page leaves out that attack (its panel asks)."""
    seat = context.get("seat")  # every game page puts the viewer's seat in its context
    view = context.get("view")
    besides = getattr(getattr(view, "attack", None), "number", None)
    return {
        **prompt_context(game, seat if isinstance(seat, Seat) else None, besides),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("game/_alliance_invitations.html")
def alliance_invitations_box(game: Game, viewer: Viewer, sides: list[int]) -> dict[str, Any]:
    """Beside the alliance chat: whom of the alliance an attack is waiting for."""
    return {
        "game": game,
        "viewer": viewer,
        "sides": sides,
        "invitations": [i for side in sides for i in alliance_invitations(game, side, viewer)],
    }
