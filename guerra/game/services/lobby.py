"""Creating, joining and starting games."""

from __future__ import annotations

import dataclasses
import re

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.live.players import ring_users_on_commit
from guerra.game.models import Game, GameStatus, Region, Scenario, ScenarioPower, Seat
from guerra.game.models.scenario import procedure_choices
from guerra.game.scenarios.rules import scenario_rules
from guerra.game.services.events import log_event
from guerra.game.services.play import record
from guerra.game.services.retry import retried
from guerra.game.text.grammar import art
from guerra.game.text.messages import render_rules_message
from guerra.game.text.parsing import BadInput, clean_text
from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Refused
from guerra.rules.game.machine import start_game

MIN_SEATS = 2


def lobby_game(game_id: int) -> Game:
    try:
        # The game's row first, as every writer takes it (one lock order, no deadlock).
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameError(_("This game does not exist."), status=404) from None
    if game.status != GameStatus.LOBBY:
        raise GameError(_("The game has already started."), status=409)
    return game


def default_game_name(number: int | None = None) -> str:
    """"Partita n. 12": the name a new game gets unless its creator gives another, numbered
    after the game (`number`), or, before it exists, after the number it will most likely get."""
    if number is None:
        number = (Game.objects.aggregate(last=Max("pk"))["last"] or 0) + 1
    return _("Game no. %(number)d") % {"number": number}


def _is_a_default_name(name: str) -> bool:
    """A name of the default's form, whatever its number ("Partita n. 7")."""
    pattern = re.escape(_("Game no. %(number)d") % {"number": 0}).replace("0", r"\d+")
    return re.fullmatch(pattern, name) is not None


# The time each decision has (placement, auction call, action, an ally's answer).
PACES = {"live": 120, "slow": 3600, "mail": 24 * 3600}


@retried
@transaction.atomic
def game_create(
    *,
    user: User,
    scenario: Scenario,
    name: str,
    is_private: bool,
    power: str,
    deadline_seconds: int = PACES["live"],
    procedure: str | None = None,
) -> Game:
    """Create a game from a scenario; its creator sits down as `power`. `procedure` is the
    combat system of its attacks (G34): the scenario's unless another is named."""
    try:
        name = clean_text(name).strip()
    except BadInput as bad:
        raise GameError(bad.message) from None
    if not name:
        raise GameError(_("Give the game a name."))
    if not 10 <= deadline_seconds <= 7 * 24 * 3600:
        raise GameError(_("Each decision has from 10 seconds to 7 days."))
    procedure = procedure or scenario.procedure
    if procedure not in dict(procedure_choices()):
        raise GameError(_("“%(name)s” is not a combat system of this site.") % {"name": procedure})
    game = Game.objects.create(
        name=name[:80],
        scenario=scenario,
        created_by=user,
        is_private=is_private,
        deadline_seconds=deadline_seconds,
        procedure=procedure,
    )
    if _is_a_default_name(game.name):
        # The form's default guessed the game's number: another game created meanwhile may
        # have taken it. The game's own number keeps every default name unique.
        game.name = default_game_name(game.pk)
        game.save(update_fields=["name"])
    log_event(game, "game_created", {"name": game.name, "scenario": scenario.name})
    game_join(game_id=game.pk, user=user, power=power)
    return game


@retried
@transaction.atomic
def game_join(*, game_id: int, user: User, power: str) -> Seat:
    game = lobby_game(game_id)
    if game.scenario is None:
        raise GameError(_("The scenario of this game no longer exists."), status=409)
    try:
        scenario_power = game.scenario.powers.get(name=power)
    except ScenarioPower.DoesNotExist:
        raise GameError(_("“%(power)s” is not a power of this game.") % {"power": power}) from None
    if game.seats.filter(user=user).exists():
        raise GameError(_("You already have a seat in this game."), status=409)
    try:
        # The unique constraints settle a race between two players taking the same power.
        with transaction.atomic():
            seat = Seat.objects.create(
                game=game,
                user=user,
                power=scenario_power.name,
                colour=scenario_power.colour,
                order=scenario_power.order,
            )
    except IntegrityError:
        raise GameError(
            # Worded with the power as the object: no participle to agree ("presa", "prese").
            _("Another player has just taken %(power)s.") % {"power": art(power, "il")},
            status=409,
        ) from None
    log_event(game, "seat_taken", {"power": seat.power, "user": user.get_username()}, actor=seat)
    _ring_the_room(game)
    return seat


@retried
@transaction.atomic
def game_leave(*, game_id: int, user: User) -> None:
    game = lobby_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise GameError(_("You have no seat in this game."), status=409)
    if game.created_by_id == user.pk:
        raise GameError(_("The creator cannot leave the game before it starts."), status=403)
    log_event(game, "seat_left", {"power": seat.power, "user": user.get_username()})
    seat.delete()
    _ring_the_room(game, user.pk)


def _ring_the_room(game: Game, *also: int) -> None:
    """The lists of games of everyone in a waiting room (and of `also`, who left it): its
    seats changed."""
    ring_users_on_commit([*game.seats.values_list("user_id", flat=True), *also])


@retried
@transaction.atomic
def game_start(*, game_id: int, user: User) -> Game:
    """Start the game: the rules draw the seating and the counters and make the setup (G10-G14,
    or the fixed positions of G14), with the game's own verifiable dice; the board's regions
    are copied for the pages. The alliances of each war come from its auction (G21)."""
    game = lobby_game(game_id)
    if game.created_by_id != user.pk:
        raise GameError(_("Only the creator of the game can start it."), status=403)
    scenario = game.scenario
    if scenario is None:
        raise GameError(_("The scenario of this game no longer exists."), status=409)
    seats = list(game.seats.order_by("order", "pk"))
    if len(seats) < MIN_SEATS:
        raise GameError(_("At least 2 players are needed to start."))
    # The game's own combat system, whatever the scenario has since become (G34).
    rules = dataclasses.replace(scenario_rules(scenario), procedure=game.procedure)
    seed, seed_hash = Game.new_seed()
    dice = HmacDice(bytes.fromhex(seed), 0)
    outcome = start_game(rules, [seat.power for seat in seats], dice)
    if isinstance(outcome, Refused):
        raise GameError(render_rules_message(outcome.reason))
    # Flip the status first and conditionally, so a double click starts the game once.
    started = Game.objects.filter(pk=game.pk, status=GameStatus.LOBBY).update(
        status=GameStatus.RUNNING,
        dice_seed=seed,
        dice_seed_hash=seed_hash,
        started_at=timezone.now(),
        wars=rules.wars,
        rounds_per_war=rules.rounds_for(len(seats)),
        control_markers_per_power=rules.supply.markers,
    )
    if not started:
        raise GameError(_("The game has already started."), status=409)
    game.refresh_from_db()
    Region.objects.bulk_create(
        Region(
            game=game,
            name=r.name,
            has_sea=r.has_sea,
            vp_first=r.vp_first,
            vp_second=r.vp_second,
            vp_third=r.vp_third,
            order=r.order,
            map_path=r.map_path,
            label_x=r.label_x,
            label_y=r.label_y,
        )
        for r in scenario.regions.all()
    )
    log_event(game, "game_started", {"seed_hash": seed_hash})
    record(game, None, outcome, dice, actor=None, made="setup")
    return game


@retried
@transaction.atomic
def game_end(*, game_id: int, user: User) -> Game:
    """Staff stop a game by hand, without a winner (a game ends by itself after its last
    war, G60-G62); either way the dice seed becomes public."""
    if not getattr(user, "is_staff", False):
        raise GameError(_("Only staff can end a game."), status=403)
    ended = Game.objects.filter(pk=game_id, status=GameStatus.RUNNING).update(
        status=GameStatus.FINISHED, ended_at=timezone.now(), deadline=None
    )
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameError(_("This game does not exist."), status=404)
    if not ended:
        raise GameError(_("Only a game in progress can be ended."), status=409)
    log_event(game, "game_ended", {"seed": game.dice_seed})
    ring_users_on_commit(game.seats.values_list("user_id", flat=True))
    return game
