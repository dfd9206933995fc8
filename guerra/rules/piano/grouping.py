"""Exact odds over the dice of "piano" without walking every face (6^16 for 8 dice a side).

With both sides assigning "best" (K6), what a side's dice change is only its best (damage
dealt, failed steps), and each side's depends on its own dice alone. So the faces of one side
are grouped into classes that no step tells apart (`face_classes`: the same steps may take
them, and, for a deadly engagement, the same face), its rolls are enumerated as multisets of
classes (at most C(13, 5) = 1,287 for 8 dice in 6 classes) with their multinomial weights, and
each multiset's best is computed once (`battle.best_totals`, cached; dice of a class beyond
the open steps that may take one are left out, so many multisets share it). The roll box's
classes are then the pairs of one class of results per side, merged where they agree on what
the later boxes read (the attacker's damage dealt and each side's damage taken): a few dozen
to a few hundred, each with its exact probability and one representative sequence of faces.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

from guerra.rules.forces import SIDES, Side, other
from guerra.rules.piano import battle, boxes
from guerra.rules.piano import graph as g
from guerra.rules.piano.inputs import DEADLY
from guerra.rules.piano.state import PianoState

Classes = tuple[tuple[tuple[int, ...], Fraction], ...]


def face_caps(plan: battle.Plan, own: battle.Ratings, opponent: battle.Ratings,
              classes: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Per class, how many of its dice can matter: no more than the open steps that may take
    one (dice of a class are alike, and a step takes one die)."""
    opened = battle.open_steps(plan, own, opponent)
    return tuple(sum(1 for step, is_open in zip(plan, opened, strict=True)
                     if is_open and members[0] <= battle.rating(own, step.characteristic))
                 for members in classes)


def face_classes(plan: battle.Plan, own: battle.Ratings, opponent: battle.Ratings
                 ) -> tuple[tuple[int, ...], ...]:
    """The faces 1-6 grouped by what the steps make of them: which open steps may take the
    face, and its value where an open deadly engagement may take it."""
    opened = battle.open_steps(plan, own, opponent)
    groups: dict[tuple[tuple[bool, ...], int], list[int]] = {}
    for face in range(1, g.SIDES + 1):
        takes = tuple(face <= battle.rating(own, step.characteristic)
                      for step, is_open in zip(plan, opened, strict=True) if is_open)
        deadly = any(is_open and step.action == DEADLY
                     and face <= battle.rating(own, step.characteristic)
                     for step, is_open in zip(plan, opened, strict=True))
        groups.setdefault((takes, face if deadly else 0), []).append(face)
    return tuple(tuple(faces) for faces in groups.values())


def _multisets(kinds: int, dice: int) -> list[tuple[int, ...]]:
    """Every way to put `dice` dice into `kinds` classes (counts per class)."""
    if kinds == 1:
        return [(dice,)]
    return [(first, *rest) for first in range(dice + 1)
            for rest in _multisets(kinds - 1, dice - first)]


def side_results(state: PianoState, side: Side, kept: tuple[int, ...], count: int
                 ) -> dict[tuple[int, int], tuple[Fraction, tuple[int, ...]]]:
    """Per best (dealt, failed) of a side rolling `count` dice beside `kept`: its exact
    probability and one sequence of the new faces that gives it."""
    now = state.side(side)
    plan = boxes.plan_of(state, side)
    opponent = state.side(other(side)).ratings
    classes = face_classes(plan, now.ratings, opponent)
    caps = face_caps(plan, now.ratings, opponent, classes)
    found: dict[tuple[int, int], tuple[Fraction, tuple[int, ...]]] = {}
    total = g.SIDES ** count
    for counts in _multisets(len(classes), count):
        ways = factorial(count)
        faces: list[int] = []
        useful: list[int] = []
        for members, n, cap in zip(classes, counts, caps, strict=True):
            ways = ways // factorial(n) * len(members) ** n
            faces += [members[0]] * n
            useful += [members[0]] * min(n, cap)
        key = battle.best_totals(plan, kept + tuple(useful), now.ratings, opponent)
        share = Fraction(ways, total)
        if key in found:
            found[key] = (found[key][0] + share, found[key][1])
        else:
            found[key] = (share, tuple(faces))
    return found


def classes(state: PianoState, *, reroll: bool) -> Classes:
    """The roll box's classes (`reroll` False: every side's dice; True: the dice chosen again,
    beside the ones kept), the attacker's faces first."""
    per_side = []
    for side in SIDES:
        now = state.side(side)
        if reroll:
            chosen = now.reroll or ()
            kept = tuple(f for i, f in enumerate(now.dice) if i not in chosen)
            count = len(chosen)
        else:
            kept, count = (), boxes.dice_count(state, side)
        per_side.append(side_results(state, side, kept, count) if count else
                        {(0, 0): (Fraction(1), ())})
    # What comes after the roll reads the results only through the attacker's damage dealt
    # and the damage each side takes (K10, K2): pairs that agree on those are one class.
    joint: dict[tuple[int, int, int], tuple[Fraction, tuple[int, ...]]] = {}
    for (a_dealt, a_failed), (a_share, a_faces) in per_side[0].items():
        for (d_dealt, d_failed), (d_share, d_faces) in per_side[1].items():
            key = (a_dealt, d_dealt + a_failed, a_dealt + d_failed)
            share = a_share * d_share
            if key in joint:
                joint[key] = (joint[key][0] + share, joint[key][1])
            else:
                joint[key] = (share, a_faces + d_faces)
    return tuple((faces, share) for share, faces in joint.values())
