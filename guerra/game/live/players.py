"""A player's own socket: it rings “Le mie partite” when one of the player's games changes what
it awaits, or whom.

Each logged-in page of the list joins the group `user-<id>` (live/player_socket.py); the
services' `record` calls `ring_players_on_commit` once per stored step, and once the step's
transaction commits every seat's user hears one doorbell (`{"type": "push", "parts":
["mine"]}`): live.js dispatches `live:mine` and htmx fetches the list again. A step that leaves
the same decision awaited (a free action, a chat line) rings nobody. Like the game's pushes a
ring carries nothing but the news that something changed, the page reads the rest, and a ring
lost costs an up-to-date list until the next one (a reconnection re-fetches too). The lobby's
services ring the lists too when a waiting room's seats change, and when staff end a game
(`ring_users_on_commit`).

Its sends do not go through `live.push.send` (whose tests count every game push): a ring of
its own, `deliver`, after the game's pushes have left.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from guerra.game.models import Game
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

logger = logging.getLogger(__name__)

# The websocket path of a player's own socket (routing.py serves it).
PLAYER_PATH = "/ws/giocatore/"
# The channel-layer message type (the consumer's handler is `player_ring`).
RING_TYPE = "player.ring"
# What the page's live.js reads: its one part, on its one chain.
PART = "mine"


def player_group(user_id: int) -> str:
    return f"user-{user_id}"


def awaits_changed(before: GameState | None, after: GameState) -> bool:
    """Whether a step changes what the game awaits, or whom, or its deadline (a new decision
    opens a new one): the game started, ended, or moved on to another decision."""
    if before is None or before.finished != after.finished:
        return True
    return pending(before) != pending(after)


def ring_players_on_commit(game: Game, before: GameState | None, after: GameState, *,
                           always: bool = False) -> None:
    """Ring the list of every player at the game's table once the step commits, if the step
    changed what the game awaits (`awaits_changed`), or `always` (a step that changes who
    plays a seat: the computer or its player). The seats are the game's own, already read by
    the step (no query)."""
    if always or awaits_changed(before, after):
        ring_users_on_commit({seat.user_id for seat in game.table_seats()})


def ring_users_on_commit(users: Iterable[int]) -> None:
    """Ring these users' lists once the transaction commits: a waiting room's seats that
    change (the one who joins or leaves too), a game that staff end."""
    rung = sorted(set(users))
    transaction.on_commit(lambda: deliver(rung), robust=True)


def deliver(users: list[int]) -> None:
    """One doorbell to each user's group. A ring that fails is logged and never undoes the
    step (already committed): the page catches up at its next ring or reconnection."""
    try:
        layer = get_channel_layer()
        if layer is None or not users:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            async_to_sync(_send)(layer, users)
        else:  # sync code inside a loop's thread (a script, an async test): hand it over
            task = loop.create_task(_send(layer, users))
            _in_flight.add(task)
            task.add_done_callback(_in_flight.discard)
    except Exception:
        logger.exception("the players' lists of games were not rung")


_in_flight: set[asyncio.Task[None]] = set()


async def _send(layer: Any, users: list[int]) -> None:
    envelope = {"type": RING_TYPE, "parts": [PART]}
    for user in users:
        try:
            await layer.group_send(player_group(user), envelope)
        except Exception:
            logger.exception("the list of games of user %s was not rung", user)
