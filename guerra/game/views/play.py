"""Views of the game's phases: the phase panel (setup, auction, turn), and one thin POST per
decision. Each POST is read by its form (inputs.py), calls one service and answers with the
refreshed panel (htmx) or the board; a bad form or a refusal is an Italian message with a 4xx
status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from guerra.game import services
from guerra.game.access.audience import Viewer
from guerra.game.access.table import for_the_table
from guerra.game.access.visibility import game_by_id
from guerra.game.models import Game, GameStatus, Region
from guerra.game.models.state import game_regions, load_state
from guerra.game.read.parts import phase_context
from guerra.game.read.phases import taxation_preview
from guerra.game.text.parsing import BadInput, number
from guerra.game.views.errors import error_response
from guerra.game.views.inputs import (
    BidForm,
    BuildForm,
    CounterForm,
    MoveForm,
    PhaseForm,
    PlaceForm,
    ProposeForm,
    TaxForm,
    TileForm,
    TransferForm,
)


def _regions(game: Game) -> dict[int, Region]:
    return {r.pk: r for r in game_regions(game)}


def _panel(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    context = phase_context(game, viewer)
    if context is None:
        raise Http404
    return render(request, "game/_phase.html", context)


@require_GET
@for_the_table
def phase_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return _panel(request, game, viewer)


Handler = Callable[[dict[str, Any], Game, User], None]


def _decision(
    form_class: type[PhaseForm],
) -> Callable[[Handler], Callable[..., HttpResponse]]:
    """A POST of a decision: its form (inputs.py) reads it, the handler calls the service
    with the cleaned values; the answer is the fresh panel (htmx) or the board."""

    def decorate(handler: Handler) -> Callable[..., HttpResponse]:
        @require_POST
        @for_the_table
        def view(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
            if viewer.seat is None:
                return error_response(
                    request, services.GameError(_("You do not play here."), 403))
            form = form_class(request.POST, game=game, regions=_regions(game))
            if not form.is_valid():
                return error_response(request, services.GameError(form.first_error()))
            assert isinstance(request.user, User)
            try:
                handler(form.cleaned_data, game, request.user)
            except services.GameError as error:
                return error_response(request, error)
            if not getattr(request, "htmx", False):
                return redirect(reverse("game_board", args=[game.pk]))
            # The game's row as the decision left it (its step, and so its state).
            return _panel(request, game_by_id(game.pk) or game, viewer)

        view.__name__ = handler.__name__
        return view

    return decorate


@_decision(PlaceForm)
def place(data: dict[str, Any], game: Game, user: User) -> None:
    """G13."""
    services.unit_place(game_id=game.pk, user=user, step=data["passo"], kind=data["tipo"],
                        region=data["luogo"])


@_decision(ProposeForm)
def propose(data: dict[str, Any], game: Game, user: User) -> None:
    """G22-G24: a proposal (a pair, or the single last power and its alliance) and a bid."""
    services.auction_propose(game_id=game.pk, user=user, step=data["passo"], a=data["a"],
                             b=data["b"], bid=data["offerta"])


@_decision(BidForm)
def raise_bid(data: dict[str, Any], game: Game, user: User) -> None:
    services.auction_raise(game_id=game.pk, user=user, step=data["passo"], bid=data["offerta"])


@_decision(PhaseForm)
def call_pass(data: dict[str, Any], game: Game, user: User) -> None:
    services.auction_pass(game_id=game.pk, user=user, step=data["passo"])


@require_GET
@for_the_table
def bid_preview(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """G42: the taxation a bid would bring if it wins, while the player types it (a game
    still in the lobby has no gold to tax: 404). A query string's one value: parsing.py reads it."""
    if viewer.seat is None or game.status == GameStatus.LOBBY:
        raise Http404
    try:
        bid = number(request.GET, "offerta", high=999)
    except BadInput as bad:
        return HttpResponse(bad.message)
    gold = load_state(game).power(viewer.seat.power).gold
    return HttpResponse(taxation_preview(gold, bid))


@_decision(BuildForm)
def build(data: dict[str, Any], game: Game, user: User) -> None:
    """G30."""
    kind, region, with_gold = data["costruzione"]
    services.unit_build(game_id=game.pk, user=user, step=data["passo"], kind=kind,
                        region=region, with_gold=with_gold)


@_decision(MoveForm)
def move(data: dict[str, Any], game: Game, user: User) -> None:
    """G31."""
    services.units_move(game_id=game.pk, user=user, step=data["passo"], moves=data["unita"])


@_decision(PhaseForm)
def pass_action(data: dict[str, Any], game: Game, user: User) -> None:
    """G35."""
    services.action_pass(game_id=game.pk, user=user, step=data["passo"])


@_decision(TileForm)
def take_tile(data: dict[str, Any], game: Game, user: User) -> None:
    """G38: `tessera` is a tile key of the market."""
    services.tile_take(game_id=game.pk, user=user, step=data["passo"], tile=data["tessera"])


@_decision(CounterForm)
def colonise(data: dict[str, Any], game: Game, user: User) -> None:
    """G36."""
    services.counter_colonise(game_id=game.pk, user=user, step=data["passo"],
                              counter=data["pedina"])


@_decision(CounterForm)
def trade(data: dict[str, Any], game: Game, user: User) -> None:
    """G37."""
    services.counter_trade(game_id=game.pk, user=user, step=data["passo"],
                           counter=data["pedina"])


@_decision(TaxForm)
def tax(data: dict[str, Any], game: Game, user: User) -> None:
    """G41."""
    services.gold_tax(game_id=game.pk, user=user, step=data["passo"], gold=data["oro"])


@_decision(TransferForm)
def transfer(data: dict[str, Any], game: Game, user: User) -> None:
    """G43."""
    services.gold_transfer(game_id=game.pk, user=user, step=data["passo"], to=data["a"],
                           gold=data["oro"])


@_decision(TileForm)
def play_tile(data: dict[str, Any], game: Game, user: User) -> None:
    """G40: a War Ministry."""
    services.tile_play(game_id=game.pk, user=user, step=data["passo"], tile=data["tessera"])
