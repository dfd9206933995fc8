"""Views of the game's phases: the phase panel (setup, auction, turn), and one thin POST per
decision. Each POST parses its form, calls one service and answers with the refreshed panel
(htmx) or the board; a bad form or a refusal is an Italian message with a 4xx status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from guerra.game import services
from guerra.game.access.audience import Viewer
from guerra.game.access.visibility import game_by_id
from guerra.game.models import Game, GameStatus, Region
from guerra.game.models.state import game_regions, load_state
from guerra.game.read.phases import parse_place, table_view, taxation_preview
from guerra.game.text.parsing import BadInput, clean_text, number, row_id, text_field
from guerra.game.views.errors import error_response
from guerra.game.views.parts import for_the_table
from guerra.rules.game.scenario import MobileKind, UnitKind


def _regions(game: Game) -> tuple[dict[str, Region], dict[int, Region]]:
    rows = game_regions(game)
    return {r.name: r for r in rows}, {r.pk: r for r in rows}


def phase_context(game: Game, viewer: Viewer,
                  regions: dict[str, Region] | None = None) -> dict[str, Any] | None:
    """The phase panel's context (None before the game starts); `regions` by name, when the
    page has read them already."""
    if game.status == GameStatus.LOBBY:
        return None
    by_name = regions if regions is not None else _regions(game)[0]
    table = table_view(game, load_state(game), list(viewer.seats), viewer.seat, by_name)
    return {"game": game, "table": table, "viewer": viewer, "seat": viewer.seat}


def _panel(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    context = phase_context(game, viewer)
    if context is None:
        raise Http404
    return render(request, "game/_phase.html", context)


@require_GET
@for_the_table
def phase_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return _panel(request, game, viewer)


Handler = Callable[[QueryDict, Game, dict[int, Region], User], Any]


def _decision(handler: Handler) -> Callable[..., HttpResponse]:
    """A POST of a decision: parse, call the service, answer with the fresh panel."""

    @require_POST
    @for_the_table
    def view(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
        if viewer.seat is None:
            return error_response(request, services.GameError(_("You do not play here."), 403))
        _by_name, by_pk = _regions(game)
        assert isinstance(request.user, User)
        try:
            handler(request.POST, game, by_pk, request.user)
        except BadInput as bad:
            return error_response(request, services.GameError(bad.message))
        except services.GameError as error:
            return error_response(request, error)
        if not getattr(request, "htmx", False):
            return redirect(reverse("game_board", args=[game.pk]))
        # The game's row as the decision left it (its step, and so its state).
        return _panel(request, game_by_id(game.pk) or game, viewer)

    view.__name__ = handler.__name__
    return view


UNIT_KINDS: dict[str, UnitKind] = {"army": "army", "fleet": "fleet", "fort": "fort"}
MOBILE_KINDS: dict[str, MobileKind] = {"army": "army", "fleet": "fleet"}


def _kind(value: str) -> UnitKind:
    if value not in UNIT_KINDS:
        raise BadInput(_("Choose an army, a fleet or a fort."))
    return UNIT_KINDS[value]


def _place(value: str, regions: dict[int, Region]) -> str | None:
    try:
        return parse_place(value, regions)
    except ValueError:
        raise BadInput(_("Choose a place on the map.")) from None


def _mobile(value: str) -> MobileKind:
    if value not in MOBILE_KINDS:
        raise BadInput(_("Choose the units to move."))
    return MOBILE_KINDS[value]


@_decision
def place(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G13."""
    services.unit_place(game_id=game.pk, user=user,
                        step=number(data, "passo"), kind=_kind(text_field(data, "tipo")),
                        region=_place(text_field(data, "luogo"), regions))


def _seat_name(game: Game, raw: str) -> str | None:
    if raw == "":
        return None
    pk = row_id(raw)
    seat = game.seats.filter(pk=pk).first() if pk is not None else None
    if seat is None:
        raise BadInput(_("Choose powers of this game."))
    return seat.power


@_decision
def propose(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G22-G24: a proposal (a pair, or the single last power and its alliance) and a bid."""
    a, b = _seat_name(game, text_field(data, "a")), _seat_name(game, text_field(data, "b"))
    single = text_field(data, "sola")
    if single:
        power = _seat_name(game, single)
        side = text_field(data, "lato")
        if side not in ("A", "B"):
            raise BadInput(_("Choose the alliance it joins."))
        a, b = (power, None) if side == "A" else (None, power)
    services.auction_propose(game_id=game.pk, user=user,
                             step=number(data, "passo"), a=a, b=b,
                             bid=number(data, "offerta", high=999))


@_decision
def raise_bid(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    services.auction_raise(game_id=game.pk, user=user,
                           step=number(data, "passo"), bid=number(data, "offerta", high=999))


@_decision
def call_pass(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    services.auction_pass(game_id=game.pk, user=user,
                          step=number(data, "passo"))


@require_GET
@for_the_table
def bid_preview(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    """G42: the taxation a bid would bring if it wins, while the player types it (a game
    still in the lobby has no gold to tax: 404)."""
    if viewer.seat is None or game.status == GameStatus.LOBBY:
        raise Http404
    try:
        bid = number(request.GET, "offerta", high=999)
    except BadInput as bad:
        return HttpResponse(bad.message)
    gold = load_state(game).power(viewer.seat.power).gold
    return HttpResponse(taxation_preview(gold, bid))


@_decision
def build(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G30: `costruzione` is kind@place (and @oro for Mercenaries)."""
    parts = text_field(data, "costruzione").split("@")
    if len(parts) not in (2, 3) or parts[2:] not in ([], ["oro"]):
        raise BadInput(_("Choose what to build."))
    services.unit_build(game_id=game.pk, user=user,
                        step=number(data, "passo"), kind=_kind(parts[0]),
                        region=_place(parts[1], regions), with_gold=parts[2:] == ["oro"])


@_decision
def move(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G31: up to three `unita` values, each kind@from>to."""
    moves = []
    for raw in data.getlist("unita"):
        if not raw:
            continue
        kind, _at, route = clean_text(raw).partition("@")
        source, arrow, target = route.partition(">")
        if not arrow:
            raise BadInput(_("Choose the units to move."))
        moves.append((_mobile(kind), _place(source, regions), _place(target, regions)))
    if not moves or len(moves) > 3:
        raise BadInput(_("Choose from one to three units to move."))
    services.units_move(game_id=game.pk, user=user, step=number(data, "passo"), moves=moves)


@_decision
def pass_action(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G35."""
    services.action_pass(game_id=game.pk, user=user,
                         step=number(data, "passo"))


@_decision
def take_tile(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G38: `tessera` is a tile key of the market."""
    services.tile_take(game_id=game.pk, user=user,
                       step=number(data, "passo"), tile=text_field(data, "tessera", max_length=60))


@_decision
def colonise(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G36."""
    services.counter_colonise(game_id=game.pk, user=user,
                              step=number(data, "passo"), counter=number(data, "pedina"))


@_decision
def trade(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G37."""
    services.counter_trade(game_id=game.pk, user=user,
                           step=number(data, "passo"), counter=number(data, "pedina"))


@_decision
def tax(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G41."""
    services.gold_tax(game_id=game.pk, user=user,
                      step=number(data, "passo"), gold=number(data, "oro", low=1, high=99))


@_decision
def transfer(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G43."""
    to = _seat_name(game, text_field(data, "a"))
    if to is None:
        raise BadInput(_("Choose the power that receives the gold."))
    services.gold_transfer(game_id=game.pk, user=user,
                           step=number(data, "passo"), to=to,
                           gold=number(data, "oro", low=1, high=999))


@_decision
def play_tile(data: QueryDict, game: Game, regions: dict[int, Region], user: User) -> None:
    """G40: a War Ministry."""
    services.tile_play(game_id=game.pk, user=user,
                       step=number(data, "passo"), tile=text_field(data, "tessera", max_length=60))
