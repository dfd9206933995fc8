"""“Le mie partite”: the player's games, those awaiting the player first, and the finished ones
(the history). Thin: the lists are the read side's (guerra/game/read/my_games.py); the list is
a live part, rung by the player's own socket (guerra/game/live/players.py). And a game page's
mark that the game awaits the viewer."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from guerra.game.access.audience import Viewer
from guerra.game.access.table import for_the_table
from guerra.game.live.players import PLAYER_PATH
from guerra.game.models import Game
from guerra.game.read.my_games import awaits, my_games


@require_GET
@login_required
def my_games_page(request: HttpRequest) -> HttpResponse:
    return render(request, "game/my_games.html",
                  {"games": my_games(request.user), "socket": PLAYER_PATH})


@require_GET
@login_required
def my_games_part(request: HttpRequest) -> HttpResponse:
    return render(request, "game/my_games.html#list", {"games": my_games(request.user)})


@require_GET
@for_the_table
def awaits_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """The mark of a game's page that the game awaits the viewer (its pages without the turn
    panel: static/js/awaited.js reads it), re-fetched when the turn changes."""
    return render(request, "game/_awaits_me.html",
                  {"game": game, "awaits": awaits(game, viewer.seat)})
