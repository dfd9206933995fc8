"""Pushes sent from a thread with no event loop (the deadline timer, the computer players'
driver) reach a socket waiting on the serving loop at once: asyncio's queues are not
thread-safe, and a send made on a loop of the thread's own woke the socket only at the serving
loop's next wake-up, or never (guerra/runtime/loops.py). CI's browser run once waited 15 s for a
computer player's move that way."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from channels.layers import InMemoryChannelLayer as ChannelsLayer

from guerra.game.live import push as live
from guerra.runtime import loops
from guerra.runtime.channel_layer import InMemoryChannelLayer as OurLayer

WATCHDOG = 2.0  # seconds: the serving loop's only other wake-up


async def heard_before_the_watchdog(layer: object, *, serving: bool) -> bool:
    """A socket's receive waits on this loop, which has nothing else to do until the watchdog;
    another thread pushes to the socket's group. True when the socket heard it first."""
    channel = await layer.new_channel()
    await layer.group_add("game-1.all", channel)
    if serving:
        loops.serving_here()
    woken = asyncio.Event()
    asyncio.get_running_loop().call_later(WATCHDOG, woken.set)
    receiving = asyncio.ensure_future(layer.receive(channel))

    def timer_thread() -> None:
        time.sleep(0.3)  # the serving loop is asleep by now, its receive waiting
        live.send_all([("game-1.all", {"n": 1})])

    thread = threading.Thread(target=timer_thread)
    thread.start()
    await asyncio.wait([receiving], timeout=WATCHDOG + 5)
    heard = receiving.done() and not woken.is_set()
    await asyncio.to_thread(thread.join)  # (its send may still be finishing on this loop)
    assert receiving.done() and receiving.result()["push"] == {"n": 1}
    return heard


@pytest.mark.parametrize("layer_class", [OurLayer, ChannelsLayer], ids=["ours", "channels"])
def test_a_push_from_a_thread_is_heard_at_once_on_the_serving_loop(monkeypatch, layer_class):
    layer = layer_class()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(loops, "_serving", [])
    assert asyncio.run(heard_before_the_watchdog(layer, serving=True))


def test_without_the_serving_loop_the_push_waits_for_its_next_wake_up(monkeypatch):
    """What the fix is for: the same push sent on the thread's own loop is heard only when the
    serving loop wakes for something else (here its watchdog)."""
    layer = OurLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(loops, "_serving", [])
    assert not asyncio.run(heard_before_the_watchdog(layer, serving=False))


def test_no_serving_loop_once_it_has_stopped(monkeypatch):
    monkeypatch.setattr(loops, "_serving", [])
    assert loops.serving() is None

    async def serve() -> None:
        loops.serving_here()
        assert loops.serving() is asyncio.get_running_loop()

    asyncio.run(serve())
    assert loops.serving() is None
