"""G28-G29: the action rounds, turn by turn; every expected value is worked out by hand from
game-rules.md."""

from __future__ import annotations

import dataclasses

from guerra.rules.game.events import RoundBegan, TurnBegan
from guerra.rules.game.inputs import Pass
from guerra.rules.game.rounds import begin_rounds
from guerra.rules.game.state import TurnState
from tests.rules.game.helpers import in_rounds, of_type, play, steps
from tests.rules.game.scenarios import FR, GB, PR, tiny


def test_G28_a_round_is_told_once_at_its_first_turn() -> None:
    # tiny(): three powers, so six rounds (G28); slots Francia, Prussia, Gran Bretagna.
    state = dataclasses.replace(in_rounds(), war=2, round=0, turn=None)
    started, events = begin_rounds(state)
    assert events == (RoundBegan(2, 1, 6), TurnBegan(FR, 1))
    assert started.turn == TurnState(FR) and started.round == 1
    second = play(started, Pass(FR, started.step))
    after = play(second.state, Pass(FR, second.state.step))  # Francia's turn is over
    assert of_type(after.events, RoundBegan) == []  # Prussia's turn: the same round
    assert of_type(after.events, TurnBegan) == [TurnBegan(PR, 1)]


def test_G28_the_next_round_begins_after_the_last_slots_turn() -> None:
    state = in_rounds(scenario=tiny(rounds=4))
    state = steps(state, Pass(FR, 0), Pass(FR, 0), Pass(PR, 0), Pass(PR, 0), Pass(GB, 0))
    last = play(state, Pass(GB, state.step))
    assert of_type(last.events, RoundBegan) == [RoundBegan(1, 2, 4)]
    assert of_type(last.events, TurnBegan) == [TurnBegan(FR, 2)]
