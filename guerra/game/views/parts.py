"""Views of the live page parts and of the chats. Each part's URL renders the same partial the
page renders, so a page, an htmx swap and a push-triggered refresh can never differ.

Access is the game page's (a game you may not see answers 404) and, further, only the table
(seated players, staff) follows a game's parts and chats.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from guerra.game import services
from guerra.game.access.audience import Viewer, viewer_for, visible_events_filter
from guerra.game.access.ratelimits import chat_rate_limited
from guerra.game.access.visibility import visible_game
from guerra.game.live.push import CHAT_KINDS
from guerra.game.models import Game, GameEvent, GameStatus, Seat
from guerra.game.read.board import board_view
from guerra.game.read.log import describe
from guerra.game.read.negotiation import (
    Speaker,
    alliance_lines,
    alliance_members,
    alliance_name,
    contacts,
    former_alliances,
    members_then,
    private_lines,
)
from guerra.game.text.grammar import art
from guerra.game.text.parsing import BadInput, optional_number, row_id
from guerra.game.views.errors import error_response
from guerra.game.views.forms import NumberField, TextField
from guerra.runtime.kept import Kept
from guerra.runtime.prepared import Prepared

# The log shows the latest events; the whole history stays in the database (admin).
SHOWN_EVENTS = 50


def for_the_table(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first (an htmx request is sent to the login page as a whole), then: the game must
    be visible to the user (else 404), and the user seated or staff (else 404 too)."""

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


# Context builders, shared with the template tags that render the same partials in the page.


def _newest_events(visible: Q) -> QuerySet[GameEvent]:
    return (GameEvent.objects.filter(visible).exclude(kind__in=CHAT_KINDS)
            .select_related("seat").order_by("-seq")[:SHOWN_EVENTS])


# The log of each kind of viewer: staff observing, a player, a visitor.
_LOG_OBSERVED = Prepared(
    lambda game: _newest_events(visible_events_filter(game, None, observer=True)), int)
_LOG_PLAYED = Prepared(
    lambda game, seat: _newest_events(visible_events_filter(game, seat, observer=False)),
    int, int,
)
_LOG_VISITED = Prepared(
    lambda game: _newest_events(visible_events_filter(game, None, observer=False)), int)


def log_context(game: Game, viewer: Viewer) -> dict[str, Any]:
    if viewer.observer:
        events = _LOG_OBSERVED.all(game.pk)
    elif viewer.seat is not None:
        events = _LOG_PLAYED.all(game.pk, viewer.seat.pk)
    else:
        events = _LOG_VISITED.all(game.pk)
    return {"game": game, "entries": [log_line(game, event) for event in events],
            "shown_events": SHOWN_EVENTS}


# An event's line in the log never changes: each is drawn once per process and language, and
# shared by every viewer's page and re-fetch (by the game's seed fingerprint, which no other
# game shares, and the event's number).
_LOG_LINES: Kept[tuple[int, str, int, str], SafeString] = Kept(20_000)


def log_line(game: Game, event: GameEvent) -> SafeString:
    key = (game.pk, game.dice_seed_hash, event.seq, get_language() or "")
    line = _LOG_LINES.get(key)
    if line is None:  # the template escapes what it shows
        line = _LOG_LINES.put(key, mark_safe(render_to_string(
            "game/_event_line.html", {"event": event, "text": describe(event)})))
    return line


def alliance_chat_context(game: Game, viewer: Viewer, side: int, after: int | None = None,
                          war: int | None = None) -> dict[str, Any] | None:
    """One alliance's chat in war `war` (the current one unless named); None if the viewer may
    not read it. A war gone by is history: shown, never written to."""
    war = game.current_war if war is None else war
    lines = alliance_lines(game, viewer, side, after, war)
    if lines is None:
        return None
    current = war == game.current_war
    members = alliance_members(viewer, side) if current else members_then(game, war, side)
    return {
        "game": game,
        "viewer": viewer,
        "war": war,
        "side": side,
        "name": alliance_name(side),
        "current": current,
        "lines": lines,
        "members": [Speaker.of(seat) for seat in members],
        "can_write": current and viewer.side == side and game.status == GameStatus.RUNNING,
    }


def private_chat_context(game: Game, viewer: Viewer, other: Seat,
                         after: int | None = None) -> dict[str, Any] | None:
    if viewer.seat is None or other.pk == viewer.seat.pk:
        return None
    lines = private_lines(game, viewer, viewer.seat.pk, other.pk, after)
    if lines is None:
        return None
    return {
        "game": game,
        "viewer": viewer,
        "other": Speaker.of(other),
        "lines": lines,
        "can_write": game.status == GameStatus.RUNNING,
    }


def viewer_sides(game: Game, viewer: Viewer) -> list[int]:
    """The alliances of the current war whose private matters the viewer reads: its own
    (observers: both, once the war's auction has made them; none before)."""
    if viewer.observer:
        return [1, 2] if viewer.sides else []
    return [viewer.side] if viewer.side is not None else []


def negotiation_context(game: Game, viewer: Viewer) -> dict[str, Any]:
    """The negotiation area: one's alliance chat (observers: both), the chats of one's
    alliances in the wars gone by (history), the other players."""
    sides = viewer_sides(game, viewer)
    return {
        "game": game,
        "viewer": viewer,
        "sides": sides,
        "alliance_chats": [alliance_chat_context(game, viewer, side) for side in sides],
        "former_chats": [alliance_chat_context(game, viewer, side, war=war)
                         for war, side in former_alliances(game, viewer)],
        "contacts": contacts(game, viewer),
    }


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


LAST_ROW_ID = 2**63 - 1  # a database's largest row id: the lines of a long-lived server too


def _after(request: HttpRequest) -> int | None:
    """The last line the page holds, if it says ("dopo"); BadInput for anything but a number."""
    data = request.POST if request.method == "POST" else request.GET
    return optional_number(data, "dopo", high=LAST_ROW_ID)


@require_http_methods(["GET", "POST"])
@for_the_table
@chat_rate_limited
def alliance_chat(request: HttpRequest, game: Game, viewer: Viewer, side: int,
                  war: int | None = None) -> HttpResponse:
    """One alliance's chat of war `war` (the path names it; without: the current war). A page
    left open across a war's end still reads its old chat, now history (200, never a 404 for
    its members); writing there is refused."""
    try:
        after = _after(request)
    except BadInput as bad:
        return error_response(request, services.GameError(bad.message))
    if request.method == "POST":
        refusal = _alliance_post_refusal(game, viewer, side, war)
        if refusal is not None:
            return error_response(request, refusal)
        try:
            services.chat_post_alliance(
                game_id=game.pk, user=request.user, text=request.POST.get("text", ""),
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
    try:
        after = _after(request)
    except BadInput as bad:
        return error_response(request, services.GameError(bad.message))
    if request.method == "POST":
        try:
            services.chat_post_private(
                game_id=game.pk,
                user=request.user,
                recipient_seat_id=seat_id,
                text=request.POST.get("text", ""),
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


class CorrectionForm(forms.Form):
    seat = forms.TypedChoiceField(label=gettext_lazy("Power"), coerce=row_id)
    gold = NumberField(label=gettext_lazy("Gold"), high=999)
    vp = NumberField(label=gettext_lazy("VP"), high=999)
    note = TextField(label=gettext_lazy("Note"), max_length=200, required=False)

    def __init__(self, *args: Any, seats: tuple[Seat, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.pk, s.power) for s in seats]  # type: ignore[attr-defined]


def staff_tools_context(game: Game, viewer: Viewer, done: str = "") -> dict[str, Any] | None:
    if not viewer.observer or game.status != GameStatus.RUNNING:
        return None
    seats = sorted(viewer.seats, key=lambda s: (s.order, s.pk))
    return {"game": game, "seats": seats, "done": done}


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
