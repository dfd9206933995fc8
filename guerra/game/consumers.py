"""The game's websocket: it authenticates, joins the groups of the chains the user may hear and
forwards pushes. It never writes game state, and client frames are not actions (those are HTTP
POSTs): a client may only say `{"type": "ping"}`; anything else closes the connection cleanly.
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.contrib.auth.models import AnonymousUser, User

from .audience import Viewer, viewer_for
from .live import group_name, hello_message
from .models import Game

# Largest client frame accepted, in bytes: a ping is 16.
MAX_FRAME_BYTES = 4096

# Close codes. 44xx are this app's (the browser cannot see a refused handshake's HTTP status,
# so the socket is accepted and then closed with a code the client can act upon).
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_AT_TABLE = 4403  # no such game, or not seated there and not staff: alike, on purpose
CLOSE_NO_ROUTE = 4404
CLOSE_UNSUPPORTED = 1003  # binary frame
CLOSE_INVALID_JSON = 1007
CLOSE_UNKNOWN_MESSAGE = 1008
CLOSE_TOO_BIG = 1009


def _load(game_id: int, user: User | AnonymousUser) -> tuple[Game, Viewer] | None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    viewer = viewer_for(game, user)
    return None if viewer is None else (game, viewer)


class GameConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    closing = False

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close_with(CLOSE_NOT_LOGGED_IN)
            return
        found = await database_sync_to_async(_load)(
            self.scope["url_route"]["kwargs"]["game_id"], user
        )
        if found is None:
            await self.close_with(CLOSE_NOT_AT_TABLE)
            return
        game, viewer = found
        groups = [group_name(game.pk, chain) for chain in viewer.chains()]
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups = groups  # the base class leaves them on disconnect
        # Read the chains only once subscribed: an event committed after this read is pushed to
        # us; one committed before it is counted in the hello. Nothing falls in between.
        hello = await database_sync_to_async(hello_message)(game, viewer)
        await self.send_json(hello)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        if text_data is None:
            await self.close_with(CLOSE_UNSUPPORTED)
            return
        if len(text_data) > MAX_FRAME_BYTES or len(text_data.encode()) > MAX_FRAME_BYTES:
            await self.close_with(CLOSE_TOO_BIG)
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self.close_with(CLOSE_INVALID_JSON)
            return
        if message != {"type": "ping"}:
            await self.close_with(CLOSE_UNKNOWN_MESSAGE)
            return
        await self.send_json({"type": "pong"})

    async def live_push(self, event: dict[str, Any]) -> None:
        """A push from live.send: forward it as it is."""
        if not self.closing:
            await self.send_json(event["push"])

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
