"""Games and positions for the computer players' tests (no database, no Django)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Deadline
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.scenario_file import shipped
from guerra.rules.game.state import GameState, Pieces, Side
from tests.rules.game.helpers import in_rounds

GB, FR, ES, AT = "Gran Bretagna", "Francia", "Spagna", "Austria"
POWERS = (GB, FR, ES, AT)
COMBAT_SYSTEMS = ("seed004", "d10", "punti", "finestre", "piano")
# The alliances of a war of four: Francia and Spagna (A) against Gran Bretagna and Austria.
ALLIANCES: tuple[tuple[str, Side], ...] = ((FR, "A"), (GB, "B"), (ES, "A"), (AT, "B"))
CARAIBI, SUD_AMERICA, MEDITERRANEO = "Caraibi", "Sud America", "Mediterraneo"
WEAK_COUNTER = 32  # Caraibi, defence 1, no reward
STRONG_COUNTER = 40  # Sud America, defence 4, 4 gold


def europa(procedure: str = "seed004", **changes: object) -> ScenarioRules:
    """The shipped "Europa 1700" with another combat system (and other numbers)."""
    return dataclasses.replace(shipped(), procedure=procedure, **changes)  # type: ignore[arg-type]


def short(procedure: str) -> ScenarioRules:
    """One war of three rounds: a whole game in a second or two."""
    return europa(procedure, wars=1, rounds=3)


def position(procedure: str = "seed004", *, pieces: Iterable[Pieces] = (),
             face_up: Sequence[int] = (), gold: int = 10, **powers: Any) -> GameState:
    """War 1, round 1, Francia's turn, the four powers allied as `ALLIANCES`."""
    return in_rounds(scenario=europa(procedure), pieces=pieces, alliances=ALLIANCES,
                     face_up=face_up, gold=gold, **powers)


def to_phase(state: GameState, phase: str, dice: RandomDice) -> GameState:
    """Every decision answered by its deadline's default until `phase` begins."""
    while state.phase != phase:
        outcome = advance(state, Deadline(pending(state).step), dice)
        assert isinstance(outcome, Accepted)
        state = outcome.state
    return state


def started(procedure: str = "seed004", seed: int = 0) -> GameState:
    outcome = start_game(europa(procedure), POWERS, RandomDice(seed))
    assert isinstance(outcome, Accepted)
    return outcome.state
