"""The events of "piano": a plan made (its content secret), the plans revealed, the dice rolled
and rolled again, the dice assigned, each side's steps resolved, the damage, a loss order.

Nothing secret is in an event before it is revealed: `PlanMade` names the power only; the
plans come out together in `PlansRevealed` when both are in (K3), the rerolls in
`DiceRerolled` when both are chosen, the assignments in `DiceAssigned` when both are in. The
effects on the board (units, unrest, control, gold, VP) are the shared events of
`guerra.rules.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from guerra.rules import frozen
from guerra.rules.events import Event
from guerra.rules.forces import Side
from guerra.rules.i18n import N_, Message, _, ngettext

Steps = tuple[tuple[str, str], ...]  # (action, characteristic) per step


@frozen.record
@dataclass(frozen=True)
class PlanMade(Event):
    """K3: `power` has made its side's plan (what it is stays secret until both are in)."""

    type: ClassVar[str] = "plan_made"
    power: str
    side: Side

    def describe(self) -> Message:
        return _("{power} has made its plan.", power=self.power)


@frozen.record
@dataclass(frozen=True)
class PlansRevealed(Event):
    """K3: both plans, revealed together (a side with no unit plans nothing: empty)."""

    type: ClassVar[str] = "plans_revealed"
    attacker: Steps
    defender: Steps

    def describe(self) -> Message:
        return _("The plans are revealed: the attacker {attacker}; the defender {defender}.",
                 attacker=steps_text(self.attacker), defender=steps_text(self.defender))


@frozen.record
@dataclass(frozen=True)
class DiceRolled(Event):
    """K5: each side's dice, in roll order (one per unit, at most 8)."""

    type: ClassVar[str] = "dice_rolled"
    attacker: tuple[int, ...]
    defender: tuple[int, ...]

    def describe(self) -> Message:
        return _("The dice: the attacker {attacker}; the defender {defender}.",
                 attacker=faces_text(self.attacker), defender=faces_text(self.defender))


@frozen.record
@dataclass(frozen=True)
class DiceRerolled(Event):
    """K5: `power` (None: the neutral, never) rolled its dice at `indices` again: `faces`
    are the new ones, `dice` the side's dice now."""

    type: ClassVar[str] = "dice_rerolled"
    power: str
    side: Side
    indices: tuple[int, ...]
    faces: tuple[int, ...]
    dice: tuple[int, ...]

    def describe(self) -> Message:
        return ngettext("{power} rolls {count} die again: now {dice}.",
                        "{power} rolls {count} dice again: now {dice}.", len(self.indices),
                        power=self.power, dice=faces_text(self.dice))


@frozen.record
@dataclass(frozen=True)
class DiceAssigned(Event):
    """K6: a side's dice assigned to its steps: per step the die's index (None: no die) and
    `faces` the faces so placed; `best`: chosen by the rule "best"."""

    type: ClassVar[str] = "dice_assigned"
    side: Side
    power: str | None
    dice: tuple[int | None, ...]
    faces: tuple[int | None, ...]
    best: bool

    def describe(self) -> Message:
        faces = ", ".join("-" if f is None else str(f) for f in self.faces) or "-"
        if self.power is None:
            return _("The neutral marker assigns its die to its steps: {faces}.", faces=faces)
        return _("{power} assigns its dice to its steps: {faces}.", power=self.power,
                 faces=faces)


@frozen.record
@dataclass(frozen=True)
class StepsTaken(Event):
    """K7-K9: a side's steps in plan order (parallel tuples): what each counts as, its
    characteristic, its die's face, whether it succeeded and why, the damage it dealt."""

    type: ClassVar[str] = "steps_taken"
    side: Side
    counts_as: tuple[str, ...]
    characteristics: tuple[str, ...]
    faces: tuple[int | None, ...]
    successes: tuple[bool, ...]
    reasons: tuple[str, ...]
    damage: tuple[int, ...]

    def describe(self) -> Message:
        done, total, dealt = sum(self.successes), len(self.successes), sum(self.damage)
        if self.side == "attacker":
            return ngettext("The attacker's steps: {done} of {total} succeed, {count} damage "
                            "dealt.", "The attacker's steps: {done} of {total} succeed, "
                            "{count} damage dealt.", dealt, done=done, total=total)
        return ngettext("The defender's steps: {done} of {total} succeed, {count} damage "
                        "dealt.", "The defender's steps: {done} of {total} succeed, {count} "
                        "damage dealt.", dealt, done=done, total=total)


@frozen.record
@dataclass(frozen=True)
class DamageDone(Event):
    """K10: the damage each side dealt, its failed steps and the damage it takes (the other's
    dealt plus 1 per failed step of its own)."""

    type: ClassVar[str] = "damage_done"
    attacker_dealt: int
    attacker_failed: int
    attacker_taken: int
    defender_dealt: int
    defender_failed: int
    defender_taken: int

    def describe(self) -> Message:
        return _("Damage: the attacker takes {a_taken} (deals {a_dealt}), the defender takes "
                 "{d_taken} (deals {d_dealt}).", a_taken=self.attacker_taken,
                 a_dealt=self.attacker_dealt, d_taken=self.defender_taken,
                 d_dealt=self.defender_dealt)


@frozen.record
@dataclass(frozen=True)
class LossOrderChosen(Event):
    """K2: the order in which `power`'s units take the damage."""

    type: ClassVar[str] = "loss_order_chosen"
    power: str
    kinds: tuple[str, ...]

    def describe(self) -> Message:
        return _("{power} orders its losses: {kinds}.", power=self.power,
                 kinds=listing([Message(KIND_WORDS.get(k, k)) for k in self.kinds]))


KIND_WORDS = {"army": N_("armies"), "fleet": N_("fleets"), "fort": N_("forts")}
ACTION_WORDS = {"approach": N_("Approach"), "control": N_("Control"),
                "deadly": N_("Deadly engagement"), "engagement": N_("Engagement")}
CHARACTERISTIC_WORDS = {"disciplina": N_("Discipline"), "astuzia": N_("Cunning"),
                        "rapidita": N_("Speed"), "forza": N_("Force")}


def listing(items: list[Message]) -> Message | str:
    """Messages in a row, separated by commas ("-" for none)."""
    if not items:
        return "-"
    found = items[0]
    for item in items[1:]:
        found = _("{first}, {second}", first=found, second=item)
    return found


def step_text(action: str, characteristic: str) -> Message:
    """One step as the log shows it: "Approccio (Astuzia)"."""
    return _("{action} ({characteristic})", action=Message(ACTION_WORDS.get(action, action)),
             characteristic=Message(CHARACTERISTIC_WORDS.get(characteristic, characteristic)))


def steps_text(steps: Steps) -> Message | str:
    """A plan as the log shows it, its steps in order ("-" for none)."""
    return listing([step_text(a, c) for a, c in steps])


def faces_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) or "-"


NARRATIVE = frozenset({PlanMade.type, PlansRevealed.type, DiceRolled.type, DiceRerolled.type,
                       DiceAssigned.type, StepsTaken.type, DamageDone.type,
                       LossOrderChosen.type})
