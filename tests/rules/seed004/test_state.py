"""The attack state: JSON round trip at every point of an attack."""

from __future__ import annotations

import json

import pytest

from guerra.rules.flowchart import get_procedure
from guerra.rules.jsonvalue import DataError
from guerra.rules.seed004.model import AllyForce, Neutral, Situation
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import ES, PR, RU, SEA, accepted, attacker, declare, defender, situation


def through_json(state: AttackState) -> AttackState:
    loaded = get_procedure("seed004").state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert isinstance(loaded, AttackState)
    return loaded


def test_a_state_waiting_for_a_loss_choice_round_trips_with_everything_in_it() -> None:
    s = situation(attacker(armies=4, fleets=2, alliance_tiles=1, markers_in_supply=2),
                  defender(armies=2, fleets=1, forts=1), region=SEA,
                  a_allies=[AllyForce(ES, 1, 1)], d_allies=[AllyForce(PR, 1, 0)])
    from guerra.rules.seed004.choices import Choices, policy
    from guerra.rules.seed004.procedure import SEED004
    from tests.rules.helpers import pairs

    dice = pairs((6, 2), (1, 1), (6, 2), (3, 4))
    state = accepted(SEED004.declare(s, dice)).state
    answer = policy(Choices(attacker_naval_tiles=1))
    while state.cursor.node != "land_loss_choice":
        state = accepted(SEED004.advance(state, answer(state, state.awaiting[0]), dice)).state
    assert state.naval is not None and state.land is not None and state.pending_losses
    assert through_json(state) == state
    assert state.to_dict()["procedure"] == "seed004"


def test_a_neutral_attack_round_trips() -> None:
    played = declare(situation(neutral=Neutral(3, "gold", 1)), (1, 1), (1, 1))
    state = accepted(played).state
    assert through_json(state) == state
    assert Situation.from_dict(state.situation.to_dict()) == state.situation


def test_a_corrupt_state_is_refused_loudly() -> None:
    data = accepted(declare(situation(a_allies=[AllyForce(ES, 1, 0)]))).state.to_dict()
    with pytest.raises(DataError) as other:
        AttackState.from_dict({**data, "procedure": "other"})
    assert other.value.message.param("field") == "procedure"
    broken = dict(data)
    broken["holdings"] = [{"power": RU, "side": "nobody", "ally": False, "armies": 1,
                           "fleets": 0, "forts": 0}]
    with pytest.raises(DataError) as nobody:
        AttackState.from_dict(broken)
    assert nobody.value.message.param("field") == "side"

