"""A test's websocket: channels' WebsocketCommunicator on the project's routes, with a longer
wait for what it expects and a close that never breaks a test's teardown.

Channels' communicator gives up on a message after 1 s. A socket test's first message renders
the parts of its page with cold templates; in CI one such test failed (on a loaded machine, most
likely: it never failed here), and its close, in the fixture that opened it, raised the
CancelledError of the application the timeout had cancelled. CancelledError is a BaseException,
which pytest does not catch in a finalizer: the test's other finalizers (its monkeypatches, its
database's flush) were skipped and every later test of that worker failed (281 of them). A
message that comes arrives as fast as before; only one that never comes is waited for longer,
and `receive_nothing` keeps its own short wait.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from guerra.game.live.routing import websocket_urlpatterns

WAIT = 5.0  # seconds for an expected message


class Socket(WebsocketCommunicator):  # type: ignore[misc]  # channels has no type hints
    def __init__(self, path: str, application: Any = None,
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
        super().__init__(application or URLRouter(websocket_urlpatterns), path, headers=headers)

    async def connect(self, timeout: float = WAIT) -> Any:
        return await super().connect(timeout)

    async def receive_output(self, timeout: float = WAIT) -> Any:
        return await super().receive_output(timeout)

    async def receive_from(self, timeout: float = WAIT) -> Any:
        return await super().receive_from(timeout)

    async def receive_json_from(self, timeout: float = WAIT) -> Any:
        return await super().receive_json_from(timeout)

    async def close_quietly(self) -> None:
        """Close it in a teardown: whatever the socket's state, nothing is raised."""
        with suppress(Exception, asyncio.CancelledError):
            await self.disconnect()
