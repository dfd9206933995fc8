"""Who may see which game. A game a user may not see answers 404, as if it did not exist."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404, HttpRequest

from .models import Game, GameStatus, Seat

INVITES_SESSION_KEY = "guerra_invites"


def remember_invite(request: HttpRequest, game: Game) -> None:
    invites = set(request.session.get(INVITES_SESSION_KEY, []))
    invites.add(game.pk)
    request.session[INVITES_SESSION_KEY] = sorted(invites)


def can_see(request: HttpRequest, game: Game, seat: Seat | None) -> bool:
    user = request.user
    if seat is not None or user.is_staff:
        return True
    if game.status != GameStatus.LOBBY:
        return False
    return not game.is_private or game.pk in request.session.get(INVITES_SESSION_KEY, [])


def seat_of(game: Game, user: User | AnonymousUser) -> Seat | None:
    if not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def visible_game(request: HttpRequest, game_id: int) -> tuple[Game, Seat | None]:
    game = Game.objects.select_related("scenario", "created_by").filter(pk=game_id).first()
    if game is None:
        raise Http404
    seat = seat_of(game, request.user)
    if not can_see(request, game, seat):
        raise Http404
    return game, seat
