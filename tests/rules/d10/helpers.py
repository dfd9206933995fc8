"""Builders and readers for the "d10" tests (procedures/d10.md, P1-P9; no Django).

Dice are written as the case files give them: for each exchange the attacking side's faces
(one per unit in it), then the defending side's. `run` insists that every scripted face is
used, so a test that expects another number of dice fails.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.declaration import initial_state
from guerra.rules.d10.events import ExchangeRolled
from guerra.rules.d10.model import Reinforcement, Situation
from guerra.rules.d10.procedure import policy
from guerra.rules.d10.state import D10State
from guerra.rules.dice import ScriptedDice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
)
from guerra.rules.explore import Played, play
from guerra.rules.flowchart import Outcome
from guerra.rules.forces import ATTACKER, DEFENDER, Force, Neutral, Region, Side
from tests.rules.helpers import accepted, losses, refused, tally

# The event tallies are seed 004's, shared: the d10 tests take them from here.
__all__ = ["accepted", "losses", "refused", "tally"]

FR, RU, ES, AT, PR, GB = "Francia", "Russia", "Spagna", "Austria", "Prussia", "Gran Bretagna"
LAND = Region("Stati Tedeschi", has_sea=False)
SEA = Region("Baltico", has_sea=True)
A, D = ATTACKER, DEFENDER


def attacker(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": FR, "gold": 5, "armies": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def defender(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": RU, "armies": 1, "control_markers": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def ally(power: str, side: Side, armies: int = 0, fleets: int = 0,
         markers_in_supply: int | None = None) -> Reinforcement:
    return Reinforcement(power, side, armies, fleets, markers_in_supply)


def situation(a: Force | None = None, d: Force | None = None, *,
              allies: Iterable[Reinforcement] = (), neutral: Neutral | None = None,
              region: Region = SEA, defender_is_ally: bool = False) -> Situation:
    return Situation(region=region, attacker=a or attacker(),
                     defender=None if neutral is not None else d or defender(),
                     neutral=neutral, reinforcements=tuple(allies),
                     defender_is_ally=defender_is_ally)


def d10(*faces: int) -> ScriptedDice:
    return ScriptedDice(faces, 10)


def run(s: Situation, *faces: int,
        arrivals: Mapping[str, tuple[int, int]] | None = None) -> Played[D10State]:
    """A whole attack: allies arrive with everything (or as `arrivals` says), losses by
    default; every scripted face must be rolled."""
    dice = d10(*faces)
    played = play(D10_PROCEDURE, s, policy(arrivals), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
    return played


def declare(s: Situation, *faces: int) -> Outcome[D10State]:
    return D10_PROCEDURE.declare(s, d10(*faces))


def exchanges(events: Iterable[Event]) -> list[ExchangeRolled]:
    return [e for e in events if isinstance(e, ExchangeRolled)]


def unrest(events: Iterable[Event], power: str) -> int:
    return tally(events).get(power, Counter())["unrest"]


def control(events: Iterable[Event]) -> list[tuple[str, str]]:
    """("placed"|"removed", power) in the order the events say."""
    found = []
    for e in events:
        if isinstance(e, ControlPlaced):
            found.append(("placed", e.power))
        elif isinstance(e, ControlRemoved):
            found.append(("removed", e.power))
    return found


def units(state: D10State, power: str) -> tuple[int, int, int]:
    """(armies, fleets, forts) a power still has in the fight."""
    fighter = state.fighter(power)
    assert fighter is not None, power
    return fighter.armies, fighter.fleets, fighter.forts


def opened(s: Situation) -> D10State:
    """A declared attack at its first box, before anything is paid or rolled."""
    state = initial_state(s)
    assert isinstance(state, D10State), state
    return D10_PROCEDURE.open(state)[0]
