"""What leaves for the channel layer in a test, instead of going there: the doorbells (pushes of
type "push") in the list itself, the frames of rendered parts (guerra/game/read/fragments.py) in
its `frames`."""

from __future__ import annotations

from typing import Any

import pytest

from guerra.game.live import push as live

Message = tuple[str, dict[str, Any]]


class Sent(list[Message]):
    def __init__(self) -> None:
        super().__init__()
        self.frames: list[Message] = []
        self.kinds: list[str] = []  # the type of every message, in the order sent

    def record(self, group: str, message: dict[str, Any]) -> None:
        (self if message.get("type") == "push" else self.frames).append((group, message))
        self.kinds.append(str(message.get("type")))

    def clear(self) -> None:
        super().clear()
        self.frames.clear()
        self.kinds.clear()


@pytest.fixture
def pushes(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """Every doorbell that leaves, as (group, message); the frames in `pushes.frames`."""
    sent = Sent()
    monkeypatch.setattr(live, "send", sent.record)
    return sent
