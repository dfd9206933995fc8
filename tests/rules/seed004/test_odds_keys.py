"""Pieces of the exact odds: which dice combinations may share a class (the battles read only
each pair's |d1 - d2|, attack-rules.md M3/L2), and the naval odds with the allies' commitments
as given (A2)."""

from __future__ import annotations

from fractions import Fraction

from guerra.rules import explore
from guerra.rules.flowchart import Node
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.choices import Choices, policy
from guerra.rules.seed004.model import AllyForce
from guerra.rules.seed004.odds import DEFAULTS, naval_odds_from_state
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import ES, SEA, accepted, attacker, declare, defender, situation


def node(node_id: str) -> Node:
    return next(n for n in SEED004.nodes if n.id == node_id)


def test_M3_L2_battle_dice_are_told_apart_only_by_each_pairs_difference() -> None:
    """A's pair (6, 2) and D's pair (3, 4): differences 4 and 1; (1, 5) and (6, 5) too."""
    for battle in (g.NAVAL_BATTLE, g.LAND_BATTLE, g.NEUTRAL_BATTLE):
        assert SEED004.odds_key(node(battle), (6, 2, 3, 4)) == (4, 1)
        assert SEED004.odds_key(node(battle), (1, 5, 6, 5)) == (4, 1)
        assert SEED004.odds_key(node(battle), (2, 2)) == (0,)


def test_A2_naval_odds_with_an_ally_that_declines() -> None:
    """Spagna, invited with 1 fleet, commits nothing: one fleet against one, as in
    test_naval_odds.py: 65/162, tie 16/81, 65/162."""
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 0, 1)])
    state = accepted(declare(s)).state
    assert state.cursor.node == g.ALLIES
    found = naval_odds_from_state(state, DEFAULTS, {})
    assert (found.attacker_wins, found.tie, found.defender_wins, found.ended_before_land) == (
        Fraction(65, 162), Fraction(16, 81), Fraction(65, 162), Fraction(0))


def test_M3_odds_of_an_outcome_of_ones_own_are_not_shared_between_states() -> None:
    """A page may ask about an outcome of its own (here the attacker's naval total); states
    the procedure's memo would merge (the same board after the naval battle) may differ in it.
    One fleet each, the attacker's total is 1 + |d1 - d2|: 1 with 6/36, 2: 10/36, 3: 8/36,
    4: 6/36, 5: 4/36, 6: 2/36, whatever happens later."""
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=1), region=SEA)
    opened = accepted(declare(s)).state

    def naval_total(state: AttackState) -> str | None:
        if state.cursor.outcome is None:
            return None
        assert state.naval is not None
        return str(state.naval.attacker.total)

    found = explore.distribution(SEED004, opened, policy(Choices()), naval_total)
    assert found == {"1": Fraction(6, 36), "2": Fraction(10, 36), "3": Fraction(8, 36),
                     "4": Fraction(6, 36), "5": Fraction(4, 36), "6": Fraction(2, 36)}
