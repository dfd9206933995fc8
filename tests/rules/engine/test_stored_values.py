"""Reading stored values back: the attack's cursor and a force from a saved state or a case
file, each problem naming the field whole, and the typed accessors' own defaults."""

from __future__ import annotations

from typing import Any

import pytest

from guerra.rules.cursor import Cursor
from guerra.rules.events import NodeEntered
from guerra.rules.flowchart import FlowchartError
from guerra.rules.jsonvalue import (
    DataError,
    as_int,
    get_obj,
    get_opt_bool,
    get_opt_int,
    get_opt_str,
    get_str,
    str_tuple,
)
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.losses import lose_unit
from guerra.rules.seed004.model import DEFENDER, Force, Neutral
from tests.rules.helpers import FR, RU, attacker, of_type, run, situation

CURSOR = {"node": "allies", "step": 2, "opened_at": 1, "awaiting": ["Spagna"],
          "path": ["declared", "allies"], "finished": False, "outcome": None}


def test_a_cursor_round_trips() -> None:
    assert Cursor.from_dict(CURSOR) == Cursor("allies", 2, 1, ("Spagna",),
                                              ("declared", "allies"), False, None)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("node", ..., "Field “cursor.node” is missing."),
    ("node", "", "Field “cursor.node” must be a non-empty text."),
    ("step", ..., "Field “cursor.step” is missing."),
    ("step", "2", "Field “cursor.step” must be a whole number."),
    ("opened_at", ..., "Field “cursor.opened_at” is missing."),
    ("opened_at", -1, "Field “cursor.opened_at” cannot be negative."),
    ("awaiting", ..., "Field “cursor.awaiting” is missing."),
    ("awaiting", "Spagna", "Field “cursor.awaiting” must be a list."),
    ("awaiting", ["Spagna", 3], "Field “cursor.awaiting[1]” must be a non-empty text."),
    ("path", ..., "Field “cursor.path” is missing."),
    ("path", {}, "Field “cursor.path” must be a list."),
    ("path", ["declared", ""], "Field “cursor.path[1]” must be a non-empty text."),
    ("finished", ..., "Field “cursor.finished” is missing."),
    ("finished", 0, "Field “cursor.finished” must be true or false."),
    ("outcome", 5, "Field “cursor.outcome” must be a non-empty text."),
])
def test_a_corrupt_cursor_names_the_field(key: str, value: Any, message: str) -> None:
    data = {k: v for k, v in CURSOR.items() if k != key}
    if value is not ...:
        data[key] = value
    with pytest.raises(DataError) as caught:
        Cursor.from_dict(data)
    assert str(caught.value) == message


FORCE = {"power": FR, "gold": 5, "armies": 1, "fleets": 0, "forts": 0, "army_training": 0,
         "navy_training": 0, "alliance_tiles": 0, "control_markers": 0}


@pytest.mark.parametrize(("key", "value", "message"), [
    ("alliance_tiles", ..., "Field “attacker.alliance_tiles” is missing."),
    ("control_markers", ..., "Field “attacker.control_markers” is missing."),
    ("markers_in_supply", "3", "Field “attacker.markers_in_supply” must be a whole number."),
])
def test_a_broken_force_names_the_field(key: str, value: Any, message: str) -> None:
    data = {k: v for k, v in FORCE.items() if k != key}
    if value is not ...:
        data[key] = value
    with pytest.raises(DataError) as caught:
        Force.from_dict(data, "attacker")
    assert str(caught.value) == message


def test_a_force_reads_its_markers_in_supply_when_given() -> None:
    assert Force.from_dict({**FORCE, "markers_in_supply": 3}, "attacker").markers_in_supply == 3
    assert Force.from_dict(FORCE, "attacker").markers_in_supply is None


@pytest.mark.parametrize(("read", "message"), [
    (lambda: get_str({}, "name"), "Field “name” is missing."),
    (lambda: get_opt_str({"name": 1}, "name"), "Field “name” must be a non-empty text."),
    (lambda: get_opt_int({"gold": "1"}, "gold"), "Field “gold” must be a whole number."),
    (lambda: get_obj({}, "inner", "outer"), "Field “outer.inner” is missing."),
    (lambda: str_tuple(["a", 2], "names"), "Field “names[1]” must be a non-empty text."),
    (lambda: str_tuple("a", "names"), "Field “names” must be a list."),
    (lambda: as_int(1, "dice", minimum=2), "Field “dice” must be at least 2."),
    (lambda: get_opt_bool({"flag": 1}, "flag"), "Field “flag” must be true or false."),
    (lambda: get_opt_bool({"flag": 1}, "flag", "case"), "Field “case.flag” must be true or false."),
], ids=["get_str", "get_opt_str", "get_opt_int", "get_obj", "str_tuple-item", "str_tuple",
        "minimum", "get_opt_bool", "get_opt_bool-where"])
def test_the_accessors_name_the_field(read: Any, message: str) -> None:
    with pytest.raises(DataError) as caught:
        read()
    assert str(caught.value) == message


def test_the_minimum_is_said_in_italian() -> None:
    with pytest.raises(DataError) as caught:
        as_int(1, "dice", minimum=2)
    assert caught.value.message.render() == "Il campo “dice” deve valere almeno 2."


def test_a_tie_or_an_attack_ended_early_has_no_winner() -> None:
    """Only "attacker_wins" and "defender_wins" name a power (the side's main player)."""
    state = run(situation(attacker(armies=1)), (1, 1), (1, 1)).state
    assert SEED004.winner(state, "tie") is None
    assert SEED004.winner(state, "ended_before_land") is None
    assert SEED004.winner(state, "attacker_wins") == FR
    assert SEED004.winner(state, "defender_wins") == RU


def test_losing_a_unit_a_power_does_not_hold_is_a_programming_error() -> None:
    state = run(situation(attacker(armies=1)), (1, 1), (1, 1)).state
    with pytest.raises(ValueError) as caught:
        lose_unit(state, FR, "fort", "L3", "L7")
    assert str(caught.value) == "Francia has no fort to lose"
    with pytest.raises(KeyError) as missing:
        state.holding("Olanda")
    assert missing.value.args == ("Olanda",)


def test_each_box_entered_is_told_by_its_id_in_path_order() -> None:
    played = run(situation(attacker(armies=1)), (1, 1), (1, 1))
    entered = [e.node for e in of_type(played.events, NodeEntered)]
    assert entered == list(played.state.cursor.path)
    assert entered[-1] == "ended"


def test_an_unknown_box_or_side_is_a_programming_error() -> None:
    with pytest.raises(FlowchartError) as caught:
        SEED004.node("nowhere")
    assert str(caught.value) == "seed004: no node 'nowhere'"
    state = run(situation(attacker(armies=3), neutral=Neutral(1)), (6, 2), (1, 1)).state
    with pytest.raises(KeyError) as missing:
        state.main(DEFENDER)
    assert missing.value.args == (DEFENDER,)
