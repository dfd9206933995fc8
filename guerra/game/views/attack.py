"""Views of attacks: declare, the attack page and its decisions, history, dice, passing."""

from __future__ import annotations

import hashlib

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from guerra.game import services
from guerra.game.access.audience import Viewer
from guerra.game.access.table import for_the_table, watching_refusal
from guerra.game.access.visibility import may_watch, visible_game, watching
from guerra.game.models import Attack, DiceRoll, Game, GameStatus, Seat
from guerra.game.read.attack import attack_view, declare_view
from guerra.game.read.invitations import alliance_invitations, prompt_context
from guerra.game.read.parts import viewer_sides
from guerra.game.text.parsing import BadInput, optional_number
from guerra.game.views.accounts import PlayerRequest
from guerra.game.views.errors import error_response
from guerra.game.views.forms import DecisionForm, DeclareForm
from guerra.rules.dice import die_face


def _table_game(request: HttpRequest, game_id: int) -> tuple[Game, Seat | None]:
    """A running or finished game, for its seated players and staff, and for its spectators
    if it is public (others: 404)."""
    game, seat = visible_game(request, game_id)
    if game.status == GameStatus.LOBBY or (
            seat is None and not request.user.is_staff and not may_watch(game)):
        raise Http404
    return game, seat


def _attack(game: Game, number: int) -> Attack:
    attack = Attack.of(game.pk, number)
    if attack is None:
        raise Http404
    attack.game = game  # the request's own: its seats are read once
    return attack


def _go(request: HttpRequest, url: str) -> HttpResponse:
    return HttpResponseClientRedirect(url) if getattr(request, "htmx", False) else redirect(url)


@login_required
def declare_panel(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, seat = _table_game(request, game_id)
    if seat is None:
        raise Http404
    if game.status == GameStatus.FINISHED:
        # Nothing more to declare: the page says so, and shows no form.
        context: dict[str, object] = {"game": game, "seat": seat, "declare": None}
    else:
        view = declare_view(game, seat, request.GET.get("regione"), request.GET.get("obiettivo"))
        context = {"game": game, "seat": seat, "declare": view}
    template = "game/declare.html#panel" if request.htmx else "game/declare.html"
    return render(request, template, context)


@login_required
@require_POST
def declare(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, seat = _table_game(request, game_id)
    if watching(game, seat, request.user):
        return watching_refusal(request)
    form = DeclareForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    try:
        attack = services.attack_declare(
            game_id=game_id,
            user=request.user,
            region_id=form.cleaned_data["regione"],
            target=form.cleaned_data["obiettivo"],
            step=form.cleaned_data["passo"],
        )
    except services.GameError as error:
        return error_response(request, error)
    return _go(request, attack.get_absolute_url())


def _attack_page(request: PlayerRequest, game_id: int, number: int, partial: bool) -> HttpResponse:
    game, seat = _table_game(request, game_id)
    try:
        upto = optional_number(request.GET, "passo")
    except BadInput as bad:
        return error_response(request, services.GameError(bad.message))
    return _render_attack(request, game, seat, _attack(game, number), upto=upto, partial=partial)


def _render_attack(request: HttpRequest, game: Game, seat: Seat | None, attack: Attack, *,
                   upto: int | None, partial: bool) -> HttpResponse:
    context = {"game": game, "seat": seat, "view": attack_view(attack, seat, upto)}
    template = "game/attack.html#panel" if partial else "game/attack.html"
    return render(request, template, context)


@login_required
def attack_page(request: PlayerRequest, game_id: int, number: int) -> HttpResponse:
    return _attack_page(request, game_id, number, partial=bool(request.htmx))


@login_required
def attack_panel(request: PlayerRequest, game_id: int, number: int) -> HttpResponse:
    return _attack_page(request, game_id, number, partial=True)


@login_required
@require_POST
def attack_decide(request: PlayerRequest, game_id: int, number: int) -> HttpResponse:
    game, seat = _table_game(request, game_id)
    if watching(game, seat, request.user):
        return watching_refusal(request)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return error_response(request, services.GameError(form.first_error()))
    try:
        attack = services.attack_decide(
            game_id=game.pk, number=number, user=request.user, decision=form.decision()
        )
    except services.GameError as error:
        return error_response(request, error)
    if not request.htmx:
        return redirect("attack_page", game_id, number)
    game = attack.game  # as the decision left it: the service's own, no second read
    seat = next((s for s in game.table_seats() if seat and s.pk == seat.pk), None)
    if request.htmx.target == "ally-prompts":
        # Answered from the prompt, on whatever page: the prompts part, without this one.
        return render(request, "game/_ally_prompts.html", prompt_context(game, seat))
    return _render_attack(request, game, seat, attack, upto=None, partial=True)


@login_required
def attack_list(request: PlayerRequest, game_id: int) -> HttpResponse:
    game, seat = _table_game(request, game_id)
    attacks = (
        Attack.objects.filter(game=game)
        .select_related("region", "attacker", "defender", "neutral")
        .order_by("-number")
    )
    return render(request, "game/attacks.html", {"game": game, "seat": seat, "attacks": attacks})


@login_required
def dice_check(request: PlayerRequest, game_id: int) -> HttpResponse:
    """Verifica dadi: once the seed is revealed, every roll is recomputed from it."""
    game, seat = _table_game(request, game_id)
    rolls = list(DiceRoll.objects.filter(game=game).select_related("attack").order_by("number"))
    seed_ok = None
    rows: list[tuple[DiceRoll, int | None]] = [(roll, None) for roll in rolls]
    if game.seed_revealed:
        seed = bytes.fromhex(game.dice_seed)
        seed_ok = hashlib.sha256(seed).hexdigest() == game.dice_seed_hash
        rows = [(roll, die_face(seed, roll.number, roll.sides)) for roll in rolls]
    return render(
        request,
        "game/dice.html",
        {
            "game": game,
            "seat": seat,
            "rows": rows,
            "seed_ok": seed_ok,
            "all_match": seed_ok and all(roll.face == face for roll, face in rows),
        },
    )


@login_required
@require_POST
def game_end(request: PlayerRequest, game_id: int) -> HttpResponse:
    try:
        services.game_end(game_id=game_id, user=request.user)
    except services.GameError as error:
        return error_response(request, error)
    return _go(request, reverse("dice_check", args=[game_id]))


@require_GET
@for_the_table
def ally_prompts_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    try:
        besides = optional_number(request.GET, "tranne")
    except BadInput as bad:
        return error_response(request, services.GameError(bad.message))
    return render(request, "game/_ally_prompts.html", prompt_context(game, viewer.seat, besides))


@require_GET
@for_the_table
def alliance_invitations_part(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    sides = viewer_sides(game, viewer)
    return render(
        request,
        "game/_alliance_invitations.html",
        {
            "game": game,
            "viewer": viewer,
            "sides": sides,
            "invitations": [i for side in sides for i in alliance_invitations(game, side, viewer)],
        },
    )
