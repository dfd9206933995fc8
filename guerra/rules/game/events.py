"""What happened in the game around the attacks: one value per fact, in order.

The attack's own events (dice, totals, losses...) come from its procedure; the shared effect
events of `guerra.rules.events` (gold, unrest, VP, control markers) are reused here too. The
web layer logs every event and pushes it; the state the machine returns is the truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules.events import Event
from guerra.rules.game.scenario import UnitKind
from guerra.rules.i18n import N_, Message, _, join, ngettext

PHASE_LABELS = {
    "setup": N_("setup"),
    "counters": N_("new counters"),
    "auction": N_("alliance auction"),
    "rounds": N_("action rounds"),
    "income": N_("income"),
    "scoring": N_("scoring"),
    "end_of_war": N_("end of the war"),
    "game_over": N_("end of the game"),
}
UNIT_LABELS = {"army": N_("armies"), "fleet": N_("fleets"), "fort": N_("forts")}


def unit_text(kind: UnitKind, count: int = 1) -> Message:
    if kind == "army":
        return ngettext("{count} army", "{count} armies", count)
    if kind == "fleet":
        return ngettext("{count} fleet", "{count} fleets", count)
    return ngettext("{count} fort", "{count} forts", count)


def gold_text(amount: int) -> Message:
    """ "1 oro", "2 ori"."""
    return ngettext("{count} gold", "{count} gold", amount)


def unrest_text(amount: int) -> Message:
    """ "1 punto di insoddisfazione", "2 punti di insoddisfazione"."""
    return ngettext("{count} unrest point", "{count} unrest points", amount)


def place_text(region: str | None) -> Message:
    """Where a unit is: a region ("nei Caraibi"), or the power's home."""
    if region is None:
        return _("at home")
    return _("in {region}", region=region)


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
class Taxed(Event):
    """G41/G42: unrest taken for gold, by choice or automatically for a payment."""

    type: ClassVar[str] = "taxed"
    power: str
    gold: int
    unrest: int
    automatic: bool

    def describe(self) -> Message:
        gold, unrest = gold_text(self.gold), unrest_text(self.unrest)
        if self.automatic:
            return _("{power} lacks gold and is taxed: {gold} for {unrest}.",
                     power=self.power, gold=gold, unrest=unrest)
        return _("{power} taxes: {gold} for {unrest}.", power=self.power, gold=gold,
                 unrest=unrest)


@dataclass(frozen=True)
class GoldTransferred(Event):
    """G43: public."""

    type: ClassVar[str] = "gold_transferred"
    power: str
    to: str
    gold: int

    def describe(self) -> Message:
        return ngettext("{power} gives {count} gold to {to}.",
                        "{power} gives {count} gold to {to}.", self.gold, power=self.power,
                        to=self.to)


@dataclass(frozen=True)
class Built(Event):
    """G30."""

    type: ClassVar[str] = "built"
    power: str
    kind: UnitKind
    region: str | None
    population: int
    gold: int

    def describe(self) -> Message:
        if self.gold:
            return ngettext("{power} builds {unit} {place} for {count} gold.",
                            "{power} builds {unit} {place} for {count} gold.", self.gold,
                            power=self.power, unit=unit_text(self.kind),
                            place=place_text(self.region))
        return ngettext("{power} builds {unit} {place} for {count} population.",
                        "{power} builds {unit} {place} for {count} population.",
                        self.population, power=self.power, unit=unit_text(self.kind),
                        place=place_text(self.region))


@dataclass(frozen=True)
class Moved(Event):
    """G31-G33: one unit moved; `voyage` is an ocean voyage (G33)."""

    type: ClassVar[str] = "moved"
    power: str
    kind: UnitKind
    source: str | None
    target: str | None
    by_sea: bool
    voyage: bool

    def describe(self) -> Message:
        unit = unit_text(self.kind)
        if self.source is None:
            return _("{power} moves {unit} from home to {target}.", power=self.power,
                     unit=unit, target=self.target or "")
        if self.target is None:
            return _("{power} brings {unit} home from {source}.", power=self.power, unit=unit,
                     source=self.source)
        return _("{power} moves {unit} from {source} to {target}.", power=self.power,
                 unit=unit, source=self.source, target=self.target)


@dataclass(frozen=True)
class LostAtSea(Event):
    """G33: a 1 on the storm die; the unit goes back to the supply, its power takes 1 unrest."""

    type: ClassVar[str] = "lost_at_sea"
    power: str
    kind: UnitKind
    target: str | None
    die: int

    def describe(self) -> Message:
        return _("Storm: {power} loses {unit} at sea (die: {die}).", power=self.power,
                 unit=unit_text(self.kind), die=self.die)


@dataclass(frozen=True)
class StormRolled(Event):
    """G33: the storm die of a unit that came through."""

    type: ClassVar[str] = "storm_rolled"
    power: str
    kind: UnitKind
    die: int

    def describe(self) -> Message:
        return _("{power} crosses the ocean safely with {unit} (die: {die}).",
                 power=self.power, unit=unit_text(self.kind), die=self.die)


@dataclass(frozen=True)
class ActionPassed(Event):
    """G35."""

    type: ClassVar[str] = "action_passed"
    power: str

    def describe(self) -> Message:
        return _("{power} passes an action.", power=self.power)


@dataclass(frozen=True)
class CivilDisorder(Event):
    """G29: the turn's deadline passed; its remaining actions are passed."""

    type: ClassVar[str] = "civil_disorder"
    power: str
    actions: int

    def describe(self) -> Message:
        return ngettext("Civil disorder: {power} did not play in time and passes {count} "
                        "action.", "Civil disorder: {power} did not play in time and passes "
                        "{count} actions.", self.actions, power=self.power)


@dataclass(frozen=True)
class TileTaken(Event):
    """G38."""

    type: ClassVar[str] = "tile_taken"
    power: str
    tile: str
    label: str
    region: str | None

    def describe(self) -> Message:
        if self.region is not None:
            return _("{power} takes the {tile} tile of {region}.", power=self.power,
                     tile=Message(self.label), region=self.region)
        return _("{power} takes the {tile} tile.", power=self.power, tile=Message(self.label))


@dataclass(frozen=True)
class TilePlayed(Event):
    """G40: a once-per-war tile used (War Ministry, Mercenaries)."""

    type: ClassVar[str] = "tile_played"
    power: str
    tile: str
    label: str

    def describe(self) -> Message:
        return _("{power} plays its {tile} tile.", power=self.power, tile=Message(self.label))


@dataclass(frozen=True)
class UnrestReduced(Event):
    """G40, Government Reform."""

    type: ClassVar[str] = "unrest_reduced"
    power: str
    amount: int

    def describe(self) -> Message:
        return ngettext("{power} loses {count} unrest point.",
                        "{power} loses {count} unrest points.", self.amount, power=self.power)


@dataclass(frozen=True)
class CounterTaken(Event):
    """G36/G37: a population counter colonised, or a trade counter traded."""

    type: ClassVar[str] = "counter_taken"
    power: str
    counter: int
    region: str
    kind: str  # "colonise" or "trade"
    population: int

    def describe(self) -> Message:
        if self.kind == "trade":
            return _("{power} trades in {region} and places a control marker there.",
                     power=self.power, region=self.region)
        return _("{power} colonises {region} and places a control marker there.",
                 power=self.power, region=self.region)


@dataclass(frozen=True)
class AttackBegan(Event):
    """G34: the Attack action starts attack number `number`."""

    type: ClassVar[str] = "attack_began"
    number: int
    power: str
    region: str
    defender: str | None
    counter: int | None

    def describe(self) -> Message:
        if self.defender is not None:
            return _("{power} attacks {defender} in {region}.", power=self.power,
                     defender=self.defender, region=self.region)
        return _("{power} attacks a neutral country in {region}.", power=self.power,
                 region=self.region)


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
