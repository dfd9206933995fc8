"""What happened in a turn of the action phase (G35-G48): taxes, gold given, building,
moves and storms, tiles and counters taken or played, an attack begun. Re-exported by
`guerra.rules.game.events`, with the other events of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules.events import Event
from guerra.rules.game.event_texts import gold_text, place_text, unit_text, unrest_text
from guerra.rules.game.scenario import UnitKind
from guerra.rules.i18n import Message, _, ngettext


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
