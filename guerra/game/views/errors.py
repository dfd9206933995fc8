"""Refusals and error pages: a service's refusal as an Italian message with its 4xx status, and
the page of a form refused for its security token (CSRF_FAILURE_VIEW). The 403, 404 and 500
pages are the templates of the same names."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from guerra.game.errors import GameError


def error_response(request: HttpRequest, error: GameError) -> HttpResponse:
    """A refusal the player can understand: the message in Italian, the right 4xx status.
    An htmx request gets the message alone, for the form's error box (`data-error-target`)."""
    template = "game/error.html#message" if getattr(request, "htmx", False) else "game/error.html"
    return render(request, template, {"message": error.message}, status=error.status)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form refused for its security token, explained in Italian."""
    return render(request, "403_csrf.html", status=403)
