"""A seeded random player of "piano", legal moves only (the robot, the benches, the tests)."""

from __future__ import annotations

import math
import random

from guerra.rules.forces import Side, other
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


def _shapes(deadly_allowed: bool) -> tuple[tuple[str, ...], ...]:
    """K3-K4: the plans' shapes a computer player weighs, shortest first."""
    if not deadly_allowed:
        return ((APPROACH, ENGAGEMENT),)
    return ((APPROACH, ENGAGEMENT), (APPROACH, CONTROL, DEADLY),
            (APPROACH, CONTROL, DEADLY, ENGAGEMENT),
            (APPROACH, CONTROL, DEADLY, CONTROL, DEADLY),
            (APPROACH, CONTROL, DEADLY, CONTROL, DEADLY, ENGAGEMENT))


def _win_chance(shape: tuple[str, ...], auto: bool, rating: int, dice: int, *, need: int,
                against: int) -> float:
    """A rough chance that a plan naming one characteristic throughout wins (K10): it deals
    at least `need` (the first enemy unit's integrity) and more than it takes (`against`, the
    enemy's damage, plus its own failed steps). Each die is usable (face at most `rating`)
    with chance rating/6, the usable ones go to the steps in plan order, a deadly engagement
    deals about the best usable face; `auto`: every step succeeds (K7), a deadly one deals 3."""
    def outcome(good: int) -> bool:
        dealt, failed, control = 0.0, 0, False
        top = 3.0 if auto else rating * good / (good + 1)
        for index, step in enumerate(shape):
            if index >= good:
                failed += 1
                control = False
                continue
            if step == ENGAGEMENT or (step == DEADLY and not control):
                dealt += 1
            elif step == DEADLY:
                dealt += top
            control = step == CONTROL
        return dealt >= need and dealt > against + failed

    if auto:
        return 1.0 if outcome(len(shape)) else 0.0
    chance = min(rating, 6) / 6
    return sum(math.comb(dice, good) * chance**good * (1 - chance) ** (dice - good)
               for good in range(dice + 1) if outcome(good))


def strong_plans(own: battle.Ratings, opponent: battle.Ratings, dice: int, *,
                 deadly_allowed: bool, need: int = 2, against: int = 1
                 ) -> tuple[tuple[PlanStep, ...], ...]:
    """Plans that can win where the default one cannot, the most promising first: each
    shape of `_shapes` naming the opponent's weakness (every step succeeds, K7), or one of
    the side's best characteristics the opponent is not strong in (each step needs a die)."""
    if not own:
        return ()
    strong, weak = battle.strength(opponent), battle.weakness(opponent)
    names = [c for c in CHARACTERISTICS if c in weak][:1]
    usable = [c for c in CHARACTERISTICS if c not in strong and c not in weak]
    usable.sort(key=lambda c: -battle.rating(own, c))
    names += usable[:2]
    scored: list[tuple[float, int, int, tuple[PlanStep, ...]]] = []
    for name in names:
        auto = name in weak
        for shape in _shapes(deadly_allowed):
            if not auto and len(shape) > dice:
                continue
            chance = _win_chance(shape, auto, battle.rating(own, name), dice, need=need,
                                 against=against)
            scored.append((-chance, -len(shape), len(scored),
                           tuple(PlanStep(s, name) for s in shape)))
    scored.sort()
    return tuple(plan for _chance, _length, _n, plan in scored)


def _first_integrity(state: PianoState, side: Side) -> int:
    """K2: the integrity of the unit of `side` that takes damage first (a neutral's is its
    defence; a side with no unit needs none)."""
    members = state.members(side)
    if not members:
        return 0
    first, data = members[0], state.situation.data
    if first.neutral:
        return first.neutral
    for kind, integrity in (("army", data.army_integrity), ("fleet", data.fleet_integrity),
                            ("fort", data.fort_integrity)):
        if first.count(kind):
            return integrity
    return data.army_integrity


def bot_answers(state: PianoState, power: str) -> tuple[object, ...]:
    """What a computer player weighs besides the default: the strong plans (K3), no reroll
    or a reroll of the dice no step of its plan may take (K5)."""
    node, step = state.cursor.node, state.cursor.step
    side = state.side_of(power)
    if side is None:
        return ()
    if node == g.PLAN:
        deadly = state.units(side) >= state.units(other(side))
        plans = strong_plans(state.side(side).ratings, state.side(other(side)).ratings,
                             boxes.dice_count(state, side), deadly_allowed=deadly,
                             need=_first_integrity(state, other(side)))
        return tuple(Plan(power, step, plan) for plan in plans)
    if node == g.REROLL:
        now = state.side(side)
        top = max((battle.rating(now.ratings, s.characteristic)
                   for s in boxes.plan_of(state, side)), default=6)
        useless = tuple(i for i, face in enumerate(now.dice) if face > top)
        return (Reroll(power, step, ()), Reroll(power, step, useless)) if useless else ()
    return ()
