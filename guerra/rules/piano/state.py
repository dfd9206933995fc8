"""The state of one "piano" attack: immutable, a JSON round trip (via the rules' codec), and
what the next box needs: each side's powers and units (K1, K2), its ratings (K1), its plan,
rerolls, dice and assignment (K3-K6), the steps resolved (K7-K9), the damage (K10), the loss
orders (K2) and the units lost."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.codec import decode, encode
from guerra.rules.cursor import Cursor
from guerra.rules.flowchart import ProcedureState
from guerra.rules.forces import ATTACKER, SIDES, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, invalid
from guerra.rules.piano.inputs import PlanStep
from guerra.rules.piano.model import Situation

PROCEDURE_NAME = "piano"


@frozen.record
@dataclass(frozen=True)
class Member:
    """A power of one side in the battle (K1): the main power first, then its allies in
    commitment order; `power` None is a neutral counter (K11: one unit, `neutral` 1). An
    ally's forts never fight (only its committed armies and fleets)."""

    power: str | None
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    neutral: int = 0
    markers_in_supply: int | None = None

    @property
    def units(self) -> int:
        return self.armies + self.fleets + self.forts + self.neutral

    def count(self, kind: str) -> int:
        return int(getattr(self, {"army": "armies", "fleet": "fleets", "fort": "forts",
                                  "neutral": "neutral"}[kind]))


@frozen.record
@dataclass(frozen=True)
class StepResult:
    """K6-K9: one step as taken: its `action`, what it counts as (`counts_as`: a deadly
    engagement whose control failed is an "engagement", K8), its characteristic, the die
    assigned (`die` its index, `face`), whether it succeeded and why (`reason`: "die",
    "weakness", "strength", "no_die", "approach_failed"), the damage it dealt the enemy
    (`damage`) and the damage it cost its own side (`recoil`: 1 when it failed, K9)."""

    action: str
    counts_as: str
    characteristic: str
    die: int | None
    face: int | None
    success: bool
    reason: str
    damage: int
    recoil: int


@frozen.record
@dataclass(frozen=True)
class SideState:
    """One side's battle: its ratings (K1, empty with no unit), its plan (None: not in yet),
    its roll (K5: `rolls` before the rerolls, `dice` after), its rerolls (None: not chosen),
    its assignment (None: not chosen; per step a die's index or None), the steps resolved and
    the damage dealt and taken (K9-K10)."""

    ratings: tuple[int, ...] = ()
    plan: tuple[PlanStep, ...] | None = None
    plan_timed_out: bool = False
    rolls: tuple[int, ...] = ()
    reroll: tuple[int, ...] | None = None
    dice: tuple[int, ...] = ()
    assignment: tuple[int | None, ...] | None = None
    best: bool = False  # K6: the assignment is the rule "best" (asked for, or by default)
    steps: tuple[StepResult, ...] = ()
    dealt: int = 0
    failed: int = 0
    taken: int = 0


@frozen.record
@dataclass(frozen=True)
class Loss:
    """K2: `count` units of `kind` that `power` (None: the neutral) lost."""

    power: str | None
    kind: str
    count: int


@frozen.record
@dataclass(frozen=True)
class PianoState(ProcedureState):
    """One "piano" attack in progress or finished."""

    situation: Situation
    cursor: Cursor
    attackers: tuple[Member, ...] = ()  # the main attacker first, then its allies
    defenders: tuple[Member, ...] = ()  # the main defender (or the neutral), then its allies
    attacker: SideState = SideState()
    defender: SideState = SideState()
    plans_revealed: bool = False  # K3: both plans in
    rerolls_revealed: bool = False  # K5: both rerolls chosen
    assigned: bool = False  # K6: both assignments in
    loss_orders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # K2: per power, as chosen
    losses: tuple[Loss, ...] = ()  # K2: the units lost, once the result is in
    winner: Side | None = None  # K10

    def with_cursor(self, cursor: Cursor) -> PianoState:
        return frozen.replace_field(self, "cursor", cursor)

    # --- reading --------------------------------------------------------------------------
    def members(self, side: Side) -> tuple[Member, ...]:
        return self.attackers if side == ATTACKER else self.defenders

    def side(self, side: Side) -> SideState:
        return self.attacker if side == ATTACKER else self.defender

    def with_side(self, side: Side, value: SideState) -> PianoState:
        return frozen.replace_field(self, side, value)

    def main_power(self, side: Side) -> str | None:
        members = self.members(side)
        return members[0].power if members else None

    def units(self, side: Side) -> int:
        """K1/K4/K5: the side's units in the battle."""
        return sum(m.units for m in self.members(side))

    def side_of(self, power: str) -> Side | None:
        for side in SIDES:
            if self.main_power(side) == power:
                return side
        return None

    def loss_order(self, power: str) -> tuple[str, ...] | None:
        return dict(self.loss_orders).get(power)

    # --- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSON]:
        fields = {f.name: encode(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"procedure": PROCEDURE_NAME, **fields}

    @classmethod
    def from_dict(cls, data: Obj) -> PianoState:
        if data.get("procedure") != PROCEDURE_NAME:
            raise invalid("procedure")
        return decode(cls, data)
