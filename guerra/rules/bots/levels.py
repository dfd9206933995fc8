"""The levels of the computer players, by the name a seat keeps, and a bot of each.

A bot is any object with `choose(state, power) -> input`: the input `power` sends now (a
decision the game awaits from it, or a free action before it), from `state` as `power` may
know it (`view.known_to`, which `decide` applies). Its choice is checked by the machine like
anyone's; `decide` never lets a bot's failure through: it answers with the decision's
default instead (`fallback`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from guerra.rules.bots.expert import Expert
from guerra.rules.bots.strategist import Stratega
from guerra.rules.bots.view import known_to
from guerra.rules.flowchart import get_procedure
from guerra.rules.game.inputs import Deadline, Pass
from guerra.rules.game.machine import pending
from guerra.rules.game.robot import Robot
from guerra.rules.game.state import GameState


class Bot(Protocol):
    def choose(self, state: GameState, power: str) -> object: ...


NOVICE, EXPERT, STRATEGIST = "principiante", "esperto", "stratega"


def _novice(seed: int) -> Bot:
    return Robot(random.Random(seed))


def _strategist(seed: int) -> Bot:
    return Stratega(seed)


# Level name -> a bot of that level for a seed; the levels a seat may have, easiest first.
MAKERS: dict[str, Callable[[int], Bot]] = {NOVICE: _novice, EXPERT: Expert,
                                           STRATEGIST: _strategist}


def levels() -> tuple[str, ...]:
    return tuple(MAKERS)


def make(level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot of `level` (a name of `levels()`), its choices drawn from `seed`; `budget`: the
    seconds a level that searches (the Stratega) may think per decision (None: its own
    default), which the other levels ignore."""
    if budget is not None and level == STRATEGIST:
        return Stratega(seed, budget=budget)
    return MAKERS[level](seed)


def fallback(state: GameState, power: str) -> object:
    """The decision's default for `power` alone: what its deadline would make it answer in
    an attack; a pass of one action in its turn; the deadline's default for a placement
    or an auction call (one power is awaited there)."""
    if state.attack_under_way:
        assert state.attack is not None
        procedure = get_procedure(state.scenario.procedure)
        return procedure.default_input(state.attack.state, power)
    if pending(state).kind == "action":
        return Pass(power, state.step)
    return Deadline(state.step)


def decide(bot: Bot, state: GameState, power: str) -> object:
    """What `bot` sends for `power` now, from what `power` may know (the caller answers with
    `fallback` when the bot fails or the machine refuses its choice)."""
    return bot.choose(known_to(state, power), power)
