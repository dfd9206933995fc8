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

    The allies are the main players' allies (A1) with the units they have in the region;
    `invited()` keeps, in invitation order, those with units that could change something, and
    that order is also the commitment order of M5/L6 (see the package docstring).
    `defender_is_ally` is set by the game when the target is in the attacker's alliance in the
    current war (D1).
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

    def ally_force(self, power: str) -> AllyForce | None:
        """What an ally has in the region (its first entry), invited or not."""
        return next((ally for side in SIDES for ally in self.allies(side)
                     if ally.power == power), None)

    def invitation(self, power: str) -> AllyForce | None:
        """A2: what `power` was invited with (its first invitation), None if not invited."""
        return self._invitations.get(power)

    # Read at every box of an attack (and at every ally's answer): computed once per
    # situation, which never changes.
    def may_have_fleets(self, side: Side) -> bool:
        """S2: whether a side has fleets, or could once its allies have answered."""
        main = self.main(side)
        return (main is not None and main.fleets > 0) or any(
            ally.fleets > 0 for ally in self.allies(side))

    def useful(self, side: Side, ally: AllyForce) -> AllyForce:
        """A1/A2 (ruling): the units of an ally whose commitment could change something.
        Its armies only when a land battle will be fought (the attacker has an army of its own
        in the region: L1, M8; no battle costs the attacker an army before it). Its fleets only
        in a region with a sea (S1), and only when a naval battle could be fought (the other
        side has fleets or may be brought some, S4, M1) or when they could give their side
        naval support (S3: its main player has no fleet, and a land battle will be fought)."""
        land = self.attacker.armies > 0
        main = self.main(side)
        fleets_matter = self.region.has_sea and (
            self.may_have_fleets(other(side))
            or (land and (main is None or main.fleets == 0)))
        armies = ally.armies if land else 0
        fleets = ally.fleets if fleets_matter else 0
        if (armies, fleets) == (ally.armies, ally.fleets):
            return ally
        return AllyForce(ally.power, armies, fleets)

    @cached_property
    def _invited(self) -> tuple[tuple[Side, AllyForce], ...]:
        """A1, with the ruling of `useful`: an ally is invited with the units that could change
        something, and not at all when none could (nobody waits for an answer that changes
        nothing)."""
        if self.neutral is not None:
            return ()
        found = []
        for side in SIDES:
            for ally in self.allies(side):
                offer = self.useful(side, ally)
                if offer.armies + offer.fleets > 0:
                    found.append((side, offer))
        return tuple(found)

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
