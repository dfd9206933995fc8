"""The situation a "punti" attack is declared in: the region and its land links, the two main
players (or a neutral counter), the units' profiles (E1) and every group that may reinforce
either side (E3), in the order they are offered.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.codec import decode, encode
from guerra.rules.forces import Force, Neutral, Region, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.punti.profiles import DEFAULT_PROFILES, Profiles


@dataclass(frozen=True)
class Candidate:
    """E3: one power's units that may reinforce `side` from one place: `source` is the
    attacked region itself (an ally's armies and fleets there), a region linked by land, or
    None, the power's home (armies only, within their range)."""

    power: str
    side: Side
    source: str | None
    armies: int = 0
    fleets: int = 0

    @property
    def units(self) -> int:
        return self.armies + self.fleets


@dataclass(frozen=True)
class Situation:
    """Everything `declare` needs. Exactly one of `defender` and `neutral` is set (D4).

    `links` are the regions linked by land to the attacked one (E3, E9); `home_linked` says
    whether the defender's home is linked to it too (E9); `defender_home` is the name of that
    home where one is known (a case file), None in a game (a home is no region of the board).
    `candidates` may reinforce (E3), already without the units that fought this round; nobody
    reinforces against a neutral (E11). `turn_order` is the war's, for asking allies (E4)."""

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    profiles: Profiles = DEFAULT_PROFILES
    links: tuple[str, ...] = ()
    home_linked: bool = False
    defender_home: str | None = None
    candidates: tuple[Candidate, ...] = ()
    turn_order: tuple[str, ...] = ()
    defender_is_ally: bool = False

    def main(self, side: Side) -> Force | None:
        return self.attacker if side == "attacker" else self.defender

    def main_power(self, side: Side) -> str | None:
        force = self.main(side)
        return None if force is None else force.power

    def candidates_of(self, side: Side) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if c.side == side)

    def candidate(self, side: Side, power: str, source: str | None) -> Candidate | None:
        for c in self.candidates:
            if c.side == side and c.power == power and c.source == source:
                return c
        return None

    def retreat_options(self) -> tuple[str | None, ...]:
        """E9: where retreating armies may go: the defender's home (None) when it is linked,
        then the linked regions in alphabetical order (its home region left out: None is it)."""
        home = (None,) if self.home_linked else ()
        return home + tuple(sorted(r for r in self.links if r != self.defender_home))

    def place_name(self, place: str | None) -> str | None:
        """A place as a case file names it: None (a home) is the defender's home's name."""
        return self.defender_home if place is None else place

    def to_dict(self) -> dict[str, JSON]:
        data = encode(self)
        assert isinstance(data, dict)
        return data

    @classmethod
    def from_dict(cls, data: Obj) -> Situation:
        return decode(cls, data)
