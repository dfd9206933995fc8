"""The Stratega's play-outs: from a sampled game (`determinize.sample`), one choice sent, then
every power played by an Esperto (each from what its power may know, `view.known_to`) up to a
horizon, and the position there weighed for the deciding power (`value.worth`).

A whole game is hundreds of decisions: a play-out stops at its horizon instead, after a
number of turns have changed hands (a turn ends, another power's begins; a phase ends) or a
number of decisions, whichever comes first; an attack under way is always played to its end
before it stops (its effects are what the choice is about). Everything is seeded: the same
seed gives the same play-out, so candidates compared on one seed meet the same dice and the
same rival choices as far as they play alike (common random numbers).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from guerra.rules.bots.expert import Expert
from guerra.rules.bots.value import final_worth, worth
from guerra.rules.bots.view import known_to
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Refused, get_procedure
from guerra.rules.game.inputs import FREE, Deadline, Pass
from guerra.rules.game.machine import advance, pending
from guerra.rules.game.state import GameState

FREE_LIMIT = 4  # free actions in a row a rollout's bot may send for one decision


@dataclass(frozen=True)
class Horizon:
    """Where a play-out stops: after `turns` changes of turn or phase, or `decisions`
    answers (an attack under way is finished first, up to `attack_decisions` more); with
    `to_end`, turns do not count: it plays on to the game's end (`decisions` at most)."""

    turns: int = 4
    decisions: int = 40
    attack_decisions: int = 60
    to_end: bool = False


def _turn_key(state: GameState) -> tuple[object, ...]:
    turn = state.turn
    return (state.war, state.phase, state.round, turn.power if turn is not None else None)


class TimeUp(Exception):
    """A play-out passed its deadline (`time.perf_counter`) before its horizon."""


def play(world: GameState, power: str, choice: object, seed: int, horizon: Horizon, *,
         deadline: float | None = None) -> float | None:
    """What `choice`, sent by `power` in the sampled game `world`, is worth to `power` at
    the horizon (None: the rules refuse it); `TimeUp` once `deadline` passes. A play-out
    `to_end` that ends the game is weighed by the standings."""
    dice = RandomDice(random.Random(seed))
    sent = advance(world, choice, dice)
    if isinstance(sent, Refused):
        return None
    state = sent.state
    bots = {name: Expert(seed * 8 + i) for i, name in enumerate(world.seating)}
    key = _turn_key(state)
    turns = decisions = 0
    while not state.finished:
        reached = decisions >= horizon.decisions or (not horizon.to_end
                                                     and turns >= horizon.turns)
        if reached and (not state.attack_under_way
                        or decisions >= horizon.decisions + horizon.attack_decisions):
            break
        awaited = pending(state).powers
        if not awaited:
            break
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeUp
        for who in awaited:
            if who in pending(state).powers:
                state = _answer(state, who, bots[who], dice)
                decisions += 1
        now = _turn_key(state)
        if now != key:
            turns += 1
            key = now
    if horizon.to_end and state.finished:
        return final_worth(state, power)
    return worth(state, power)


def _answer(state: GameState, power: str, bot: Expert, dice: RandomDice) -> GameState:
    """One decision of `power` in a play-out: its bot's free actions, then its decision; the
    decision's default if the bot fails or the rules refuse it."""
    for _attempt in range(FREE_LIMIT + 1):
        try:
            choice = bot.choose(known_to(state, power), power)
        except Exception:  # a play-out goes on whatever one bot does
            break
        outcome = advance(state, choice, dice)
        if isinstance(outcome, Refused):
            break
        state = outcome.state
        if not isinstance(choice, FREE):
            return state
    return _default(state, power, dice)


def _default(state: GameState, power: str, dice: RandomDice) -> GameState:
    if state.attack_under_way:
        assert state.attack is not None
        procedure = get_procedure(state.scenario.procedure)
        given: object = procedure.default_input(state.attack.state, power)
    elif pending(state).kind == "action":
        given = Pass(power, state.step)
    else:
        given = Deadline(state.step)
    outcome = advance(state, given, dice)
    if isinstance(outcome, Refused):
        outcome = advance(state, Deadline(state.step), dice)
        if isinstance(outcome, Refused):
            raise RuntimeError("a play-out found no answer the rules accept")
    return outcome.state
