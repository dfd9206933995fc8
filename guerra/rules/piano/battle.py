"""The battle of "piano" on plain values: K1's ratings, K7's strength and weakness, K3-K4's
plans (the default one and what makes one wrong), K6's assignments (the best one and what makes
one wrong) and K7-K9's steps taken in order. The boxes (`boxes.py`) and the odds (`odds.py`)
both read these functions, so the odds are the rules' own arithmetic."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from guerra.rules.i18n import Message, _
from guerra.rules.piano.data import CHARACTERISTICS
from guerra.rules.piano.inputs import (
    ACTIONS,
    APPROACH,
    CONTROL,
    DEADLY,
    ENGAGEMENT,
    MAX_STEPS,
    PlanStep,
)
from guerra.rules.piano.state import StepResult

DEADLY_WITHOUT_DIE = 3  # K9: a deadly engagement that succeeded by K7 without a die

Plan = tuple[PlanStep, ...]
Ratings = tuple[int, ...]
Assignment = tuple[int | None, ...]


def rating(ratings: Ratings, characteristic: str) -> int:
    return ratings[CHARACTERISTICS.index(characteristic)]


def strength(ratings: Ratings) -> frozenset[str]:
    """K1/K7: the highest-rated characteristics (every one tied); none for a side with no
    unit or whose four ratings are equal (K7, a neutral counter)."""
    if not ratings or len(set(ratings)) == 1:
        return frozenset()
    top = max(ratings)
    return frozenset(c for c, r in zip(CHARACTERISTICS, ratings, strict=True) if r == top)


def weakness(ratings: Ratings) -> frozenset[str]:
    """K1/K7: the lowest-rated characteristics (every one tied); none as for `strength`."""
    if not ratings or len(set(ratings)) == 1:
        return frozenset()
    low = min(ratings)
    return frozenset(c for c, r in zip(CHARACTERISTICS, ratings, strict=True) if r == low)


def default_plan(own: Ratings, opponent: Ratings) -> Plan:
    """K3: Approach, then Engagement, both naming the opponent's weakness (the first in
    `CHARACTERISTICS` order); against no weakness, the side's best-rated characteristic (the
    first among equals). A side with no unit plans nothing (K4)."""
    if not own:
        return ()
    weak = weakness(opponent)
    if weak:
        name = next(c for c in CHARACTERISTICS if c in weak)
    else:
        name = CHARACTERISTICS[own.index(max(own))]
    return (PlanStep(APPROACH, name), PlanStep(ENGAGEMENT, name))


def plan_problem(plan: Plan, own_units: int, other_units: int) -> Message | None:
    """K3-K4: one Approach, then Control + Deadly engagement pairs, then at most one
    Engagement, at most 6 steps; no deadly engagement by the side with fewer units."""
    if not plan:
        return _("A plan begins with an Approach.")
    if len(plan) > MAX_STEPS:
        return _("A plan has at most 6 steps.")
    for step in plan:
        if step.action not in ACTIONS or step.characteristic not in CHARACTERISTICS:
            return _("A step names an action and a characteristic.")
    actions = [step.action for step in plan]
    if actions[0] != APPROACH:
        return _("A plan begins with an Approach.")
    rest = actions[1:]
    if rest and rest[-1] == ENGAGEMENT:
        rest = rest[:-1]
    if len(rest) % 2 or any(rest[i] != CONTROL or rest[i + 1] != DEADLY
                            for i in range(0, len(rest), 2)):
        return _("After the Approach a plan has only Control and Deadly engagement pairs, "
                 "then at most one Engagement at the end.")
    if DEADLY in actions and own_units < other_units:
        return _("A side with fewer units in the battle than the other cannot plan a deadly "
                 "engagement.")
    return None


def take_steps(plan: Plan, dice: tuple[int, ...], assignment: Assignment, own: Ratings,
               opponent: Ratings) -> tuple[StepResult, ...]:
    """K7-K9: the steps in plan order. K8 first: after a failed Approach every step fails; a
    deadly engagement whose control failed counts as a plain engagement. Then K7: a step
    naming the opponent's strength fails, one naming its weakness succeeds; else a step
    succeeds with a die (K6). A successful engagement deals 1, a deadly one its die's face
    (3 without a die); each failed step costs its own side 1."""
    strong, weak = strength(opponent), weakness(opponent)
    results = []
    approach_failed = control_held = False
    for step, die in zip(plan, assignment, strict=True):
        face = None if die is None else dice[die]
        name = step.characteristic
        if approach_failed:
            success, reason = False, "approach_failed"
        elif name in strong:
            success, reason = False, "strength"
        elif name in weak:
            success, reason = True, "weakness"
        elif face is not None:
            success, reason = True, "die"
        else:
            success, reason = False, "no_die"
        counts_as = step.action
        if counts_as == DEADLY and not control_held:
            counts_as = ENGAGEMENT
        damage = 0
        if success and counts_as == ENGAGEMENT:
            damage = 1
        elif success and counts_as == DEADLY:
            damage = DEADLY_WITHOUT_DIE if face is None else face
        results.append(StepResult(step.action, counts_as, name, die, face, success, reason,
                                  damage, 0 if success else 1))
        if step.action == APPROACH and not success:
            approach_failed = True
        control_held = step.action == CONTROL and success
    return tuple(results)


def totals(results: tuple[StepResult, ...]) -> tuple[int, int]:
    """K9: (damage dealt, failed steps)."""
    return sum(r.damage for r in results), sum(r.recoil for r in results)


def assignment_problem(plan: Plan, dice: tuple[int, ...], assignment: Assignment,
                       own: Ratings) -> Message | None:
    """K6: one entry per step, each a die of the side's at most once, its face at most the
    side's rating in the step's characteristic."""
    if len(assignment) != len(plan):
        return _("An assignment names one die (or none) per step of the plan.")
    used = set()
    for step, die in zip(plan, assignment, strict=True):
        if die is None:
            continue
        if not 0 <= die < len(dice):
            return _("Die {number} does not exist.", number=die + 1)
        if die in used:
            return _("Die {number} is assigned twice.", number=die + 1)
        used.add(die)
        if dice[die] > rating(own, step.characteristic):
            return _("Die {number} ({face}) is above the rating of its step ({rating}).",
                     number=die + 1, face=dice[die], rating=rating(own, step.characteristic))
    return None


def open_steps(plan: Plan, own: Ratings, opponent: Ratings) -> tuple[bool, ...]:
    """Whether a die may change each step: not one naming the opponent's strength (it fails
    whatever), nor a plain step naming its weakness (it succeeds whatever); none after an
    Approach naming the strength."""
    strong, weak = strength(opponent), weakness(opponent)
    if plan and plan[0].characteristic in strong:
        return (False,) * len(plan)
    return tuple(step.characteristic not in strong and
                 (step.action == DEADLY or step.characteristic not in weak) for step in plan)


def has_choice(plan: Plan, dice: tuple[int, ...], own: Ratings, opponent: Ratings) -> bool:
    """K6: a side is asked only when a die of its may go to a step a die may change."""
    for step, is_open in zip(plan, open_steps(plan, own, opponent), strict=True):
        if is_open and any(face <= rating(own, step.characteristic) for face in dice):
            return True
    return False


def best_assignment(plan: Plan, dice: tuple[int, ...], own: Ratings, opponent: Ratings
                    ) -> Assignment:
    """K6 "best": the assignment dealing the most damage, then with the fewest failed steps,
    then using the fewest dice (the first found in plan order, lower faces first)."""
    choice = _best(plan, tuple(sorted(dice)), own, opponent)[1]
    # Faces back to indices: each face to its first unused die of that face.
    used: set[int] = set()
    found: list[int | None] = []
    for face in choice:
        if face is None:
            found.append(None)
            continue
        index = next(i for i, f in enumerate(dice) if f == face and i not in used)
        used.add(index)
        found.append(index)
    return tuple(found)


def best_totals(plan: Plan, dice: tuple[int, ...], own: Ratings, opponent: Ratings
                ) -> tuple[int, int]:
    """K6/K9: (damage dealt, failed steps) of the best assignment."""
    score = _best(plan, tuple(sorted(dice)), own, opponent)[0]
    return score[0], -score[1]


Score = tuple[tuple[int, int, int], tuple[int | None, ...]]


def _best(plan: Plan, dice: tuple[int, ...], own: Ratings, opponent: Ratings) -> Score:
    """The best score (dealt, -failed, -dice used) and its faces per step, over sorted
    `dice` (`_searcher`'s search from the first step)."""
    return _searcher(plan, own, opponent)(0, dice, False, False)


@lru_cache(maxsize=32)
def _searcher(plan: Plan, own: Ratings, opponent: Ratings
              ) -> Callable[[int, tuple[int, ...], bool, bool], Score]:
    """A search over the steps in order, each taking no die or one of each face left that it
    may take, remembered by (step, faces left, control held, approach failed): one memory per
    plan and ratings, shared by every roll (the odds ask it for every multiset of faces)."""
    strong, weak = strength(opponent), weakness(opponent)
    opened = open_steps(plan, own, opponent)
    limits = tuple(rating(own, step.characteristic) for step in plan)
    memo: dict[tuple[int, tuple[int, ...], bool, bool], Score] = {}

    def search(i: int, left: tuple[int, ...], held: bool, failed: bool) -> Score:
        if i == len(plan):
            return (0, 0, 0), ()
        key = (i, left, held, failed)
        found = memo.get(key)
        if found is not None:
            return found
        step = plan[i]
        options: list[int | None] = [None]
        if opened[i] and not failed:
            options += sorted({f for f in left if f <= limits[i]})
        best: Score | None = None
        name = step.characteristic
        for face in options:
            success = not failed and name not in strong and (name in weak or face is not None)
            deadly = step.action == DEADLY and held
            gain = 0
            if success:
                gain = (DEADLY_WITHOUT_DIE if face is None else face) if deadly else (
                    1 if step.action in (ENGAGEMENT, DEADLY) else 0)
            rest = left
            if face is not None:
                at = left.index(face)
                rest = left[:at] + left[at + 1:]
            after = search(i + 1, rest, step.action == CONTROL and success,
                           failed or (step.action == APPROACH and not success))
            score = (after[0][0] + gain, after[0][1] - (0 if success else 1),
                     after[0][2] - (0 if face is None else 1))
            if best is None or score > best[0]:
                best = (score, (face, *after[1]))
        assert best is not None
        if len(memo) < MEMO_LIMIT:
            memo[key] = best
        return best

    return search


MEMO_LIMIT = 50_000  # remembered search states per plan and ratings (a few MB at most)
