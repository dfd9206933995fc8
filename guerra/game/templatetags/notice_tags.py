"""The notice of a new private message, on every page of a running game (static/js/notice.js
shows it when the push of a message names its writer: the part "chat-notice-<seat>")."""

from __future__ import annotations

from typing import Any

from django import template

from guerra.game.models import Game, GameStatus, Seat
from guerra.game.read.board import text_colour_for

register = template.Library()


@register.inclusion_tag("game/_private_notices.html", takes_context=True)
def private_notices(context: template.Context, game: Game) -> dict[str, Any]:
    """One hidden notice per other player who may write to the viewer; none for an observer or
    outside a running game (the chats are closed then)."""
    seat = context.get("seat")  # every game page puts the viewer's seat in its context
    if not isinstance(seat, Seat) or game.status != GameStatus.RUNNING:
        return {"game": game, "writers": []}
    writers = [(other, text_colour_for(other.colour))
               for other in game.table_seats() if other.pk != seat.pk]
    return {"game": game, "writers": writers}
