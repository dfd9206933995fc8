"""The computer players' pages: a game against the computer from the lobby, a computer player
seated or taken away in the waiting room, a player's seat handed to the computer and given back.
Thin views: parse the request, call one service, redirect to the game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from guerra.game import services
from guerra.game.access import ratelimits
from guerra.game.access.computer import default_level
from guerra.game.access.table import watching_refusal
from guerra.game.access.visibility import visible_game, watching
from guerra.game.models import Scenario
from guerra.game.text.parsing import row_id
from guerra.game.views.accounts import PlayerRequest
from guerra.game.views.errors import error_response
from guerra.game.views.inputs import AgainstComputerForm, BotSeatForm

# Computer players of a one-click game against the computer, unless the player chose.
DEFAULT_OPPONENTS = 3


@login_required
@require_POST
def against_computer(request: PlayerRequest) -> HttpResponse:
    form = AgainstComputerForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    scenarios = Scenario.objects.order_by("pk")
    pk = row_id(form.cleaned_data["scenario"] or "")
    scenario = scenarios.filter(pk=pk).first() if pk is not None else scenarios.first()
    if scenario is None:
        return error_response(request, services.GameError(_("There is no scenario yet."),
                                                          status=404))
    wait = ratelimits.hit(ratelimits.game_create_limit(), request.user.pk)
    if wait is not None:
        return ratelimits.too_many(request, "game/error.html",
                                   {"message": ratelimits.game_create_refusal(wait)}, wait)
    power = form.cleaned_data["power"] or scenario.powers.order_by("order", "pk")[0].name
    try:
        game = services.game_against_computer(
            user=request.user, scenario=scenario, power=power,
            level=form.cleaned_data["level"] or default_level(),
            opponents=form.cleaned_data["opponents"] or DEFAULT_OPPONENTS)
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)


@login_required
@require_POST
def bot_add(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, _seat = visible_game(request, game_id)
    form = BotSeatForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    try:
        services.seat_bot_add(game_id=game.pk, user=request.user,
                              power=form.cleaned_data["power"], level=form.cleaned_data["level"])
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)


@login_required
@require_POST
def bot_remove(request: PlayerRequest, game_id: int, seat_id: int) -> HttpResponse:
    game, _seat = visible_game(request, game_id)
    try:
        services.seat_bot_remove(game_id=game.pk, user=request.user, seat_id=seat_id)
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)


@login_required
@require_POST
def hand_over(request: PlayerRequest, game_id: int, seat_id: int) -> HttpResponse:
    game, seat = visible_game(request, game_id)
    if watching(game, seat, request.user):
        return watching_refusal(request)
    form = BotSeatForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    try:
        services.seat_hand_over(game_id=game.pk, user=request.user, seat_id=seat_id,
                                level=form.cleaned_data["level"])
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)


@login_required
@require_POST
def take_back(request: PlayerRequest, game_id: int, seat_id: int) -> HttpResponse:
    game, seat = visible_game(request, game_id)
    if watching(game, seat, request.user):
        return watching_refusal(request)
    try:
        services.seat_take_back(game_id=game.pk, user=request.user, seat_id=seat_id)
    except services.GameError as error:
        return error_response(request, error)
    return redirect(game)
