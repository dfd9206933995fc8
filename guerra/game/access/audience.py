"""Who hears what. Every event belongs to exactly one audience chain: everyone, one alliance in
one war, or one power. A viewer follows the chains they may see, on the page, in the event log
and over the websocket alike, so the three can never disagree.

A seated user is a player, even when staff: a staff member playing must not read the other
alliance's chat. Staff without a seat observe: they follow every chain of the game. Any other
logged-in user may watch a public game that has started (a spectator): the public chain only,
never more than a player of neither alliance would read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, IntegerField, OuterRef, Q, QuerySet, Subquery

from guerra.game.access.visibility import may_watch
from guerra.game.models import AllianceMembership, Game, GameEvent, Seat, Visibility
from guerra.runtime.prepared import Prepared

ALL = "all"


def alliance_chain(war: int, side: int) -> str:
    return f"alliance-{war}-{side}"


def power_chain(seat_id: int) -> str:
    return f"power-{seat_id}"


def chain_of(visibility: str, war: int, side: int | None, seat_id: int | None) -> str:
    """The chain of an event, from the fields GameEvent stores."""
    if visibility == Visibility.ALLIANCE:
        assert side is not None
        return alliance_chain(war, side)
    if visibility == Visibility.POWER:
        assert seat_id is not None
        return power_chain(seat_id)
    return ALL


def event_chain(event: GameEvent) -> str:
    return chain_of(event.visibility, event.war, event.side, event.seat_id)


def chain_filter(visibility: str, war: int, side: int | None, seat_id: int | None) -> Q:
    """The events of one chain (within one game)."""
    if visibility == Visibility.ALLIANCE:
        return Q(visibility=Visibility.ALLIANCE, war=war, side=side)
    if visibility == Visibility.POWER:
        return Q(visibility=Visibility.POWER, seat_id=seat_id)
    return Q(visibility=Visibility.ALL)


# An event's number in the game is at most this (the largest a PositiveIntegerField holds).
LAST_SEQ = 2**31 - 1


# How many numbers each kind of chain has in its name: alliance-WAR-SIDE, power-SEAT, all.
_NUMBERS_IN_NAME = {"alliance": 2, "power": 1, ALL: 0}


def _chain_events(kind: str, numbers: tuple[int, ...]) -> Q:
    """The events of the chain of this kind with these numbers (those of its name)."""
    if kind == "alliance":
        war, side = numbers
        return chain_filter(Visibility.ALLIANCE, war, side, None)
    if kind == "power":
        (seat,) = numbers
        return chain_filter(Visibility.POWER, 0, None, seat)
    return chain_filter(Visibility.ALL, 0, None, None)


def _last_numbers(kinds: tuple[str, ...]) -> Prepared[tuple[int | None, ...]]:
    """One query for chains of these kinds: a column a chain, each the number of its newest
    event up to event `upto`, read backwards along the game's log by its index (the cost of a
    look-up, however long the log)."""

    def build(game: int, upto: int, *numbers: int) -> QuerySet[Game, tuple[int | None, ...]]:
        columns, start = {}, 0
        for i, kind in enumerate(kinds):
            end = start + _NUMBERS_IN_NAME[kind]
            columns[f"chain_{i}"] = Subquery(
                GameEvent.objects.filter(_chain_events(kind, numbers[start:end]),
                                         game=OuterRef("pk"), seq__lte=upto)
                .order_by("-seq").values("chain_seq")[:1],
                output_field=IntegerField(),
            )
            start = end
        return Game.objects.filter(pk=game).annotate(**columns).values_list(*columns)

    return Prepared(build, int, int, *[int] * sum(_NUMBERS_IN_NAME[kind] for kind in kinds))


# By the kinds of the chains asked for at once, in order: a writer's batch, a viewer's hello.
_LAST_NUMBERS: dict[tuple[str, ...], Prepared[tuple[int | None, ...]]] = {}


def last_in_chains(game_id: int, chains: Iterable[str], upto: int = LAST_SEQ) -> dict[str, int]:
    """The number of each chain's last event up to the game's event `upto` (0: none yet), in
    one query."""
    names = list(chains)
    kinds = tuple(name.partition("-")[0] for name in names)
    query = _LAST_NUMBERS.get(kinds)
    if query is None:
        query = _LAST_NUMBERS.setdefault(kinds, _last_numbers(kinds))
    numbers = [int(number) for name in names for number in name.split("-")[1:]]
    row = query.first(game_id, upto, *numbers)
    return {name: (row[i] if row else None) or 0 for i, name in enumerate(names)}


@dataclass(frozen=True, eq=False)
class Viewer:
    """One user looking at one game: a player (seat), a staff observer, or someone without a
    seat who hears the public chain only: a spectator (`watching`) or a waiting room's
    visitor."""

    game_id: int
    war: int
    seat: Seat | None
    side: int | None
    observer: bool
    # Every seat of the game and its side in the current war, so that the chat panels and the
    # chains need no further queries.
    seats: tuple[Seat, ...] = ()
    sides: Mapping[int, int] = field(default_factory=dict)
    # A spectator of a public game that has started: reads what is public, may do nothing.
    watching: bool = False

    @property
    def seat_id(self) -> int | None:
        return self.seat.pk if self.seat else None

    def chains(self) -> list[str]:
        """The chains this viewer follows now; the consumer joins one group per chain."""
        chains = [ALL]
        if self.observer:
            if self.war:
                chains += [alliance_chain(self.war, side) for side in (1, 2)]
            chains += [power_chain(seat.pk) for seat in self.seats]
            return chains
        if self.side is not None:
            chains.append(alliance_chain(self.war, self.side))
        if self.seat is not None:
            chains.append(power_chain(self.seat.pk))
        return chains

    def can_read_alliance(self, war: int, side: int) -> bool:
        """Alliance talk: the members of that alliance in that war, and observers. A war gone
        by stays readable to those who were its members then, as history (nobody writes there
        any more); a war not yet begun has none."""
        if side not in (1, 2) or not 1 <= war <= self.war:
            return False
        if self.observer:
            return True
        if war == self.war:
            return self.side == side
        return self.former_sides.get(war) == side

    @cached_property
    def former_sides(self) -> dict[int, int]:
        """The viewer's side in each war before the current one (read once, when asked)."""
        if self.seat is None or self.war <= 1:
            return {}
        # Read only for the wars gone by: the plain ORM (bench/README.md, prepared SQL).
        rows = AllianceMembership.objects.filter(
            game_id=self.game_id, seat_id=self.seat.pk, war__lt=self.war)
        return dict(rows.values_list("war", "side"))

    def can_read_private(self, seat_a: int, seat_b: int) -> bool:
        return self.observer or self.seat_id in (seat_a, seat_b)


def viewer_for(
    game: Game,
    user: User | AnonymousUser,
    *,
    seats: Iterable[Seat] | None = None,
    sides: Mapping[int, int] | None = None,
) -> Viewer | None:
    """The viewer, or None for someone not at the table (not seated, not staff). A visitor of
    a waiting room follows its public chain only: see `visitor_for`.

    `seats` (with their users) and `sides` (seat id to side in the current war) may come from
    what the caller already loaded; otherwise they are the game's (read once per instance).
    """
    if not user.is_authenticated:
        return None
    all_seats = tuple(seats) if seats is not None else game.table_seats()
    if sides is None:
        sides = game.war_sides()
    seat = next((s for s in all_seats if s.user_id == user.pk), None)
    if seat is None and not user.is_staff:
        return None
    return Viewer(
        game_id=game.pk,
        war=game.current_war,
        seat=seat,
        side=sides.get(seat.pk) if seat else None,
        observer=seat is None,
        seats=all_seats,
        sides=sides,
    )


def spectator_for(
    game: Game,
    *,
    seats: Iterable[Seat] | None = None,
    sides: Mapping[int, int] | None = None,
) -> Viewer:
    """A logged-in user without a seat watching a public game that has started
    (visibility.may_watch): the public chain only, like a player of neither alliance, with no
    power of its own, so every read model shows it the public side (no hand, no plan, no
    secret answer, no odds meant for one side) and every input refuses it."""
    return Viewer(
        game_id=game.pk,
        war=game.current_war,
        seat=None,
        side=None,
        observer=False,
        seats=tuple(seats) if seats is not None else game.table_seats(),
        sides=sides if sides is not None else game.war_sides(),
        watching=True,
    )


def viewer_or_spectator(game: Game, user: User | AnonymousUser) -> Viewer | None:
    """The viewer at the table (`viewer_for`), else a spectator if the game may be watched
    and the user is logged in; None for anyone else."""
    viewer = viewer_for(game, user)
    if viewer is None and user.is_authenticated and may_watch(game):
        return spectator_for(game)
    return viewer


def visitor_for(game: Game) -> Viewer:
    """Someone looking at a waiting room they may see (access.may_visit) without a seat: they
    hear the public chain only, the seats arriving and leaving, and nothing once the game
    starts (the consumer closes their socket)."""
    return Viewer(game_id=game.pk, war=game.current_war, seat=None, side=None, observer=False)


def visible_events_filter(game_id: int, seat_id: int | None, *, observer: bool) -> Q:
    """The events of the log a viewer may read (`observer`: staff without a seat, everything;
    `seat_id`: a player, else a visitor): everyone's, their own power's, and their alliance's
    in every war they fought in (they heard those when they happened)."""
    if observer:
        return Q(game_id=game_id)
    visible = Q(visibility=Visibility.ALL)
    if seat_id is not None:
        visible |= Q(visibility=Visibility.POWER, seat_id=seat_id)
        member_then = AllianceMembership.objects.filter(
            game=OuterRef("game"), war=OuterRef("war"), side=OuterRef("side"), seat_id=seat_id
        )
        visible |= Q(Exists(member_then), visibility=Visibility.ALLIANCE)
    return Q(game_id=game_id) & visible
