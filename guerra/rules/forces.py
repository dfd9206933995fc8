"""What any combat procedure reads of the board: the region, the two main players' forces, a
neutral counter, the allies, and the `Engagement` that gathers them for a game's attack.

Plain frozen values with a JSON round trip. A game builds one `Engagement` per declaration
(`guerra.rules.game.combat`); each procedure turns it into its own situation
(`Procedure.from_engagement`), so the game knows no procedure by name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    field,
    get_bool,
    get_int,
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


def offer_problem(power: str, armies: int, fleets: int, have_armies: int, have_fleets: int
                  ) -> Message | None:
    """Why an ally cannot bring these units (A2, P4): none below zero, no more than it has in
    the region."""
    if armies < 0 or fleets < 0:
        return _("A number of units cannot be negative.")
    if armies > have_armies:
        return ngettext("{power} has only {count} army in the region.",
                        "{power} has only {count} armies in the region.",
                        have_armies, power=power)
    if fleets > have_fleets:
        return ngettext("{power} has only {count} fleet in the region.",
                        "{power} has only {count} fleets in the region.",
                        have_fleets, power=power)
    return None


@dataclass(frozen=True)
class LinkedForce:
    """A power's armies and fleets in a region linked by land to the attacked one (G32), or at
    its home when the home is linked to it (`region` None), for procedures whose
    reinforcements may come from next door (seed 001)."""

    power: str
    region: str | None  # None: the power's home (its `home_links` include a region on the way)
    armies: int = 0
    fleets: int = 0
    distance: int = 1  # land links between it and the attacked region


@dataclass(frozen=True)
class Engagement:
    """An attack as the game sees it when it is declared, for any procedure.

    `allies` are the main players' allies in the current war with armies or fleets in the
    region, in slot (= turn) order, each with the side it would join; `turn_order` is the
    war's whole slot order (a procedure that asks allies from the attacker on rotates it);
    `markers_left` every power's control markers still in its supply (L9); `linked` the
    forces of both sides in the regions linked by land and at the homes linked to the region.
    Exactly one of `defender` and `neutral` is set; against a neutral, or an ally
    (`defender_is_ally`), nobody is invited.

    `links` are the regions linked by land to the attacked one (G32), alphabetical;
    `homes_linked` the powers of the game (in seating order) whose home is linked to it;
    `engaged` the units that already attacked, defended or reinforced in this round, as
    (power, place (None: home), armies, fleets) (`GameState.engaged`): the game subtracts them
    nowhere, a procedure that lets a unit fight once a round (punti's E3) does.
    """

    region: Region
    attacker: Force
    defender: Force | None = None
    neutral: Neutral | None = None
    allies: tuple[tuple[Side, AllyForce], ...] = ()
    turn_order: tuple[str, ...] = ()
    defender_is_ally: bool = False
    markers_left: tuple[tuple[str, int], ...] = ()
    linked: tuple[tuple[Side, LinkedForce], ...] = ()
    links: tuple[str, ...] = ()
    homes_linked: tuple[str, ...] = ()
    engaged: tuple[tuple[str, str | None, int, int], ...] = ()
    # The scenario's data of the game's combat system, as its `read_data` checked it.
    procedure_data: Obj = dataclasses.field(default_factory=dict)
    # The game's combat memory when the attack is declared (`Procedure.war_begins`): the
    # system's own game-long data, secret parts included (hands of cards).
    memory: Obj = dataclasses.field(default_factory=dict)

    def allies_of(self, side: Side) -> tuple[AllyForce, ...]:
        return tuple(ally for ally_side, ally in self.allies if ally_side == side)

    def markers_of(self, power: str) -> int | None:
        """L9: the control markers `power` has left, None when not limited."""
        return dict(self.markers_left).get(power)
