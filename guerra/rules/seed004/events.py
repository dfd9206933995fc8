"""Seed 004's narrative events: dice, totals, decisions, naval support.

The effects (units lost, unrest, control, gold, VP) are the shared events of
`guerra.rules.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules import frozen
from guerra.rules.events import AllyDeclined, Event, units_text
from guerra.rules.i18n import N_, Message, _, ngettext
from guerra.rules.seed004.model import Side

__all__ = ["AllyDeclined"]  # shared with every procedure that asks allies (guerra.rules.events)

BATTLE_LABELS = {"naval": N_("naval battle"), "land": N_("land battle")}


@frozen.record
@dataclass(frozen=True)
class AllyCommitted(Event):
    """A2."""

    type: ClassVar[str] = "ally_committed"
    power: str
    side: Side
    armies: int
    fleets: int

    def describe(self) -> Message:
        units = units_text(self.armies, self.fleets)
        if self.side == "attacker":
            return _("{power} joins the attacker with {units}.", power=self.power, units=units)
        return _("{power} joins the defender with {units}.", power=self.power, units=units)


@frozen.record
@dataclass(frozen=True)
class NavalDecisionMade(Event):
    """S4: `fight` is the attacker's wish to fight, or the defender's acceptance."""

    type: ClassVar[str] = "naval_decision"
    power: str
    side: Side
    fight: bool
    timed_out: bool

    def describe(self) -> Message:
        if self.side == "attacker":
            if self.fight:
                return _("{power} wants a naval battle.", power=self.power)
            return _("{power} does not want a naval battle.", power=self.power)
        if self.fight:
            return _("{power} accepts the naval battle.", power=self.power)
        return _("{power} refuses the naval battle.", power=self.power)


@frozen.record
@dataclass(frozen=True)
class TilesAtSea(Event):
    """M2: Alliance tiles used at sea (so not in the land battle)."""

    type: ClassVar[str] = "tiles_at_sea"
    power: str
    side: Side
    tiles: int

    def describe(self) -> Message:
        return ngettext("{power} uses {count} Alliance tile at sea.",
                        "{power} uses {count} Alliance tiles at sea.", self.tiles, power=self.power)


@frozen.record
@dataclass(frozen=True)
class NavalSupport(Event):
    """S1/S3/S4/M3/M4: who gets naval support (+1 in the land battle); side None: nobody."""

    type: ClassVar[str] = "naval_support"
    side: Side | None
    power: str | None
    rule: str

    def describe(self) -> Message:
        if self.power is None:
            return _("Nobody gets naval support.")
        return _("{power} gets naval support.", power=self.power)


@frozen.record
@dataclass(frozen=True)
class DiceRolled(Event):
    """Two dice for one side of a battle: it adds |d1 - d2|; a 7 costs an extra unit."""

    type: ClassVar[str] = "dice_rolled"
    battle: str
    side: Side
    power: str | None
    faces: tuple[int, int]
    difference: int
    seven: bool

    def describe(self) -> Message:
        d1, d2, difference = self.faces[0], self.faces[1], self.difference
        if self.power is None:
            # N6 ruling: the neutral's 7 costs nothing, so it is not announced.
            return _("The neutral country rolls {d1} and {d2}: +{difference}.",
                     d1=d1, d2=d2, difference=difference)
        if self.seven:
            return _("{power} rolls {d1} and {d2}: +{difference}, and a 7!",
                     power=self.power, d1=d1, d2=d2, difference=difference)
        return _("{power} rolls {d1} and {d2}: +{difference}.", power=self.power,
                 d1=d1, d2=d2, difference=difference)


@frozen.record
@dataclass(frozen=True)
class TotalComputed(Event):
    """M1/L2/N1/N2: a side's total and what each point is for."""

    type: ClassVar[str] = "total"
    battle: str
    side: Side
    power: str | None
    total: int
    breakdown: tuple[tuple[str, int], ...]

    def describe(self) -> Message:
        battle = Message(BATTLE_LABELS[self.battle])
        if self.power is None:
            return _("Total of the neutral country in the {battle}: {total}.", battle=battle,
                     total=self.total)
        return _("Total of {power} in the {battle}: {total}.", power=self.power,
                 battle=battle, total=self.total)


@frozen.record
@dataclass(frozen=True)
class BattleDecided(Event):
    """M3/M4/L3/L5/N3-N5."""

    type: ClassVar[str] = "battle_decided"
    battle: str
    winner: str  # "attacker" / "defender" / "tie"
    power: str | None  # the winner's main player, None on a tie or for the neutral

    def describe(self) -> Message:
        battle = Message(BATTLE_LABELS[self.battle])
        if self.winner == "tie":
            return _("The {battle} is a tie.", battle=battle)
        if self.power is None:
            return _("The neutral country wins the {battle}.", battle=battle)
        return _("{power} wins the {battle}.", power=self.power, battle=battle)
