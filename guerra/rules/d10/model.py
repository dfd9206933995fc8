"""The situation a "d10" attack is declared in: the region, the two factions' main players (or a
neutral counter), and the allies who may arrive as reinforcements, in the order they are asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.forces import ATTACKER, DEFENDER, Force, Neutral, Region, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    Obj,
    as_obj,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_opt_int,
    get_str,
    invalid,
)


def side_of(value: str, where: str) -> Side:
    if value == ATTACKER:
        return ATTACKER
    if value == DEFENDER:
        return DEFENDER
    raise invalid(where)


@dataclass(frozen=True)
class Reinforcement:
    """P4: an ally of one side with armies or fleets in the region, who may arrive with them.
    `markers_in_supply` (L9) matters when it is the one to take the region (P7)."""

    power: str
    side: Side
    armies: int = 0
    fleets: int = 0
    markers_in_supply: int | None = None

    def to_dict(self) -> dict[str, JSON]:
        return {"power": self.power, "side": self.side, "armies": self.armies,
                "fleets": self.fleets, "markers_in_supply": self.markers_in_supply}

    @classmethod
    def from_dict(cls, data: Obj, where: str) -> Reinforcement:
        return cls(
            power=get_str(data, "power", where),
            side=side_of(get_str(data, "side", where), f"{where}.side"),
            armies=get_int(data, "armies", where), fleets=get_int(data, "fleets", where),
            markers_in_supply=get_opt_int(data, "markers_in_supply", where),
        )


@dataclass(frozen=True)
class Situation:
    """Everything `declare` needs. Exactly one of `defender` and `neutral` is set (D4);
    `reinforcements` are asked in this order (P4: the war's turn order after the attacker),
    and nobody is asked against a neutral (P1)."""

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    reinforcements: tuple[Reinforcement, ...] = ()
    defender_is_ally: bool = False

    def main(self, side: Side) -> Force | None:
        return self.attacker if side == ATTACKER else self.defender

    def reinforcement(self, power: str) -> Reinforcement | None:
        return next((r for r in self.reinforcements if r.power == power), None)

    def to_ask(self) -> int:
        """P4/P6 (ruling): how many of `reinforcements`, from the first, are asked at most: up
        to the last attacking ally. A defending ally's arrival fights no exchange (P4), so it
        changes something only when an attacking ally's exchange comes after it; a defending
        ally asked after the last attacking one (or when none is left: say, once the attacker
        has lost everything) could only be kept waiting for nothing, so it is not asked and
        the battle ends there."""
        for i in range(len(self.reinforcements), 0, -1):
            if self.reinforcements[i - 1].side == ATTACKER:
                return i
        return 0

    def to_dict(self) -> dict[str, JSON]:
        return {
            "region": self.region.to_dict(),
            "attacker": self.attacker.to_dict(),
            "defender": None if self.defender is None else self.defender.to_dict(),
            "neutral": None if self.neutral is None else self.neutral.to_dict(),
            "reinforcements": [r.to_dict() for r in self.reinforcements],
            "defender_is_ally": self.defender_is_ally,
        }

    @classmethod
    def from_dict(cls, data: Obj) -> Situation:
        defender, neutral = data.get("defender"), data.get("neutral")
        return cls(
            region=Region.from_dict(get_obj(data, "region")),
            attacker=Force.from_dict(get_obj(data, "attacker"), "attacker"),
            defender=None if defender is None
            else Force.from_dict(as_obj(defender, "defender"), "defender"),
            neutral=None if neutral is None else Neutral.from_dict(as_obj(neutral, "neutral")),
            reinforcements=tuple(
                Reinforcement.from_dict(as_obj(item, f"reinforcements[{i}]"),
                                        f"reinforcements[{i}]")
                for i, item in enumerate(get_list(data, "reinforcements"))
            ),
            defender_is_ally=get_bool(data, "defender_is_ally", default=False),
        )
