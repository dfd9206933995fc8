"""The situation an attack is declared in: region, target, the two main players, invited allies.

Plain frozen values with a JSON round trip; they are copied into the attack's state, so a
state saved in the database carries everything the rules need. The board values it is made of
(region, forces, neutral) are every procedure's, in `guerra.rules.forces`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from guerra.rules import frozen
from guerra.rules.forces import (
    ATTACKER,
    DEFENDER,
    SIDES,
    AllyForce,
    Force,
    Neutral,
    Region,
    Reward,
    Side,
    other,
)
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, as_obj, get_bool, get_list, get_obj

__all__ = [
    "ATTACKER", "DEFENDER", "SIDES", "AllyForce", "Force", "Neutral", "Region", "Reward",
    "Side", "Situation", "other",
]


@frozen.record  # its dict built whole (see `frozen.record`), its cached properties in it
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

    def invited_powers(self) -> tuple[str, ...]:
        """The powers of `invited()`, in the same order."""
        return self._invited_powers

    def invitation(self, power: str) -> AllyForce | None:
        """A2: what `power` was invited with (its first invitation), None if not invited."""
        return self._invitations.get(power)

    # Read at every box of an attack (and at every ally's answer): computed once per
    # situation, which never changes.
    @cached_property
    def _invited(self) -> tuple[tuple[Side, AllyForce], ...]:
        if self.neutral is not None:
            return ()
        return tuple(
            (side, ally)
            for side in SIDES
            for ally in self.allies(side)
            if ally.armies + ally.fleets > 0
        )

    @cached_property
    def _invited_powers(self) -> tuple[str, ...]:
        return tuple(ally.power for _side, ally in self._invited)

    @cached_property
    def _invitations(self) -> dict[str, AllyForce]:
        found: dict[str, AllyForce] = {}
        for _side, ally in self._invited:
            found.setdefault(ally.power, ally)
        return found

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
