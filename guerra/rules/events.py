"""Events: what happened, one value per fact, in the order it happened.

The web layer applies the *effect* events below to the database (units, unrest, control
markers, gold, VP), so each says exactly what changed and for whom; every other event only
tells the story. These effects are shared by all combat procedures; a procedure adds its own
narrative events (dice, totals, decisions) in its package.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Literal

from guerra.rules import frozen
from guerra.rules.i18n import N_, Message, _, ngettext
from guerra.rules.jsontype import JSON
from guerra.rules.registry import procedures

UnitKind = Literal["army", "fleet", "fort"]
UNIT_KINDS: tuple[UnitKind, ...] = ("army", "fleet", "fort")


def to_json(value: object) -> JSON:
    """Tuples become lists, messages their dicts: the event log is plain JSON."""
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"not JSON-safe: {value!r}")


def units_text(armies: int, fleets: int) -> Message:
    """ "2 armate e 1 flotta", "1 armata", "2 flotte": plurals done by the catalogue."""
    army_text = ngettext("{count} army", "{count} armies", armies)
    fleet_text = ngettext("{count} fleet", "{count} fleets", fleets)
    if armies and fleets:
        return _("{armies} and {fleets}", armies=army_text, fleets=fleet_text)
    return fleet_text if fleets else army_text


@dataclass(frozen=True)
class Event:
    """Base of every event; `type` names it in `to_dict()`."""

    type: ClassVar[str] = "event"

    def describe(self) -> Message:
        raise NotImplementedError

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"type": self.type}
        for f in dataclasses.fields(self):
            data[f.name] = to_json(getattr(self, f.name))
        data["message"] = self.describe().to_dict()
        return data


@frozen.record
@dataclass(frozen=True)
class NodeEntered(Event):
    """The procedure reached a box of its flowchart."""

    type: ClassVar[str] = "node_entered"
    node: str
    label: str

    def describe(self) -> Message:
        return Message(self.label)


@frozen.record
@dataclass(frozen=True)
class AttackEnded(Event):
    type: ClassVar[str] = "attack_ended"
    outcome: str
    winner: str | None = None  # the winning side's main player, when a power won

    def describe(self) -> Message:
        if self.winner is not None and self.outcome == "attacker_wins":
            return _("The attack is over: {winner} wins (attacker).", winner=self.winner)
        if self.winner is not None and self.outcome == "defender_wins":
            return _("The attack is over: {winner} wins (defender).", winner=self.winner)
        return _("The attack is over: {outcome}.", outcome=outcome_label(self.outcome))


# The outcomes every procedure may end with; a procedure names its own others
# (`Procedure.outcome_labels`: seed 004's end without a land battle).
OUTCOME_LABELS = {
    "attacker_wins": N_("the attacker wins"),
    "defender_wins": N_("the defender wins"),
    "tie": N_("tie"),
}


def outcome_label(outcome: str) -> Message:
    label = OUTCOME_LABELS.get(outcome) or next(
        (p.outcome_labels[outcome] for p in procedures() if outcome in p.outcome_labels),
        outcome)
    return Message(label)


# The effects (and the attack's end) that the game's log tells of every attack step, whatever
# the procedure (`Procedure.logged_events` adds a procedure's own).
LOGGED_EFFECTS = frozenset({
    "gold", "vp", "unit_lost", "control_placed", "control_removed", "neutral_removed",
    "ally_declined", "attack_ended", "units_moved", "unit_lost_elsewhere",
    # What the units lost cost in unrest (L7, M7, N7, P9): public, as on the board's track.
    "unrest",
})


# The rules by which a 7 costs a unit more (seed 004: L6 on land, M5 at sea).
SEVEN_RULES = frozenset({"L6", "M5"})


@frozen.record
@dataclass(frozen=True)
class AllyDeclined(Event):
    """An ally asked to bring units stays out, or did not answer in time (seed 004's A2/A3,
    d10's P4)."""

    type: ClassVar[str] = "ally_declined"
    power: str
    side: Literal["attacker", "defender"]
    timed_out: bool

    def describe(self) -> Message:
        if self.timed_out:
            return _("{power} did not answer in time and stays out.", power=self.power)
        return _("{power} stays out of the attack.", power=self.power)


@frozen.record
@dataclass(frozen=True)
class UnitLost(Event):
    """N7/M7/L7: a unit leaves the board; the owner's unrest comes as `UnrestGained`."""

    type: ClassVar[str] = "unit_lost"
    power: str
    kind: UnitKind
    count: int
    rule: str

    def describe(self) -> Message:
        if self.rule in SEVEN_RULES:  # L6/M5: one unit more, because a 7 was rolled
            return {
                "army": _("A 7 was rolled: {power} loses one army more.", power=self.power),
                "fleet": _("A 7 was rolled: {power} loses one fleet more.", power=self.power),
                "fort": _("A 7 was rolled: {power} loses one fort more.", power=self.power),
            }[self.kind]
        if self.kind == "army":
            return ngettext(
                "{power} loses {count} army.", "{power} loses {count} armies.",
                self.count, power=self.power,
            )
        if self.kind == "fleet":
            return ngettext(
                "{power} loses {count} fleet.", "{power} loses {count} fleets.",
                self.count, power=self.power,
            )
        return ngettext(
            "{power} loses {count} fort.", "{power} loses {count} forts.",
            self.count, power=self.power,
        )


@frozen.record
@dataclass(frozen=True)
class UnitLostElsewhere(Event):
    """A unit destroyed outside the attacked region: a reinforcement that fought from a linked
    region, or from its home (`source` None); the owner's unrest comes as `UnrestGained`."""

    type: ClassVar[str] = "unit_lost_elsewhere"
    power: str
    kind: UnitKind
    count: int
    source: str | None
    rule: str

    def describe(self) -> Message:
        n, power, region = self.count, self.power, self.source
        if region is None:
            return {
                "army": ngettext("{power} loses {count} army at home.",
                                 "{power} loses {count} armies at home.", n, power=power),
                "fleet": ngettext("{power} loses {count} fleet at home.",
                                  "{power} loses {count} fleets at home.", n, power=power),
                "fort": ngettext("{power} loses {count} fort at home.",
                                 "{power} loses {count} forts at home.", n, power=power),
            }[self.kind]
        return {
            "army": ngettext("{power} loses {count} army in {region}.",
                             "{power} loses {count} armies in {region}.", n, power=power,
                             region=region),
            "fleet": ngettext("{power} loses {count} fleet in {region}.",
                              "{power} loses {count} fleets in {region}.", n, power=power,
                              region=region),
            "fort": ngettext("{power} loses {count} fort in {region}.",
                             "{power} loses {count} forts in {region}.", n, power=power,
                             region=region),
        }[self.kind]


@frozen.record
@dataclass(frozen=True)
class UnitsEngaged(Event):
    """Units that took part in an attack this round (the primary stacks, the reinforcements
    that joined), in one place (`place` None: the power's home); the game records them in
    `GameState.engaged` until the next round begins (punti's E3). Not logged."""

    type: ClassVar[str] = "units_engaged"
    power: str
    place: str | None
    armies: int
    fleets: int
    rule: str

    def describe(self) -> Message:
        units = units_text(self.armies, self.fleets)
        if self.place is None:
            return _("{power} has engaged {units} at home this round.", power=self.power,
                     units=units)
        return _("{power} has engaged {units} in {region} this round.", power=self.power,
                 units=units, region=self.place)


@frozen.record
@dataclass(frozen=True)
class UnitsMoved(Event):
    """Units go from one place to another during an attack (a reinforcement from a linked
    region, a retreat); `source`/`target` None is the power's home."""

    type: ClassVar[str] = "units_moved"
    power: str
    kind: UnitKind
    count: int
    source: str | None
    target: str | None
    rule: str

    def describe(self) -> Message:
        if self.target is None:
            return ngettext("{power} brings {count} unit home.",
                            "{power} brings {count} units home.", self.count, power=self.power)
        if self.kind == "army":
            return ngettext("{power} moves {count} army to {region}.",
                            "{power} moves {count} armies to {region}.",
                            self.count, power=self.power, region=self.target)
        return ngettext("{power} moves {count} fleet to {region}.",
                        "{power} moves {count} fleets to {region}.",
                        self.count, power=self.power, region=self.target)


@frozen.record
@dataclass(frozen=True)
class UnrestGained(Event):
    type: ClassVar[str] = "unrest"
    power: str
    amount: int
    rule: str

    def describe(self) -> Message:
        return ngettext(
            "{power} takes {count} unrest point.", "{power} takes {count} unrest points.",
            self.amount, power=self.power,
        )


@frozen.record
@dataclass(frozen=True)
class ControlPlaced(Event):
    type: ClassVar[str] = "control_placed"
    power: str
    region: str
    rule: str

    def describe(self) -> Message:
        return _("{power} places a control marker in {region}.",
                 power=self.power, region=self.region)


@frozen.record
@dataclass(frozen=True)
class ControlRemoved(Event):
    type: ClassVar[str] = "control_removed"
    power: str
    region: str
    rule: str

    def describe(self) -> Message:
        return _("{power} removes a control marker from {region}.",
                 power=self.power, region=self.region)


@frozen.record
@dataclass(frozen=True)
class NeutralRemoved(Event):
    type: ClassVar[str] = "neutral_removed"
    region: str
    rule: str

    def describe(self) -> Message:
        return _("The neutral marker leaves {region}.", region=self.region)


@frozen.record
@dataclass(frozen=True)
class GoldChanged(Event):
    type: ClassVar[str] = "gold"
    power: str
    delta: int
    rule: str

    def describe(self) -> Message:
        if self.delta < 0:
            return ngettext("{power} pays {count} gold.", "{power} pays {count} gold.",
                            -self.delta, power=self.power)
        return ngettext("{power} gains {count} gold.", "{power} gains {count} gold.",
                        self.delta, power=self.power)


@frozen.record
@dataclass(frozen=True)
class VpChanged(Event):
    type: ClassVar[str] = "vp"
    power: str
    delta: int
    rule: str

    def describe(self) -> Message:
        if self.delta < 0:
            return ngettext("{power} loses {count} victory point.",
                            "{power} loses {count} victory points.", -self.delta, power=self.power)
        return ngettext("{power} gains {count} victory point.",
                        "{power} gains {count} victory points.", self.delta, power=self.power)
