"""The narrative events of "d10": exchanges, reinforcements, the neutral's losses.

The effects (units lost, unrest, control, gold, VP) are the shared events of
`guerra.rules.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules import frozen
from guerra.rules.events import AllyDeclined, Event, units_text
from guerra.rules.forces import Side
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.jsontype import JSON


@frozen.record
@dataclass(frozen=True)
class ExchangeRolled(Event):
    """P2: both sides' rolls sorted from highest to lowest, the pairs and what each side
    loses. `attacking` is the power whose units rolled for the attacking side."""

    type: ClassVar[str] = "exchange"
    number: int  # 1 for the first exchange (P3), then one per attacking arrival (P4)
    attacking: str
    attacker_rolls: tuple[int, ...]
    defender_rolls: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    @property
    def pairs(self) -> tuple[tuple[int, int, str], ...]:
        """(attacking roll, defending roll, the side that wins the pair)."""
        return tuple((a, d, "attacker" if a > d else "defender")
                     for a, d in zip(self.attacker_rolls, self.defender_rolls, strict=False))

    def to_dict(self) -> dict[str, JSON]:
        """With the pairs, for the page that draws them."""
        data = super().to_dict()
        data["pairs"] = [list(pair) for pair in self.pairs]
        return data

    def describe(self) -> Message:
        won = ngettext("{count} pair", "{count} pairs", self.defender_losses)
        lost = ngettext("{count} pair", "{count} pairs", self.attacker_losses)
        return _("Exchange {number}: {power} wins {won}, the defending faction {lost}.",
                 number=self.number, power=self.attacking, won=won, lost=lost)


@frozen.record
@dataclass(frozen=True)
class ReinforcementArrived(Event):
    """P4: an ally arrives with some of its armies and fleets in the region."""

    type: ClassVar[str] = "reinforcement_arrived"
    power: str
    side: Side
    armies: int
    fleets: int

    def describe(self) -> Message:
        units = units_text(self.armies, self.fleets)
        if self.side == "attacker":
            return _("{power} arrives with {units} to help the attacker.", power=self.power,
                     units=units)
        return _("{power} arrives with {units} to help the defender.", power=self.power,
                 units=units)


# P4: an ally asked stays out (or did not answer in time): the same fact as seed 004's A3.
ReinforcementStayedOut = AllyDeclined


@frozen.record
@dataclass(frozen=True)
class NeutralUnitsLost(Event):
    """P8: the neutral's defending units lost in an exchange (nobody takes unrest)."""

    type: ClassVar[str] = "neutral_units_lost"
    count: int
    left: int

    def describe(self) -> Message:
        return ngettext("The neutral country loses {count} unit ({left} left).",
                        "The neutral country loses {count} units ({left} left).",
                        self.count, left=self.left)


@frozen.record
@dataclass(frozen=True)
class NobodyDefends(Event):
    """P6: the defending faction has no unit (a defender with control markers only): no
    exchange is fought."""

    type: ClassVar[str] = "nobody_defends"
    region: str

    def describe(self) -> Message:
        return _("Nobody defends {region}: there is no exchange.", region=self.region)
