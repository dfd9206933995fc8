"""The answers each combat system names for a computer player to weigh
(`Procedure.bot_answers`) are legal wherever they are asked for, and cover what a random draw
seldom gives (every unit, none, a plan that can win)."""

from __future__ import annotations

import pytest

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Refused, get_procedure
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.robot import Robot
from guerra.rules.piano.battle import default_plan
from guerra.rules.piano.data import PianoData
from guerra.rules.piano.inputs import DEADLY
from guerra.rules.piano.players import strong_plans
from guerra.rules.seed004.inputs import AllyAnswer
from tests.rules.bots.helpers import COMBAT_SYSTEMS, POWERS, short


@pytest.mark.parametrize("name", COMBAT_SYSTEMS)
def test_every_answer_named_for_a_bot_is_accepted_where_it_is_asked(name: str) -> None:
    procedure = get_procedure(name)
    asked = 0
    for seed in (1, 2):
        dice = RandomDice(seed)
        started = start_game(short(name), POWERS, dice)
        assert not isinstance(started, Refused)
        state, robot = started.state, Robot(seed)
        while not state.finished:
            waiting = pending(state)
            if waiting.kind == "attack":
                assert state.attack is not None
                for power in waiting.powers:
                    for answer in procedure.bot_answers(state.attack.state, power):
                        tried = procedure.advance(state.attack.state, answer, RandomDice(0))
                        assert not isinstance(tried, Refused), (answer, tried.reason)
                        asked += 1
            outcome = advance(state, robot.choose(state), dice)
            if not isinstance(outcome, Refused):
                state = outcome.state
    assert asked > 0


def test_seed004_names_every_unit_and_none_for_an_invited_ally() -> None:
    from tests.rules.bots.test_view import invited_both_sides

    state = invited_both_sides()
    assert state.attack is not None
    answers = get_procedure("seed004").bot_answers(state.attack.state, "Spagna")
    step = state.attack.state.step
    assert AllyAnswer("Spagna", step, 2, 0) in answers
    assert AllyAnswer("Spagna", step, 0, 0) in answers


def test_piano_plans_first_what_a_weakness_wins_outright() -> None:
    army = PianoData().army  # 4/2/2/4: weak in Astuzia and Rapidità
    plans = strong_plans(army, army, 2, deadly_allowed=True)
    first = plans[0]
    assert all(step.characteristic == "astuzia" for step in first)
    assert sum(step.action == DEADLY for step in first) == 2
    assert first != default_plan(army, army)

