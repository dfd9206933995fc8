"""The mark of a game's page that the game awaits the viewer (templates/game/_awaits_me.html),
on the pages without the turn panel, which says it itself (static/js/awaited.js reads both)."""

from __future__ import annotations

from typing import Any

from django import template

from guerra.game.models import Game, GameStatus, Seat
from guerra.game.read.board import BoardView
from guerra.game.read.my_games import awaits

register = template.Library()


@register.inclusion_tag("game/_awaits_me.html", takes_context=True)
def awaits_me(context: template.Context, game: Game) -> dict[str, Any]:
    seat = context.get("seat")  # every game page puts the viewer's seat in its context
    if isinstance(context.get("board"), BoardView) or game.status != GameStatus.RUNNING:
        return {"game": game, "absent": True}  # the board has its turn panel
    return {"game": game, "awaits": awaits(game, seat if isinstance(seat, Seat) else None)}
