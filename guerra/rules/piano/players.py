"""A seeded random player of "piano", legal moves only (the robot, the benches, the tests)."""

from __future__ import annotations

import random

from guerra.rules.forces import other
from guerra.rules.piano import battle, boxes
from guerra.rules.piano import graph as g
from guerra.rules.piano.data import CHARACTERISTICS
from guerra.rules.piano.inputs import (
    APPROACH,
    CONTROL,
    DEADLY,
    ENGAGEMENT,
    Assign,
    LossOrder,
    Plan,
    PlanStep,
    Reroll,
)
from guerra.rules.piano.losses import kinds_of, member_of
from guerra.rules.piano.state import PianoState


def random_plan(rng: random.Random, deadly_allowed: bool) -> tuple[PlanStep, ...]:
    """K3-K4: an Approach, up to two Control + Deadly pairs (when allowed), an Engagement
    most of the time."""
    def pick() -> str:
        return rng.choice(CHARACTERISTICS)

    steps = [PlanStep(APPROACH, pick())]
    for _pair in range(rng.randint(0, 2) if deadly_allowed else 0):
        steps += [PlanStep(CONTROL, pick()), PlanStep(DEADLY, pick())]
    if rng.random() < 0.8 or len(steps) == 1:
        steps.append(PlanStep(ENGAGEMENT, pick()))
    return tuple(steps)


def random_assignment(state: PianoState, power: str, rng: random.Random
                      ) -> tuple[int | None, ...] | None:
    """"best" half the time; otherwise each step a random die it may take, or none."""
    if rng.random() < 0.5:
        return None
    side = state.side_of(power)
    assert side is not None
    now = state.side(side)
    free = list(range(len(now.dice)))
    found: list[int | None] = []
    for step in boxes.plan_of(state, side):
        allowed = [i for i in free if now.dice[i] <= battle.rating(now.ratings,
                                                                   step.characteristic)]
        die = rng.choice([None, *allowed])
        if die is not None:
            free.remove(die)
        found.append(die)
    return tuple(found)


def random_answer(state: PianoState, power: str, rng: random.Random) -> object:
    node, step = state.cursor.node, state.cursor.step
    side = state.side_of(power)
    if node == g.PLAN:
        assert side is not None
        deadly = state.units(side) >= state.units(other(side))
        return Plan(power, step, random_plan(rng, deadly))
    if node == g.REROLL:
        assert side is not None
        dice = range(len(state.side(side).dice))
        return Reroll(power, step, tuple(i for i in dice if rng.random() < 0.3))
    if node == g.ASSIGN:
        return Assign(power, step, random_assignment(state, power, rng))
    member = member_of(state, power)
    assert member is not None
    kinds = list(kinds_of(member))
    rng.shuffle(kinds)
    return LossOrder(power, step, tuple(kinds))
