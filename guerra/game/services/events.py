from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import F

from guerra.game.access.audience import event_chain, last_in_chains
from guerra.game.live import push as live
from guerra.game.models import Attack, Game, GameEvent, Seat, Visibility
from guerra.runtime import prepared


class EventBatch:
    """The events of one change, logged together when `write` is called: whatever their
    number, one statement takes their numbers, one reads the last number of each audience
    chain they are on, one inserts them. They are numbered in the order they were added, as
    one `log_event` after another would number them, and pushed when the transaction
    commits."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[GameEvent] = []

    def add(
        self,
        kind: str,
        payload: dict[str, Any] | None = None,
        *,
        visibility: str = Visibility.ALL,
        side: int | None = None,
        seat: Seat | None = None,
        actor: Seat | None = None,
        attack: Attack | None = None,
    ) -> GameEvent:
        event = GameEvent(game=self.game, kind=kind, visibility=visibility,
                          war=self.game.current_war, side=side, seat=seat, actor=actor,
                          attack=attack, payload=payload or {})
        self.events.append(event)
        return event

    def write(self) -> list[GameEvent]:
        events, self.events = self.events, []
        if not events:
            return events
        game = self.game
        last = _next_seq(game, len(events))
        game.last_event_seq = last
        numbers = last_in_chains(game.pk, dict.fromkeys(map(event_chain, events)))
        for seq, event in enumerate(events, start=last - len(events) + 1):
            chain = event_chain(event)
            numbers[chain] += 1
            event.seq, event.chain_seq = seq, numbers[chain]
        prepared.insert(events)
        live.push_batch_on_commit(events)
        return events


def log_event(game: Game, kind: str, payload: dict[str, Any] | None = None,
              **audience: Any) -> GameEvent:
    """Append to the game's log with the next sequence number, and the next number of the
    event's audience chain.

    The conditional update takes the game row's write lock, so concurrent transactions of one
    game get their numbers one after the other and never the same one; the last number of the
    same audience chain is read under that lock too. The push to the event's audience leaves
    when the transaction commits. `audience`: the keywords of `EventBatch.add` (visibility,
    side, seat, actor, attack).
    """
    batch = EventBatch(game)
    batch.add(kind, payload, **audience)
    return batch.write()[0]


def _next_seq(game: Game, count: int = 1) -> int:
    """Take `count` event numbers of the game, counted in its row; returns the last. One
    statement where UPDATE can return the new value (PostgreSQL, and SQLite from 3.35, the
    version that brought RETURNING to its INSERT and UPDATE alike); elsewhere it is read back,
    under the same write lock."""
    table = connection.ops.quote_name(Game._meta.db_table)
    column = connection.ops.quote_name("last_event_seq")
    if connection.vendor in ("postgresql", "sqlite") and (
        connection.features.can_return_columns_from_insert
    ):
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {column} = {column} + %s WHERE id = %s "
                           f"RETURNING {column}", [count, game.pk])
            row = cursor.fetchone()
        if row is None:
            raise Game.DoesNotExist
        return int(row[0])
    Game.objects.filter(pk=game.pk).update(last_event_seq=F("last_event_seq") + count)
    return Game.objects.values_list("last_event_seq", flat=True).get(pk=game.pk)
