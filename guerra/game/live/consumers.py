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
  but for a visitor of a waiting room they may see (public, or private with its invitation
  link followed), who hears its public chain until the game starts, then is closed with 4403;
  4404 no such websocket path. The browser cannot see a refused handshake's HTTP status, so the
  socket is accepted and then closed with one of these.
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
import time
from typing import Any

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User

from guerra.game.access.audience import Viewer, viewer_for, visitor_for
from guerra.game.access.visibility import game_by_id, invited_games, may_visit
from guerra.game.live.push import LOBBY_STAGE_PREFIX, forget_sent, group_name, hello_message
from guerra.game.models import Game

logger = logging.getLogger(__name__)

# Largest client frame accepted, in bytes (a ping is 16): the servers' own cap.
MAX_FRAME_BYTES: int = settings.DAPHNE_WEBSOCKET_MAX_FRAME_SIZE
# Largest message the server sends (autobahn fails the connection beyond it): a frame of parts
# that would be bigger is not sent, and the page fetches the parts its doorbells ring.
MAX_SENT_BYTES: int = settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE

# A channel layer forgets a group's member a day after it joined (`group_expiry`, so that the
# sockets of a crashed process do not stay members for ever), and Redis the whole group a day
# after its last join. A game lasts days and a page may stay open as long: a socket that pings
# (the page does, every 1.5 s) joins its groups again every hour, so it never goes deaf.
REJOIN_EVERY = 3600.0

CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_AT_TABLE = 4403
CLOSE_NO_ROUTE = 4404
CLOSE_UNSUPPORTED = 4003
CLOSE_INVALID_JSON = 4007
CLOSE_UNKNOWN_MESSAGE = 4008
CLOSE_TOO_BIG = 4009


def _load(
    game_id: int, user: User | AnonymousUser, session: Any
) -> tuple[Game, Viewer] | None:
    game = game_by_id(game_id)
    if game is None:
        return None
    viewer = viewer_for(game, user)
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


class GameConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    closing = False
    joined_at = float("inf")  # not joined yet: no rejoining either
    # A waiting room's visitor (neither seated nor staff): heard until the game starts.
    visitor = False
    # The seat of the player this socket is (None: staff observing, or a visitor). Only its
    # own frames of rendered parts reach it.
    seat_id: int | None = None
    game_id = 0

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
        self.visitor = viewer.seat is None and not viewer.observer
        self.seat_id = viewer.seat.pk if viewer.seat is not None else None
        self.game_id = game.pk
        groups = [group_name(game.pk, chain) for chain in viewer.chains()]
        self.groups = groups  # the base class leaves them on disconnect
        await self.join_groups()
        # Read the chains only once subscribed: an event committed after this read is pushed to
        # us; one committed before it is counted in the hello. Nothing falls in between.
        hello = await database_sync_to_async(_hello)(game, viewer)
        await self.send_json(hello)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        if text_data is None:
            await self.refuse(CLOSE_UNSUPPORTED, "binary frame")
            return
        # surrogatepass: a test client can send a lone surrogate, which strict UTF-8 refuses.
        if len(text_data) > MAX_FRAME_BYTES or (
            len(text_data.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES
        ):
            await self.refuse(CLOSE_TOO_BIG, "frame too big")
            return
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply to read
            await self.refuse(CLOSE_INVALID_JSON, "not JSON")
            return
        if message == LACKS and self.seat_id is not None:
            await sync_to_async(forget_sent, thread_sensitive=False)(self.game_id, self.seat_id)
            return
        if message != {"type": "ping"}:
            await self.refuse(CLOSE_UNKNOWN_MESSAGE, "not a ping")
            return
        await self.send_json({"type": "pong"})
        if time.monotonic() - self.joined_at >= REJOIN_EVERY:
            await self.join_groups()

    async def join_groups(self) -> None:
        """Join (again) the groups of this socket's chains: a join counts from now."""
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined_at = time.monotonic()

    async def refuse(self, code: int, why: str) -> None:
        """A bad frame: one line in the log, and the connection closed with `code`."""
        user = self.scope.get("user")
        logger.warning(
            "websocket %s: %s from user %s, closed with %d",
            self.scope.get("path", "?"),
            why,
            getattr(user, "pk", None),
            code,
        )
        await self.close_with(code)

    async def live_push(self, event: dict[str, Any]) -> None:
        """A push from live.send: forward it as it is (a seat's frame of parts only to that
        seat's sockets). A visitor hears the push that ends the
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
        if self.visitor and not str(push.get("stage", "")).startswith(LOBBY_STAGE_PREFIX):
            await self.close_with(CLOSE_NOT_AT_TABLE)

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def close_with(self, code: int) -> None:
        self.closing = True
        await self.close(code)


class NoRouteConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Any other websocket path: closed with a code rather than an exception in the log."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(CLOSE_NO_ROUTE)
