"""A game's scenario is encoded once per process and its JSON reused by every state that
shares it (speed: it is most of a state's JSON), never for another scenario."""

from __future__ import annotations

import dataclasses
import gc

from guerra.rules import codec
from guerra.rules.game.scenario_file import shipped
from guerra.rules.game.state import GameState
from tests.rules.game.helpers import started


def test_every_state_of_a_game_reuses_its_scenarios_json():
    state = started().state
    later = dataclasses.replace(state, step=state.step + 1)
    first, second = state.to_dict(), later.to_dict()
    assert isinstance(first, dict) and isinstance(second, dict)
    assert first["scenario"] is second["scenario"]  # one encoding, shared
    assert GameState.from_dict(second) == later


def test_a_changed_scenario_is_encoded_afresh_and_a_dead_one_forgotten():
    scenario = shipped("europa_1700_partenza_rapida")
    data = codec.encode(scenario)
    assert isinstance(data, dict) and data["procedure"] == "seed004"
    other = dataclasses.replace(scenario, procedure="d10")
    changed = codec.encode(other)
    assert isinstance(changed, dict) and changed["procedure"] == "d10"
    assert codec.encode(scenario) is data
    key = id(other)
    assert key in codec._ENCODED
    del other
    gc.collect()  # other dead values of earlier tests may go too: look at this one only
    assert key not in codec._ENCODED
    assert id(scenario) in codec._ENCODED
