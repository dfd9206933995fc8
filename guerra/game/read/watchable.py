"""The games the lobby offers to watch: public games under way, newest first, without the
viewer's own (its list of games has them)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from guerra.game.models import Game, GameStatus

# How many the lobby lists: a short list, newest first.
SHOWN = 10


def games_to_watch(user: AbstractBaseUser | AnonymousUser, shown: int = SHOWN) -> list[Game]:
    games = (
        Game.objects.filter(status=GameStatus.RUNNING, is_private=False)
        .select_related("scenario")
        .only("name", "current_war", "wars", "started_at", "scenario__name")
        .order_by("-started_at", "-pk")
    )
    if user.pk:
        games = games.filter(~Q(seats__user=user.pk))
    return list(games[:shown])
