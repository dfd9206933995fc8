"""Builders for the "finestre" tests (procedures/finestre.md, W1-W16; no Django)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from guerra.rules.dice import ScriptedDice
from guerra.rules.explore import Played, play
from guerra.rules.finestre import FINESTRE_PROCEDURE as P
from guerra.rules.finestre.case import case_policy, check_calls, check_losses
from guerra.rules.finestre.case_input import read_case
from guerra.rules.finestre.state import FinestreState

FR, RU, ES, AT = "Francia", "Russia", "Spagna", "Austria"


FIELDS = ("armies", "fleets", "forts", "army_training", "navy_training", "alliance_tiles",
          "control_markers")


def full(force: object) -> object:
    """A force with every count the case format asks for (0 unless given)."""
    if not isinstance(force, dict):
        return force
    return {**dict.fromkeys(FIELDS, 0), **force}


def case(**extra: object) -> dict[str, object]:
    """A land attack: Francia (2 armies, 1 Alliance tile) against Russia (1 army, 1 fort, a
    control marker), Spagna allied to Francia, Austria at the table; no cards unless given."""
    data: dict[str, object] = {
        "region": {"name": "Stati Tedeschi", "sea": False},
        "attacker": {"power": FR, "gold": 5, "armies": 2, "alliance_tiles": 1},
        "defender": {"power": RU, "armies": 1, "forts": 1, "control_markers": 1},
        "attacker_allies": [{"power": ES, "armies": 1}],
        "turn_order": [FR, ES, RU, AT],
        "dice": [3, 3],
    }
    data.update(extra)
    for key in ("attacker", "defender"):
        data[key] = full(data[key])
    if data["defender"] is None:
        del data["defender"]
    return data


def run(data: Mapping[str, object]) -> Played[FinestreState]:
    """Resolve a case as the command does: its calls and losses checked."""
    read = read_case(data)
    played = play(P, read.situation, case_policy(read), ScriptedDice(read.dice, 6))
    check_calls(read, played.state)
    check_losses(read, played.events)
    return played


def calls(state: FinestreState, name: str) -> list[tuple[str, str | None]]:
    window = next(w for w in state.windows if w.name == name)
    return [(c.power, c.card) for c in window.calls]


def names(state: FinestreState) -> Sequence[str]:
    return [w.name for w in state.windows]
