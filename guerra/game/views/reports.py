"""Views of the reports: the tile market, a war's end, the final standings. Read-only pages for
the table (players and staff); taking a tile is a POST of views/play.py."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from guerra.game.access.audience import Viewer
from guerra.game.access.table import for_the_table
from guerra.game.models import Game, GameStatus, Seat
from guerra.game.models.state import load_state
from guerra.game.read.reports import final_standings, market, war_report
from guerra.rules.game.state import GameState


def _played(game: Game, viewer: Viewer) -> tuple[GameState, dict[str, Seat]]:
    """The state of a game that has started (else 404) and its seats by power."""
    if game.status == GameStatus.LOBBY:
        raise Http404
    return load_state(game), {seat.power: seat for seat in viewer.seats}


@require_GET
@for_the_table
def tile_market(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """G7/G40: every tile kind, its cost, copies left, who holds it, what it does."""
    state, seats = _played(game, viewer)
    context = {"game": game, "seat": viewer.seat, "viewer": viewer, "state": state,
               "rows": market(state, seats, viewer.seat)}
    template = "game/market.html#market" if getattr(request, "htmx", False) else "game/market.html"
    return render(request, template, context)


@require_GET
@for_the_table
def war_end_report(request: HttpRequest, game: Game, viewer: Viewer, war: int) -> HttpResponse:
    """G50-G57: what the end of one war brought each power, and every region's scoring."""
    state, seats = _played(game, viewer)
    report = war_report(state, seats, war)
    if report is None:
        raise Http404
    return render(request, "game/war_report.html",
                  {"game": game, "seat": viewer.seat, "report": report,
                   "wars": sorted({s.war for s in state.scores})})


@require_GET
@for_the_table
def standings(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """G60-G62: the winner, the penalties, VP by region and by war, with a chart."""
    state, seats = _played(game, viewer)
    final = final_standings(state, seats)
    if final is None:
        raise Http404
    return render(request, "game/standings.html",
                  {"game": game, "seat": viewer.seat, "final": final})
