"""Every request for a game's page, part or decision applies the game's passed deadline first,
so that no page shows a decision whose time is up (A3, G13, G27, G29). The server's own timer
(guerra.game.live.timer) applies deadlines with every browser closed; this covers the moment
between its ticks, and a server run without it.

A middleware, because every game's URL names the game (`game_id`) and it runs before the view
reads anything: the views and `for_the_table` (guerra.game.access) only read, the write is the
service's (`expire_due`, which checks the deadline with one query by the game's key).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase

from guerra.game.services.play import expire_due


class DeadlinesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., Any],
                     args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        game_id = kwargs.get("game_id")
        if isinstance(game_id, int):
            expire_due(game_id=game_id)
