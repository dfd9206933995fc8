"""`for_the_table`: the views of a game's page parts, chats and decisions are for its table only
(the seated players and staff); anyone else gets a 404, as for a game that does not exist."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from guerra.game.access.audience import viewer_for
from guerra.game.access.visibility import visible_game


def for_the_table(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first (an htmx request is sent to the login page as a whole), then: the game must
    be visible to the user (else 404), and the user seated or staff (else 404 too). The view
    is called with the game and the viewer in place of the game's id."""

    @wraps(view)
    def wrapper(request: HttpRequest, game_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            game_url = reverse("game_board", args=[game_id])
            if getattr(request, "htmx", False):
                return HttpResponseClientRedirect(f"{reverse('login')}?next={game_url}")
            return redirect_to_login(request.get_full_path())
        game, _seat = visible_game(request, game_id)
        viewer = viewer_for(game, request.user)
        if viewer is None:
            raise Http404
        return view(request, game, viewer, *args, **kwargs)

    return wrapper
