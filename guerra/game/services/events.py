from __future__ import annotations

from typing import Any

from django.db.models import F

from ..models import Game, GameEvent, Seat, Visibility


def log_event(
    game: Game,
    kind: str,
    payload: dict[str, Any] | None = None,
    *,
    visibility: str = Visibility.ALL,
    side: int | None = None,
    seat: Seat | None = None,
    actor: Seat | None = None,
) -> GameEvent:
    """Append to the game's log with the next sequence number.

    The conditional update takes the game row's write lock, so concurrent transactions of one
    game get their numbers one after the other and never the same one.
    """
    Game.objects.filter(pk=game.pk).update(last_event_seq=F("last_event_seq") + 1)
    seq = Game.objects.values_list("last_event_seq", flat=True).get(pk=game.pk)
    game.last_event_seq = seq
    return GameEvent.objects.create(
        game=game,
        seq=seq,
        kind=kind,
        visibility=visibility,
        war=game.current_war,
        side=side,
        seat=seat,
        actor=actor,
        payload=payload or {},
    )
