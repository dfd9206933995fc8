"""The toy procedure's rules: the attacker decides whether to charge (one decision box); a
charge rolls one six-sided die, 4 or more wins. The loser loses an army, if it has one, and
takes the unrest for it; holding back ends the attack, the defender keeping the region.

Pure Python over the rules' machinery, as a procedure of guerra/rules is; importing the module
registers it as "toy".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from guerra.rules.codec import decode, encode
from guerra.rules.cursor import Cursor
from guerra.rules.declaration import DECLARATION_COST, gold_problem, target_problem
from guerra.rules.dice import Dice
from guerra.rules.events import (
    LOGGED_EFFECTS,
    Event,
    GoldChanged,
    UnitLost,
    UnrestGained,
)
from guerra.rules.flowchart import (
    DecisionBox,
    Edge,
    Node,
    NodeKind,
    Outcome,
    Procedure,
    ProcedureState,
    Recorded,
    Refused,
    Transition,
    register,
)
from guerra.rules.forces import Engagement, Force, Region
from guerra.rules.i18n import N_, Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, invalid

NAME = "toy"
DECLARED, CHARGE, DIE, ENDED = "declared", "charge", "die", "ended"
WIN_FROM = 4  # the die's faces that win the charge: 4, 5 and 6


@dataclass(frozen=True)
class Situation:
    """The attack as declared: the region, who attacks, the power attacked."""

    region: Region
    attacker: Force
    defender: Force | None = None


@dataclass(frozen=True)
class Charge:
    """The attacker's decision: charge (roll the die) or hold back."""

    power: str
    step: int
    charge: bool


@dataclass(frozen=True)
class ToyState(ProcedureState):
    cursor: Cursor
    situation: Situation
    charge: bool | None = None
    face: int = 0  # the die, once rolled

    def with_cursor(self, cursor: Cursor) -> ToyState:
        return dataclasses.replace(self, cursor=cursor)

    def to_dict(self) -> dict[str, JSON]:
        fields = {f.name: encode(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"procedure": NAME, **fields}

    @property
    def attacker(self) -> str:
        return self.situation.attacker.power

    @property
    def defender(self) -> str:
        return self.situation.defender.power if self.situation.defender else ""


@dataclass(frozen=True)
class DieRolled(Event):
    """The charge's one die."""

    type: ClassVar[str] = "toy_die"
    power: str
    face: int

    def describe(self) -> Message:
        return _("{power} rolls {face}.", power=self.power, face=self.face)


def declared(state: ToyState, dice: Dice) -> Transition[ToyState]:
    """D3: the attacker pays."""
    return CHARGE, state, (GoldChanged(state.attacker, -DECLARATION_COST, "D3"),)


class ChargeBox(DecisionBox[ToyState]):
    def awaited(self, state: ToyState) -> tuple[str, ...]:
        return (state.attacker,) if state.charge is None else ()

    def accept(self, state: ToyState, answer: object, *, timed_out: bool = False
               ) -> Recorded[ToyState] | Message:
        if not isinstance(answer, Charge) or answer.power != state.attacker:
            return _("This is not the decision awaited now.")
        return dataclasses.replace(state, charge=answer.charge), ()

    def default(self, state: ToyState, power: str) -> object:
        return Charge(power, state.step, True)  # a deadline charges

    def leave(self, state: ToyState) -> Transition[ToyState]:
        return (DIE if state.charge else ENDED), state, ()


def losses(power: str, armies: int) -> tuple[Event, ...]:
    """An army lost, with its unrest point, when there is one to lose."""
    if not armies:
        return ()
    return UnitLost(power, "army", 1, "toy"), UnrestGained(power, 1, "toy")


def roll(state: ToyState, dice: Dice) -> Transition[ToyState]:
    face = dice.roll(6)
    rolled = dataclasses.replace(state, face=face)
    loser = state.situation.defender if face >= WIN_FROM else state.situation.attacker
    lost = losses(loser.power, loser.armies) if loser is not None else ()
    return ENDED, rolled, (DieRolled(state.attacker, face), *lost)


def ended(state: ToyState) -> str:
    return "attacker_wins" if state.charge and state.face >= WIN_FROM else "defender_wins"


NODES = (
    Node(DECLARED, NodeKind.AUTO, N_("An attack is declared!"), col=0, row=0),
    Node(CHARGE, NodeKind.DECISION, N_("Charge?"), awaits="attacker", row=1),
    Node(DIE, NodeKind.ROLL, N_("One die: 4 or more wins"), dice=1, row=2),
    Node(ENDED, NodeKind.END, N_("The attack is over"), row=3),
)
EDGES = (Edge(DECLARED, CHARGE), Edge(CHARGE, DIE, N_("yes")), Edge(CHARGE, ENDED, N_("no")),
         Edge(DIE, ENDED))


class Toy(Procedure[ToyState, Situation]):
    logged_events = LOGGED_EFFECTS | {DieRolled.type}

    def __init__(self) -> None:
        super().__init__(name=NAME, label=N_("One die"), nodes=NODES, edges=EDGES,
                         start_node=DECLARED, auto={DECLARED: declared, DIE: roll},
                         decisions={CHARGE: ChargeBox()}, ends={ENDED: ended})

    def refusal(self, situation: Situation) -> Message | None:
        if situation.defender is None:
            return _("An attack needs exactly one target: a power or a neutral marker.")
        return target_problem(situation.attacker, situation.defender, None,
                              situation.region.name, defender_is_ally=False) \
            or gold_problem(situation.attacker)

    def declare(self, situation: Situation, dice: Dice) -> Outcome[ToyState]:
        refused = self.refusal(situation)
        if refused is not None:
            return Refused(refused)
        return self.start(ToyState(Cursor(node=DECLARED), situation), dice)

    def from_engagement(self, engagement: Engagement) -> Situation:
        return Situation(engagement.region, engagement.attacker, engagement.defender)

    def state_from_dict(self, data: Obj) -> ToyState:
        if data.get("procedure") != NAME:
            raise invalid("procedure")
        return decode(ToyState, data)

    def outcomes(self) -> tuple[str, ...]:
        return ("attacker_wins", "defender_wins")

    def winner(self, state: ToyState, outcome: str) -> str | None:
        return state.attacker if outcome == "attacker_wins" else state.defender or None


TOY = register(Toy())
