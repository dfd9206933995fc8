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


def test_a_scenario_read_from_its_whole_json_is_not_encoded_again():
    state = started().state
    stored = state.to_dict()
    assert isinstance(stored, dict)
    again = GameState.from_dict(stored)
    assert again.scenario is not state.scenario  # read afresh, as another process reads it
    written = again.to_dict()
    assert isinstance(written, dict)
    assert written["scenario"] is stored["scenario"]  # its JSON as read, not encoded again
    assert written == stored


def test_a_scenario_read_from_a_json_with_a_field_left_out_is_encoded_whole():
    state = started().state
    stored = state.to_dict()
    assert isinstance(stored, dict) and isinstance(stored["scenario"], dict)
    scenario = dict(stored["scenario"])
    field = next(f for f in dataclasses.fields(type(state.scenario))
                 if f.default is not dataclasses.MISSING)
    del scenario[field.name]  # an older file, before the field came: its default stands in
    read = GameState.from_dict({**stored, "scenario": scenario})
    written = read.to_dict()
    assert isinstance(written, dict) and isinstance(written["scenario"], dict)
    assert field.name in written["scenario"]
    assert written["scenario"] is not scenario
    assert GameState.from_dict(written).scenario == read.scenario
