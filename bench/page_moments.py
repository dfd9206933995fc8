"""The moments of a whole game that `page_bench.py` times besides its own game's: an auction
call and the action that ends a war, each posted again and again from the same state.

A seven-player game of the load bench (`load_tables.create_tables`) is played on in memory by
the rules' seeded random player until each moment comes: the state just before it, and the
input that makes it, are kept. Before each timed run the game's state is set back to that state
(one step later, as `edit_state` does) and the input posted as its page's form posts it, by its
power's player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client

from bench.load_tables import TableSetup, create_tables, request_for, store
from guerra.game.models import Game, Seat, WarScore
from guerra.game.models.state import load_state
from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game import inputs as game_inputs
from guerra.rules.game.machine import advance
from guerra.rules.game.robot import Robot
from guerra.rules.game.state import GameState
from tests.game.play_helpers import edit_state

Moment = Callable[[GameState, object, GameState], bool]


def an_auction_call(before: GameState, choice: object, after: GameState) -> bool:
    """A player passes on a standing proposal, and the call goes on to the next."""
    return isinstance(choice, game_inputs.CallPass) and after.phase == "auction"


def a_war_s_end(before: GameState, choice: object, after: GameState) -> bool:
    """The last action of a war's last round (not an attack's box: its attack row would be
    missing): income, scoring and the next war's auction follow at once."""
    return after.war > before.war and not before.attack_under_way


@dataclass
class Replay:
    """A moment of a table's game, ready to post again and again."""

    table: TableSetup
    before: GameState
    choice: Any
    clients: dict[str, Client]

    def prepare(self, run: int) -> None:
        game = Game.objects.get(pk=self.table.game_id)
        # A war's score sheet is written once, as it ends: the run before wrote this one's.
        WarScore.objects.filter(game=game, war__gte=self.before.war).delete()
        edit_state(game, lambda state: dataclasses.replace(self.before, step=state.step))
        load_state(Game.objects.get(pk=self.table.game_id))  # kept, as its writer keeps it

    def post(self, run: int) -> None:
        game = Game.objects.get(pk=self.table.game_id)
        state = load_state(game)
        choice = dataclasses.replace(self.choice, step=state.step)
        _kind, path, data = request_for(choice, state, self.table)
        response = self.clients[choice.power].post(f"/partite/{game.pk}/{path}", data,
                                                   HTTP_HX_REQUEST="true")
        if response.status_code != 200:
            raise RuntimeError(f"{path}: HTTP {response.status_code}")


def replays(*moments: Moment, seed: int = 1700) -> list[Replay]:
    """A new table for each moment, its game played on in memory until the moment comes."""
    found = []
    for number, moment in enumerate(moments):
        (table,) = create_tables(1, seed=seed, run_on=0, first=900 + number)
        game = Game.objects.get(pk=table.game_id)
        before = state = load_state(game)
        dice, robot = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll), Robot(seed)
        while True:
            choice = robot.choose(state)
            outcome = advance(state, choice, dice)
            if not isinstance(outcome, Accepted):
                continue
            if outcome.state.finished:
                raise RuntimeError("the game ended before the moment came")
            if moment(state, choice, outcome.state):
                break
            state = outcome.state
        store(game, before, state, dice.next_roll)
        clients = {}
        for seat in Seat.objects.filter(game_id=game.pk).select_related("user"):
            client = clients[seat.power] = Client()
            client.force_login(seat.user)
        found.append(Replay(table, state, choice, clients))
    return found
