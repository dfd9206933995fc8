"""The state of one attack: immutable, JSON round trip, everything the next box needs.

The web layer saves `to_dict()` in the database between requests and rebuilds the value with
`AttackState.from_dict` (or `get_procedure("seed004").state_from_dict`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from guerra.rules import frozen
from guerra.rules.flowchart import Cursor, ProcedureState
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    Obj,
    as_int,
    as_list,
    as_obj,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_opt_bool,
    get_opt_int,
    get_opt_str,
    get_str,
    invalid,
)
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.model import ATTACKER, DEFENDER, AllyForce, Side, Situation

PROCEDURE_NAME = "seed004"
Winner = Literal["attacker", "defender", "tie"]
BattleKind = Literal["naval", "land"]
LossCause = Literal["defeat", "tie", "seven"]


@frozen.record
@dataclass(frozen=True)
class Holding:
    """A participant's units that can still fight or be lost in this attack.

    Main players: all their units in the region. Allies: the units they committed (A2).
    """

    power: str
    side: Side
    ally: bool
    armies: int = 0
    fleets: int = 0
    forts: int = 0

    def to_dict(self) -> dict[str, JSON]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Obj) -> Holding:
        return cls(
            power=get_str(data, "power"), side=_side(get_str(data, "side")),
            ally=get_bool(data, "ally"), armies=get_int(data, "armies"),
            fleets=get_int(data, "fleets"), forts=get_int(data, "forts"),
        )


@frozen.record
@dataclass(frozen=True)
class Answer:
    """A2/A3: an invited ally's answer; 0 armies and 0 fleets means it declined."""

    power: str
    armies: int
    fleets: int
    timed_out: bool = False

    def to_dict(self) -> dict[str, JSON]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Obj) -> Answer:
        return cls(
            get_str(data, "power"), get_int(data, "armies"), get_int(data, "fleets"),
            get_bool(data, "timed_out", default=False),
        )


@frozen.record
@dataclass(frozen=True)
class SideRoll:
    """One side's dice and total in one battle; `power` is None for a neutral country."""

    power: str | None
    faces: tuple[int, int]
    total: int
    breakdown: tuple[tuple[str, int], ...]  # (label msgid, value), dice difference included

    @property
    def difference(self) -> int:
        return abs(self.faces[0] - self.faces[1])

    @property
    def seven(self) -> bool:
        return self.faces[0] + self.faces[1] == 7

    def to_dict(self) -> dict[str, JSON]:
        return {
            "power": self.power, "faces": list(self.faces), "total": self.total,
            "breakdown": [[label, value] for label, value in self.breakdown],
        }

    @classmethod
    def from_dict(cls, data: Obj) -> SideRoll:
        faces = [as_int(face, "faces") for face in get_list(data, "faces")]
        breakdown = []
        for item in get_list(data, "breakdown"):
            label, value = as_list(item, "breakdown")
            if not isinstance(label, str):
                raise invalid("breakdown")
            breakdown.append((label, as_int(value, "breakdown", minimum=None)))
        if len(faces) != 2:
            raise invalid("faces")
        return cls(
            power=get_opt_str(data, "power"), faces=(faces[0], faces[1]),
            total=get_int(data, "total"), breakdown=tuple(breakdown),
        )


@frozen.record
@dataclass(frozen=True)
class Battle:
    kind: BattleKind
    attacker: SideRoll
    defender: SideRoll
    winner: Winner

    def roll(self, side: Side) -> SideRoll:
        return self.attacker if side == ATTACKER else self.defender

    @property
    def loser(self) -> Side | None:
        if self.winner == "tie":
            return None
        return DEFENDER if self.winner == ATTACKER else ATTACKER

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind, "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(), "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Obj) -> Battle:
        kind = get_str(data, "kind")
        winner = get_str(data, "winner")
        if kind not in ("naval", "land") or winner not in ("attacker", "defender", "tie"):
            raise invalid("battle")
        return cls(
            kind="naval" if kind == "naval" else "land",
            attacker=SideRoll.from_dict(get_obj(data, "attacker")),
            defender=SideRoll.from_dict(get_obj(data, "defender")),
            winner="attacker" if winner == "attacker" else "defender" if winner == "defender"
            else "tie",
        )


@frozen.record
@dataclass(frozen=True)
class PendingLoss:
    """L3/L5/L6: a land loss still to be taken (regular ones first, then the extra ones)."""

    side: Side
    cause: LossCause
    allies_first: bool  # L6: the extra loss of the losing side falls on an ally first

    def to_dict(self) -> dict[str, JSON]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Obj) -> PendingLoss:
        cause = get_str(data, "cause")
        if cause not in ("defeat", "tie", "seven"):
            raise invalid("cause")
        return cls(
            side=_side(get_str(data, "side")),
            cause="defeat" if cause == "defeat" else "tie" if cause == "tie" else "seven",
            allies_first=get_bool(data, "allies_first"),
        )


def _side(value: str) -> Side:
    if value == ATTACKER:
        return ATTACKER
    if value == DEFENDER:
        return DEFENDER
    raise invalid("side")


@frozen.record
@dataclass(frozen=True)
class AttackState(ProcedureState):
    """One attack in progress or finished (see the module docstring)."""

    situation: Situation
    cursor: Cursor
    answers: tuple[Answer, ...] = ()  # allies' answers, in the order they came
    holdings: tuple[Holding, ...] = ()  # main players first, then committed allies in order
    attacker_fights: bool | None = None  # S4
    defender_accepts: bool | None = None  # S4
    attacker_sea_tiles: int | None = None  # M2
    defender_sea_tiles: int | None = None  # M2
    naval_support: Side | None = None
    naval: Battle | None = None
    land: Battle | None = None
    pending_losses: tuple[PendingLoss, ...] = ()
    loss_choice: str | None = None  # L4: the kind chosen at the current loss decision

    def with_cursor(self, cursor: Cursor) -> AttackState:
        return frozen.replace_field(self, "cursor", cursor)

    # --- reading --------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """D5: the region stays busy while this is False."""
        return self.cursor.finished

    def holding(self, power: str) -> Holding:
        for holding in self.holdings:
            if holding.power == power:
                return holding
        raise KeyError(power)

    def main_power(self, side: Side) -> str | None:
        force = self.situation.attacker if side == ATTACKER else self.situation.defender
        return None if force is None else force.power

    def main(self, side: Side) -> Holding:
        force = self.situation.attacker if side == ATTACKER else self.situation.defender
        if force is None:
            raise KeyError(side)
        for holding in self.holdings:  # `holding(force.power)`: read at almost every box
            if holding.power == force.power:
                return holding
        raise KeyError(force.power)

    def committed(self, side: Side) -> tuple[Holding, ...]:
        """Committed allies of a side, in commitment order, with their units left."""
        return tuple([h for h in self.holdings if h.side == side and h.ally])

    def allied(self, side: Side) -> tuple[int, int]:
        """The armies and fleets the committed allies of a side have left (S2, M1, L2): the
        sums over `committed(side)`, without making that tuple at every box."""
        armies = fleets = 0
        for holding in self.holdings:
            if holding.ally and holding.side == side:
                armies += holding.armies
                fleets += holding.fleets
        return armies, fleets

    def sea_tiles(self, side: Side) -> int:
        tiles = self.attacker_sea_tiles if side == ATTACKER else self.defender_sea_tiles
        return tiles or 0

    def invitation(self, power: str) -> AllyForce | None:
        """A2: what an invited ally may commit (its armies and fleets in the region)."""
        return self.situation.invitation(power)

    def answer_of(self, power: str) -> Answer | None:
        return next((a for a in self.answers if a.power == power), None)

    def side_of(self, power: str | None) -> Side | None:
        """The side a power fights or is invited on; None for a power outside the attack."""
        for side in (ATTACKER, DEFENDER):
            if power == self.main_power(side):
                return side
        return next((side for side, ally in self.situation.invited() if ally.power == power),
                    None)

    def as_seen_by(self, power: str | None) -> AttackState:
        """The state as `power` may know it (None: a power outside the attack). While a box
        that asks both sides at once is open (the allies, A4; the tiles at sea, M2), the other
        side's answers are secret: they are left out, as if not given yet."""
        side = self.side_of(power)
        if self.cursor.node == g.ALLIES:
            kept = tuple(a for a in self.answers if self.side_of(a.power) == side)
            return frozen.replace(self, answers=kept)
        if self.cursor.node == g.NAVAL_TILES:
            return frozen.replace(
                self,
                attacker_sea_tiles=self.attacker_sea_tiles if side == ATTACKER else None,
                defender_sea_tiles=self.defender_sea_tiles if side == DEFENDER else None,
            )
        return self

    # --- writing ------------------------------------------------------------------------
    def with_holding(self, holding: Holding) -> AttackState:
        holdings = tuple([holding if h.power == holding.power else h for h in self.holdings])
        return frozen.replace_field(self, "holdings", holdings)

    # --- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSON]:
        return {
            "procedure": PROCEDURE_NAME,
            "situation": self.situation.to_dict(),
            "cursor": self.cursor.to_dict(),
            "answers": [a.to_dict() for a in self.answers],
            "holdings": [h.to_dict() for h in self.holdings],
            "attacker_fights": self.attacker_fights,
            "defender_accepts": self.defender_accepts,
            "attacker_sea_tiles": self.attacker_sea_tiles,
            "defender_sea_tiles": self.defender_sea_tiles,
            "naval_support": self.naval_support,
            "naval": None if self.naval is None else self.naval.to_dict(),
            "land": None if self.land is None else self.land.to_dict(),
            "pending_losses": [p.to_dict() for p in self.pending_losses],
            "loss_choice": self.loss_choice,
        }

    @classmethod
    def from_dict(cls, data: Obj) -> AttackState:
        if data.get("procedure") != PROCEDURE_NAME:
            raise invalid("procedure")
        support = get_opt_str(data, "naval_support")
        naval, land = data.get("naval"), data.get("land")
        return cls(
            situation=Situation.from_dict(get_obj(data, "situation")),
            cursor=Cursor.from_dict(get_obj(data, "cursor")),
            answers=tuple(
                Answer.from_dict(as_obj(a, "answers")) for a in get_list(data, "answers")
            ),
            holdings=tuple(
                Holding.from_dict(as_obj(h, "holdings")) for h in get_list(data, "holdings")
            ),
            attacker_fights=get_opt_bool(data, "attacker_fights"),
            defender_accepts=get_opt_bool(data, "defender_accepts"),
            attacker_sea_tiles=get_opt_int(data, "attacker_sea_tiles"),
            defender_sea_tiles=get_opt_int(data, "defender_sea_tiles"),
            naval_support=None if support is None else _side(support),
            naval=None if naval is None else Battle.from_dict(as_obj(naval, "naval")),
            land=None if land is None else Battle.from_dict(as_obj(land, "land")),
            pending_losses=tuple(
                PendingLoss.from_dict(as_obj(p, "pending_losses"))
                for p in get_list(data, "pending_losses")
            ),
            loss_choice=get_opt_str(data, "loss_choice"),
        )
