"""The state of one "d10" attack: immutable, a JSON round trip (via the rules' codec), and
everything the next box needs: who fights with what, who has been asked, the exchanges rolled
and the losses still to take."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from guerra.rules import frozen
from guerra.rules.codec import decode, encode
from guerra.rules.cursor import Cursor
from guerra.rules.d10.model import Situation
from guerra.rules.flowchart import ProcedureState
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, invalid

PROCEDURE_NAME = "d10"
Role = Literal["attacker", "defender", "reinforcement"]


@frozen.record
@dataclass(frozen=True)
class Fighter:
    """A power's units in the fight: a main player's armies, fleets (and the defender's forts)
    in the region, or what a reinforcement arrived with (P1, P4)."""

    power: str
    side: Side
    role: Role
    armies: int = 0
    fleets: int = 0
    forts: int = 0

    @property
    def units(self) -> int:
        return self.armies + self.fleets + self.forts

    @property
    def mobile(self) -> int:
        """Armies and fleets: what can take a region (P7)."""
        return self.armies + self.fleets


@frozen.record
@dataclass(frozen=True)
class Answer:
    """P4: a reinforcement's answer; 0 armies and 0 fleets means it stays out."""

    power: str
    armies: int
    fleets: int
    timed_out: bool = False


@frozen.record
@dataclass(frozen=True)
class Exchange:
    """P2: one exchange. `attacking` rolled the attacking side's dice (the attacker in the first
    exchange, an arriving ally later); the defending faction rolled the others. Rolls are
    sorted from highest to lowest; pair i is (attacker_rolls[i], defender_rolls[i])."""

    attacking: str
    attacker_rolls: tuple[int, ...]
    defender_rolls: tuple[int, ...]

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.attacker_rolls, self.defender_rolls, strict=False))

    @property
    def defender_losses(self) -> int:
        """Pairs the attacking side won (a higher roll); a tie goes to the defending side."""
        return sum(1 for a, d in self.pairs if a > d)

    @property
    def attacker_losses(self) -> int:
        return len(self.pairs) - self.defender_losses


@frozen.record
@dataclass(frozen=True)
class Loss:
    """Units a power must still lose after an exchange (P5); `power` None is the neutral."""

    power: str | None
    count: int


@frozen.record
@dataclass(frozen=True)
class D10State(ProcedureState):
    """One "d10" attack in progress or finished."""

    situation: Situation
    cursor: Cursor
    fighters: tuple[Fighter, ...] = ()  # attacker, defender, then arrivals in arrival order
    neutral_units: int = 0  # P1: the neutral's defending faction
    asked: int = 0  # how many reinforcements have been asked (P4)
    answers: tuple[Answer, ...] = ()
    arriving: str | None = None  # an attacking ally who has arrived and fights at once (P4)
    exchanges: tuple[Exchange, ...] = ()
    losses: tuple[Loss, ...] = ()  # the last exchange's, still to be taken (P5)
    splits: tuple[tuple[str, int], ...] = ()  # armies chosen among a power's losses (P5)

    def with_cursor(self, cursor: Cursor) -> D10State:
        return frozen.replace_field(self, "cursor", cursor)

    # --- reading --------------------------------------------------------------------------
    def fighter(self, power: str) -> Fighter | None:
        for fighter in self.fighters:  # read at every exchange: a loop, no generator
            if fighter.power == power:
                return fighter
        return None

    def main_power(self, side: Side) -> str | None:
        force = self.situation.main(side)
        return None if force is None else force.power

    def defending(self) -> tuple[Fighter, ...]:
        """The defending faction's powers: the defender, then arrivals in arrival order."""
        return tuple(f for f in self.fighters if f.side == DEFENDER)

    def defending_units(self) -> int:
        # Read at almost every box (and at every node of the exact odds): a loop, neither a
        # tuple nor a generator made.
        units = self.neutral_units
        for f in self.fighters:
            if f.side == DEFENDER:
                units += f.armies + f.fleets + f.forts
        return units

    def attacking(self) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.side == ATTACKER)

    def answer_of(self, power: str) -> Answer | None:
        return next((a for a in self.answers if a.power == power), None)

    def split_of(self, power: str) -> int | None:
        return dict(self.splits).get(power)

    def side_of(self, power: str | None) -> Side | None:
        for side in (ATTACKER, DEFENDER):
            if power is not None and power == self.main_power(side):
                return side
        found = None if power is None else self.situation.reinforcement(power)
        return None if found is None else found.side

    # --- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSON]:
        # Field by field: `encode(self)` would come back here (a ProcedureState's JSON is its
        # own, see guerra.rules.game.state).
        fields = {f.name: encode(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"procedure": PROCEDURE_NAME, **fields}

    @classmethod
    def from_dict(cls, data: Obj) -> D10State:
        if data.get("procedure") != PROCEDURE_NAME:
            raise invalid("procedure")
        return decode(cls, data)
