"""P2: an exchange of ten-sided dice in ranked pairs, and its exact odds.

Every unit rolls one die; each side sorts its rolls from highest to lowest and rolls of the same
rank form a pair (the rest are discarded); the higher roll of a pair wins, a tie goes to the
defending side, and the loser of each pair loses one unit.

Only how many pairs each side wins changes the battle (who loses which unit is P5's), so for the
odds an exchange of `a` dice against `d` has `min(a, d) + 1` classes: "the attacking side wins
w pairs". `win_counts` counts the face combinations of each class exactly, sweeping the faces
from the highest down and tracking how many dice of each side are above the current face.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from operator import gt

SIDES = 10


def ranked(rolls: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(rolls, reverse=True))


def attacking_wins(attacker: tuple[int, ...], defender: tuple[int, ...]) -> int:
    """How many pairs the attacking side wins (strictly higher roll of the same rank)."""
    # `map` pairs the ranks as `zip` would (up to the shorter side), and compares in C.
    return sum(map(gt, ranked(attacker), ranked(defender)))


@cache
def win_counts(attackers: int, defenders: int, sides: int = SIDES) -> tuple[int, ...]:
    """For w = 0..min(attackers, defenders): in how many of the sides**(attackers+defenders)
    face combinations the attacking side wins exactly w pairs.

    Faces are swept from `sides` down to 1. A state is (i, j, w): i attacking and j defending
    dice above the current face, w pairs decided for the attacking side so far. At face v,
    x of the other attacking dice and y of the other defending dice show v (chosen in
    C(.., x) * C(.., y) ways); the pairs of ranks min(i, j)+1 .. min(i+x, j+y) are decided
    now, and the attacking side wins those whose attacking die was already above v while the
    defending one is v (ranks j+1 .. i when i > j); the others are ties at v or lost.
    Once a side has a die for every pair, its other dice are discarded whatever they show:
    they are counted at once ((v-1) faces each below v) and the side is done.
    """
    pairs = min(attackers, defenders)
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for face in range(sides, 0, -1):
        last, below = face == 1, face - 1
        # Half a step: the defending dice at this face, and the pairs they decide (which
        # needs only the attacking dice above it); then the attacking dice at this face.
        half: dict[tuple[int, int, int], int] = {}
        for (i, j, w), ways in states.items():
            free = defenders - j
            for y in range(free if last else 0, free + 1):
                count = ways * comb(free, y)
                j_next = j + y
                if pairs <= j_next < defenders:
                    count *= below ** (defenders - j_next)
                    j_next = defenders
                won = max(0, min(i, j + y, pairs) - j) if i > j else 0
                key = (i, j_next, w + won)
                half[key] = half.get(key, 0) + count
        states = {}
        for (i, j, w), ways in half.items():
            free = attackers - i
            for x in range(free if last else 0, free + 1):
                count = ways * comb(free, x)
                i_next = i + x
                if pairs <= i_next < attackers:
                    count *= below ** (attackers - i_next)
                    i_next = attackers
                key = (i_next, j, w)
                states[key] = states.get(key, 0) + count
    counts = [0] * (pairs + 1)
    for (_i, _j, w), ways in states.items():
        counts[w] += ways
    return tuple(counts)


@cache
def classes(attackers: int, defenders: int, sides: int = SIDES
            ) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """The exchange's odds classes, each as (a sequence of faces that gives it, its exact
    probability): the attacking side's dice first, then the defending side's, as rolled."""
    total = sides ** (attackers + defenders)
    found = []
    for won, count in enumerate(win_counts(attackers, defenders, sides)):
        if count:
            found.append((representative(attackers, defenders, won, sides),
                          Fraction(count, total)))
    return tuple(found)


def representative(attackers: int, defenders: int, won: int, sides: int = SIDES
                   ) -> tuple[int, ...]:
    """Faces in which the attacking side wins exactly `won` pairs: its top `won` dice show the
    highest face against the second highest, every other pair is a tie of ones."""
    attacking = (sides,) * won + (1,) * (attackers - won)
    defending = (sides - 1,) * won + (1,) * (defenders - won)
    return attacking + defending
