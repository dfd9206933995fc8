"""What players send to a "d10" attack: each input names its power and the step it was made for.

A loss choice is a generic `guerra.rules.allocation.Allocation` over "army" and "fleet" (P5);
`guerra.rules.flowchart.Timeout(step)` stands for a deadline.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.allocation import Allocation

__all__ = ["Allocation", "Reinforce"]


@frozen.record
@dataclass(frozen=True)
class Reinforce:
    """P4: an ally asked arrives with some of its armies and fleets in the region (0 and 0:
    it stays out)."""

    power: str
    step: int
    armies: int = 0
    fleets: int = 0
