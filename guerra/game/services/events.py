from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import F

from .. import live
from ..audience import chain_filter
from ..models import Attack, Game, GameEvent, Seat, Visibility


def log_event(
    game: Game,
    kind: str,
    payload: dict[str, Any] | None = None,
    *,
    visibility: str = Visibility.ALL,
    side: int | None = None,
    seat: Seat | None = None,
    actor: Seat | None = None,
    attack: Attack | None = None,
) -> GameEvent:
    """Append to the game's log with the next sequence number, and the next number of the
    event's audience chain.

    The conditional update takes the game row's write lock, so concurrent transactions of one
    game get their numbers one after the other and never the same one; the last number of the
    same audience chain is read under that lock too. The push to the event's audience leaves
    when the transaction commits.
    """
    seq = _next_seq(game)
    game.last_event_seq = seq
    seat_id = seat.pk if seat is not None else None
    last_in_chain = (
        GameEvent.objects.filter(game=game)
        .filter(chain_filter(visibility, game.current_war, side, seat_id))
        .order_by("-seq")
        .values_list("chain_seq", flat=True)
        .first()
    )
    event = GameEvent.objects.create(
        game=game,
        seq=seq,
        kind=kind,
        visibility=visibility,
        war=game.current_war,
        side=side,
        seat=seat,
        actor=actor,
        attack=attack,
        payload=payload or {},
        chain_seq=(last_in_chain or 0) + 1,
    )
    live.push_on_commit(event)
    return event


def _next_seq(game: Game) -> int:
    """The game's next event number, counted in its row: one statement where UPDATE can return
    the new value (PostgreSQL, and SQLite from 3.35, the version that brought RETURNING to its
    INSERT and UPDATE alike); elsewhere it is read back, under the same write lock."""
    table = connection.ops.quote_name(Game._meta.db_table)
    column = connection.ops.quote_name("last_event_seq")
    if connection.vendor in ("postgresql", "sqlite") and (
        connection.features.can_return_columns_from_insert
    ):
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {column} = {column} + 1 WHERE id = %s "
                           f"RETURNING {column}", [game.pk])
            row = cursor.fetchone()
        if row is None:
            raise Game.DoesNotExist
        return int(row[0])
    Game.objects.filter(pk=game.pk).update(last_event_seq=F("last_event_seq") + 1)
    return Game.objects.values_list("last_event_seq", flat=True).get(pk=game.pk)
