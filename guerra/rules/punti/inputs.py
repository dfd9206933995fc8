"""What players send to a "punti" attack: each input names its power and the step it was made
for; `guerra.rules.flowchart.Timeout(step)` stands for a deadline.

- `Name` (E4/E5): a main player names the groups that reinforce its side (`Group`s, in order).
- `Consent` (E4/E5): an ally whose group is named agrees (`agrees` True) or refuses, one group
  at a time.
- `Allocation` (E8, E10): the damage spread, points per unit id (`("D1", 2), ("R1.1", 1)`),
  the generic `guerra.rules.allocation.Allocation`.
- `Retreat` (E9): where the retreating armies go (`target` None: the defender's home).
- `CounterAttack` (E10): whether the defender counter-attacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.allocation import Allocation

__all__ = ["Allocation", "Consent", "CounterAttack", "Group", "Name", "Retreat"]


@frozen.record
@dataclass(frozen=True)
class Group:
    """E4/E5: units of one power named from one place: `source` is the attacked region
    itself, a region linked by land, or None (the power's home)."""

    power: str
    source: str | None
    armies: int = 0
    fleets: int = 0


@frozen.record
@dataclass(frozen=True)
class Name:
    """E4/E5: the groups a main player names to reinforce its side, in order (none: nobody)."""

    power: str
    step: int
    groups: tuple[Group, ...] = ()


@frozen.record
@dataclass(frozen=True)
class Consent:
    """E4/E5: an ally's answer for the group of its asked now."""

    power: str
    step: int
    agrees: bool


@frozen.record
@dataclass(frozen=True)
class Retreat:
    """E9: the region the retreating armies go to; None: the defender's home."""

    power: str
    step: int
    target: str | None


@frozen.record
@dataclass(frozen=True)
class CounterAttack:
    """E10: whether the defender counter-attacks."""

    power: str
    step: int
    attacks: bool = True
