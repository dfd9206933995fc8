"""The situation a "finestre" attack is declared in: the region, the main forces (or a neutral
counter), the allies committed under the A rules (in commitment order, with their units), the
war's turn order, each power's secret hand and the deck's cards."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.finestre.cards import DEFAULT_DECK, Deck
from guerra.rules.forces import ATTACKER, Force, Neutral, Region, Side

Hands = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Ally:
    """An ally committed to one side (A rules): the armies and fleets it committed; its forts,
    tiles and control markers count only if it becomes its side's main power (W6)."""

    power: str
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    army_training: int = 0
    alliance_tiles: int = 0
    control_markers: int = 0
    markers_in_supply: int | None = None


@dataclass(frozen=True)
class Situation:
    """Everything `declare` needs. Exactly one of `defender` and `neutral` is set (D4);
    against a neutral nobody is an ally. `hands` per power (absent: no card)."""

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    attacker_allies: tuple[Ally, ...] = ()
    defender_allies: tuple[Ally, ...] = ()
    turn_order: tuple[str, ...] = ()
    hands: Hands = ()
    deck: Deck = DEFAULT_DECK
    defender_is_ally: bool = False

    def allies(self, side: Side) -> tuple[Ally, ...]:
        return self.attacker_allies if side == ATTACKER else self.defender_allies

    def hand(self, power: str) -> tuple[str, ...]:
        return dict(self.hands).get(power, ())
