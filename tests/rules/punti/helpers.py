"""Builders and readers for the "punti" tests (procedures/punti.md, E1-E11; no Django).

`run` plays a whole attack with scripted six-sided dice (the attack roll, then the
counter-attack roll) and insists that every scripted face is used.
"""

from __future__ import annotations

from collections.abc import Iterable

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import ControlPlaced, ControlRemoved, Event
from guerra.rules.explore import Played, Policy, play
from guerra.rules.flowchart import Accepted, Outcome
from guerra.rules.forces import ATTACKER, DEFENDER, Force, Neutral, Region
from guerra.rules.punti import PUNTI_PROCEDURE
from guerra.rules.punti.declaration import initial_state
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.procedure import policy
from guerra.rules.punti.profiles import DEFAULT_PROFILES, Profiles
from guerra.rules.punti.state import PuntiState
from tests.rules.helpers import tally

__all__ = ["tally"]

FR, RU, ES, AT, PR, SV = "Francia", "Russia", "Spagna", "Austria", "Prussia", "Svezia"
LAND = Region("Stati Tedeschi", has_sea=False)
SEA = Region("Baltico", has_sea=True)
LINKS = ("Austria", "Europa Centrale")
A, D = ATTACKER, DEFENDER
P = PUNTI_PROCEDURE


def attacker(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": FR, "gold": 5, "armies": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def defender(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": RU, "armies": 1, "control_markers": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def situation(a: Force | None = None, d: Force | None = None, *,
              candidates: Iterable[Candidate] = (), neutral: Neutral | None = None,
              region: Region = LAND, links: tuple[str, ...] = LINKS, home_linked: bool = True,
              profiles: Profiles = DEFAULT_PROFILES,
              turn_order: tuple[str, ...] = ()) -> Situation:
    return Situation(region=region, attacker=a or attacker(),
                     defender=None if neutral is not None else d or defender(),
                     neutral=neutral, profiles=profiles, links=links, home_linked=home_linked,
                     candidates=tuple(candidates), turn_order=turn_order)


def d6(*faces: int) -> ScriptedDice:
    return ScriptedDice(faces, 6)


def run(s: Situation, *faces: int, answer: Policy[PuntiState] | None = None
        ) -> Played[PuntiState]:
    """A whole attack, everything named and agreed to (or as `answer` says), every other
    decision by default; every scripted face must be rolled."""
    dice = d6(*faces)
    played = play(P, s, answer or policy(), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
    return played


def declare(s: Situation, *faces: int) -> Outcome[PuntiState]:
    return P.declare(s, d6(*faces))


def ok(outcome: Outcome[PuntiState]) -> PuntiState:
    assert isinstance(outcome, Accepted), outcome
    return outcome.state


def opened(s: Situation) -> PuntiState:
    state = initial_state(s)
    assert isinstance(state, PuntiState), state
    return P.open(state)[0]


def of_type(events: Iterable[Event], cls: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, cls)]


def control(events: Iterable[Event]) -> list[tuple[str, str]]:
    found = []
    for e in events:
        if isinstance(e, ControlPlaced):
            found.append(("placed", e.power))
        elif isinstance(e, ControlRemoved):
            found.append(("removed", e.power))
    return found


def left(state: PuntiState) -> dict[str, tuple[int, str]]:
    """Each unit's health left and status."""
    return {u.id: (u.left, u.status) for u in state.units}
