"""What the live parts of a game's pages show, per viewer: the event log, the negotiation area
and its chats, the phase panel, the staff's tools. The part views (guerra.game.views.parts,
views.play) and the template tags that put the same partials into the first render
(templatetags/live_tags.py) both build their context here, so a page, an htmx swap and a
push-triggered refresh can never differ.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from guerra.game.access.audience import Viewer, event_chain, visible_events_filter
from guerra.game.access.computer import (
    HAND_OVER_AFTER,
    default_level,
    may_hand_over,
    may_take_back,
    offered_levels,
)
from guerra.game.live.push import CHAT_KINDS
from guerra.game.models import Game, GameEvent, GameStatus, Region, Seat
from guerra.game.models.state import game_regions, load_state
from guerra.game.read.log import describe
from guerra.game.read.negotiation import (
    Speaker,
    alliance_lines,
    alliance_members,
    alliance_name,
    contacts,
    former_alliances,
    members_then,
    private_lines,
)
from guerra.game.read.phases import table_view
from guerra.runtime.kept import Kept
from guerra.runtime.prepared import Prepared

# The log shows the latest events; the whole history stays in the database (admin).
SHOWN_EVENTS = 50


def _newest_events(visible: Q) -> QuerySet[GameEvent]:
    return (GameEvent.objects.filter(visible).exclude(kind__in=CHAT_KINDS)
            .select_related("seat").order_by("-seq")[:SHOWN_EVENTS])


# The log of each kind of viewer: staff observing, a player, a visitor.
_LOG_OBSERVED = Prepared(
    lambda game: _newest_events(visible_events_filter(game, None, observer=True)), int)
_LOG_PLAYED = Prepared(
    lambda game, seat: _newest_events(visible_events_filter(game, seat, observer=False)),
    int, int,
)
_LOG_VISITED = Prepared(
    lambda game: _newest_events(visible_events_filter(game, None, observer=False)), int)


def log_context(game: Game, viewer: Viewer) -> dict[str, Any]:
    if viewer.observer:
        events = _LOG_OBSERVED.all(game.pk)
    elif viewer.seat is not None:
        events = _LOG_PLAYED.all(game.pk, viewer.seat.pk)
    else:
        events = _LOG_VISITED.all(game.pk)
    return {"game": game, "entries": [log_line(game, event) for event in events],
            "shown_events": SHOWN_EVENTS}


# An event's line in the log never changes: each is drawn once per process and language, and
# shared by every viewer's page and re-fetch (by the game's seed fingerprint, which no other
# game shares, and the event's number).
_LOG_LINES: Kept[tuple[int, str, int, str], SafeString] = Kept(20_000)


def log_line(game: Game, event: GameEvent) -> SafeString:
    key = (game.pk, game.dice_seed_hash, event.seq, get_language() or "")
    line = _LOG_LINES.get(key)
    if line is None:  # the template escapes what it shows
        line = _LOG_LINES.put(key, mark_safe(render_to_string(
            "game/_event_line.html",
            {"event": event, "text": describe(event), "line": line_name(event)})))
    return line


def line_name(event: GameEvent) -> str:
    """How a log line names its event to the pages that hear its chain (never the game-wide
    number, which would count the events of chains they may not hear)."""
    return f"{event_chain(event)}:{event.chain_seq}"


def alliance_chat_context(game: Game, viewer: Viewer, side: int, after: int | None = None,
                          war: int | None = None) -> dict[str, Any] | None:
    """One alliance's chat in war `war` (the current one unless named); None if the viewer may
    not read it. A war gone by is history: shown, never written to."""
    war = game.current_war if war is None else war
    lines = alliance_lines(game, viewer, side, after, war)
    if lines is None:
        return None
    current = war == game.current_war
    members = alliance_members(viewer, side) if current else members_then(game, war, side)
    return {
        "game": game,
        "viewer": viewer,
        "war": war,
        "side": side,
        "name": alliance_name(side),
        "current": current,
        "lines": lines,
        "members": [Speaker.of(seat) for seat in members],
        "can_write": current and viewer.side == side and game.status == GameStatus.RUNNING,
    }


def private_chat_context(game: Game, viewer: Viewer, other: Seat,
                         after: int | None = None) -> dict[str, Any] | None:
    if viewer.seat is None or other.pk == viewer.seat.pk:
        return None
    lines = private_lines(game, viewer, viewer.seat.pk, other.pk, after)
    if lines is None:
        return None
    return {
        "game": game,
        "viewer": viewer,
        "other": Speaker.of(other),
        "lines": lines,
        "can_write": game.status == GameStatus.RUNNING,
    }


def viewer_sides(game: Game, viewer: Viewer) -> list[int]:
    """The alliances of the current war whose private matters the viewer reads: its own
    (observers: both, once the war's auction has made them; none before)."""
    if viewer.observer:
        return [1, 2] if viewer.sides else []
    return [viewer.side] if viewer.side is not None else []


def negotiation_context(game: Game, viewer: Viewer) -> dict[str, Any]:
    """The negotiation area: one's alliance chat (observers: both), the chats of one's
    alliances in the wars gone by (history), the other players."""
    sides = viewer_sides(game, viewer)
    return {
        "game": game,
        "viewer": viewer,
        "sides": sides,
        "alliance_chats": [alliance_chat_context(game, viewer, side) for side in sides],
        "former_chats": [alliance_chat_context(game, viewer, side, war=war)
                         for war, side in former_alliances(game, viewer)],
        "contacts": contacts(game, viewer),
    }


def staff_tools_context(game: Game, viewer: Viewer, done: str = "") -> dict[str, Any] | None:
    if not viewer.observer or game.status != GameStatus.RUNNING:
        return None
    seats = sorted(viewer.seats, key=lambda s: (s.order, s.pk))
    return {"game": game, "seats": seats, "done": done}


def seat_tools_context(game: Game, viewer: Viewer, user: AbstractBaseUser | AnonymousUser
                       ) -> dict[str, Any] | None:
    """The computer at the table: the seats `user` may hand to the computer or give back to
    their players (None: none, or the game is not in progress)."""
    if game.status != GameStatus.RUNNING:
        return None
    seats = sorted(viewer.seats, key=lambda s: (s.order, s.pk))
    hand = [s for s in seats if may_hand_over(game, s, user)]
    back = [s for s in seats if may_take_back(game, s, user)]
    if not (hand or back):
        return None
    own = viewer.seat
    return {"game": game, "own": own, "levels": offered_levels(),
            "default_level": default_level(), "after": HAND_OVER_AFTER,
            "hand": [s for s in hand if own is None or s.pk != own.pk],
            "back": [s for s in back if own is None or s.pk != own.pk],
            "own_hand": own is not None and any(s.pk == own.pk for s in hand),
            "own_back": own is not None and any(s.pk == own.pk for s in back)}


def phase_context(game: Game, viewer: Viewer,
                  regions: dict[str, Region] | None = None) -> dict[str, Any] | None:
    """The phase panel's context (None before the game starts); `regions` by name, when the
    page has read them already."""
    if game.status == GameStatus.LOBBY:
        return None
    by_name = regions if regions is not None else {r.name: r for r in game_regions(game)}
    table = table_view(game, load_state(game), list(viewer.seats), viewer.seat, by_name)
    return {"game": game, "table": table, "viewer": viewer, "seat": viewer.seat}
