"""Pushes leave in the order they were made, whatever the channel layer's delays: a page must hear
a frame before its doorbell and an event before the next (on Redis, two sends at once may arrive
in either order; CI's run against Redis saw it)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from guerra.game.live import push as live


class SlowFirstLayer:
    """A channel layer whose earlier sends take longer: sent at once, they would arrive reversed."""

    def __init__(self, count: int) -> None:
        self.delays = [0.002 * (count - n) for n in range(count)]
        self.started = 0
        self.arrived: list[str] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        delay = self.delays[self.started]
        self.started += 1
        await asyncio.sleep(delay)
        self.arrived.append(group)


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch) -> SlowFirstLayer:
    made = SlowFirstLayer(6)
    monkeypatch.setattr(live, "get_channel_layer", lambda: made)
    return made


def test_pushes_sent_together_from_a_request_arrive_in_order(layer: SlowFirstLayer) -> None:
    groups = [f"game-1.g{n}" for n in range(6)]
    live.send_all([(group, {"type": "push", "n": n}) for n, group in enumerate(groups)])
    assert layer.arrived == groups


async def test_pushes_handed_to_a_running_loop_arrive_in_order(layer: SlowFirstLayer) -> None:
    groups = [f"game-1.g{n}" for n in range(6)]
    for n, group in enumerate(groups):
        assert live.send(group, {"type": "push", "n": n})
    await asyncio.gather(*live._in_flight)
    assert layer.arrived == groups
