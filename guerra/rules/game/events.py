"""What happened in the game around the attacks: one value per fact, in order.

The attack's own events (dice, totals, losses...) come from its procedure; the shared effect
events of `guerra.rules.events` (gold, unrest, VP, control markers) are reused here too. The
web layer logs every event and pushes it; the state the machine returns is the truth.

The events of a turn's actions live in `action_events`, the words they share in
`event_texts`; both are importable from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules.events import Event
from guerra.rules.game.action_events import (
    ActionPassed,
    AttackBegan,
    Built,
    CivilDisorder,
    CounterTaken,
    GoldTransferred,
    LostAtSea,
    Moved,
    StormRolled,
    Taxed,
    TilePlayed,
    TileTaken,
    UnrestReduced,
)
from guerra.rules.game.event_texts import (
    PHASE_LABELS,
    UNIT_LABELS,
    gold_text,
    place_text,
    unit_text,
    unrest_text,
)
from guerra.rules.game.scenario import UnitKind
from guerra.rules.i18n import Message, _, join, ngettext

__all__ = [
    "PHASE_LABELS",
    "UNIT_LABELS",
    "ActionPassed",
    "AlliancesFormed",
    "AttackBegan",
    "BidRaised",
    "Built",
    "CallPassed",
    "CivilDisorder",
    "CounterTaken",
    "CountersDrawn",
    "GameWon",
    "GoldTransferred",
    "HandsDealt",
    "IncomeReport",
    "LostAtSea",
    "Moved",
    "PenaltyApplied",
    "PhaseBegan",
    "PopulationGrew",
    "ProposalMade",
    "ProposalWon",
    "RegionScored",
    "RoundBegan",
    "SeatingDrawn",
    "SetupMarker",
    "StormRolled",
    "Taxed",
    "TilePlayed",
    "TileTaken",
    "TurnBegan",
    "UnitPlaced",
    "UnrestReduced",
    "WarEnded",
    "gold_text",
    "place_text",
    "unit_text",
    "unrest_text",
]


@dataclass(frozen=True)
class SeatingDrawn(Event):
    """G10."""

    type: ClassVar[str] = "seating_drawn"
    order: tuple[str, ...]

    def describe(self) -> Message:
        return _("Seating order drawn: {order}.", order=", ".join(self.order))


@dataclass(frozen=True)
class CountersDrawn(Event):
    """G11/G20: counters drawn from the pool and placed face up in their regions."""

    type: ClassVar[str] = "counters_drawn"
    war: int
    counters: tuple[int, ...]
    regions: tuple[str, ...]

    def describe(self) -> Message:
        return ngettext("{count} neutral counter is placed on the map for war {war}.",
                        "{count} neutral counters are placed on the map for war {war}.",
                        len(self.counters), war=self.war)


@dataclass(frozen=True)
class HandsDealt(Event):
    """G20 and the combat system's memory: a war's hands of cards are dealt. Public: only how
    many cards each power holds (seating order), never which."""

    type: ClassVar[str] = "hands_dealt"
    war: int
    sizes: tuple[tuple[str, int], ...]

    def describe(self) -> Message:
        held = [ngettext("{count} card to {power}", "{count} cards to {power}", count,
                         power=power) for power, count in self.sizes]
        return _("Battle cards are dealt for war {war}: {sizes}.", war=self.war,
                 sizes=join(held))


@dataclass(frozen=True)
class SetupMarker(Event):
    """G12: a counter drawn at setup gives its drawer a control marker in its region."""

    type: ClassVar[str] = "setup_marker"
    power: str
    region: str
    counter: int

    def describe(self) -> Message:
        return _("{power} draws a counter of {region} and places a control marker there.",
                 power=self.power, region=self.region)


@dataclass(frozen=True)
class UnitPlaced(Event):
    """G13."""

    type: ClassVar[str] = "unit_placed"
    power: str
    kind: UnitKind
    region: str | None
    timed_out: bool = False

    def describe(self) -> Message:
        return _("{power} places {unit} {place}.", power=self.power,
                 unit=unit_text(self.kind), place=place_text(self.region))


@dataclass(frozen=True)
class PhaseBegan(Event):
    """G20: every phase change is an event."""

    type: ClassVar[str] = "phase"
    phase: str
    war: int

    def describe(self) -> Message:
        if self.phase == "setup":
            return _("The game begins: setup.")
        if self.phase == "game_over":
            return _("The last war is over: final scores.")
        return _("War {war}: {phase}.", war=self.war, phase=Message(PHASE_LABELS[self.phase]))


@dataclass(frozen=True)
class RoundBegan(Event):
    type: ClassVar[str] = "round"
    war: int
    round: int
    rounds: int

    def describe(self) -> Message:
        return _("Round {round} of {rounds}.", round=self.round, rounds=self.rounds)


@dataclass(frozen=True)
class TurnBegan(Event):
    """G28/G29: a power's turn of two actions (three with a War Ministry)."""

    type: ClassVar[str] = "turn"
    power: str
    round: int

    def describe(self) -> Message:
        return _("It is {power}'s turn.", power=self.power)


@dataclass(frozen=True)
class ProposalMade(Event):
    """G22/G24: a proposal opened, or a raise that replaces it (`raised`)."""

    type: ClassVar[str] = "proposal"
    power: str
    a: str | None
    b: str | None
    bid: int
    raised: bool

    def describe(self) -> Message:
        bid = gold_text(self.bid)
        if self.a is not None and self.b is not None:
            return _("{power} proposes {a} (alliance A, plays first) against {b} (alliance B) "
                     "and bids {bid}.", power=self.power, a=self.a, b=self.b, bid=bid)
        single = self.a or self.b or ""
        if self.a is not None:
            return _("{power} proposes {single} in alliance A and bids {bid}.",
                     power=self.power, single=single, bid=bid)
        return _("{power} proposes {single} in alliance B and bids {bid}.",
                 power=self.power, single=single, bid=bid)


@dataclass(frozen=True)
class BidRaised(Event):
    """G24: a raise that keeps the proposal."""

    type: ClassVar[str] = "bid_raised"
    power: str
    bid: int

    def describe(self) -> Message:
        return ngettext("{power} raises the bid to {count} gold.",
                        "{power} raises the bid to {count} gold.", self.bid, power=self.power)


@dataclass(frozen=True)
class CallPassed(Event):
    """G24/G27."""

    type: ClassVar[str] = "call_passed"
    power: str
    timed_out: bool = False

    def describe(self) -> Message:
        if self.timed_out:
            return _("{power} did not call in time: it passes.", power=self.power)
        return _("{power} passes.", power=self.power)


@dataclass(frozen=True)
class ProposalWon(Event):
    """G26: the last raiser's proposal fills its slots; it pays its bid."""

    type: ClassVar[str] = "proposal_won"
    power: str
    bid: int
    slots: tuple[tuple[int, str, str], ...]  # (slot number, power, alliance)

    def describe(self) -> Message:
        placed = ", ".join(f"{number}. {power} ({side})" for number, power, side in self.slots)
        return ngettext("{power} wins the proposal for {count} gold: {slots}.",
                        "{power} wins the proposal for {count} gold: {slots}.",
                        self.bid, power=self.power, slots=placed)


@dataclass(frozen=True)
class AlliancesFormed(Event):
    """G21: every power has its slot; turn order in this war is slot order."""

    type: ClassVar[str] = "alliances"
    war: int
    a: tuple[str, ...]
    b: tuple[str, ...]
    order: tuple[str, ...]

    def describe(self) -> Message:
        return _("Alliances of war {war}: A {a}; B {b}. Turn order: {order}.", war=self.war,
                 a=", ".join(self.a), b=", ".join(self.b), order=", ".join(self.order))


@dataclass(frozen=True)
class IncomeReport(Event):
    """G50-G52 for one power: each part (label msgid, gold) and where the gold ends."""

    type: ClassVar[str] = "income"
    power: str
    parts: tuple[tuple[str, int], ...]
    taxed_gold: int
    taxed_unrest: int
    gold: int

    def describe(self) -> Message:
        parts = [_("{value} {label}", value=f"{value:+d}".replace("-", "−"),
                   label=Message(label)) for label, value in self.parts]
        return ngettext("{power}: {parts}; now {count} gold.",
                        "{power}: {parts}; now {count} gold.", self.gold, power=self.power,
                        parts=join(parts))


@dataclass(frozen=True)
class PopulationGrew(Event):
    """G53."""

    type: ClassVar[str] = "population"
    power: str
    amount: int
    population: int

    def describe(self) -> Message:
        return ngettext("{power}'s population grows by {count}.",
                        "{power}'s population grows by {count}.", self.amount, power=self.power)


@dataclass(frozen=True)
class RegionScored(Event):
    """G54-G56: (power, markers, place, VP) for every power that scored."""

    type: ClassVar[str] = "region_scored"
    war: int
    region: str
    lines: tuple[tuple[str, int, int, int], ...]

    def describe(self) -> Message:
        if not self.lines:
            return _("Nobody scores in {region}.", region=self.region)
        text = ", ".join(f"{place}. {power} ({vp})" for power, _m, place, vp in self.lines)
        return _("Scoring of {region}: {lines}.", region=self.region, lines=text)


@dataclass(frozen=True)
class WarEnded(Event):
    type: ClassVar[str] = "war_ended"
    war: int

    def describe(self) -> Message:
        return _("War {war} is over.", war=self.war)


@dataclass(frozen=True)
class PenaltyApplied(Event):
    """G60/G61."""

    type: ClassVar[str] = "penalty"
    power: str
    vp: int
    revolution: bool

    def describe(self) -> Message:
        if self.revolution:
            return _("Revolution in {power}: it loses all its victory points.",
                     power=self.power)
        return ngettext("{power} loses {count} victory point for its unrest.",
                        "{power} loses {count} victory points for its unrest.", self.vp,
                        power=self.power)


@dataclass(frozen=True)
class GameWon(Event):
    """G62: the winners (several on a shared tie)."""

    type: ClassVar[str] = "game_won"
    winners: tuple[str, ...]

    def describe(self) -> Message:
        if len(self.winners) == 1:
            return _("{power} wins the game.", power=self.winners[0])
        return _("The game ends in a tie between {powers}.", powers=", ".join(self.winners))
