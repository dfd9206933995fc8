"""Creating, joining and starting games."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import (
    AllianceMembership,
    CounterKind,
    Game,
    GameStatus,
    Holding,
    Neutral,
    Region,
    Scenario,
    ScenarioPower,
    Seat,
    TileHolding,
)
from .errors import GameError
from .events import log_event

MIN_SEATS = 2


def _lobby_game(game_id: int) -> Game:
    try:
        game = Game.objects.get(pk=game_id)
    except Game.DoesNotExist:
        raise GameError(_("This game does not exist."), status=404) from None
    if game.status != GameStatus.LOBBY:
        raise GameError(_("The game has already started."), status=409)
    return game


@transaction.atomic
def game_create(*, user: User, scenario: Scenario, name: str, is_private: bool, power: str) -> Game:
    """Create a game from a scenario; its creator sits down as `power`."""
    name = name.strip()
    if not name:
        raise GameError(_("Give the game a name."))
    if not Scenario.objects.playable_now().filter(pk=scenario.pk).exists():
        raise GameError(
            _(
                "“%(name)s” begins with the setup draw, which the browser does not play yet: "
                "choose a scenario with fixed starting positions."
            )
            % {"name": scenario.name}
        )
    game = Game.objects.create(
        name=name[:80], scenario=scenario, created_by=user, is_private=is_private
    )
    log_event(game, "game_created", {"name": game.name, "scenario": scenario.name})
    game_join(game_id=game.pk, user=user, power=power)
    return game


@transaction.atomic
def game_join(*, game_id: int, user: User, power: str) -> Seat:
    game = _lobby_game(game_id)
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
            _("%(power)s has just been taken by another player.") % {"power": power}, status=409
        ) from None
    log_event(game, "seat_taken", {"power": seat.power, "user": user.get_username()}, actor=seat)
    return seat


@transaction.atomic
def game_leave(*, game_id: int, user: User) -> None:
    game = _lobby_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise GameError(_("You have no seat in this game."), status=409)
    if game.created_by_id == user.pk:
        raise GameError(_("The creator cannot leave the game before it starts."), status=403)
    log_event(game, "seat_left", {"power": seat.power, "user": user.get_username()})
    seat.delete()


@transaction.atomic
def game_start(*, game_id: int, user: User, sides: Mapping[int, int]) -> Game:
    """Start the game: copy the scenario's board for the seated powers, deal the first war's
    two alliances (`sides` maps seat id to 1 or 2), set the turn order and the dice seed.

    This is the fixed-position start only (G14): the starting positions and tiles are copied
    and every numbered counter of the pool becomes a neutral marker on the board. The draw of
    G11-G13 (and population and trade counters) comes with the whole game's phase machine."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.pk:
        raise GameError(_("Only the creator of the game can start it."), status=403)
    scenario = game.scenario
    if scenario is None:
        raise GameError(_("The scenario of this game no longer exists."), status=409)
    seats = list(game.seats.order_by("order", "pk"))
    if len(seats) < MIN_SEATS:
        raise GameError(_("At least 2 players are needed to start."))
    if set(sides) != {s.pk for s in seats} or not set(sides.values()) <= {1, 2}:
        raise GameError(_("Put every power in one of the two alliances."))
    if set(sides.values()) != {1, 2}:
        raise GameError(_("Each alliance needs at least one power."))

    # Flip the status first and conditionally, so a double click starts the game once.
    seed, seed_hash = Game.new_seed()
    started = Game.objects.filter(pk=game.pk, status=GameStatus.LOBBY).update(
        status=GameStatus.RUNNING,
        dice_seed=seed,
        dice_seed_hash=seed_hash,
        started_at=timezone.now(),
        wars=scenario.wars,
        rounds_per_war=scenario.rounds_for(len(seats)),
        control_markers_per_power=scenario.control_markers_per_power,
        ally_deadline_seconds=scenario.ally_deadline_seconds,
        current_war=1,
        current_round=1,
        turn_index=0,
    )
    if not started:
        raise GameError(_("The game has already started."), status=409)
    game.refresh_from_db()

    by_power = {seat.power: seat for seat in seats}
    for position, seat in enumerate(seats):
        seat.turn_position = position
        seat.gold = scenario.starting_gold
    Seat.objects.bulk_update(seats, ["turn_position", "gold"])

    regions = {
        r.name: r
        for r in Region.objects.bulk_create(
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
    }
    Neutral.objects.bulk_create(
        Neutral(
            game=game,
            region=regions[n.region.name],
            defence=n.defence,
            reward_kind=n.reward_kind,
            amount=n.amount,
        )
        # Population and trade counters have no defence: they are no attack target.
        for n in scenario.neutrals.filter(kind=CounterKind.NUMBERED).select_related("region")
    )
    Holding.objects.bulk_create(
        Holding(
            game=game,
            region=regions[p.region.name],
            seat=by_power[p.power.name],
            armies=p.armies,
            fleets=p.fleets,
            forts=p.forts,
            control_markers=p.control_markers,
        )
        for p in scenario.starting_positions.select_related("power", "region")
        if p.power.name in by_power
    )
    TileHolding.objects.bulk_create(
        TileHolding(
            game=game,
            seat=by_power[t.power.name],
            kind=t.tile.kind,
            count=t.count,
            region=regions[t.tile.region.name] if t.tile.region else None,
        )
        for t in scenario.starting_tiles.select_related("power", "tile__region")
        if t.power.name in by_power
    )
    AllianceMembership.objects.bulk_create(
        AllianceMembership(game=game, war=1, seat=seat, side=sides[seat.pk]) for seat in seats
    )
    log_event(
        game,
        "game_started",
        {
            "alliances": {
                str(side): [s.power for s in seats if sides[s.pk] == side] for side in (1, 2)
            },
            "seed_hash": seed_hash,
        },
    )
    return game


@transaction.atomic
def game_end(*, game_id: int, user: User) -> Game:
    """Staff end a game by hand (scoring comes later); the dice seed becomes public."""
    if not getattr(user, "is_staff", False):
        raise GameError(_("Only staff can end a game."), status=403)
    ended = Game.objects.filter(pk=game_id, status=GameStatus.RUNNING).update(
        status=GameStatus.FINISHED, ended_at=timezone.now()
    )
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameError(_("This game does not exist."), status=404)
    if not ended:
        raise GameError(_("Only a game in progress can be ended."), status=409)
    log_event(game, "game_ended", {"seed": game.dice_seed})
    return game
