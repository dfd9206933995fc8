"""What players send to `advance`: each input names its power and the step it was made for.

`guerra.rules.flowchart.Timeout(step)` is the fifth input: the deadline of the current
decision passed, and everyone still awaited gets the default written on each box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from guerra.rules import frozen

LossKind = Literal["army", "fort"]


@frozen.record
@dataclass(frozen=True)
class AllyAnswer:
    """A2: an invited ally commits armies and fleets it has in the region; 0/0 declines."""

    power: str
    step: int
    armies: int = 0
    fleets: int = 0


@frozen.record
@dataclass(frozen=True)
class NavalDecision:
    """S4: the attacker decides to fight the naval battle; the defender decides to accept it."""

    power: str
    step: int
    fight: bool


@frozen.record
@dataclass(frozen=True)
class NavalTiles:
    """M2: how many of the power's Alliance tiles for this region go to the naval battle."""

    power: str
    step: int
    tiles: int


@frozen.record
@dataclass(frozen=True)
class LossChoice:
    """L4/L6: the defender's main player chooses to lose an army or a fort."""

    power: str
    step: int
    kind: LossKind
