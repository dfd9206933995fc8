"""What a server process keeps of a game's rules state: the latest state of each game, so that
neither the next input nor a page decodes it from the database again, and never an older
state in place of a later one."""

from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guerra.game import services
from guerra.game.models import Game
from guerra.game.models.state import keep_state, load_state
from tests.game.play_helpers import seat_of

pytestmark = pytest.mark.django_db(transaction=True)  # kept once the step commits


def row(game: Game) -> Game:
    return Game.objects.defer("rules").get(pk=game.pk)


def test_the_state_a_step_stored_is_read_again_without_the_database(running_game):
    before = load_state(row(running_game))
    services.action_pass(game_id=running_game.pk, user=seat_of(running_game, "Francia").user,
                         step=before.step)
    game = row(running_game)
    with CaptureQueriesContext(connection) as queries:
        state = load_state(game)
    assert state.step == before.step + 1 == game.step
    assert len(queries) == 0


def test_the_latest_state_of_a_game_stays_however_many_steps_the_others_play(running_game):
    """One entry a game: the steps other games play never push this game's state out."""
    game = row(running_game)
    first = load_state(game)
    for step in range(1, 200):  # three other games, two hundred steps each
        for other in (-1, -2, -3):
            keep_state((other, "altra"), replace(first, step=step))
    with CaptureQueriesContext(connection) as queries:
        assert load_state(game) is first
    assert len(queries) == 0


def test_an_older_state_never_replaces_a_later_one(running_game):
    stale = row(running_game)  # a page's row, read before the step below
    services.action_pass(game_id=running_game.pk, user=seat_of(running_game, "Francia").user,
                         step=stale.step)
    later = load_state(row(running_game))
    found = load_state(stale)  # the stale row's step is not kept: read from the database
    assert found.step == later.step  # a reader finds the step committed since
    assert load_state(row(running_game)) is later
    keep_state((running_game.pk, running_game.dice_seed_hash),
                   replace(later, step=later.step - 1))
    assert load_state(row(running_game)) is later
