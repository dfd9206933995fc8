"""The state of one "punti" attack: immutable, a JSON round trip (via the rules' codec), and
everything the next box needs: every unit in the battle with its health left (E1), the groups
named and their answers (E4-E5), the two rolls and their damage, the retreat (E9) and the
counter-attack decision (E10)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from guerra.rules import frozen
from guerra.rules.codec import decode, encode
from guerra.rules.cursor import Cursor
from guerra.rules.events import UnitKind
from guerra.rules.flowchart import ProcedureState
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, invalid
from guerra.rules.punti.model import Situation

PROCEDURE_NAME = "punti"
Status = Literal["standing", "destroyed", "retreated"]
Spread = tuple[tuple[str, int], ...]  # damage points per unit id, in the order first placed


@frozen.record
@dataclass(frozen=True)
class Unit:
    """One unit in the battle (E1): `id` as the case files name it (A1, D1, Ri.j, N1);
    `power` None is the neutral's; `group` 0 is a primary stack (E2), i the i-th group named
    (E4-E5); `source` where it stands (the attacked region's name, a linked region, None: its
    owner's home); `health` at the start of the battle and `left` now."""

    id: str
    power: str | None
    side: Side
    kind: UnitKind
    group: int
    source: str | None
    health: int
    left: int
    status: Status = "standing"

    @property
    def standing(self) -> bool:
        return self.status == "standing"

    @property
    def primary(self) -> bool:
        return self.group == 0


@frozen.record
@dataclass(frozen=True)
class Named:
    """E4/E5: the `number`-th group named (from 1, the attacker's groups first), and whether
    it joins: a main power's own group at once, an ally's when it agrees (`joins` None: not
    asked yet; `timed_out`: it did not answer by the deadline, a refusal)."""

    number: int
    power: str
    side: Side
    source: str | None
    armies: int
    fleets: int
    joins: bool | None = None
    timed_out: bool = False


@frozen.record
@dataclass(frozen=True)
class Strike:
    """A roll and its damage: the attack (E6-E8: a die hits at `threshold` or more, the
    target number) or the counter-attack (E10: a die hits above `threshold`, the speed);
    `damage` is None until the side hit has placed it."""

    dice: tuple[int, ...]
    threshold: int
    hits: int
    damage: Spread | None = None


@frozen.record
@dataclass(frozen=True)
class Withdrawal:
    """E9: the primary defender's retreat: its armies went to `armies_to` (None: home) or,
    with nowhere to go, were destroyed; its fleets went home. Unit ids."""

    armies_to: str | None
    moved: tuple[str, ...]
    destroyed: tuple[str, ...]


@frozen.record
@dataclass(frozen=True)
class PuntiState(ProcedureState):
    """One "punti" attack in progress or finished."""

    situation: Situation
    cursor: Cursor
    units: tuple[Unit, ...] = ()  # primary attacker, primary defender, then groups that joined
    named: tuple[Named, ...] = ()
    attacker_named: bool = False  # E4 done
    defender_named: bool = False  # E5 done
    attack: Strike | None = None
    retreat_chosen: bool = False  # E9: the defender chose `retreat_to`
    retreat_to: str | None = None  # None: home
    withdrawal: Withdrawal | None = None
    counter_chosen: bool | None = None  # E10: the defender's answer (None: not asked)
    counter: Strike | None = None

    def with_cursor(self, cursor: Cursor) -> PuntiState:
        return frozen.replace_field(self, "cursor", cursor)

    # --- reading --------------------------------------------------------------------------
    def main_power(self, side: Side) -> str | None:
        return self.situation.main_power(side)

    def unit(self, unit_id: str) -> Unit | None:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        return None

    def standing(self, side: Side, *, primary: bool | None = None) -> tuple[Unit, ...]:
        """The units of `side` neither destroyed nor retreated (the primary stack only, the
        reinforcements only, or both: `primary` None)."""
        # Read at almost every box and at every point of damage: a plain loop.
        found = []
        for u in self.units:
            if u.side == side and u.status == "standing" and (
                    primary is None or (u.group == 0) == primary):
                found.append(u)
        return tuple(found)

    def health_left(self, units: tuple[Unit, ...]) -> int:
        return sum(u.left for u in units)

    def primary_start_health(self, side: Side) -> int:
        return sum(u.health for u in self.units if u.side == side and u.primary)

    def group(self, number: int) -> Named | None:
        for named in self.named:
            if named.number == number:
                return named
        return None

    def to_ask(self, side: Side) -> tuple[Named, ...]:
        """E4/E5: the allies' groups of `side` still to answer, in the order they are asked."""
        return tuple(n for n in self.named if n.side == side and n.joins is None)

    def attacker_holds(self) -> bool:
        """E11: the primary attacker still has an army or a fleet in the region."""
        return bool(self.standing(ATTACKER, primary=True))

    def defender_holds(self) -> bool:
        """E10/E11: the primary defender still has a unit in the region."""
        return bool(self.standing(DEFENDER, primary=True))

    # --- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSON]:
        # Field by field: `encode(self)` would come back here (a ProcedureState's JSON is its
        # own, see guerra.rules.game.state).
        fields = {f.name: encode(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"procedure": PROCEDURE_NAME, **fields}

    @classmethod
    def from_dict(cls, data: Obj) -> PuntiState:
        if data.get("procedure") != PROCEDURE_NAME:
            raise invalid("procedure")
        return decode(cls, data)
