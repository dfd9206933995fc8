"""The game's rules state and its read models.

`Game.rules` holds the whole `GameState` of guerra.rules.game: the truth. The rows pages read
(seats' purses, holdings, counters on the map, tiles, alliances, score sheets) are rewritten
from it by `project`, in the transaction that stores the state, comparing the state before
with the state after so that only what changed is written. Reading a state (and keeping it in
this process) is everyone's: guerra.game.models.state.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from guerra.game.models import (
    AllianceMembership,
    Game,
    Holding,
    Neutral,
    Region,
    RewardKind,
    Seat,
    TileHolding,
    WarScore,
)
from guerra.game.models.state import game_regions, keep_state, state_key
from guerra.rules.game.state import GameState, Pieces
from guerra.runtime import prepared
from guerra.runtime.prepared import Prepared

SIDES = {"A": 1, "B": 2}


def remember(game: Game, state: GameState) -> None:
    """Keep a state just stored, once its transaction commits (a rollback keeps nothing)."""
    key = state_key(game)
    transaction.on_commit(lambda: keep_state(key, state))


def project(game: Game, before: GameState | None, after: GameState) -> None:
    """Rewrite the read models that differ between `before` (None: a new game) and `after`."""
    # The writer's own seats, updated in place: what it reads after this sees the new values.
    seats = {seat.power: seat for seat in game.table_seats()}
    regions = {region.name: region for region in game_regions(game)}
    _seats(before, after, seats)
    _board(game, before, after, seats, regions)
    _counters(game, before, after, regions)
    _tiles(game, before, after, seats, regions)
    _alliances(game, before, after, seats)
    _scores(game, before, after, seats, regions)


def _seats(before: GameState | None, after: GameState, seats: dict[str, Seat]) -> None:
    slots = {power: i for i, power in enumerate(after.slot_order())}
    for index, power in enumerate(after.powers):
        seat = seats[power.name]
        values = {
            "gold": power.gold, "population": power.population, "unrest": power.unrest,
            "vp": power.vp, "order": after.seating.index(power.name),
            "turn_position": slots.get(power.name, index),
        }
        changed = {name: value for name, value in values.items()
                   if getattr(seat, name) != value}
        if changed:  # a step changes one or two powers: an UPDATE of what changed, each
            for name, value in changed.items():
                setattr(seat, name, value)
            prepared.update(Seat, {"pk": seat.pk}, changed)


def _pieces(state: GameState | None) -> dict[tuple[str, str | None], Pieces]:
    return {} if state is None else {(p.power, p.region): p for p in state.board}


def _board(game: Game, before: GameState | None, after: GameState, seats: dict[str, Seat],
           regions: dict[str, Region]) -> None:
    old, new = _pieces(before), _pieces(after)
    changed = [key for key in old.keys() | new.keys() if old.get(key) != new.get(key)]
    if not changed:
        return
    gone = [key for key in changed if key not in new]
    if gone:
        Holding.objects.filter(game=game).filter(_holding_keys(gone, seats, regions)).delete()
    create = []
    for key in changed:
        pieces = new.get(key)
        if pieces is None:
            continue
        seat, region = seats[key[0]], regions[key[1]] if key[1] is not None else None
        # A step moves a few pieces: a look-up of each row it changed, by the rows' index.
        row = (_HOME_HOLDING.first(game.pk, seat.pk) if region is None
               else _HOLDING.first(game.pk, seat.pk, region.pk))
        values = {"armies": pieces.armies, "fleets": pieces.fleets, "forts": pieces.forts,
                  "control_markers": pieces.markers}
        if row is None:
            create.append(Holding(game=game, seat=seat, region=region, **values))
            continue
        differ = {name: value for name, value in values.items() if getattr(row, name) != value}
        if differ:
            prepared.update(Holding, {"pk": row.pk}, differ)
    prepared.insert(create)


_HOLDING = Prepared(
    lambda game, seat, region: Holding.objects.filter(game_id=game, seat_id=seat,
                                                      region_id=region),
    int, int, int,
)
_HOME_HOLDING = Prepared(
    lambda game, seat: Holding.objects.filter(game_id=game, seat_id=seat, region__isnull=True),
    int, int,
)


def _holding_keys(keys: Iterable[tuple[str, str | None]], seats: dict[str, Seat],
                  regions: dict[str, Region]) -> Q:
    query = Q(pk__in=[])
    for power, region in keys:
        if region is None:
            query |= Q(seat=seats[power], region__isnull=True)
        else:
            query |= Q(seat=seats[power], region=regions[region])
    return query


def _counters(game: Game, before: GameState | None, after: GameState,
              regions: dict[str, Region]) -> None:
    """G6/G11: counters come face up on the map and leave it when taken."""
    old = set(before.face_up) if before is not None else set()
    new = set(after.face_up)
    taken = old - new
    if taken:
        Neutral.objects.filter(game=game, number__in=taken).update(on_board=False)
    specs = after.scenario.counter_by_id
    Neutral.objects.bulk_create(
        Neutral(game=game, region=regions[specs[number].region], kind=specs[number].kind,
                number=number, defence=specs[number].defence,
                reward_kind=specs[number].reward or RewardKind.NONE,
                amount=specs[number].amount if specs[number].reward else 0)
        for number in after.face_up if number not in old
    )


def _tiles(game: Game, before: GameState | None, after: GameState, seats: dict[str, Seat],
           regions: dict[str, Region]) -> None:
    """G38/G40: the tiles each power holds, and how many of its once-per-war ones it used."""
    def held(state: GameState | None) -> dict[tuple[str, str], tuple[int, int]]:
        if state is None:
            return {}
        return {(p.name, key): (count, p.used(key)) for p in state.powers
                for key, count in p.tiles}

    old, new = held(before), held(after)
    for power, key in old.keys() | new.keys():
        if old.get((power, key)) == new.get((power, key)):
            continue
        tile = after.scenario.tile_by_key[key]
        region = regions[tile.region] if tile.region is not None else None
        count, spent = new.get((power, key), (0, 0))
        TileHolding.objects.update_or_create(
            game=game, seat=seats[power], kind=tile.effect, region=region,
            defaults={"count": count, "spent": spent},
        )


def _alliances(game: Game, before: GameState | None, after: GameState,
               seats: dict[str, Seat]) -> None:
    """G21: the war's alliances and slots, once the auction has filled the table."""
    if not after.alliances or (before is not None and before.alliances == after.alliances):
        return
    AllianceMembership.objects.filter(game=game, war=after.war).delete()
    AllianceMembership.objects.bulk_create(
        AllianceMembership(game=game, war=after.war, seat=seats[power], side=SIDES[side],
                           slot=slot)
        for slot, (power, side) in enumerate(after.alliances, start=1)
    )


def _scores(game: Game, before: GameState | None, after: GameState, seats: dict[str, Seat],
            regions: dict[str, Region]) -> None:
    """G54: the score sheet of a war, line by line."""
    known = len(before.scores) if before is not None else 0
    WarScore.objects.bulk_create(
        WarScore(game=game, war=line.war, region=regions[line.region], seat=seats[line.power],
                 markers=line.markers, place=line.place, vp=line.vp)
        for line in after.scores[known:]
    )
