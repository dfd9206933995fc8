"""A whole game of computer players, one bot per power (`bots.match`): every decision asked
of the bot of each awaited power, the fallback for a bot that fails, never a stall."""

from __future__ import annotations

from guerra.rules.bots.levels import NOVICE, Bot, make
from guerra.rules.bots.match import FREE_LIMIT, PowerRecord, play_match, play_on
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Pass, Tax
from guerra.rules.game.machine import pending, start_game
from guerra.rules.game.state import GameState
from tests.rules.bots.helpers import POWERS, europa

BRIEF = europa("seed004", wars=1, rounds=2)


def novices(seed: int = 0) -> dict[str, Bot]:
    return {power: make(NOVICE, seed + i) for i, power in enumerate(POWERS)}


def test_a_match_of_principianti_ends_with_the_standings_and_each_powers_times() -> None:
    result = play_match(BRIEF, POWERS, novices(), RandomDice(5))
    assert result.state.finished
    assert sorted(row.power for row in result.standings) == sorted(POWERS)
    assert result.winners() == tuple(r.power for r in result.standings if r.rank == 1)
    for power in POWERS:
        record = result.records[power]
        assert record.times and all(t >= 0 for t in record.times)
        assert record.raised == 0
        assert record.fallbacks == record.refused  # a Principiante's failure is a refusal
    assert result.inputs >= sum(len(r.times) for r in result.records.values()) - sum(
        r.raised for r in result.records.values())


def test_the_same_seeds_play_the_same_match() -> None:
    first = play_match(BRIEF, POWERS, novices(3), RandomDice(7))
    again = play_match(BRIEF, POWERS, novices(3), RandomDice(7))
    assert first.state == again.state


def test_a_match_stopped_at_a_moment_and_played_on_from_there_is_the_same_match() -> None:
    whole = play_match(BRIEF, POWERS, novices(3), RandomDice(7))
    bots, dice = novices(3), RandomDice(7)
    begun = start_game(BRIEF, POWERS, dice)
    assert isinstance(begun, Accepted)
    records = {power: PowerRecord() for power in POWERS}
    stopped = play_on(begun.state, bots, records, dice, until=lambda s: s.round == 2)
    assert stopped.state.round == 2 and stopped.state.phase == "rounds"
    assert not stopped.state.finished
    rest = play_on(stopped.state, bots, records, dice)
    assert rest.state == whole.state
    assert stopped.inputs + rest.inputs == whole.inputs


class Failing:
    """A bot that raises at every decision."""

    def choose(self, state: GameState, power: str) -> object:
        raise RuntimeError("no idea")


class Stale:
    """A bot whose every input names a step long gone: the machine refuses each."""

    def choose(self, state: GameState, power: str) -> object:
        return Pass(power, -1)


class Taxing:
    """A bot that only ever taxes (a free action in its own turn or call; refused at the
    setup and in an attack), never deciding anything."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, state: GameState, power: str) -> object:
        self.asked += 1
        return Tax(power, state.step, 2)


def test_a_bot_that_raises_is_answered_for_by_the_fallback() -> None:
    bots = novices()
    bots[POWERS[0]] = Failing()
    result = play_match(BRIEF, POWERS, bots, RandomDice(1))
    record = result.records[POWERS[0]]
    assert result.state.finished
    assert record.raised == record.fallbacks == len(record.times) > 0
    assert record.refused == 0


def test_a_bot_whose_inputs_are_refused_is_answered_for_by_the_fallback() -> None:
    bots = novices()
    bots[POWERS[1]] = Stale()
    result = play_match(BRIEF, POWERS, bots, RandomDice(2))
    record = result.records[POWERS[1]]
    assert result.state.finished
    assert record.refused == record.fallbacks == len(record.times) > 0


def test_a_bot_that_only_sends_free_actions_cannot_hold_the_game() -> None:
    taxing = Taxing()
    bots = novices()
    bots[POWERS[2]] = taxing
    result = play_match(BRIEF, POWERS, bots, RandomDice(3))
    record = result.records[POWERS[2]]
    assert result.state.finished
    assert record.fallbacks > 0
    # In its turns each decision took FREE_LIMIT accepted taxes, then the fallback.
    assert taxing.asked <= len(record.times)
    holder = result.state.power(POWERS[2])
    assert holder.unrest >= FREE_LIMIT  # the taxes were accepted, and paid in unrest
    assert pending(result.state).kind == "over"
