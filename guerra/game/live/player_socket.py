"""A player's own socket (“Le mie partite”): it joins the group of the logged-in user and
forwards each ring of live/players.py to static/js/live.js as a push of the part "mine".

live.js counts a page's pushes by chain: this socket numbers its rings itself, from the hello
on (`seq` 1, then 2, 3...), so a page whose socket connects again (and starts counting anew)
fetches its list again. The hello counts as a ring: the list was rendered before the socket
joined its group, and a game that moved on in between would otherwise be missed.

A client may only ping (`{"type": "ping"}`); anything else closes the socket with the codes of
the game's socket (live/sockets.py, which both build on): 4401 not logged in, 4003 binary, 4007
not JSON, 4008 not a ping, 4009 too big. It reads nothing from the database and writes nothing.
"""

from __future__ import annotations

from typing import Any

from autobahn.exception import Disconnected

from guerra.game.live.players import PART, player_group
from guerra.game.live.sockets import CLOSE_NOT_LOGGED_IN, CLOSE_UNKNOWN_MESSAGE, PingSocket

CHAIN = "mine"

__all__ = ["CLOSE_NOT_LOGGED_IN", "CLOSE_UNKNOWN_MESSAGE", "PlayerConsumer"]


class PlayerConsumer(PingSocket):
    rung = 0

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close_with(CLOSE_NOT_LOGGED_IN)
            return
        self.groups = [player_group(user.pk)]  # the base class leaves them on disconnect
        await self.join_groups()
        self.rung = 1
        await self.send_json({"type": "hello", "stage": CHAIN, "chains": {CHAIN: self.rung}})

    async def player_ring(self, event: dict[str, Any]) -> None:
        """A ring of live/players.py: one push of the list, numbered on this socket."""
        if self.closing:
            return
        self.rung += 1
        try:
            await self.send_json({"type": "push", "chain": CHAIN, "seq": self.rung,
                                  "prev": self.rung - 1, "parts": [PART]})
        except Disconnected:  # the browser went away; its disconnect follows
            self.closing = True
