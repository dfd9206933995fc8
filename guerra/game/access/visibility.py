"""Who may see which game. A game a user may not see answers 404, as if it did not exist."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404, HttpRequest

from guerra.game.models import Game, GameStatus, Seat
from guerra.runtime.prepared import Prepared

INVITES_SESSION_KEY = "guerra_invites"


def remember_invite(request: HttpRequest, game: Game) -> None:
    invites = set(request.session.get(INVITES_SESSION_KEY, []))
    invites.add(game.pk)
    request.session[INVITES_SESSION_KEY] = sorted(invites)


def may_visit(game: Game, invited: Iterable[int]) -> bool:
    """Anyone not at the table may look at a waiting room that is public, or private with its
    invitation link followed (`invited`: the games of the session's links); the pages ask
    visitors to log in first, the websocket refuses them without."""
    if game.status != GameStatus.LOBBY:
        return False
    return not game.is_private or game.pk in invited


def may_watch(game: Game) -> bool:
    """A public game that has started (running or finished) may be watched by any logged-in
    user without a seat: its public side only, as `audience.spectator_for` says. A private
    game stays its table's."""
    return game.status != GameStatus.LOBBY and not game.is_private


def watching(game: Game, seat: Seat | None, user: User | AnonymousUser) -> bool:
    """Whether the user only watches this game (a spectator: no seat, not staff): every input
    refuses them (access.table.watching_refusal)."""
    return seat is None and user.is_authenticated and not user.is_staff and may_watch(game)


def invited_games(session: Any) -> list[int]:
    """The games whose invitation link this session followed (none without a session)."""
    return list(session.get(INVITES_SESSION_KEY, [])) if session is not None else []


def can_see(request: HttpRequest, game: Game, seat: Seat | None) -> bool:
    user = request.user
    if seat is not None or user.is_staff:
        return True
    if user.is_authenticated and may_watch(game):
        return True
    return may_visit(game, invited_games(request.session))


# Without its rules state (the largest column): `load_state` reads it when not cached.
_GAME = Prepared(
    lambda pk: Game.objects.select_related("scenario", "created_by").defer("rules").filter(pk=pk),
    int,
)


def game_by_id(game_id: int) -> Game | None:
    """The game without its rules state, with its scenario and creator (pages, sockets)."""
    return _GAME.first(game_id)


def seat_of(game: Game, user: User | AnonymousUser) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in game.table_seats() if s.user_id == user.pk), None)


def visible_game(request: HttpRequest, game_id: int) -> tuple[Game, Seat | None]:
    """The game for a page and the user's seat in it, or 404. Its passed deadline has been
    applied before (guerra.game.views.deadlines): this only reads."""
    game = game_by_id(game_id)
    if game is None:
        raise Http404
    seat = seat_of(game, request.user)
    if not can_see(request, game, seat):
        raise Http404
    return game, seat
