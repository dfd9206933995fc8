"""What the site's two websockets share: a client may only ping, anything else closes the
socket with a code of 4000-4999 (see live/consumers.py for why and which), and the socket joins
its groups again every hour so that a page open for days never goes deaf.

`PingSocket.other_frame` lets a socket take one more kind of frame (the game's socket: "lacks").
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from guerra.runtime.loops import serving_here

logger = logging.getLogger(__name__)

# Largest client frame accepted, in bytes (a ping is 16): the servers' own cap.
MAX_FRAME_BYTES: int = settings.DAPHNE_WEBSOCKET_MAX_FRAME_SIZE

# A channel layer forgets a group's member a day after it joined (`group_expiry`, so that the
# sockets of a crashed process do not stay members for ever), and Redis the whole group a day
# after its last join. A game lasts days and a page may stay open as long: a socket that pings
# (the page does, every 1.5 s) joins its groups again every hour, so it never goes deaf.
REJOIN_EVERY = 3600.0

CLOSE_NOT_LOGGED_IN = 4401
CLOSE_UNSUPPORTED = 4003
CLOSE_INVALID_JSON = 4007
CLOSE_UNKNOWN_MESSAGE = 4008
CLOSE_TOO_BIG = 4009

PING = {"type": "ping"}


class PingSocket(AsyncWebsocketConsumer):  # type: ignore[misc]
    """A socket whose client only pings; `self.groups` are joined by `join_groups`."""

    closing = False
    joined_at = float("inf")  # not joined yet: no rejoining either

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
        if await self.other_frame(message):
            return
        if message != PING:
            await self.refuse(CLOSE_UNKNOWN_MESSAGE, "not a ping")
            return
        await self.send_json({"type": "pong"})
        if time.monotonic() - self.joined_at >= REJOIN_EVERY:
            await self.join_groups()
        await self.pinged()

    async def other_frame(self, message: Any) -> bool:
        """Take a frame other than a ping (True: taken); none by default."""
        return False

    async def pinged(self) -> None:
        """After each ping's pong; nothing by default."""

    async def join_groups(self) -> None:
        """Join (again) the groups of this socket: a join counts from now."""
        serving_here()  # pushes from the process's other threads come through this loop
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined_at = time.monotonic()

    async def refuse(self, code: int, why: str) -> None:
        """A bad frame: one line in the log, and the connection closed with `code`."""
        user = self.scope.get("user")
        logger.warning("websocket %s: %s from user %s, closed with %d",
                       self.scope.get("path", "?"), why, getattr(user, "pk", None), code)
        await self.close_with(code)

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def close_with(self, code: int) -> None:
        self.closing = True
        await self.close(code)
