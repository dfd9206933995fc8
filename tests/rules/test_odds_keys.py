"""Pieces of the exact odds: which dice combinations may share a class (the battles read only
each pair's |d1 - d2|, attack-rules.md M3/L2), and the naval odds with the allies' commitments
as given (A2)."""

from __future__ import annotations

from fractions import Fraction

from guerra.rules.flowchart import Node
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.model import AllyForce
from guerra.rules.seed004.odds import DEFAULTS, naval_odds_from_state
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
