"""Shared fixtures: users, and games from the quick-start scenario in each state."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from guerra.game import services
from guerra.game.models import Game, Scenario
from tests.game.play_helpers import finish_auction


@pytest.fixture
def make_user(db: None) -> Callable[..., User]:
    def make(name: str, *, staff: bool = False) -> User:
        return User.objects.create_user(name, password="pw-" + name, is_staff=staff)

    return make


QUICK_START = "Europa 1700 — partenza rapida"


@pytest.fixture
def scenario(db: None) -> Scenario:
    """The quick-start scenario (fixed starting positions, G14), loaded by migrate into the empty
    test database beside the default "Europa 1700": today's games start from fixed positions."""
    return Scenario.objects.get(name=QUICK_START)


@pytest.fixture
def lobby_game(make_user: Callable[..., User], scenario: Scenario) -> Game:
    anna = make_user("anna")
    return services.game_create(
        user=anna, scenario=scenario, name="Prova", is_private=False, power="Francia"
    )


@pytest.fixture
def running_game(make_user: Callable[..., User], lobby_game: Game) -> Game:
    """Francia (anna) and Prussia (carla) against Gran Bretagna (bruno), from the quick start's
    fixed positions: the auction of war 1 is played (Francia A against Gran Bretagna B, then
    Prussia to A, every bid 0), so the turn order is Francia, Gran Bretagna, Prussia and it is
    Francia's first action of round 1."""
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    services.game_join(game_id=lobby_game.pk, user=make_user("carla"), power="Prussia")
    game = services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    game.refresh_from_db()
    return game
