"""Read side of negotiation: the chats a viewer may read, and the players they can write to.
Every read checks the viewer first; the views turn a refusal into a 404."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Case, Count, F, Max, Q, QuerySet, When
from django.utils.translation import gettext as _

from guerra.game.access.audience import Viewer
from guerra.game.models import AllianceMembership, ChatKind, ChatMessage, Game, Seat
from guerra.game.read.board import abbreviation, text_colour_for
from guerra.runtime.prepared import Prepared

# A chat panel shows the latest messages; the whole history stays in the database (admin).
SHOWN_MESSAGES = 100


@dataclass
class Speaker:
    """How a power is shown beside its words: colour, two-letter badge, name."""

    seat: Seat
    abbreviation: str
    text_colour: str

    @classmethod
    def of(cls, seat: Seat) -> Speaker:
        return cls(seat, abbreviation(seat.power), text_colour_for(seat.colour))


@dataclass
class Line:
    message: ChatMessage
    speaker: Speaker
    mine: bool


@dataclass
class Contact:
    speaker: Speaker
    ally: bool | None
    count: int
    last_at: datetime | None


def _lines(messages: list[ChatMessage], viewer: Viewer) -> list[Line]:
    speakers: dict[int, Speaker] = {}
    lines = []
    for message in messages:
        speaker = speakers.get(message.sender_id)
        if speaker is None:
            speaker = speakers[message.sender_id] = Speaker.of(message.sender)
        lines.append(Line(message, speaker, message.sender_id == viewer.seat_id))
    return lines


def _latest(messages: QuerySet[ChatMessage], after: int) -> QuerySet[ChatMessage]:
    """The newest lines after line `after` (0: from the first), newest first."""
    return (messages.filter(pk__gt=after).select_related("sender")
            .order_by("-created_at", "-pk")[:SHOWN_MESSAGES])


# Read at every post and every refresh of a chat: compiled once per connection.
_ALLIANCE_LINES = Prepared(
    lambda game, war, side, after: _latest(ChatMessage.objects.filter(
        game_id=game, kind=ChatKind.ALLIANCE, war=war, side=side), after),
    int, int, int, int,
)
_PRIVATE_LINES = Prepared(
    lambda game, a, b, after: _latest(ChatMessage.objects.filter(
        Q(sender_id=a, recipient_id=b) | Q(sender_id=b, recipient_id=a),
        game_id=game, kind=ChatKind.PRIVATE), after),
    int, int, int, int,
)


def alliance_lines(game: Game, viewer: Viewer, side: int, after: int | None = None,
                   war: int | None = None) -> list[Line] | None:
    """The alliance's talk in war `war` (the current one unless named), oldest first (with
    `after`: only the lines after that one, for a page that has the rest); None if the viewer
    may not read it."""
    war = game.current_war if war is None else war
    if not viewer.can_read_alliance(war, side):
        return None
    newest = _ALLIANCE_LINES.all(game.pk, war, side, after or 0)
    return _lines(newest[::-1], viewer)


def alliance_name(side: int) -> str:
    """The glossary's name of an alliance: the first to play is A (G21)."""
    return _("Alliance A") if side == 1 else _("Alliance B")


def former_alliances(game: Game, viewer: Viewer) -> list[tuple[int, int]]:
    """The alliances of the wars gone by whose talk the viewer reads as history, newest war
    first: the player's own alliance of each war, every alliance for observers."""
    if viewer.observer:
        return [(war, side) for war in range(game.current_war - 1, 0, -1) for side in (1, 2)]
    return sorted(viewer.former_sides.items(), reverse=True)


def members_then(game: Game, war: int, side: int) -> list[Seat]:
    """The members of one alliance of one war, in seating order."""
    seats = {seat.pk: seat for seat in game.table_seats()}
    # A war gone by, read when its chat is opened: the plain ORM (bench/README.md, prepared SQL).
    rows = AllianceMembership.objects.filter(game_id=game.pk, war=war, side=side)
    members = [seats[seat] for seat in rows.values_list("seat_id", flat=True) if seat in seats]
    return sorted(members, key=lambda seat: (seat.order, seat.pk))


def private_lines(game: Game, viewer: Viewer, seat_a: int, seat_b: int,
                  after: int | None = None) -> list[Line] | None:
    """Two players' conversation over the whole game, oldest first (with `after`: only what
    follows that line); None if not readable."""
    if not viewer.can_read_private(seat_a, seat_b):
        return None
    newest = _PRIVATE_LINES.all(game.pk, seat_a, seat_b, after or 0)
    return _lines(newest[::-1], viewer)


def alliance_members(viewer: Viewer, side: int) -> list[Seat]:
    return [seat for seat in viewer.seats if viewer.sides.get(seat.pk) == side]


def contacts(game: Game, viewer: Viewer) -> list[Contact]:
    """The other players, each with how many private messages we exchanged and when last."""
    if viewer.seat is None:
        return []
    me = viewer.seat.pk
    exchanged = {other: (count, last_at) for other, count, last_at in _EXCHANGED.all(game.pk, me)}
    result = []
    for seat in sorted(viewer.seats, key=lambda s: (s.order, s.pk)):
        if seat.pk == me:
            continue
        count, last_at = exchanged.get(seat.pk, (0, None))
        ally = None if viewer.side is None else viewer.sides.get(seat.pk) == viewer.side
        result.append(Contact(Speaker.of(seat), ally, count, last_at))
    return result


# Each other player's private messages with one player: how many, and when the last.
_EXCHANGED = Prepared(
    lambda game, me: ChatMessage.objects.filter(game_id=game, kind=ChatKind.PRIVATE)
    .filter(Q(sender_id=me) | Q(recipient_id=me))
    .annotate(other=Case(When(sender_id=me, then=F("recipient_id")), default=F("sender_id")))
    .values("other")
    .annotate(count=Count("pk"), last_at=Max("created_at"))
    .order_by()
    .values_list("other", "count", "last_at"),
    int, int,
)
