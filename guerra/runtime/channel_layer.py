"""The in-memory channel layer of a single server process (the default without Redis).

Channels' own walks every message queued and every member of every group, to drop what has
expired, at every receive and every group send: once for each socket a push reaches, each walk
as long as the sockets are many, so their cost grows with the square of the tables (a share of
the server's time at 25 tables is in bench/README.md). This one walks at most once a second: a
message (kept 60 seconds) or a group member (a day) that has expired may linger up to a second
longer. It overrides a private method of Channels' layer (`_clean_expired`, channels==4.3.2 is
pinned); GUERRA_FAST_CHANNEL_LAYER=0 uses Channels' own layer (guerra/settings.py).
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):  # type: ignore[misc]
    clean_every = 1.0
    _cleaned_at = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < self.clean_every:
            return
        self._cleaned_at = now
        super()._clean_expired()
