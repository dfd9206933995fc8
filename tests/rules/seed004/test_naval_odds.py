"""The naval battle's own odds (M1, M3, M4), computed by hand.

One fleet against one fleet, no tiles, no Navy Training: each total is 1 + |d1 - d2|. The
difference of two dice is 0 with probability 6/36, 1: 10/36, 2: 8/36, 3: 6/36, 4: 4/36,
5: 2/36. A tie (M4) is both differences equal: (36 + 100 + 64 + 36 + 16 + 4) / 1296 = 16/81;
the rest splits evenly by symmetry: (1 - 16/81) / 2 = 65/162 each.
"""

from __future__ import annotations

from fractions import Fraction

from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.odds import naval_odds_from_state
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import SEA, accepted, attacker, declare, defender, situation


def at_the_naval_choice() -> AttackState:
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=1), region=SEA)
    state = accepted(declare(s)).state
    assert state.cursor.node == "attacker_naval_choice"
    return state


def test_M1_M3_M4_the_odds_of_the_naval_battle_itself() -> None:
    found = naval_odds_from_state(at_the_naval_choice())
    assert (found.attacker_wins, found.tie, found.defender_wins, found.ended_before_land) == (
        Fraction(65, 162), Fraction(16, 81), Fraction(65, 162), Fraction(0))


def test_S4_no_naval_battle_when_the_attacker_declines_it() -> None:
    found = naval_odds_from_state(at_the_naval_choice(), Choices(attacker_fights_naval=False))
    assert found.ended_before_land == 1 and found.attacker_wins == 0
