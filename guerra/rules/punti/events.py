"""The narrative events of "punti": groups named and answered, the rolls, the damage placed,
the counter-attack decision, the neutral's losses.

The effects (units lost here or elsewhere, units moved, unrest, control, gold, VP, units
engaged) are the shared events of `guerra.rules.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules import frozen
from guerra.rules.events import Event, units_text
from guerra.rules.forces import Side
from guerra.rules.i18n import Message, _, ngettext


def _place(source: str | None) -> Message:
    if source is None:
        return _("from home")
    return _("from {region}", region=source)


@frozen.record
@dataclass(frozen=True)
class GroupNamed(Event):
    """E4/E5: a main player names a group of units to reinforce its side (`number`: the
    group's number, its units are R<number>.1, R<number>.2, ...)."""

    type: ClassVar[str] = "group_named"
    number: int
    named_by: str
    power: str
    side: Side
    source: str | None
    armies: int
    fleets: int

    def describe(self) -> Message:
        return _("{named_by} names {units} of {power} {place} (group {number}).",
                 named_by=self.named_by, units=units_text(self.armies, self.fleets),
                 power=self.power, place=_place(self.source), number=self.number)


@frozen.record
@dataclass(frozen=True)
class GroupJoined(Event):
    """E4/E5: a group named takes part in the battle (a main power's own at once, an ally's
    when it agrees)."""

    type: ClassVar[str] = "group_joined"
    number: int
    power: str
    side: Side
    source: str | None
    armies: int
    fleets: int

    def describe(self) -> Message:
        units = units_text(self.armies, self.fleets)
        if self.side == "attacker":
            return _("{power} joins the attack with {units} {place}.", power=self.power,
                     units=units, place=_place(self.source))
        return _("{power} joins the defence with {units} {place}.", power=self.power,
                 units=units, place=_place(self.source))


@frozen.record
@dataclass(frozen=True)
class GroupRefused(Event):
    """E4/E5: an ally refuses (or did not answer in time): its group takes no part."""

    type: ClassVar[str] = "group_refused"
    number: int
    power: str
    side: Side
    timed_out: bool

    def describe(self) -> Message:
        if self.timed_out:
            return _("{power} did not answer in time: group {number} stays out.",
                     power=self.power, number=self.number)
        return _("{power} refuses: group {number} stays out.", power=self.power,
                 number=self.number)


@frozen.record
@dataclass(frozen=True)
class AttackRolled(Event):
    """E6/E7: one die per attack point; each die at `target` or more is one damage."""

    type: ClassVar[str] = "attack_rolled"
    dice: tuple[int, ...]
    target: int
    hits: int

    def describe(self) -> Message:
        return ngettext("Attack roll: {dice} against {target} or more, {count} hit.",
                        "Attack roll: {dice} against {target} or more, {count} hits.",
                        self.hits, dice=_faces(self.dice), target=self.target)


@frozen.record
@dataclass(frozen=True)
class CounterRolled(Event):
    """E10: one die per point of the best defence left; each die above `speed` (the primary
    attacker's highest) is one damage."""

    type: ClassVar[str] = "counter_rolled"
    dice: tuple[int, ...]
    speed: int
    hits: int

    def describe(self) -> Message:
        return ngettext("Counter-attack roll: {dice} against more than {speed}, {count} hit.",
                        "Counter-attack roll: {dice} against more than {speed}, {count} hits.",
                        self.hits, dice=_faces(self.dice), speed=self.speed)


def _faces(dice: tuple[int, ...]) -> str:
    return " ".join(str(face) for face in dice) or "-"


@frozen.record
@dataclass(frozen=True)
class NobodyDefends(Event):
    """E7: the defending side has no unit at all: nothing is rolled."""

    type: ClassVar[str] = "nobody_defends"
    region: str

    def describe(self) -> Message:
        return _("Nobody defends {region}: nothing is rolled.", region=self.region)


@frozen.record
@dataclass(frozen=True)
class DamagePlaced(Event):
    """E8/E10: the damage `side` took, points per unit id (`rule` E8 or E10); `lost` points
    fell beyond every unit that could take them."""

    type: ClassVar[str] = "damage_placed"
    side: Side
    damage: tuple[tuple[str, int], ...]
    lost: int
    rule: str

    def describe(self) -> Message:
        spread = ", ".join(f"{unit_id}: {points}" for unit_id, points in self.damage) or "-"
        if self.side == "attacker":
            return _("Damage to the attacker: {spread}.", spread=spread)
        return _("Damage to the defender: {spread}.", spread=spread)


@frozen.record
@dataclass(frozen=True)
class CounterAttackChosen(Event):
    """E10: the defender counter-attacks or not (a neutral always does)."""

    type: ClassVar[str] = "counter_attack_chosen"
    power: str | None
    attacks: bool
    timed_out: bool = False

    def describe(self) -> Message:
        if self.power is None:
            return _("The neutral country counter-attacks.")
        if self.attacks:
            return _("{power} counter-attacks.", power=self.power)
        return _("{power} does not counter-attack.", power=self.power)


@frozen.record
@dataclass(frozen=True)
class NeutralUnitsLost(Event):
    """E11: the neutral's armies destroyed (nobody takes unrest)."""

    type: ClassVar[str] = "neutral_units_lost"
    count: int
    left: int

    def describe(self) -> Message:
        return ngettext("The neutral country loses {count} army ({left} left).",
                        "The neutral country loses {count} armies ({left} left).",
                        self.count, left=self.left)


@frozen.record
@dataclass(frozen=True)
class RegionDecided(Event):
    """E11: who wins the battle: the attacker when the primary defender has no unit left in
    the region and the primary attacker has one there, the defender (who keeps the region)
    otherwise (`power` None: the neutral marker)."""

    type: ClassVar[str] = "region_decided"
    winner: Side
    power: str | None

    def describe(self) -> Message:
        if self.power is None:
            return _("The neutral marker keeps the region.")
        if self.winner == "attacker":
            return _("{power} wins: the primary defender has no unit left in the region.",
                     power=self.power)
        return _("{power} keeps the region.", power=self.power)
