"""Values the engine and seed 004 make once and share between attacks: each must be the value
that would be made afresh, so sharing it changes nothing."""

from __future__ import annotations

import itertools
import random

import pytest

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.model import Reinforcement
from guerra.rules.d10.model import Situation as D10Situation
from guerra.rules.dice import RandomDice
from guerra.rules.events import NodeEntered
from guerra.rules.explore import play
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import random_policy
from guerra.rules.seed004.losses import land_pending
from guerra.rules.seed004.model import AllyForce, Force, Neutral
from tests.rules.helpers import ES, FR, LAND, PR, RU, SEA, situation


@pytest.mark.parametrize(("winner", "attacker_seven", "defender_seven"),
                         list(itertools.product(("attacker", "defender", "tie"), (False, True),
                                                (False, True))))
def test_every_queue_of_land_losses_is_the_one_computed_afresh(
    winner: str, attacker_seven: bool, defender_seven: bool
) -> None:
    """L3/L5/L6: `land_pending` keeps its twelve answers; each equals a fresh computation."""
    kept = land_pending(winner, attacker_seven, defender_seven)
    assert kept == land_pending.__wrapped__(winner, attacker_seven, defender_seven)
    assert land_pending(winner, attacker_seven, defender_seven) is kept


def test_a_seed004_attack_enters_each_box_with_that_box_and_its_label() -> None:
    """The engine tells each box entered with one event made once per node."""
    labels = {node.id: node.label for node in SEED004.nodes}
    rng = random.Random(4)
    for seed in range(40):
        target = situation(Force(FR, gold=4, armies=2, fleets=1, alliance_tiles=1),
                           Force(RU, armies=2, fleets=1, forts=1, alliance_tiles=1),
                           region=SEA if seed % 2 else LAND,
                           a_allies=[AllyForce(ES, 1, 1)], d_allies=[AllyForce(PR, 1, 0)])
        if seed % 5 == 0:
            target = situation(Force(FR, gold=4, armies=2), None, neutral=Neutral(2, "gold"))
        played = play(SEED004, target, random_policy(rng), RandomDice(seed))
        entered = [e for e in played.events if isinstance(e, NodeEntered)]
        assert [e.node for e in entered] == list(played.state.cursor.path)
        assert entered == [NodeEntered(node=e.node, label=labels[e.node]) for e in entered]


def test_a_d10_attack_enters_each_box_with_that_box_and_its_label() -> None:
    labels = {node.id: node.label for node in D10_PROCEDURE.nodes}
    rng = random.Random(5)
    for seed in range(20):
        target = D10Situation(LAND, Force(FR, gold=5, armies=4),
                              Force(RU, armies=3, control_markers=1),
                              reinforcements=(Reinforcement(ES, "attacker", 2),
                                              Reinforcement(PR, "defender", 1)))
        played = play(D10_PROCEDURE, target, D10_PROCEDURE.random_policy(rng), RandomDice(seed))
        entered = [e for e in played.events if isinstance(e, NodeEntered)]
        assert [e.node for e in entered] == list(played.state.cursor.path)
        assert entered == [NodeEntered(node=e.node, label=labels[e.node]) for e in entered]
