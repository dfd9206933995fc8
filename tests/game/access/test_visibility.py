"""Who may see a game, checked without writing anything: a passed deadline is applied by the
views' middleware (guerra/game/views/deadlines.py) before the game is read, never by the check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from guerra.game.access.visibility import visible_game
from guerra.game.models import Game
from tests.game.play_helpers import seat_of


def request_of(user):
    request = RequestFactory().get("/")
    request.user = user
    request.session = SessionStore()
    return request


def past_deadline(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_the_visibility_check_reads_a_game_whose_deadline_passed_and_changes_nothing(
        running_game):
    past_deadline(running_game)
    francia = seat_of(running_game, "Francia")
    game, seat = visible_game(request_of(francia.user), running_game.pk)
    assert seat == francia and game.step == running_game.step
    running_game.refresh_from_db()
    assert running_game.deadline is not None and running_game.deadline < timezone.now()


def test_a_game_page_request_applies_the_passed_deadline_before_the_check(running_game):
    past_deadline(running_game)
    client = Client()
    client.force_login(seat_of(running_game, "Francia").user)
    assert client.get(reverse("game_board", args=[running_game.pk])).status_code == 200
    running_game.refresh_from_db()
    assert running_game.deadline is not None and running_game.deadline > timezone.now()


def test_a_running_game_is_hidden_from_an_outsider(running_game):
    with pytest.raises(Http404):
        visible_game(request_of(AnonymousUser()), running_game.pk)
