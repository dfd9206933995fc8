"""The situation a "piano" attack is declared in: the region, the main forces (or a neutral
counter), the allies' committed armies and fleets (K1, in commitment order), the war's turn
order and the scenario's ratings and integrity (K1, K2)."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.forces import ATTACKER, Force, Neutral, Region, Side
from guerra.rules.piano.data import DEFAULT_DATA, PianoData


@dataclass(frozen=True)
class Ally:
    """An ally committed to one side (A rules): the armies and fleets it brings (K1)."""

    power: str
    armies: int = 0
    fleets: int = 0
    markers_in_supply: int | None = None


@dataclass(frozen=True)
class Situation:
    """Everything `declare` needs. Exactly one of `defender` and `neutral` is set (D4);
    against a neutral nobody brings allies (K11)."""

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    attacker_allies: tuple[Ally, ...] = ()
    defender_allies: tuple[Ally, ...] = ()
    turn_order: tuple[str, ...] = ()
    data: PianoData = DEFAULT_DATA
    defender_is_ally: bool = False

    def allies(self, side: Side) -> tuple[Ally, ...]:
        return self.attacker_allies if side == ATTACKER else self.defender_allies
