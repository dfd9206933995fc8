"""From the database to the rules: the situation an attack would be declared in.

Read-only; used by the declaration service and by the odds shown before declaring.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from guerra.rules.seed004.model import AllyForce, Force, Situation
from guerra.rules.seed004.model import Neutral as RulesNeutral
from guerra.rules.seed004.model import Region as RulesRegion

from .models import (
    AllianceMembership,
    Game,
    Holding,
    Neutral,
    Region,
    RewardKind,
    Seat,
    TileHolding,
    TileKind,
)


@dataclass(frozen=True)
class Target:
    """What an attack aims at: a power present in the region, or one neutral marker (D4)."""

    seat: Seat | None = None
    neutral: Neutral | None = None


def sides_of(game: Game) -> dict[int, int]:
    """Seat id -> alliance (1 or 2) in the current war."""
    return dict(
        AllianceMembership.objects.filter(game=game, war=game.current_war).values_list(
            "seat_id", "side"
        )
    )


def markers_in_supply(game: Game, seat: Seat) -> int:
    on_board = Holding.objects.filter(game=game, seat=seat).aggregate(n=Sum("control_markers"))
    return max(0, game.control_markers_per_power - (on_board["n"] or 0))


def _force(game: Game, seat: Seat, region: Region, holdings: dict[int, Holding]) -> Force:
    holding = holdings.get(seat.pk)
    tiles: dict[tuple[str, int | None], int] = {
        (kind, region_id): count
        for kind, region_id, count in TileHolding.objects.filter(seat=seat).values_list(
            "kind", "region_id", "count"
        )
    }
    return Force(
        power=seat.power,
        gold=seat.gold,
        armies=holding.armies if holding else 0,
        fleets=holding.fleets if holding else 0,
        forts=holding.forts if holding else 0,
        army_training=tiles.get((TileKind.ARMY_TRAINING, None), 0),
        navy_training=tiles.get((TileKind.NAVY_TRAINING, None), 0),
        alliance_tiles=tiles.get((TileKind.ALLIANCE, region.pk), 0),
        control_markers=holding.control_markers if holding else 0,
        markers_in_supply=markers_in_supply(game, seat),
    )


def build_situation(game: Game, attacker: Seat, region: Region, target: Target) -> Situation:
    """A1: the allies of each side with armies or fleets in the region are invited, in turn
    order (which is also the commitment order of M5/L6)."""
    holdings = {h.seat_id: h for h in Holding.objects.filter(region=region)}
    sides = sides_of(game)
    rules_region = RulesRegion(region.name, region.has_sea)
    attacker_force = _force(game, attacker, region, holdings)
    if target.neutral is not None:
        neutral = target.neutral
        return Situation(
            region=rules_region,
            attacker=attacker_force,
            neutral=RulesNeutral(
                defense=neutral.defence,
                reward="gold"
                if neutral.reward_kind == RewardKind.GOLD
                else "vp"
                if neutral.reward_kind == RewardKind.VP
                else None,
                amount=neutral.amount,
            ),
        )
    assert target.seat is not None
    defender = target.seat
    seats = list(game.seats.order_by("turn_position", "pk"))

    def allies_of(main: Seat, exclude: set[int]) -> tuple[AllyForce, ...]:
        side = sides.get(main.pk)
        found = []
        for seat in seats:
            holding = holdings.get(seat.pk)
            if (
                seat.pk in exclude
                or side is None
                or sides.get(seat.pk) != side
                or holding is None
                or not (holding.armies or holding.fleets)
            ):
                continue
            found.append(AllyForce(seat.power, holding.armies, holding.fleets))
        return tuple(found)

    both = {attacker.pk, defender.pk}
    same_alliance = sides.get(attacker.pk) is not None and (
        sides.get(attacker.pk) == sides.get(defender.pk)
    )
    return Situation(
        region=rules_region,
        attacker=attacker_force,
        defender=_force(game, defender, region, holdings),
        attacker_allies=() if same_alliance else allies_of(attacker, both),
        defender_allies=() if same_alliance else allies_of(defender, both),
        defender_is_ally=same_alliance and attacker.pk != defender.pk,
    )
