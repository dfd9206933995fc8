"""The events of "finestre": cards played (public; the game discards them from the hand),
announcements, windows closed, changes of combatants, the standing and the resolution.

The effects on the board (units, unrest, control, gold, VP) are the shared events of
`guerra.rules.events`. `CardsPlayed` is the one the game applies to the hands (W1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules import frozen
from guerra.rules.events import Event
from guerra.rules.forces import Side
from guerra.rules.i18n import Message, _


@frozen.record
@dataclass(frozen=True)
class CardsPlayed(Event):
    """W1/W3: `power` played `cards` in `window`: they leave its hand for the discards."""

    type: ClassVar[str] = "cards_played"
    power: str
    cards: tuple[str, ...]
    window: str
    ally: str | None = None  # the power a Cambio al comando names

    def describe(self) -> Message:
        return _("{power} plays {cards} ({window}).", power=self.power,
                 cards=", ".join(self.cards), window=self.window)


@frozen.record
@dataclass(frozen=True)
class Announced(Event):
    """W4/W5/W9: a main power's announcement (`what`: a tactic, "from the forts"...)."""

    type: ClassVar[str] = "announced"
    power: str
    window: str
    what: str

    def describe(self) -> Message:
        return _("{power} announces: {what} ({window}).", power=self.power, what=self.what,
                 window=self.window)


@frozen.record
@dataclass(frozen=True)
class WindowClosed(Event):
    """W3: every power passed in a row: the cards standing take effect."""

    type: ClassVar[str] = "window_closed"
    window: str
    standing: tuple[str, ...]
    countered: tuple[str, ...]

    def describe(self) -> Message:
        if not self.standing and not self.countered:
            return _("Window {window}: everyone passes.", window=self.window)
        return _("Window {window} closes: standing {standing}; countered {countered}.",
                 window=self.window, standing=", ".join(self.standing) or "-",
                 countered=", ".join(self.countered) or "-")


@frozen.record
@dataclass(frozen=True)
class MainPowerChanged(Event):
    """W6: `new` is now its side's main power; `former` its last ally."""

    type: ClassVar[str] = "main_power_changed"
    side: Side
    former: str
    new: str

    def describe(self) -> Message:
        return _("{new} takes command of its side in place of {former}.", new=self.new,
                 former=self.former)


@frozen.record
@dataclass(frozen=True)
class StandingRolled(Event):
    """W11: each side's die and total (the attacker's first)."""

    type: ClassVar[str] = "standing_rolled"
    attacker_die: int
    defender_die: int
    attacker_total: int
    defender_total: int

    def describe(self) -> Message:
        return _("Standing: the attacker {attacker} (die {a_die}), the defender {defender} "
                 "(die {d_die}).", attacker=self.attacker_total, a_die=self.attacker_die,
                 defender=self.defender_total, d_die=self.defender_die)


@frozen.record
@dataclass(frozen=True)
class CombatResolved(Event):
    """W13: the totals after the modifiers, the winner and each side's losses due."""

    type: ClassVar[str] = "combat_resolved"
    attacker_total: int
    defender_total: int
    winner: str
    attacker_losses: int
    defender_losses: int

    def describe(self) -> Message:
        return _("Totals {attacker} to {defender}: {winner}; losses due: the attacker "
                 "{a_losses}, the defender {d_losses}.", attacker=self.attacker_total,
                 defender=self.defender_total, winner=self.winner,
                 a_losses=self.attacker_losses, d_losses=self.defender_losses)


@frozen.record
@dataclass(frozen=True)
class CombatEnded(Event):
    """W8/W10: a Ritirata stood: the combat ends, no dice, no losses, no control."""

    type: ClassVar[str] = "combat_ended"
    window: str

    def describe(self) -> Message:
        return _("A Ritirata stands ({window}): the combat ends.", window=self.window)


NARRATIVE = frozenset({CardsPlayed.type, Announced.type, WindowClosed.type,
                       MainPowerChanged.type, StandingRolled.type, CombatResolved.type,
                       CombatEnded.type})
