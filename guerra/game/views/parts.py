"""Views of the live page parts and of the chats. Each part's URL renders the same partial the
page renders, so a page, an htmx swap and a push-triggered refresh can never differ.

Access is the game page's (a game you may not see answers 404) and, further, only the table
(seated players, staff) follows a game's parts and chats.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from guerra.game import services
from guerra.game.access.audience import Viewer, viewer_for
from guerra.game.access.ratelimits import chat_rate_limited
from guerra.game.access.table import for_the_table
from guerra.game.models import Game, GameStatus
from guerra.game.read.board import board_view
from guerra.game.read.negotiation import contacts
from guerra.game.read.parts import (
    alliance_chat_context,
    log_context,
    negotiation_context,
    private_chat_context,
    seat_tools_context,
    staff_tools_context,
)
from guerra.game.read.presence import watching
from guerra.game.text.grammar import art
from guerra.game.views.errors import error_response
from guerra.game.views.inputs import ChatForm, CorrectionForm

# Parts.


def _running_board(game: Game) -> None:
    if game.status == GameStatus.LOBBY:
        raise Http404


def _board_partial(request: HttpRequest, game: Game, viewer: Viewer, name: str) -> HttpResponse:
    """One of the board page's named partials, read as the page reads it."""
    _running_board(game)
    board = board_view(game, request.user)
    context = {"game": game, "board": board, "seat": viewer.seat}
    return render(request, f"game/board.html#{name}", context)


@require_GET
@for_the_table
def board_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return _board_partial(request, game, viewer, "board")


@require_GET
@for_the_table
def watchers_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """How many are watching the game: the board's live part "watchers"."""
    return render(request, "game/_watchers.html", {"game": game, "watchers": watching(game.pk)})


@require_GET
@for_the_table
def seat_tools_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """The computer at the table (`seat_tools`), as the page draws it; empty when the viewer
    has nothing to hand over or give back."""
    data = seat_tools_context(game, viewer, request.user)
    if data is None:
        return HttpResponse("")
    return render(request, "game/_seat_tools.html", data)


@require_GET
@for_the_table
def regions_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return _board_partial(request, game, viewer, "regions")


@require_GET
@for_the_table
def log_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return render(request, "game/_event_log.html", log_context(game, viewer))


@require_GET
@for_the_table
def negotiation_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """The negotiation area: re-fetched whole when the alliances change (a new war)."""
    return render(request, "game/_negotiation.html", negotiation_context(game, viewer))


@require_GET
@for_the_table
def contacts_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    context = {"game": game, "viewer": viewer, "contacts": contacts(game, viewer)}
    return render(request, "game/_chat_private.html#contacts", context)


# Chats: GET reads (the live refresh), POST writes and answers with the refreshed messages.
# A page that has the conversation sends the last line it holds ("dopo"): it gets only the lines
# after it, to append (its own new line, and whatever came meanwhile), never the whole log.


def _chat_form(request: HttpRequest) -> ChatForm:
    return ChatForm(request.POST if request.method == "POST" else request.GET)


@require_http_methods(["GET", "POST"])
@for_the_table
@chat_rate_limited
def alliance_chat(request: HttpRequest, game: Game, viewer: Viewer, side: int,
                  war: int | None = None) -> HttpResponse:
    """One alliance's chat of war `war` (the path names it; without: the current war). A page
    left open across a war's end still reads its old chat, now history (200, never a 404 for
    its members); writing there is refused."""
    form = _chat_form(request)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    after = form.cleaned_data["dopo"]
    if request.method == "POST":
        refusal = _alliance_post_refusal(game, viewer, side, war)
        if refusal is not None:
            return error_response(request, refusal)
        try:
            services.chat_post_alliance(
                game_id=game.pk, user=request.user, text=form.cleaned_data["text"],
                war=game.current_war if war is None else war, side=side,
            )
        except services.GameError as error:
            return error_response(request, error)
        if not getattr(request, "htmx", False):
            return redirect(reverse("game_board", args=[game.pk]) + "#negotiation")
    context = alliance_chat_context(game, viewer, side, after, war)
    if context is None:
        raise Http404
    if after is not None:
        return render(request, "game/_chat_lines.html", context)
    return render(request, "game/_chat_alliance.html#log", context)


def _alliance_post_refusal(game: Game, viewer: Viewer, side: int,
                           war: int | None) -> services.GameError | None:
    """Why a post to this alliance's chat is refused, read as the request found the game (the
    service checks again under the game's lock)."""
    if war is not None and war != game.current_war and viewer.can_read_alliance(war, side):
        return services.GameError(
            _("War %(war)s is over: its alliance chat can only be read now.") % {"war": war},
            409)
    if viewer.side != side or (war is not None and war != game.current_war):
        return services.GameError(_("You can write only in your own alliance's chat."), 403)
    return None


@require_http_methods(["GET", "POST"])
@for_the_table
@chat_rate_limited
def private_chat(request: HttpRequest, game: Game, viewer: Viewer, seat_id: int) -> HttpResponse:
    other = next((seat for seat in viewer.seats if seat.pk == seat_id), None)
    if other is None:
        raise Http404
    form = _chat_form(request)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    after = form.cleaned_data["dopo"]
    if request.method == "POST":
        try:
            services.chat_post_private(
                game_id=game.pk,
                user=request.user,
                recipient_seat_id=seat_id,
                text=form.cleaned_data["text"],
            )
        except services.GameError as error:
            return error_response(request, error)
        if not getattr(request, "htmx", False):
            return redirect(reverse("game_board", args=[game.pk]) + "#negotiation")
    context = private_chat_context(game, viewer, other, after)
    if context is None:
        raise Http404
    if after is not None:
        return render(request, "game/_chat_lines.html", context)
    return render(request, "game/_chat_private.html#conversation", context)


# Staff corrections (observers only): gold and VP set by hand, logged in public.


@require_POST
@for_the_table
def staff_correct(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    if not viewer.observer:
        return error_response(
            request, services.GameError(_("Only staff can correct the board."), 403)
        )
    form = CorrectionForm(request.POST, seats=viewer.seats)
    if not form.is_valid():
        problems = "; ".join(
            (f"{form.fields[name].label}: " if name in form.fields else "")
            + " ".join(str(error) for error in errors)
            for name, errors in form.errors.items()
        )
        return error_response(request, services.GameError(problems))
    try:
        seat = services.seat_correct(
            game_id=game.pk,
            user=request.user,
            seat_id=form.cleaned_data["seat"],
            gold=form.cleaned_data["gold"],
            vp=form.cleaned_data["vp"],
            note=form.cleaned_data["note"],
        )
    except services.GameError as error:
        return error_response(request, error)
    game.refresh_from_db()  # the seats as corrected, not as this request read them
    fresh = viewer_for(game, request.user)
    assert fresh is not None
    done = _("Correction saved for %(power)s.") % {"power": art(seat.power, "il")}
    return render(request, "game/_staff_tools.html", staff_tools_context(game, fresh, done))
