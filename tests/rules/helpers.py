"""Builders and readers shared by the rules tests (no database, no Django)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from typing import Any, TypeVar

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.explore import Played, play
from guerra.rules.flowchart import Accepted, Outcome, Refused
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices, Commitments, policy
from guerra.rules.seed004.model import AllyForce, Force, Neutral, Region, Situation
from guerra.rules.seed004.state import AttackState

S = TypeVar("S")

FR, RU, ES, AT, PR, GB = "Francia", "Russia", "Spagna", "Austria", "Prussia", "Gran Bretagna"
SEA = Region("Baltico", has_sea=True)
LAND = Region("Stati Tedeschi", has_sea=False)


def attacker(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": FR, "gold": 5, "armies": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def defender(**fields: int | str | None) -> Force:
    values: dict[str, int | str | None] = {"power": RU, "armies": 1, "control_markers": 1}
    values.update(fields)
    return Force(**values)  # type: ignore[arg-type]


def situation(
    a: Force | None = None,
    d: Force | None = None,
    *,
    region: Region = LAND,
    a_allies: Iterable[AllyForce] = (),
    d_allies: Iterable[AllyForce] = (),
    neutral: Neutral | None = None,
    defender_is_ally: bool = False,
) -> Situation:
    return Situation(
        region=region,
        attacker=a or attacker(),
        defender=None if neutral is not None else d or defender(),
        neutral=neutral,
        attacker_allies=tuple(a_allies),
        defender_allies=tuple(d_allies),
        defender_is_ally=defender_is_ally,
    )


def pairs(*dice: tuple[int, int]) -> ScriptedDice:
    """Dice as the case files give them: for each battle A's pair, then the other side's."""
    return ScriptedDice(face for pair in dice for face in pair)


def run(
    s: Situation,
    *dice: tuple[int, int],
    choices: Choices | None = None,
    commitments: Commitments | None = None,
) -> Played[AttackState]:
    """A whole attack, every decision answered from `choices` (defaults of the case files)."""
    return play(SEED004, s, policy(choices or Choices(), commitments), pairs(*dice))


def declare(s: Situation, *dice: tuple[int, int]) -> Outcome[AttackState]:
    return SEED004.declare(s, pairs(*dice))


def accepted(outcome: Accepted[S] | Refused[S]) -> Accepted[S]:
    """The outcome of any procedure, which must be accepted."""
    assert isinstance(outcome, Accepted), getattr(outcome, "reason", outcome)
    return outcome


def refused(outcome: Accepted[S] | Refused[S]) -> Refused[S]:
    """The outcome of any procedure, which must be refused."""
    assert isinstance(outcome, Refused), outcome
    return outcome


def of_type(events: Iterable[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def tally(events: Iterable[Event]) -> dict[str, Counter[str]]:
    """Per power: armies/fleets/forts lost, unrest, gold and VP changes, markers placed/removed."""
    found: dict[str, Counter[str]] = {}
    for e in events:
        if isinstance(e, UnitLost):
            found.setdefault(e.power, Counter())[e.kind] += e.count
        elif isinstance(e, UnrestGained):
            found.setdefault(e.power, Counter())["unrest"] += e.amount
        elif isinstance(e, GoldChanged):
            found.setdefault(e.power, Counter())["gold"] += e.delta
        elif isinstance(e, VpChanged):
            found.setdefault(e.power, Counter())["vp"] += e.delta
        elif isinstance(e, ControlPlaced):
            found.setdefault(e.power, Counter())["placed"] += 1
        elif isinstance(e, ControlRemoved):
            found.setdefault(e.power, Counter())["removed"] += 1
    return found


def losses(events: Iterable[Event], power: str) -> dict[str, int]:
    counts = tally(events).get(power, Counter())
    return {kind: counts[kind] for kind in ("army", "fleet", "fort") if counts[kind]}


def rules_of(events: Iterable[Event], power: str, prefix: str = "") -> list[str]:
    """The rule behind each unit the power lost, e.g. ["M3", "M5"]; `prefix` keeps "M" or "L"."""
    return [e.rule for e in events
            if isinstance(e, UnitLost) and e.power == power and e.rule.startswith(prefix)]


def changed(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A deep copy of `data` (a case or scenario file) with the value at `path` replaced, or
    removed when `value` is `...`: one broken field at a time."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data
