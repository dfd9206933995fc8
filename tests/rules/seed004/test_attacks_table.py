"""Whole attacks, table-driven: a case (situation, choices, scripted dice) and what it must
produce, checked through the case-file resolver, which plays them on the engine."""

from __future__ import annotations

from typing import Any

import pytest

from guerra.rules.seed004.case import resolve_case

BALTICO = {"name": "Baltico", "sea": True}
STATI = {"name": "Stati Tedeschi", "sea": False}


def force(power: str, **units: int) -> dict[str, Any]:
    values: dict[str, Any] = {"power": power, "gold": 5, "armies": 0, "fleets": 0, "forts": 0,
                              "army_training": 0, "navy_training": 0, "alliance_tiles": 0,
                              "control_markers": 0}
    values.update(units)
    return values


def power(*, armies: int = 0, fleets: int = 0, forts: int = 0, unrest: int = 0,
          gold: int = 0, vp: int = 0) -> dict[str, Any]:
    return {"losses": {"armies": armies, "fleets": fleets, "forts": forts}, "unrest": unrest,
            "gold": gold, "vp": vp}


NO_CONTROL = {"attacker_gains": 0, "defender_loses": 0}
CONTROL = {"attacker_gains": 1, "defender_loses": 1}

CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "the example of attack-rules.md: D wins at sea with a 7, then on land",
        {"region": BALTICO,
         "attacker": force("Francia", armies=2, fleets=1, army_training=1, alliance_tiles=1),
         "defender": force("Russia", armies=1, fleets=1, forts=1, navy_training=2,
                           control_markers=2),
         "attacker_allies": [{"power": "Spagna", "armies": 1, "fleets": 0}],
         "choices": {"land_losses": {"Russia": ["fort"]}},
         "dice": [[3, 5], [6, 1], [2, 2], [4, 1]]},
        {"outcome": "defender_wins",
         "naval": {"attacker": 3, "defender": 7, "winner": "defender"},
         "naval_support": "defender",
         "land": {"attacker": 5, "defender": 7, "winner": "defender"},
         "control": NO_CONTROL,
         "powers": {"Francia": power(armies=1, fleets=1, unrest=2, gold=-2),
                    "Russia": power(fleets=1, unrest=1), "Spagna": power()}},
    ),
    (
        "a neutral beaten with a 7: gold in a circle, one army lost",
        {"region": STATI, "attacker": force("Francia", gold=2, armies=2, army_training=1,
                                            alliance_tiles=1),
         "neutral": {"defense": 3, "reward": "gold"}, "dice": [[6, 1], [2, 2]]},
        {"outcome": "attacker_wins", "naval": None, "naval_support": None,
         "land": {"attacker": 9, "defender": 3, "winner": "attacker"},
         "control": {"attacker_gains": 1, "defender_loses": 0}, "neutral_removed": True,
         "powers": {"Francia": power(armies=1, unrest=1, gold=1)}},
    ),
    (
        "a tie against a neutral with a 7 and a single army",
        {"region": STATI, "attacker": force("Francia", gold=2, armies=1),
         "neutral": {"defense": 2, "reward": "vp", "amount": 2}, "dice": [[3, 4], [1, 1]]},
        {"outcome": "tie", "land": {"attacker": 2, "defender": 2, "winner": "tie"},
         "control": NO_CONTROL, "neutral_removed": False,
         "powers": {"Francia": power(armies=1, unrest=1, gold=-2)}},
    ),
    (
        "landlocked: the defender gives up its fort, the winner's 7 costs an army",
        {"region": STATI, "attacker": force("Francia", armies=3),
         "defender": force("Russia", armies=1, forts=1, control_markers=1),
         "choices": {"land_losses": {"Russia": ["fort"]}}, "dice": [[6, 1], [2, 3]]},
        {"outcome": "attacker_wins", "naval": None, "naval_support": None,
         "land": {"attacker": 8, "defender": 4, "winner": "attacker"}, "control": CONTROL,
         "powers": {"Francia": power(armies=1, unrest=1, gold=-2),
                    "Russia": power(forts=1, unrest=1)}},
    ),
    (
        "a tie where the defender's 7 costs its fort",
        {"region": STATI, "attacker": force("Francia", armies=2),
         "defender": force("Russia", forts=1, control_markers=1), "dice": [[1, 2], [3, 4]]},
        {"outcome": "tie", "land": {"attacker": 3, "defender": 3, "winner": "tie"},
         "control": NO_CONTROL,
         "powers": {"Francia": power(armies=1, unrest=1, gold=-2),
                    "Russia": power(forts=1, unrest=1)}},
    ),
    (
        "the attacker declines the naval battle",
        {"region": BALTICO, "attacker": force("Francia", armies=2, fleets=1),
         "defender": force("Russia", armies=2, fleets=1, control_markers=1),
         "choices": {"attacker_fights_naval": False}, "dice": [[5, 5], [1, 2]]},
        {"outcome": "defender_wins", "naval": None, "naval_support": "defender",
         "land": {"attacker": 2, "defender": 4, "winner": "defender"}, "control": NO_CONTROL,
         "powers": {"Francia": power(armies=1, unrest=1, gold=-2), "Russia": power()}},
    ),
    (
        "the defender refuses the naval battle",
        {"region": BALTICO, "attacker": force("Francia", armies=2, fleets=1),
         "defender": force("Russia", armies=2, fleets=1, control_markers=1),
         "choices": {"defender_accepts_naval": False}, "dice": [[5, 5], [1, 2]]},
        {"outcome": "tie", "naval": None, "naval_support": "attacker",
         "land": {"attacker": 3, "defender": 3, "winner": "tie"}, "control": NO_CONTROL,
         "powers": {"Francia": power(armies=1, unrest=1, gold=-2),
                    "Russia": power(armies=1, unrest=1)}},
    ),
    (
        "fleets only: the attack ends after the naval battle",
        {"region": BALTICO, "attacker": force("Francia", fleets=2),
         "defender": force("Russia", armies=1, fleets=1, control_markers=1),
         "dice": [[6, 2], [3, 3]]},
        {"outcome": "ended_before_land",
         "naval": {"attacker": 6, "defender": 1, "winner": "attacker"},
         "naval_support": "attacker", "land": None, "control": NO_CONTROL, "dice_used": 2,
         "powers": {"Francia": power(gold=-2), "Russia": power(fleets=1, unrest=1)}},
    ),
    (
        "a naval tie: the tied side's 7 costs its ally's fleet once its own is gone",
        {"region": BALTICO, "attacker": force("Francia", armies=1, fleets=1),
         "defender": force("Russia", armies=1, fleets=2, control_markers=1),
         "attacker_allies": [{"power": "Spagna", "armies": 0, "fleets": 1}],
         "dice": [[3, 4], [2, 3], [2, 2], [2, 2]]},
        {"outcome": "tie", "naval": {"attacker": 3, "defender": 3, "winner": "tie"},
         "naval_support": None, "land": {"attacker": 1, "defender": 1, "winner": "tie"},
         "powers": {"Francia": power(armies=1, fleets=1, unrest=2, gold=-2),
                    "Spagna": power(fleets=1, unrest=1),
                    "Russia": power(armies=1, fleets=1, unrest=2)}},
    ),
    (
        "the loser's 7 costs its ally an army",
        {"region": STATI, "attacker": force("Francia", armies=4),
         "defender": force("Russia", armies=1, control_markers=1),
         "defender_allies": [{"power": "Prussia", "armies": 1, "fleets": 0}],
         "dice": [[6, 2], [3, 4]]},
        {"outcome": "attacker_wins", "land": {"attacker": 8, "defender": 3, "winner": "attacker"},
         "control": CONTROL,
         "powers": {"Francia": power(gold=-2), "Russia": power(armies=1, unrest=1),
                    "Prussia": power(armies=1, unrest=1)}},
    ),
    (
        "no control marker left in the attacker's supply",
        {"region": STATI, "attacker": force("Francia", armies=3, markers_in_supply=0),
         "defender": force("Russia", armies=1, control_markers=1), "dice": [[6, 2], [1, 1]]},
        {"outcome": "attacker_wins", "control": {"attacker_gains": 0, "defender_loses": 1}},
    ),
    (
        "tiles at sea win the naval battle and are missing on land",
        {"region": BALTICO, "attacker": force("Francia", armies=1, fleets=1, alliance_tiles=2),
         "defender": force("Russia", armies=1, fleets=1, control_markers=1),
         "choices": {"attacker_naval_tiles": 2}, "dice": [[1, 1], [1, 1], [1, 1], [1, 1]]},
        {"outcome": "attacker_wins", "naval": {"attacker": 3, "defender": 1, "winner": "attacker"},
         "naval_support": "attacker", "land": {"attacker": 2, "defender": 1, "winner": "attacker"},
         "control": CONTROL, "powers": {"Francia": power(gold=-2),
                                        "Russia": power(armies=1, fleets=1, unrest=2)}},
    ),
]


def subset(actual: Any, expected: Any) -> Any:
    """The part of `actual` that `expected` speaks about (battles: totals and winner)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: subset(actual.get(key), value) for key, value in expected.items()}
    return actual


@pytest.mark.parametrize(("case", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_whole_attack(case: dict[str, Any], expected: dict[str, Any]) -> None:
    result = resolve_case(case)
    assert subset(result, expected) == expected


def test_the_path_of_a_naval_then_land_attack() -> None:
    result = resolve_case(CASES[0][1])
    assert result["path"] == [
        "declared", "is_neutral", "allies", "has_sea", "both_fleets", "attacker_naval_choice",
        "defender_naval_choice", "naval_tiles", "naval_battle", "naval_result",
        "attacker_has_army", "land_battle", "land_losses", "control", "ended",
    ]
