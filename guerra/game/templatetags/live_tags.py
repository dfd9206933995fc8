"""Template tags that put the live parts into a game page with the context their part views
build, so the first render and every later refresh come from one partial and one function."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString

from guerra.game.access.audience import Viewer, viewer_or_spectator, visitor_for
from guerra.game.access.visibility import invited_games, may_visit
from guerra.game.live.push import chains_for, stage_of, ws_path
from guerra.game.models import Game
from guerra.game.read.board import BoardView
from guerra.game.read.parts import (
    log_context,
    negotiation_context,
    phase_context,
    seat_tools_context,
    staff_tools_context,
)
from guerra.game.read.presence import watching

register = template.Library()


def _viewer(context: template.Context, game: Game) -> Viewer | None:
    """The page's viewer, computed once per request however many tags ask for it."""
    request: HttpRequest | None = context.get("request")
    if request is None:
        return None
    cached = getattr(request, "_guerra_live_viewer", None)
    if cached is not None and cached[0] == game.pk:
        return cached[1]  # type: ignore[no-any-return]
    # The game's seats and sides, read once; a spectator of a public game that has started
    # reads its public side.
    viewer = viewer_or_spectator(game, request.user)
    request._guerra_live_viewer = (game.pk, viewer)  # type: ignore[attr-defined]
    return viewer


@register.simple_tag(takes_context=True)
def live_attrs(context: template.Context, game: Game) -> SafeString:
    """Attributes of the page's live root: the websocket path, the chains the page was
    rendered with (a different hello on connecting means: re-fetch) and the game's stage."""
    viewer = _viewer(context, game)
    request: HttpRequest | None = context.get("request")
    # A waiting room's visitor sees the seats fill live too (the public chain only).
    if (
        viewer is None
        and request is not None
        and request.user.is_authenticated
        and may_visit(game, invited_games(request.session))
    ):
        viewer = visitor_for(game)
    if viewer is None:
        return SafeString("")
    return format_html(
        'data-live-url="{}" data-live-chains="{}" data-live-stage="{}" data-live-seat="{}"',
        ws_path(game.pk),
        # `game` was loaded before the board: its last_event_seq bounds what the page shows.
        json.dumps(chains_for(game, viewer, upto=game.last_event_seq), separators=(",", ":")),
        stage_of(game),
        viewer.seat_id or "",
    )


def _render(context: template.Context, name: str, data: dict[str, Any]) -> str:
    return render_to_string(name, data, request=context.get("request"))


@register.simple_tag(takes_context=True)
def phase_panel(context: template.Context, game: Game) -> str:
    """The phase panel: the war, the phase, whose decision, and the viewer's own forms."""
    viewer = _viewer(context, game)
    board = context.get("board")
    regions = ({r.region.name: r.region for r in board.regions}
               if isinstance(board, BoardView) and board.game.pk == game.pk else None)
    data = phase_context(game, viewer, regions) if viewer is not None else None
    if data is None:
        return ""
    return _render(context, "game/_phase.html", data)


@register.simple_tag(takes_context=True)
def event_log(context: template.Context, game: Game) -> str:
    viewer = _viewer(context, game)
    if viewer is None:
        return ""
    return _render(context, "game/_event_log.html", log_context(game, viewer))


@register.simple_tag(takes_context=True)
def negotiation(context: template.Context, game: Game) -> str:
    viewer = _viewer(context, game)
    if viewer is None:
        return ""
    return _render(context, "game/_negotiation.html", negotiation_context(game, viewer))


@register.simple_tag(takes_context=True)
def staff_tools(context: template.Context, game: Game) -> str:
    viewer = _viewer(context, game)
    data = staff_tools_context(game, viewer) if viewer is not None else None
    return "" if data is None else _render(context, "game/_staff_tools.html", data)


@register.simple_tag(takes_context=True)
def seat_tools(context: template.Context, game: Game) -> str:
    """The computer at the table: a seat handed to it, or given back."""
    viewer = _viewer(context, game)
    request: HttpRequest | None = context.get("request")
    if viewer is None or request is None:
        return ""
    data = seat_tools_context(game, viewer, request.user)
    return "" if data is None else _render(context, "game/_seat_tools.html", data)


@register.inclusion_tag("game/_watching.html", takes_context=True)
def watching_note(context: template.Context, game: Game) -> dict[str, Any]:
    """A spectator is told so on every page of the game: what it shows is public, and nothing
    here is for it to play."""
    viewer = _viewer(context, game)
    return {"watching": viewer is not None and viewer.watching}


@register.inclusion_tag("game/_watchers.html")
def watchers(game: Game) -> dict[str, Any]:
    """How many are watching the game (users without a seat with its page open), for everyone
    at the table and watching; refreshed when the part "watchers" rings."""
    return {"game": game, "watchers": watching(game.pk)}
