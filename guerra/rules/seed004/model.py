"""The situation an attack is declared in: region, target, the two main players, invited allies.

Plain frozen values with a JSON round trip; they are copied into the attack's state, so a
state saved in the database carries everything the rules need.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_obj,
    field,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_opt_int,
    get_opt_str,
    get_str,
)

Side = Literal["attacker", "defender"]
ATTACKER: Side = "attacker"
DEFENDER: Side = "defender"
SIDES: tuple[Side, Side] = (ATTACKER, DEFENDER)
Reward = Literal["gold", "vp"]


def other(side: Side) -> Side:
    return DEFENDER if side == ATTACKER else ATTACKER


@dataclass(frozen=True)
class Region:
    name: str
    has_sea: bool  # S1: all default regions but German States and Central Europe

    def to_dict(self) -> dict[str, JSON]:
        return {"name": self.name, "has_sea": self.has_sea}

    @classmethod
    def from_dict(cls, data: Obj, where: str = "region") -> Region:
        return cls(get_str(data, "name", where), get_bool(data, "has_sea", where))


@dataclass(frozen=True)
class Neutral:
    """N1/N3: a neutral marker's printed defence and its reward (circle: gold, square: VP)."""

    defense: int
    reward: Reward | None = None
    amount: int | None = None  # N3 ruling: None means "equal to the defence value"

    @property
    def reward_amount(self) -> int:
        if self.reward is None:
            return 0
        return self.defense if self.amount is None else self.amount

    def to_dict(self) -> dict[str, JSON]:
        return {"defense": self.defense, "reward": self.reward, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: Obj, where: str = "neutral") -> Neutral:
        reward = get_opt_str(data, "reward", where)
        if reward not in (None, "gold", "vp"):
            raise DataError(
                _("Field “{field}” must be “gold”, “vp” or null.", field=field(where, "reward"))
            )
        return cls(
            defense=get_int(data, "defense", where),
            reward="gold" if reward == "gold" else "vp" if reward == "vp" else None,
            amount=get_opt_int(data, "amount", where),
        )


@dataclass(frozen=True)
class Force:
    """A main player: its purse and what it has in (or for) the attacked region."""

    power: str
    gold: int = 0
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    army_training: int = 0
    navy_training: int = 0
    alliance_tiles: int = 0  # Alliance tiles the power holds for THIS region
    control_markers: int = 0  # its control markers in the region
    markers_in_supply: int | None = None  # L9: None means the supply is not limited

    def to_dict(self) -> dict[str, JSON]:
        return {
            "power": self.power, "gold": self.gold, "armies": self.armies,
            "fleets": self.fleets, "forts": self.forts, "army_training": self.army_training,
            "navy_training": self.navy_training, "alliance_tiles": self.alliance_tiles,
            "control_markers": self.control_markers, "markers_in_supply": self.markers_in_supply,
        }

    @classmethod
    def from_dict(cls, data: Obj, where: str, *, gold_required: bool = True) -> Force:
        return cls(
            power=get_str(data, "power", where),
            gold=get_int(data, "gold", where, default=None if gold_required else 0),
            armies=get_int(data, "armies", where),
            fleets=get_int(data, "fleets", where),
            forts=get_int(data, "forts", where),
            army_training=get_int(data, "army_training", where),
            navy_training=get_int(data, "navy_training", where),
            alliance_tiles=get_int(data, "alliance_tiles", where),
            control_markers=get_int(data, "control_markers", where),
            markers_in_supply=get_opt_int(data, "markers_in_supply", where),
        )


@dataclass(frozen=True)
class AllyForce:
    """A2: an ally's armies and fleets in the region (invited) or committed (odds, cases)."""

    power: str
    armies: int = 0
    fleets: int = 0

    def to_dict(self) -> dict[str, JSON]:
        return {"power": self.power, "armies": self.armies, "fleets": self.fleets}

    @classmethod
    def from_dict(cls, data: Obj, where: str) -> AllyForce:
        return cls(
            get_str(data, "power", where), get_int(data, "armies", where),
            get_int(data, "fleets", where),
        )


@dataclass(frozen=True)
class Situation:
    """Everything `declare` needs. Exactly one of `defender` and `neutral` is set (D4).

    The allies are the powers *invited* (A1), in invitation order, each with the units it has
    available in the region; that order is also the commitment order of M5/L6 (see the
    package docstring). `defender_is_ally` is set by the game when the target is in the
    attacker's alliance in the current war (D1).
    """

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    attacker_allies: tuple[AllyForce, ...] = ()
    defender_allies: tuple[AllyForce, ...] = ()
    defender_is_ally: bool = False

    def main(self, side: Side) -> Force | None:
        return self.attacker if side == ATTACKER else self.defender

    def allies(self, side: Side) -> tuple[AllyForce, ...]:
        return self.attacker_allies if side == ATTACKER else self.defender_allies

    def invited(self) -> tuple[tuple[Side, AllyForce], ...]:
        """A1: allies with at least one army or fleet in the region; nobody against a neutral."""
        return self._invited

    @cached_property
    def _invited(self) -> tuple[tuple[Side, AllyForce], ...]:
        # Read at every box of an attack: computed once per situation, which never changes.
        if self.neutral is not None:
            return ()
        return tuple(
            (side, ally)
            for side in SIDES
            for ally in self.allies(side)
            if ally.armies + ally.fleets > 0
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "region": self.region.to_dict(),
            "attacker": self.attacker.to_dict(),
            "defender": None if self.defender is None else self.defender.to_dict(),
            "neutral": None if self.neutral is None else self.neutral.to_dict(),
            "attacker_allies": [ally.to_dict() for ally in self.attacker_allies],
            "defender_allies": [ally.to_dict() for ally in self.defender_allies],
            "defender_is_ally": self.defender_is_ally,
        }

    @classmethod
    def from_dict(cls, data: Obj) -> Situation:
        defender = data.get("defender")
        neutral = data.get("neutral")
        return cls(
            region=Region.from_dict(get_obj(data, "region")),
            attacker=Force.from_dict(get_obj(data, "attacker"), "attacker"),
            defender=None if defender is None
            else Force.from_dict(as_obj(defender, "defender"), "defender"),
            neutral=None if neutral is None else Neutral.from_dict(as_obj(neutral, "neutral")),
            attacker_allies=_allies(data, "attacker_allies"),
            defender_allies=_allies(data, "defender_allies"),
            defender_is_ally=get_bool(data, "defender_is_ally", default=False),
        )


def _allies(data: Obj, key: str) -> tuple[AllyForce, ...]:
    return tuple(
        AllyForce.from_dict(as_obj(item, f"{key}[{i}]"), f"{key}[{i}]")
        for i, item in enumerate(get_list(data, key, optional=True))
    )
