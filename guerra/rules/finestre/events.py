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
from guerra.rules.i18n import Message, Param, _

# W4: the tactics as the log names them (proper names of the spec, capitalised).
TACTIC_NAMES = {"assalto": "Assalto", "assedio": "Assedio", "schermaglia": "Schermaglia"}


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
        if self.ally is not None:
            return _("{power} plays {cards} for {ally} ({window}).", power=self.power,
                     cards=", ".join(self.cards), ally=self.ally, window=self.window)
        return _("{power} plays {cards} ({window}).", power=self.power,
                 cards=", ".join(self.cards), window=self.window)


@frozen.record
@dataclass(frozen=True)
class Announced(Event):
    """W4/W5/W9: a main power's announcement. `what`: a tactic ("assalto", "assedio",
    "schermaglia") or "-" (none); "forts" or "no forts"; the tiles as "alliance+training"
    ("2+1": two Alliance tiles and the Army Training tile)."""

    type: ClassVar[str] = "announced"
    power: str
    window: str
    what: str

    def describe(self) -> Message:
        p, w = self.power, self.window
        if self.what == "-":
            return _("{power} announces no tactic ({window}).", power=p, window=w)
        if self.what in TACTIC_NAMES:
            return _("{power} announces the tactic {tactic} ({window}).", power=p,
                     tactic=TACTIC_NAMES[self.what], window=w)
        if self.what == "forts":
            return _("{power} fights from its forts ({window}).", power=p, window=w)
        if self.what == "no forts":
            return _("{power} does not fight from its forts ({window}).", power=p, window=w)
        tiles, _plus, training = self.what.partition("+")
        count = int(tiles) if tiles.isdigit() else 0
        if training == "1":
            return _("{power} uses {count} Alliance tiles and its Army Training tile "
                     "({window}).", power=p, count=count, window=w)
        return _("{power} uses {count} Alliance tiles ({window}).", power=p, count=count,
                 window=w)


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
        figures: dict[str, Param] = {
            "attacker": self.attacker_total, "defender": self.defender_total,
            "a_losses": self.attacker_losses, "d_losses": self.defender_losses}
        if self.winner == "attacker":
            return _("Totals {attacker} to {defender}: the attacker wins; losses due: the "
                     "attacker {a_losses}, the defender {d_losses}.", **figures)
        if self.winner == "defender":
            return _("Totals {attacker} to {defender}: the defender wins; losses due: the "
                     "attacker {a_losses}, the defender {d_losses}.", **figures)
        return _("Totals {attacker} to {defender}: a tie; losses due: the attacker "
                 "{a_losses}, the defender {d_losses}.", **figures)


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
