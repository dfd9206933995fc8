"""The lobby and a game before it starts: the open games, a new game, the waiting room, an
invitation, joining, leaving and starting. Thin views: parse the request, call one service,
render a page or a partial."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from guerra.game import services
from guerra.game.access import ratelimits
from guerra.game.access.computer import default_level, offered_levels
from guerra.game.access.visibility import remember_invite, visible_game
from guerra.game.models import Game, GameStatus, Scenario
from guerra.game.read.board import board_view
from guerra.game.read.my_games import my_games
from guerra.game.read.watchable import games_to_watch
from guerra.game.text.parsing import BadInput, clean_text
from guerra.game.views.accounts import PlayerRequest
from guerra.game.views.errors import error_response
from guerra.game.views.forms import CreateGameForm
from guerra.game.views.inputs import JoinForm

# Open games shown on one page of the lobby.
LOBBY_PAGE_SIZE = 20


def lobby(request: HttpRequest) -> HttpResponse:
    open_games = (
        Game.objects.filter(status=GameStatus.LOBBY, is_private=False)
        .select_related("scenario", "created_by")
        .annotate(
            seat_count=Count("seats", distinct=True),
            power_count=Count("scenario__powers", distinct=True),
        )
        .order_by("-created_at", "-pk")
    )
    if request.user.pk:
        open_games = open_games.filter(~Q(seats__user=request.user.pk))
    mine = my_games(request.user)
    # get_page never fails: a page that is not a number is the first, one past the end the last.
    page = Paginator(open_games, LOBBY_PAGE_SIZE).get_page(request.GET.get("pagina"))
    scenario = Scenario.objects.order_by("pk").first()
    powers = list(scenario.powers.order_by("order", "pk")) if scenario else []
    return render(
        request,
        "game/lobby.html",
        {"open_games": page.object_list, "page": page, "my_games": mine,
         "watchable": games_to_watch(request.user),
         "computer": {"scenario": scenario, "powers": powers,
                      "opponents": range(1, len(powers)), "levels": offered_levels(),
                      "default_level": default_level()} if powers else None},
    )


@login_required
def game_new(request: PlayerRequest) -> HttpResponse:
    # A change of scenario re-draws the form (an htmx GET with all of it): its powers and its
    # combat system change, what was typed and chosen stays.
    form = (
        CreateGameForm(request.POST)
        if request.method == "POST"
        else CreateGameForm.redrawn(request.GET, name=services.default_game_name())
    )
    if request.method == "POST" and form.is_valid():
        wait = ratelimits.hit(ratelimits.game_create_limit(), request.user.pk)
        if wait is not None:
            form.add_error(None, ratelimits.game_create_refusal(wait))
            template = "game/new.html#form" if request.htmx else "game/new.html"
            return ratelimits.too_many(request, template, {"form": form}, wait)
        try:
            game = services.game_create(
                user=request.user,
                scenario=form.cleaned_data["scenario"],
                name=form.cleaned_data["name"],
                is_private=form.cleaned_data["is_private"],
                power=form.cleaned_data["power"],
                deadline_seconds=services.PACES[form.cleaned_data["pace"]],
                procedure=form.cleaned_data["procedure"],
            )
        except services.GameError as error:
            form.add_error(None, error.message)
        else:
            return redirect(game)
    template = "game/new.html#form" if request.htmx else "game/new.html"
    return render(request, template, {"form": form}, status=400 if form.errors else 200)


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    game, seat = visible_game(request, game_id)
    if game.status == GameStatus.LOBBY:
        return waiting_room(request, game, seat)
    board = board_view(game, request.user)
    return render(request, "game/board.html", {"game": game, "board": board, "seat": seat})


def waiting_room(request: HttpRequest, game: Game, seat: object) -> HttpResponse:
    seats = list(game.table_seats())
    taken = {s.power for s in seats}
    powers = list(game.scenario.powers.all()) if game.scenario else []
    invite_url = request.build_absolute_uri(reverse("game_invite", args=[game.invite_token]))
    return render(
        request,
        "game/waiting_room.html",
        {
            "game": game,
            "seat": seat,
            "seats": seats,
            "can_start": game.created_by_id == request.user.pk,
            "free_powers": [p for p in powers if p.name not in taken],
            "invite_url": invite_url if seat else None,
            "levels": offered_levels(),
            "default_level": default_level(),
        },
    )


def game_invite(request: HttpRequest, token: str) -> HttpResponse:
    try:
        clean_text(token)  # a NUL would reach PostgreSQL, which refuses it: a 500
    except BadInput:
        raise Http404 from None
    game = get_object_or_404(Game, invite_token=token)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    remember_invite(request, game)
    return redirect(game)


@login_required
@require_POST
def game_join(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, _seat = visible_game(request, game_id)
    form = JoinForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    try:
        services.game_join(game_id=game.pk, user=request.user, power=form.cleaned_data["power"])
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)


@login_required
@require_POST
def game_leave(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, _seat = visible_game(request, game_id)
    try:
        services.game_leave(game_id=game.pk, user=request.user)
    except services.GameError as error:
        return error_response(request, error)
    return redirect("lobby")


@login_required
@require_POST
def game_start(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, _seat = visible_game(request, game_id)
    try:
        services.game_start(game_id=game.pk, user=request.user)
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)
