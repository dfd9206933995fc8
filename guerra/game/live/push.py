"""Live updates: pushes are doorbells, the database is the truth; each seat's page is also sent
the parts a change touched, already rendered (`framer`), and fetches only what they lack.

A push names the page parts to re-fetch and carries the event's number within its audience
chain (`seq`) together with `prev`, the number before it, so a client notices a lost message
and re-fetches everything it shows. The numbers count the chain's own events only: a reader
learns nothing of how many events the chains it may not hear had. Pushes go only to the
event's audience group and only after the transaction that logged the event commits.

To make a page part live: give its element `hx-get` (a view rendering the same partial) and
`hx-trigger="live:<part> from:body, live:all from:body"`, then map the event kinds that change
it to the part name in PARTS_BY_KIND (or let the default cover it).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from guerra.game.access.audience import ALL, LAST_SEQ, Viewer, chain_of, event_chain, last_in_chains
from guerra.game.models import Game, GameEvent, Visibility
from guerra.runtime.loops import serving

logger = logging.getLogger(__name__)

# The channel-layer message type; the consumer's handler is `live_push`.
PUSH_TYPE = "live.push"
# How long a thread waits for its pushes to be handed to the sockets' loop (a busy loop).
SEND_WAIT = 10.0  # seconds

DEFAULT_PARTS = ["board", "log"]
# "page": the whole page must be reloaded (the game started or ended: another page).
PARTS_BY_KIND: dict[str, list[str]] = {
    "game_created": ["log"],
    "seat_taken": ["seats", "log"],
    "seat_left": ["seats", "log"],
    "bot_seated": ["seats", "log"],
    "seat_to_bot": ["seats", "board", "log"],
    "seat_from_bot": ["seats", "board", "log"],
    "game_started": ["page"],
    "game_ended": ["page"],
    "game_step": ["board", "turn", "log"],
    "staff_corrected": ["board", "turn", "log"],
    "attack_step": [],  # computed in parts_for: the part names the attack
    "ally_invited": ["invitations", "log"],
    "chat_alliance": [],  # computed in parts_for: the part names the side
    "chat_private": [],  # computed in parts_for: the part names the other player
}
# Kinds that are conversation, not game history: the event log leaves them out.
CHAT_KINDS = ("chat_alliance", "chat_private")


def game_group(game_id: int) -> str:
    return group_name(game_id, ALL)


def alliance_group(game_id: int, war: int, side: int) -> str:
    return group_name(game_id, chain_of(Visibility.ALLIANCE, war, side, None))


def power_group(game_id: int, seat_id: int) -> str:
    return group_name(game_id, chain_of(Visibility.POWER, 0, None, seat_id))


def ws_path(game_id: int) -> str:
    """The game's websocket (routing.py serves it)."""
    return f"/ws/partite/{game_id}/"


def group_name(game_id: int, chain: str) -> str:
    """One group per audience chain (ASCII, well under the layer's 100-character limit)."""
    return f"game-{game_id}.{chain}"


def parts_for(event: GameEvent) -> list[str]:
    """The page parts an event changes, by kind; anything unknown refreshes board and log."""
    if event.kind == "attack_step":
        parts = ["log", "turn", "invitations", f"attack-{event.payload['attack']}"]
        if event.payload.get("made") == "timeout":
            parts.append("seats")  # a deadline missed, as below
        return ["board", *parts] if _changes_the_board(event.payload) else parts
    if event.kind == "chat_alliance":
        return [f"chat-alliance-{event.side}"]
    if event.kind == "chat_private":
        # One event per participant, each on its own power chain: this one's reader talks
        # with payload["with"]. The addressee's also rings "chat-notice-<sender>": a notice
        # of the message on whatever page of the game they are (static/js/notice.js).
        other = event.payload["with"]
        parts = [f"chat-private-{other}", "chat-contacts"]
        if event.actor_id is not None and event.actor_id != event.seat_id:
            parts.append(f"chat-notice-{other}")
        return parts
    if event.kind == "game_step" and event.payload.get("made") == "timeout":
        # A deadline missed: a seat may now be one to hand to the computer (seat tools).
        return [*PARTS_BY_KIND["game_step"], "seats"]
    return list(PARTS_BY_KIND.get(event.kind, DEFAULT_PARTS))


# What an attack's step can change on the board (units, markers, purses, and the attack's end,
# which frees its region); a step of decisions only (the allies' answers, the sea, the tiles,
# the dice before their losses) leaves the board as it was.
BOARD_EVENT_TYPES = frozenset({
    "unit_lost", "control_placed", "control_removed", "neutral_removed", "gold", "vp",
    "attack_ended", "units_moved",
})


def _changes_the_board(payload: dict[str, Any]) -> bool:
    if payload.get("made") == "declare":  # the 2 gold paid, the region taken up (D3, D5)
        return True
    return any(isinstance(e, dict) and e.get("type") in BOARD_EVENT_TYPES
               for e in payload.get("events", ()))


def push_message(event: GameEvent) -> dict[str, Any]:
    """`stage` tells a page that the groups it hears have changed (see `stage_of`). `step` is
    the game's step once the event's change is made: every change of the game's state moves
    the step on, so a part that shows this step or a later one (its `data-step`, e.g. the
    panel a player's own decision answered with) has nothing to re-fetch."""
    return {
        "type": "push",
        "channel": event.visibility,
        "chain": event_chain(event),
        "seq": event.chain_seq,
        "prev": event.chain_seq - 1,
        "parts": parts_for(event),
        "stage": stage_of(event.game),
        "step": event.game.step,
    }


# A doorbell for no event: a part to re-fetch that no event of the log changes (the number of
# people watching the game, "watchers"). It carries no chain number, so a page counts nothing
# lost by it (static/js/live.js fetches the part, "type": "ring").
RING_TYPE = "ring"


def ring_part_on_commit(game_id: int, part: str) -> None:
    """Once the transaction commits (at once outside one), ring `part` to every page of the
    game that hears its public chain."""
    message = {"type": RING_TYPE, "parts": [part]}
    transaction.on_commit(lambda: send_all([(game_group(game_id), message)]), robust=True)


# What each seat's page is sent with the doorbells of a change: batches of (seat id, frame) pairs,
# the parts the change touched rendered for that seat, each batch to be sent as soon as it is made.
# The read side renders them (guerra/game/read/fragments.py, set here when the app starts: this
# layer lies below it); None sends doorbells only.
Framer = Callable[[int, Sequence[GameEvent]], Iterable[list[tuple[int, dict[str, Any]]]]]
framer: Framer | None = None


def push_batch_on_commit(events: Sequence[GameEvent]) -> None:
    """Once the events' transaction commits (they were logged together, so a rollback takes
    them all), send each seat its frame, then each event's doorbell to its audience group."""
    if not events:
        return
    game_id = events[0].game_id
    doorbells = [(group_name(e.game_id, event_chain(e)), push_message(e)) for e in events]
    transaction.on_commit(lambda: ring(game_id, list(events), doorbells), robust=True)


def ring(game_id: int, events: list[GameEvent],
         doorbells: list[tuple[str, dict[str, Any]]]) -> None:
    """The frames first, so that a page has the parts when their doorbell rings (and fetches
    nothing): the first batch (the decisions) as soon as it is made, the others with the
    doorbells. A frame that cannot be made never holds the doorbells back (its page fetches)."""
    held: list[tuple[str, dict[str, Any]]] = []
    if framer is not None and settings.GUERRA_PUSHED_PARTS:
        try:
            for number, batch in enumerate(framer(game_id, events)):
                pushes = [(power_group(game_id, seat_id), frame)
                          for seat_id, frame in shorten(game_id, batch)]
                if number == 0:
                    send_all(pushes)
                else:
                    held += pushes
        except Exception:
            logger.exception("the pushed parts of game %s could not be rendered", game_id)
    send_all([*held, *doorbells])


# What each seat was last sent of each part: the hash of its text, in the shared cache (so that
# several processes agree), by part id; a seat's socket that connects, or a page that finds a
# part without its text of a hash it does not hold, forgets it all (`forget_sent`).
SENT_KEPT_FOR = 6 * 3600  # seconds; after it, a part goes with its text again


def sent_key(game_id: int, seat_id: int) -> str:
    return f"guerra-sent-{game_id}-{seat_id}"


def forget_sent(game_id: int, seat_id: int) -> None:
    cache.delete(sent_key(game_id, seat_id))


def shorten(game_id: int, batch: list[tuple[int, dict[str, Any]]]
            ) -> list[tuple[int, dict[str, Any]]]:
    """The batch's frames with the text left out of every part the seat was sent last with the
    same text: a page that holds it (frames.js knows it by its hash) only moves the part's step
    on, and most changes leave the board and its cards as they were. A page that does not hold
    it (it fetched the part since, or was not open) fetches it, as without frames, and says so
    (consumers.py). The seat that acted is sent every text of the parts its answer may have
    replaced (a frame marked "acted": the decision-bearing ones)."""
    keys = {seat_id: sent_key(game_id, seat_id) for seat_id, _frame in batch}
    known = cache.get_many(list(keys.values()))
    changed = {}
    shortened = []
    for seat_id, frame in batch:
        sent = dict(known.get(keys[seat_id], {}))
        fragments = []
        for fragment in frame.get("fragments", ()):
            part = fragment["id"]
            if frame.get("acted"):
                sent.pop(part, None)
                fragments.append(fragment)
            elif sent.get(part) == fragment["text"]:
                fragments.append(_without(fragment, "html"))
            else:
                sent[part] = fragment["text"]
                fragments.append(fragment)
        if sent != known.get(keys[seat_id], {}):
            changed[keys[seat_id]] = sent
        shortened.append((seat_id, {**_without(frame, "acted"), "fragments": fragments}))
    if changed:
        cache.set_many(changed, timeout=SENT_KEPT_FOR)
    return shortened


def _without(message: dict[str, Any], name: str) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key != name}


def send_all(pushes: list[tuple[str, dict[str, Any]]]) -> None:
    """Send pushes at one go: one trip to an event loop for them all (from a request's thread
    each trip waits for the loop, or starts one of its own)."""
    if not pushes:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        try:
            _from_a_thread(lambda: _send_each(pushes))
        except Exception:  # (each send's own failure is logged by _sent)
            logger.exception("live pushes to %s failed", ", ".join(g for g, _m in pushes))
    else:
        for group, message in pushes:
            send(group, message)


def _from_a_thread(sending: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run a send from a thread with no event loop running: on the loop that serves the sockets
    when there is one (guerra/runtime/loops.py says why), else on a loop of its own (a
    request's thread: the server's; a script's: a new one). A send's failure is raised here."""
    loop = serving()
    if loop is None:
        async_to_sync(sending)()
    else:
        asyncio.run_coroutine_threadsafe(sending(), loop).result(timeout=SEND_WAIT)


async def _send_each(pushes: list[tuple[str, dict[str, Any]]]) -> None:
    before = set(_in_flight)
    for group, message in pushes:
        send(group, message)  # on this loop: a task each
    await asyncio.gather(*(_in_flight - before), return_exceptions=True)


def send(group: str, message: dict[str, Any]) -> bool:
    """Send one push. A push that fails must never undo or break the action that caused it:
    the change is committed and clients catch up at their next push or reconnection."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return False
        envelope = {"type": PUSH_TYPE, "push": message}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            _from_a_thread(lambda: layer.group_send(group, envelope))
        else:
            # Sync code running inside an event loop's thread (a script or a test driving an
            # async library) cannot block on the loop: hand the send to it, after the sends
            # handed to it before (on Redis two sends at once may arrive in either order, and
            # a page must hear a frame before its doorbell, an event before the next).
            task = loop.create_task(_in_turn(_tails.get(loop), layer.group_send(group, envelope)))
            _tails[loop] = task
            _in_flight.add(task)
            task.add_done_callback(_sent)
    except Exception:
        logger.exception("live push to %s failed", group)
        return False
    return True


_in_flight: set[asyncio.Task[None]] = set()
# The last send handed to each loop.
_tails: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary())


async def _in_turn(previous: asyncio.Task[None] | None, sending: Awaitable[None]) -> None:
    if previous is not None:
        await asyncio.wait([previous])  # its failure is its own (logged by _sent)
    await sending


def _sent(task: asyncio.Task[None]) -> None:
    _in_flight.discard(task)
    if _tails.get(task.get_loop()) is task:
        del _tails[task.get_loop()]  # (a task holds its loop: kept, it would keep the loop)
    if not task.cancelled() and task.exception() is not None:
        logger.error("live push failed", exc_info=task.exception())


def chains_for(game: Game, viewer: Viewer, upto: int | None = None) -> dict[str, int]:
    """The last number of every chain the viewer follows (0 for a chain with no event yet).

    `upto` caps the answer for a page: pass the game's last_event_seq as loaded *before* the
    page read the board, so the page never claims an event newer than what it shows (a later
    event makes the hello differ, and the client re-fetches). Every event up to a committed
    last_event_seq is committed too: each took its number under the game row's write lock.
    """
    return last_in_chains(game.pk, viewer.chains(), LAST_SEQ if upto is None else upto)


# Phases of a war in which its alliances stand (G21): the alliance groups depend on them.
ALLIED_PHASES = frozenset({"rounds", "income", "scoring", "end_of_war"})


# The stage of a game still in its waiting room starts with this.
LOBBY_STAGE_PREFIX = "lobby-"


def stage_of(game: Game) -> str:
    """What the groups and the page depend on: "<status>-<war>-<allied|open>". A page whose
    status part differs reloads (the game started or ended: another page); one whose war or
    alliances differ reconnects its websocket to the new groups and re-fetches every part."""
    allied = "allied" if game.phase in ALLIED_PHASES else "open"
    return f"{game.status}-{game.current_war}-{allied}"


def hello_message(game: Game, viewer: Viewer) -> dict[str, Any]:
    return {"type": "hello", "chains": chains_for(game, viewer), "stage": stage_of(game)}
