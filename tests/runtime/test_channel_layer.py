"""The in-memory channel layer (guerra/runtime/channel_layer.py) drops expired members and
messages as Channels' own does, but walks for them at most once a period instead of at every
send."""

from __future__ import annotations

import time

from guerra.runtime.channel_layer import InMemoryChannelLayer


async def test_an_expired_group_member_lingers_at_most_one_period():
    layer = InMemoryChannelLayer(group_expiry=60)
    layer.clean_every = 3600.0
    channel = "specific.inmemory!prova"
    await layer.group_add("partita", channel)
    await layer.group_send("partita", {"type": "uno"})  # the first send walks: all fresh
    layer.groups["partita"][channel] = time.time() - 120  # as if joined two minutes ago
    await layer.group_send("partita", {"type": "due"})  # within the period: no walk
    layer._cleaned_at -= layer.clean_every  # the period is over
    await layer.group_send("partita", {"type": "tre"})  # walks: the member has expired
    assert [(await layer.receive(channel))["type"] for _ in range(2)] == ["uno", "due"]
    assert channel not in layer.channels  # nothing else was queued for it
    assert channel not in layer.groups.get("partita", {})
