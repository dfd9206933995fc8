"""Building game states for rule tests and stepping the machine (no database, no Django)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from guerra.rules.dice import Dice, RandomDice, ScriptedDice
from guerra.rules.events import Event
from guerra.rules.flowchart import Accepted, Refused
from guerra.rules.game.machine import Outcome, advance, start_game
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.state import GameState, Pieces, PowerState, Side, TurnState
from guerra.rules.i18n import Message
from tests.rules.game.scenarios import FR, GB, PR, tiny


class PrefixDice:
    """Scripted faces first, then random ones: to fix the dice a rule reads and let the
    rest of a setup roll freely."""

    def __init__(self, faces: Iterable[int], seed: int = 0) -> None:
        self.scripted = ScriptedDice(faces)
        self.rest = RandomDice(seed)

    def roll(self, sides: int = 6) -> int:
        return self.scripted.roll() if self.scripted.remaining else self.rest.roll()


def ok(outcome: Outcome) -> Accepted[GameState]:
    assert isinstance(outcome, Accepted), (
        outcome.reason.render("en") if isinstance(outcome, Refused) else outcome)
    return outcome


def no(outcome: Outcome) -> Message:
    assert isinstance(outcome, Refused), "the input was accepted"
    return outcome.reason


def play(state: GameState, given: object, dice: Dice | Sequence[int] = ()) -> Accepted[GameState]:
    roller = dice if not isinstance(dice, Sequence) else ScriptedDice(dice)
    return ok(advance(state, given, roller))


def now(state: GameState, given: object) -> object:
    """The input as made for the state's current step (a fresh page)."""
    if dataclasses.is_dataclass(given) and hasattr(given, "step"):
        return dataclasses.replace(given, step=state.step)  # type: ignore[type-var]
    return given


def steps(state: GameState, *inputs: object, dice: Dice | None = None) -> GameState:
    """Each input, made for the current step, accepted in turn."""
    for given in inputs:
        state = play(state, now(state, given), dice or RandomDice(0)).state
    return state


def refused(state: GameState, given: object, dice: Sequence[int] = ()) -> Message:
    """The input is refused and nothing changed (G39)."""
    outcome = advance(state, given, ScriptedDice(dice))
    reason = no(outcome)
    assert outcome.state == state
    return reason


def started(scenario: ScenarioRules | None = None, powers: Sequence[str] = (FR, PR, GB),
            seed: int = 0) -> Accepted[GameState]:
    return ok(start_game(scenario or tiny(), powers, RandomDice(seed)))


def of_type(events: Iterable[Event], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def board(*pieces: Pieces) -> tuple[Pieces, ...]:
    return tuple(p for p in pieces if not p.empty)


def in_rounds(
    *,
    scenario: ScenarioRules | None = None,
    pieces: Iterable[Pieces] = (),
    alliances: Sequence[tuple[str, Side]] = ((FR, "A"), (PR, "B"), (GB, "A")),
    gold: int = 10,
    population: int = 5,
    face_up: Sequence[int] = (),
    turn: TurnState | None = None,
    **power_changes: Any,
) -> GameState:
    """A state in the action rounds of war 1, round 1, at the turn of the first slot (or
    `turn`); every power with `gold` and `population`; `power_changes` per power name."""
    scenario = scenario or tiny()
    seating = tuple(p for p, _side in alliances)
    powers = []
    for name in seating:
        power = PowerState(name, gold, population)
        powers.append(dataclasses.replace(power, **power_changes.get(name, {})))
    state = GameState(scenario=scenario, seating=seating, powers=tuple(powers),
                      phase="rounds", war=1, round=1, alliances=tuple(alliances),
                      face_up=tuple(face_up), first_opener=seating[0],
                      market=tuple((t.key, t.copies) for t in scenario.tiles),
                      turn=turn or TurnState(seating[0]))
    for item in pieces:
        state = state.with_pieces(item.power, item.region, armies=item.armies,
                                  fleets=item.fleets, forts=item.forts, markers=item.markers)
    return state


# The war-end command's case file, a power and a region at a time (`python -m guerra.rules
# war-end`).
def power(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"power": name, "gold": 0, "population": 0, "unrest": 0, "vp": 0,
                            "armies": 0, "fleets": 0, "forts": 0, "tile_income": 0,
                            "markers": {}}
    base.update(fields)
    return base


def region(name: str, europe: bool, vp: list[Any]) -> dict[str, Any]:
    return {"name": name, "europe": europe, "vp": vp}
