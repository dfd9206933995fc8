"""A case file (attack-rules.md, "Case files") that the engine cannot read names the field at
fault, in a message a user can act on; a readable one keeps its choices.

Each case is the spec's example (tests/rules/cases/spec_example.json) with one field broken;
the expected English message is written by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from guerra.rules import explore
from guerra.rules.events import ControlPlaced, ControlRemoved, VpChanged
from guerra.rules.jsonvalue import DataError
from guerra.rules.seed004.case import (
    odds_case,
    read_choices,
    read_situation,
    resolve_case,
    summary,
)
from guerra.rules.seed004.choices import Choices
from tests.rules.helpers import FR, LAND, RU, changed, run, situation

CASES = Path(__file__).resolve().parents[1] / "cases"
SPEC: dict[str, Any] = json.loads((CASES / "spec_example.json").read_text(encoding="utf-8"))
NEUTRAL: dict[str, Any] = json.loads((CASES / "neutral_vp.json").read_text(encoding="utf-8"))


def broken(path: tuple[Any, ...], value: Any, base: dict[str, Any] = SPEC) -> dict[str, Any]:
    return changed(base, path, value)


BROKEN = [
    (("region",), ..., "Field “region” is missing."),
    (("region", "name"), "", "Field “region.name” must be a non-empty text."),
    (("region", "sea"), "yes", "Field “region.sea” must be true or false."),
    (("attacker",), ..., "Field “attacker” is missing."),
    (("attacker_allies",), {}, "Field “attacker_allies” must be a list."),
    (("attacker_allies", 0), "Spagna", "Field “attacker_allies[0]” must be an object."),
    (("defender_allies",), [3], "Field “defender_allies[0]” must be an object."),
    (("defender",), ..., "Field “defender” is missing."),
    (("choices",), [], "Field “choices” must be an object."),
    (("choices", "attacker_fights_naval"), 1,
     "Field “choices.attacker_fights_naval” must be true or false."),
    (("choices", "defender_accepts_naval"), "no",
     "Field “choices.defender_accepts_naval” must be true or false."),
    (("choices", "attacker_naval_tiles"), -1,
     "Field “choices.attacker_naval_tiles” cannot be negative."),
    (("choices", "defender_naval_tiles"), 1.5,
     "Field “choices.defender_naval_tiles” must be a whole number."),
    (("choices", "land_losses"), ["fort"], "Field “choices.land_losses” must be an object."),
    (("choices", "land_losses", "Russia"), "fort",
     "Field “choices.land_losses.Russia” must be a list."),
    (("choices", "land_losses", "Russia"), ["army", "ship"],
     "Field “choices.land_losses.Russia[1]” must list “army” or “fort”."),
    (("choices", "land_losses"), {"Austria": ["army"]},
     "“Austria” in “choices.land_losses” is not a power of this case."),
    (("dice",), ..., "Field “dice” is missing."),
    (("dice", 1), [6], "Each entry of “dice” must be a pair of numbers from 1 to 6 (entry 2)."),
    (("dice", 2), [2, 2, 2], "Each entry of “dice” must be a pair of numbers from 1 to 6 "
                             "(entry 3)."),
    (("dice", 0), [3, 7], "Each entry of “dice” must be a pair of numbers from 1 to 6 (entry 1)."),
    (("dice", 0), [0, 5], "Each entry of “dice” must be a pair of numbers from 1 to 6 (entry 1)."),
    (("dice", 3), [True, 1], "Each entry of “dice” must be a pair of numbers from 1 to 6 "
                             "(entry 4)."),
    (("dice", 3), "41", "Each entry of “dice” must be a pair of numbers from 1 to 6 (entry 4)."),
    (("dice", 3), 41, "Each entry of “dice” must be a pair of numbers from 1 to 6 (entry 4)."),
    (("attacker_allies", 0, "armies"), -1, "Field “attacker_allies[0].armies” cannot be negative."),
    (("defender", "gold"), -1, "Field “defender.gold” cannot be negative."),
    (("attacker", "gold"), ..., "Field “attacker.gold” is missing."),
    (("attacker", "power"), "", "Field “attacker.power” must be a non-empty text."),
    (("attacker", "forts"), -1, "Field “attacker.forts” cannot be negative."),
    (("attacker", "army_training"), -1, "Field “attacker.army_training” cannot be negative."),
    (("attacker", "navy_training"), -1, "Field “attacker.navy_training” cannot be negative."),
    (("attacker_allies", 0, "power"), "", "Field “attacker_allies[0].power” must be a non-empty "
                                          "text."),
    (("attacker_allies", 0, "fleets"), -1, "Field “attacker_allies[0].fleets” cannot be "
                                           "negative."),
    (("dice",), [[3, 5]], "Too few dice: 1 pair given, the battles need more."),
    (("dice",), [[3, 5], [6, 1], [2, 2]], "Too few dice: 3 pairs given, the battles need more."),
]


@pytest.mark.parametrize(("path", "value", "message"), BROKEN)
def test_a_broken_case_file_names_the_field(path: tuple[Any, ...], value: Any,
                                            message: str) -> None:
    with pytest.raises(DataError) as raised:
        resolve_case(broken(path, value))
    assert str(raised.value) == message


def test_N0_a_neutral_case_has_no_defender_and_no_allies() -> None:
    expected = "With a neutral target the case has no defender and no allies."
    for case in (broken(("defender",), SPEC["defender"], NEUTRAL),
                 broken(("defender_allies",), [{"power": "Spagna", "armies": 1, "fleets": 0}],
                        NEUTRAL)):
        with pytest.raises(DataError) as raised:
            read_situation(case)
        assert str(raised.value) == expected


def test_choices_missing_from_a_case_take_the_defaults() -> None:
    situation = read_situation(SPEC)
    assert read_choices(broken(("choices",), ...), situation) == Choices()
    assert read_choices(broken(("choices",), {}), situation) == Choices(
        attacker_fights_naval=True, defender_accepts_naval=True, attacker_naval_tiles=0,
        defender_naval_tiles=0, land_losses=())


def test_every_choice_of_a_case_is_read() -> None:
    case = broken(("choices",), {"attacker_fights_naval": False, "defender_accepts_naval": False,
                                 "attacker_naval_tiles": 1, "defender_naval_tiles": 0,
                                 "land_losses": {"Russia": ["fort", "army"],
                                                 "Spagna": ["army"]}})
    assert read_choices(case, read_situation(case)) == Choices(
        False, False, 1, 0, (("Russia", ("fort", "army")), ("Spagna", ("army",))))


def test_odds_of_a_case_are_refused_like_its_resolution() -> None:
    with pytest.raises(DataError) as raised:
        odds_case(broken(("choices", "attacker_naval_tiles"), -1))
    assert str(raised.value) == "Field “choices.attacker_naval_tiles” cannot be negative."


def test_L2_the_report_of_the_spec_example_gives_each_sides_dice_and_points() -> None:
    """The example's dice: naval battle A (3, 5), D (6, 1); land battle A (2, 2), D (4, 1).
    Land totals 5 and 7 (attack-rules.md's worked example), so each side's points add up to
    its total."""
    result: Any = resolve_case(SPEC)
    for battle, a_dice, d_dice in (("naval", [3, 5], [6, 1]), ("land", [2, 2], [4, 1])):
        report = result[battle]
        assert isinstance(report, dict)
        assert report["dice"] == {"attacker": a_dice, "defender": d_dice}
    land = result["land"]
    assert isinstance(land, dict)
    breakdown = land["breakdown"]
    assert isinstance(breakdown, dict)
    assert sum(value for _label, value in breakdown["attacker"]) == 5
    assert sum(value for _label, value in breakdown["defender"]) == 7


def test_L3_L6_L7_two_armies_lost_in_one_attack_are_both_reported() -> None:
    """Land region; A: 2 armies, rolls (3, 4), a 7, total 2 + 1 = 3; D: 1 army and 1 fort,
    rolls (6, 2), total 1 + 2 + 4 = 7. D wins: A loses an army (L3) and, having rolled a 7
    without an ally, another (L6); 1 unrest each (L7); 2 gold paid (D3)."""
    case = {
        "region": {"name": "Stati Tedeschi", "sea": False},
        "attacker": {"power": "Francia", "gold": 5, "armies": 2, "fleets": 0, "forts": 0,
                     "army_training": 0, "navy_training": 0, "alliance_tiles": 0,
                     "control_markers": 0},
        "defender": {"power": "Russia", "armies": 1, "fleets": 0, "forts": 1,
                     "army_training": 0, "navy_training": 0, "alliance_tiles": 0,
                     "control_markers": 1},
        "dice": [[3, 4], [6, 2]],
    }
    result = resolve_case(case)
    assert result["outcome"] == "defender_wins"
    assert result["powers"] == {
        "Francia": {"losses": {"armies": 2, "fleets": 0, "forts": 0}, "unrest": 2, "gold": -2,
                    "vp": 0},
        "Russia": {"losses": {"armies": 0, "fleets": 0, "forts": 0}, "unrest": 0, "gold": 0,
                   "vp": 0},
    }
    assert result["control"] == {"attacker_gains": 0, "defender_loses": 0}
    assert result["dice_used"] == 2 and isinstance(result["dice_used"], int)


def test_N0_a_neutral_that_is_not_an_object_is_named() -> None:
    with pytest.raises(DataError) as raised:
        resolve_case(broken(("neutral",), 5, NEUTRAL))
    assert str(raised.value) == "Field “neutral” must be an object."


def test_S4_the_odds_of_a_case_follow_its_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sea region, 1 army and 1 fleet each; A declines the naval battle, so D gets naval
    support (S4): A = 1 + X, D = 1 + 1 + Y, X and Y the dice differences (0..5, weights
    6, 10, 8, 6, 4, 2 of 36). A wins when X >= Y + 2: (6*20 + 10*12 + 8*6 + 6*2)/1296 =
    300/1296 = 25/108; a tie when X = Y + 1: (60 + 80 + 48 + 24 + 8)/1296 = 55/324; D wins
    the rest, 97/162."""
    case = {
        "region": {"name": "Baltico", "sea": True},
        "attacker": {"power": "Francia", "gold": 5, "armies": 1, "fleets": 1, "forts": 0,
                     "army_training": 0, "navy_training": 0, "alliance_tiles": 0,
                     "control_markers": 0},
        "defender": {"power": "Russia", "armies": 1, "fleets": 1, "forts": 0,
                     "army_training": 0, "navy_training": 0, "alliance_tiles": 0,
                     "control_markers": 1},
        "choices": {"attacker_fights_naval": False},
    }
    monkeypatch.setattr(explore, "_CLASSES", {})  # the classes of equal dice afresh
    result = odds_case(case)
    assert result["exact"] == {"attacker_wins": "25/108", "tie": "55/324",
                               "defender_wins": "97/162", "ended_before_land": "0"}


@pytest.mark.parametrize(("path", "value", "message"), [
    (("neutral", "reward"), "unrest", "Field “neutral.reward” must be “gold”, “vp” or null."),
    (("neutral", "reward"), 3, "Field “neutral.reward” must be a non-empty text."),
    (("neutral", "defense"), ..., "Field “neutral.defense” is missing."),
    (("neutral", "amount"), -1, "Field “neutral.amount” cannot be negative."),
])
def test_N1_N3_a_broken_neutral_names_the_field(path: tuple[Any, ...], value: Any,
                                                 message: str) -> None:
    with pytest.raises(DataError) as raised:
        resolve_case(broken(path, value, NEUTRAL))
    assert str(raised.value) == message


@pytest.mark.parametrize("reward", ["gold", "vp", None])
def test_N3_the_neutrals_reward_is_read(reward: str | None) -> None:
    situation = read_situation(broken(("neutral", "reward"), reward, NEUTRAL))
    assert situation.neutral is not None
    assert (situation.neutral.defense, situation.neutral.reward, situation.neutral.amount) == (
        2, reward, 2)


def test_D3_the_defenders_gold_may_be_left_out_of_a_case() -> None:
    assert "gold" not in SPEC["defender"]
    situation = read_situation(SPEC)
    assert situation.defender is not None and situation.defender.gold == 0


def test_the_report_adds_up_every_event_of_a_kind() -> None:
    """The report's figures are sums over the events: two VP changes of Francia (+2, +3) give
    5; two control markers placed, 2; two removed, 2. Nothing else changed."""
    state = run(situation(), (1, 1), (1, 1)).state
    placed, removed = ControlPlaced(FR, LAND.name, "L5"), ControlRemoved(RU, LAND.name, "L5")
    events = (VpChanged(FR, 2, "N3"), VpChanged(FR, 3, "L5"), placed, placed, removed, removed)
    report = summary(state, events)
    assert report["control"] == {"attacker_gains": 2, "defender_loses": 2}
    assert report["powers"] == {
        FR: {"losses": {"armies": 0, "fleets": 0, "forts": 0}, "unrest": 0, "gold": 0, "vp": 5},
        RU: {"losses": {"armies": 0, "fleets": 0, "forts": 0}, "unrest": 0, "gold": 0, "vp": 0},
    }
