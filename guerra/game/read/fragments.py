"""What each seat's open page is sent when a change of its game commits: the parts of the board
page the change touched, rendered once per audience and carried by the push, so that a page
shows another player's move without fetching anything (static/js/live.js swaps them in).

A part is rendered once for everyone who sees it alike, and once more only for a seat that sees
it otherwise: the turn panel of the power awaited (its form), the region cards of the power that
plays now, a combat system's panel of a power's own hand. A log line is drawn once per event and
sent to the seats whose chains carry it. A seat is sent only what it may see: the parts it
would fetch, rendered as it would fetch them, and the lines of the chains it hears; the frame
goes to its own power group, which only its sockets and staff observers hear, and the consumer
forwards it to the seat's sockets alone (an observer's page, or a visitor's, fetches as before).

A frame is an optimisation, never the truth: the doorbells still go out (guerra/game/live/push.py)
and a page fetches any part the frame did not bring, and everything after a gap. Rendered
without a request: the forms' CSRF fields get the page's token from frames.js (htmx sends it in
a header too, base.html), and frames.js marks the board's panel of the viewer's own power.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.urls import reverse

from guerra.game.access.audience import Viewer, event_chain
from guerra.game.errors import GameError
from guerra.game.live.push import CHAT_KINDS, parts_for, stage_of
from guerra.game.models import ChatMessage, Game, GameEvent, GameStatus, Seat
from guerra.game.models.state import load_state
from guerra.game.procedures import adapter
from guerra.game.read.board import BoardView, board_view
from guerra.game.read.invitations import alliance_invitations, prompt_context
from guerra.game.read.negotiation import Line, Speaker
from guerra.game.read.parts import line_name, log_line, phase_context, viewer_sides
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

# The key of a rendering that every seat sees alike, and of one that every seat not awaited sees
# alike but for what frames.js puts right.
PUBLIC = "public"
SEATED = "seated"


@dataclass
class Table:
    """One committed step of a game, as every seat's frame reads it."""

    game: Game
    state: GameState
    seats: tuple[Seat, ...]
    sides: dict[int, int]
    awaited: frozenset[str]
    plays_now: frozenset[str]
    rendered: dict[tuple[str, object], dict[str, Any]]
    _board: BoardView | None = None

    def viewer(self, seat: Seat | None) -> Viewer:
        return Viewer(game_id=self.game.pk, war=self.game.current_war, seat=seat,
                      side=self.sides.get(seat.pk) if seat else None, observer=False,
                      seats=self.seats, sides=self.sides)

    def board(self, seat: Seat | None) -> BoardView:
        if seat is not None:
            return board_view(self.game, seat.user)
        if self._board is None:
            self._board = board_view(self.game, AnonymousUser())
        return self._board


Render = Callable[[Table, Seat | None, object], str]


@dataclass(frozen=True)
class Element:
    """A live element of the board page: its id, the parts that ring it, its URL's name, the
    audience a seat sees it in (its key), how it is drawn for a seat of that audience, and
    whether it bears a decision (sent first, in a frame of its own)."""

    id: str
    parts: frozenset[str]
    url: str
    key: Callable[[Table, Seat], object]
    render: Render
    first: bool = False
    # The live element it lies in, whose URL and step it goes by (`id` has neither): the map
    # and the panels of the board, which change apart (the panels' purses, the map's pieces).
    within: str = ""

    def fragment(self, table: Table, seat: Seat) -> dict[str, Any]:
        """Drawn once for each audience: the first seat of the audience asking draws it."""
        key = self.key(table, seat)
        found = table.rendered.get((self.id, key))
        if found is None:
            html = self.render(table, None if key == PUBLIC else seat, key)
            found = table.rendered[self.id, key] = {
                "id": self.id, "src": reverse(self.url, args=[table.game.pk]), "html": html,
                "step": table.game.step, "text": text_hash(html),
                **({"within": self.within} if self.within else {})}
        return found


STEP_ATTRIBUTE = re.compile(r' data-step="\d+"')


def text_hash(html: str) -> str:
    """What a part shows but for its step, in a few bytes: a page that holds a part of the same
    hash (frames.js keeps it) is sent the part without its text (live/push.py: `shorten`)."""
    bare = STEP_ATTRIBUTE.sub("", html, count=1)
    return hashlib.blake2b(bare.encode(), digest_size=9).hexdigest()


# Rendered without a request, for many: a form's CSRF field holds this, and frames.js puts the
# page's own token in its place.
NO_TOKEN = {"csrf_token": "pushed"}


def _turn_key(table: Table, seat: Seat) -> object:
    # The power awaited has its form. In the rounds every other seat's panel has a gold transfer
    # to the others: drawn once for them all with every power a recipient, frames.js takes each
    # page's own power out of its list.
    if seat.power in table.awaited:
        return seat.pk
    return SEATED if table.state.phase == "rounds" else PUBLIC


def _turn(table: Table, seat: Seat | None, key: object) -> str:
    context = phase_context(table.game, table.viewer(seat))
    if context is None:
        return ""
    return render_to_string("game/_phase.html",
                            {**context, **NO_TOKEN, "every_recipient": key == SEATED})


def _board_key(table: Table, seat: Seat) -> object:
    # A combat system's panel of the power's own (secret) hand makes its board's panels its own.
    system = adapter(table.state.scenario.procedure)
    return seat.pk if system.board_panel(table.state, seat.power) is not None else PUBLIC


def _board_partial(name: str) -> Render:
    def render(table: Table, seat: Seat | None, key: object) -> str:
        context = {"game": table.game, "board": table.board(seat), "seat": seat, **NO_TOKEN}
        return render_to_string(f"game/board.html#{name}", context)

    return render


def _regions_key(table: Table, seat: Seat) -> object:
    return seat.pk if seat.power in table.plays_now else PUBLIC


def _prompts(table: Table, seat: Seat | None, key: object) -> str:
    return render_to_string("game/_ally_prompts.html",
                            {**prompt_context(table.game, seat), **NO_TOKEN})


def _invitations_key(table: Table, seat: Seat) -> object:
    return ("side", table.sides.get(seat.pk))


def _invitations(table: Table, seat: Seat | None, key: object) -> str:
    viewer = table.viewer(seat)
    sides = viewer_sides(table.game, viewer)
    return render_to_string("game/_alliance_invitations.html", {
        "game": table.game, "viewer": viewer, "sides": sides,
        "invitations": [invitation for side in sides
                        for invitation in alliance_invitations(table.game, side, viewer)],
        **NO_TOKEN,
    })


# In the order a page shows them: the decision-bearing ones first.
ELEMENTS = (
    Element("turn-box", frozenset({"turn", "board"}), "game_turn_part", _turn_key, _turn,
            first=True),
    Element("ally-prompts", frozenset({"invitations"}), "ally_prompts_part", lambda t, s: s.pk,
            _prompts, first=True),
    Element("invitations", frozenset({"invitations"}), "alliance_invitations_part",
            _invitations_key, _invitations, first=True),
    Element("board-map", frozenset({"board"}), "game_board_part", lambda t, s: PUBLIC,
            _board_partial("board_map"), within="board"),
    Element("board-panels", frozenset({"board"}), "game_board_part", _board_key,
            _board_partial("board_panels"), within="board"),
    Element("regions", frozenset({"board"}), "game_regions_part", _regions_key,
            _board_partial("regions")),
)


def _chat_lines(table: Table, events: list[GameEvent]) -> dict[str, dict[str, str]]:
    """The alliance chat's new lines among `events`, by the event's line name: each drawn once,
    as a reader who did not write it sees it (frames.js marks the writer's own)."""
    wanted = {event.payload.get("message"): event for event in events
              if event.kind == "chat_alliance"}
    found = {}
    for message in ChatMessage.objects.filter(game=table.game, pk__in=[m for m in wanted if m]
                                              ).select_related("sender"):
        event = wanted[message.pk]
        line = Line(message, Speaker.of(message.sender), mine=False)
        found[line_name(event)] = {
            "log": f"chat-alliance-{event.side}",
            "src": reverse("game_chat_alliance_war", args=[table.game.pk, event.war, event.side]),
            "event": line_name(event),
            "html": render_to_string("game/_chat_line.html", {"line": line}),
        }
    return found


def _table(game: Game) -> Table | None:
    try:
        state = load_state(game)
    except GameError:
        return None
    waiting = pending(state)
    return Table(
        game=game, state=state, seats=tuple(game.table_seats()), sides=dict(game.war_sides()),
        awaited=frozenset(waiting.powers),
        plays_now=frozenset(waiting.powers) if waiting.kind == "action" else frozenset(),
        rendered={},
    )


def frames(game_id: int, events: Sequence[GameEvent]
           ) -> Iterator[list[tuple[int, dict[str, Any]]]]:
    """(seat id, frame) for each seat that hears one of `events`, committed together: the
    elements their parts ring, as the seat would fetch them now, and their log lines. Two
    batches, each made when asked for, to be sent at once: every seat's decision-bearing parts
    and log lines (the seats awaited now first, the one who acted, whose answer shows its
    decision, last), then every seat's board."""
    game = Game.objects.filter(pk=game_id).defer("rules").first()
    if game is None or game.status != GameStatus.RUNNING:
        return  # a waiting room's or a finished game's pages fetch (or reload)
    table = _table(game)
    if table is None:
        return
    stage = stage_of(game)
    actors = {event.actor_id for event in events}
    audience = []
    for seat in sorted(table.seats, key=lambda s: (s.power not in table.awaited, s.pk in actors)):
        chains = set(table.viewer(seat).chains())
        heard = [event for event in events if event_chain(event) in chains]
        if heard:
            audience.append((seat, heard, {part for event in heard for part in parts_for(event)}))
    chats = _chat_lines(table, [event for _seat, heard, _parts in audience for event in heard])
    for first in (True, False):
        batch = []
        for seat, heard, parts in audience:
            fragments = [e.fragment(table, seat)
                         for e in ELEMENTS if e.first == first and e.parts & parts]
            lines = [{"line": line_name(event), "html": str(log_line(game, event))}
                     for event in heard
                     if first and "log" in parts and event.kind not in CHAT_KINDS]
            said = [chats[name] for name in map(line_name, heard) if first and name in chats]
            if fragments or lines or said:
                batch.append((seat.pk, {"type": "parts", "to": seat.pk, "stage": stage,
                                        "step": game.step, "fragments": fragments,
                                        "lines": lines, "chats": said,
                                        "acted": first and seat.pk in actors}))
        if batch:
            yield batch
