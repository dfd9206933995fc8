"""What the engine asks of every decision box: whom it awaits is read from the procedure's own
fields, never from the cursor, so the engine asks once after each input (see
`DecisionBox.awaited`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from guerra.rules import frozen
from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.model import Reinforcement
from guerra.rules.d10.model import Situation as D10Situation
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Procedure, Refused, Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.model import AllyForce, Force
from tests.rules.helpers import AT, ES, FR, GB, LAND, PR, RU, SEA, situation


def _seed004(rng: random.Random) -> object:
    return situation(
        Force(FR, gold=4, armies=rng.randint(0, 3), fleets=rng.randint(1, 2),
              alliance_tiles=rng.randint(0, 2)),
        Force(RU, armies=rng.randint(0, 3), fleets=rng.randint(0, 2), forts=rng.randint(0, 2),
              alliance_tiles=rng.randint(0, 2)),
        region=SEA if rng.random() < 0.7 else LAND,
        a_allies=[AllyForce(ES, 1, 1), AllyForce(AT, 2, 0)],
        d_allies=[AllyForce(PR, 1, 1), AllyForce(GB, 0, 2)])


def _d10(rng: random.Random) -> object:
    return D10Situation(LAND, Force(FR, gold=5, armies=rng.randint(1, 5), fleets=1),
                        Force(RU, armies=rng.randint(0, 4), fleets=1, control_markers=1),
                        reinforcements=(Reinforcement(ES, "attacker", 2, 1),
                                        Reinforcement(PR, "defender", 1, 1),
                                        Reinforcement(GB, "defender", 0, 2)))


@pytest.mark.parametrize(("procedure", "build"), [(SEED004, _seed004), (D10_PROCEDURE, _d10)],
                         ids=["seed004", "d10"])
def test_every_decision_box_awaits_the_same_powers_whatever_its_cursor_says(
    procedure: Procedure[Any, Any], build: Any
) -> None:
    rng = random.Random(11)
    asked = 0
    for seed in range(60):
        outcome = procedure.declare(build(rng), RandomDice(seed))
        if isinstance(outcome, Refused):
            continue
        state, answer, dice = outcome.state, procedure.random_policy(rng), RandomDice(seed)
        while not state.cursor.finished:
            awaited = procedure.awaited(state)
            assert awaited == state.cursor.awaiting
            for cursor in (frozen.replace(state.cursor, awaiting=()),
                           frozen.replace(state.cursor, step=state.cursor.step + 3,
                                          opened_at=0, awaiting=("nobody",))):
                assert procedure.awaited(state.with_cursor(cursor)) == awaited
                asked += 1
            given = Timeout(state.cursor.step) if rng.random() < 0.2 \
                else answer(state, awaited[0])
            advanced = procedure.advance(state, given, dice)
            assert not isinstance(advanced, Refused)
            state = advanced.state
    assert asked > 100
