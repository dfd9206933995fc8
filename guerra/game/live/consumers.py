"""The game's websocket: it authenticates, joins the groups of the chains the user may hear and
forwards pushes. It never writes game state, and client frames are not actions (those are HTTP
POSTs): a client may only say `{"type": "ping"}`, or `{"type": "lacks"}` when a frame left out
the text of a part its page does not hold (the seat is then sent every text again); anything
else closes the connection cleanly.

Close codes. Daphne lets an application close only with 1000 or 3000-4999: any other code (the
standard 1003, 1007, 1008, 1009) becomes 1011 and a traceback in the log. So every code here is
in 4000-4999, and static/js/live.js reads them: 4000-4499 mean "do not come back as you are"
(the page shows the socket as refused and does not reconnect), anything else is a drop to
reconnect from, with backoff.

- 4401 not logged in; 4403 no such game, or not seated there and not staff (alike, on purpose),
  but for a spectator of a public game that has started, who hears its public chain, and for a
  visitor of a waiting room they may see (public, or private with its invitation link
  followed), who hears its public chain too: a public game's visitor stays on as a spectator
  when it starts, a private one's is closed then with 4403; 4404 no such websocket path. The
  browser cannot see a refused handshake's HTTP status, so the socket is accepted and then
  closed with one of these.
- 4003 a binary frame; 4007 a text frame that is not JSON (or nested too deeply to read); 4008
  JSON that is neither of the two; 4009 a frame over MAX_FRAME_BYTES. The same last digits as the
  standard codes they stand for (1003, 1007, 1008, 1009).

Each bad frame is one warning line in the log, without a traceback. The server caps frames too
(daphne's DAPHNE_WEBSOCKET_MAX_* settings, see guerra/runtime/server.py): a frame over the cap never
reaches this consumer, and autobahn closes the connection with the standard 1009.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User

from guerra.game.access.audience import Viewer, viewer_or_spectator, visitor_for
from guerra.game.access.visibility import game_by_id, invited_games, may_visit
from guerra.game.live.push import LOBBY_STAGE_PREFIX, forget_sent, group_name, hello_message
from guerra.game.live.sockets import (
    CLOSE_INVALID_JSON,
    CLOSE_NOT_LOGGED_IN,
    CLOSE_TOO_BIG,
    CLOSE_UNKNOWN_MESSAGE,
    CLOSE_UNSUPPORTED,
    MAX_FRAME_BYTES,
    PingSocket,
)
from guerra.game.models import Game
from guerra.game.services import presence

logger = logging.getLogger(__name__)

# The codes and the frame's cap that both sockets share, named here too (the tests read them).
__all__ = ["CLOSE_INVALID_JSON", "CLOSE_NOT_AT_TABLE", "CLOSE_NOT_LOGGED_IN", "CLOSE_NO_ROUTE",
           "CLOSE_TOO_BIG", "CLOSE_UNKNOWN_MESSAGE", "CLOSE_UNSUPPORTED", "MAX_FRAME_BYTES",
           "MAX_SENT_BYTES", "GameConsumer", "NoRouteConsumer"]

# Largest message the server sends (autobahn fails the connection beyond it): a frame of parts
# that would be bigger is not sent, and the page fetches the parts its doorbells ring.
MAX_SENT_BYTES: int = settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE

CLOSE_NOT_AT_TABLE = 4403
CLOSE_NO_ROUTE = 4404


def _load(
    game_id: int, user: User | AnonymousUser, session: Any
) -> tuple[Game, Viewer] | None:
    game = game_by_id(game_id)
    if game is None:
        return None
    viewer = viewer_or_spectator(game, user)  # a spectator: the public chain only
    if viewer is None and may_visit(game, invited_games(session)):
        viewer = visitor_for(game)  # a waiting room's visitor: the public chain only
    return None if viewer is None else (game, viewer)


LACKS = {"type": "lacks"}


def _hello(game: Game, viewer: Viewer) -> dict[str, Any]:
    """The hello; and this seat's page, new, holds none of the parts sent before: they go with
    their text again (push.shorten)."""
    if viewer.seat is not None:
        forget_sent(game.pk, viewer.seat.pk)
    return hello_message(game, viewer)


class GameConsumer(PingSocket):
    # A private waiting room's visitor (invited, neither seated nor staff): heard until the
    # game starts. A public one's stays on, a spectator once the game has started.
    visitor = False
    # The seat of the player this socket is (None: staff observing, a spectator or a
    # visitor). Only its own frames of rendered parts reach it.
    seat_id: int | None = None
    game_id = 0
    # Whether this socket's page is counted as open (guerra/game/services/presence.py).
    present = False

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' own dispatch first tidies the database connections on the process's one
        shared sync thread, for every frame and every push: a hop to that thread and back for
        each socket a push reaches, all of them queued behind one another there. This consumer
        reads the database only through `database_sync_to_async`, which tidies them itself, so
        its handlers run straight on the event loop."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close_with(CLOSE_NOT_LOGGED_IN)
            return
        found = await database_sync_to_async(_load)(
            self.scope["url_route"]["kwargs"]["game_id"], user, self.scope.get("session"))
        if found is None:
            await self.close_with(CLOSE_NOT_AT_TABLE)
            return
        game, viewer = found
        self.visitor = viewer.seat is None and not viewer.observer and game.is_private
        self.seat_id = viewer.seat.pk if viewer.seat is not None else None
        self.game_id = game.pk
        groups = [group_name(game.pk, chain) for chain in viewer.chains()]
        self.groups = groups  # the base class leaves them on disconnect
        await self.join_groups()
        # Read the chains only once subscribed: an event committed after this read is pushed to
        # us; one committed before it is counted in the hello. Nothing falls in between.
        hello = await database_sync_to_async(_hello)(game, viewer)
        await self.send_json(hello)
        self.present = await self.note(presence.opened, game.pk, user.pk, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if self.present:
            self.present = False
            await self.note(presence.closed, self.channel_name)

    async def note(self, write: Any, *args: Any) -> bool:
        """Write who has the page open; a failure is logged and never breaks the socket."""
        try:
            await database_sync_to_async(write)(*args)
        except Exception:
            logger.exception("websocket %s: the open page not noted", self.scope.get("path", "?"))
            return False
        return True

    async def other_frame(self, message: Any) -> bool:
        """A page's "lacks": its seat is sent every text again."""
        if message == LACKS and self.seat_id is not None:
            await sync_to_async(forget_sent, thread_sensitive=False)(self.game_id, self.seat_id)
            return True
        return False

    async def pinged(self) -> None:
        if self.present and presence.seen_due(self.channel_name):
            await self.note(self.touch)

    def touch(self) -> None:
        """Touch this socket's row; written again if it has gone (tidied away, or lost)."""
        user = self.scope["user"]
        if not presence.seen(self.channel_name):
            presence.opened(self.game_id, user.pk, self.channel_name)

    async def live_push(self, event: dict[str, Any]) -> None:
        """A push from live.send: forward it as it is (a seat's frame of parts only to that
        seat's sockets). A private waiting room's visitor hears the push that ends the
        waiting room (its page reloads), then nothing more: the table is not theirs."""
        if self.closing:
            return
        push = event["push"]
        if push.get("type") == "parts" and (self.seat_id is None or push.get("to") != self.seat_id):
            # A seat's parts, rendered as that seat sees them, in its power group: an observer
            # hears that group too, and fetches its own parts instead.
            return
        try:
            text = json.dumps(push, separators=(",", ":"))
            # UTF-8 takes at most 4 bytes a character: only a long text is measured.
            if len(text) > MAX_SENT_BYTES // 4 and len(text.encode()) > MAX_SENT_BYTES:
                return  # a frame of parts that big: the page fetches them (a doorbell: tiny)
            await self.send(text_data=text)
        except Disconnected:
            # The browser went away and the server has not told this consumer yet: its
            # disconnect follows. The push is lost with the socket; the page catches up when
            # it connects again, as after any drop.
            self.closing = True
            return
        if self.visitor and push.get("type") == "push" and not str(
                push.get("stage", "")).startswith(LOBBY_STAGE_PREFIX):
            await self.close_with(CLOSE_NOT_AT_TABLE)


class NoRouteConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Any other websocket path: closed with a code rather than an exception in the log."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(CLOSE_NO_ROUTE)
