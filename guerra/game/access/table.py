"""`for_the_table`: the views of a game's page parts, chats and decisions are for its table (the
seated players and staff) and, to read only, for the spectators of a public game that has
started; anyone else gets a 404, as for a game that does not exist."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from guerra.game.access.audience import viewer_or_spectator
from guerra.game.access.visibility import visible_game

# What a spectator may send: reading only.
READING = frozenset({"GET", "HEAD"})


def watching_refusal(request: HttpRequest) -> HttpResponse:
    """A spectator's request to act (a decision, a chat line, a seat tool): refused with a 403
    and an Italian message (the form's error box for htmx), nothing changed."""
    message = _("You are watching this game: only its players can play in it.")
    template = "game/error.html#message" if getattr(request, "htmx", False) else "game/error.html"
    return render(request, template, {"message": message}, status=403)


def for_the_table(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first (an htmx request is sent to the login page as a whole), then: the game must
    be visible to the user (else 404), and the user seated, staff or a spectator (else 404
    too); a spectator may only read (GET): anything else is refused. The view is called with
    the game and the viewer in place of the game's id."""

    @wraps(view)
    def wrapper(request: HttpRequest, game_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            game_url = reverse("game_board", args=[game_id])
            if getattr(request, "htmx", False):
                return HttpResponseClientRedirect(f"{reverse('login')}?next={game_url}")
            return redirect_to_login(request.get_full_path())
        game, _seat = visible_game(request, game_id)
        viewer = viewer_or_spectator(game, request.user)
        if viewer is None:
            raise Http404
        if viewer.watching and request.method not in READING:
            return watching_refusal(request)
        return view(request, game, viewer, *args, **kwargs)

    return wrapper
