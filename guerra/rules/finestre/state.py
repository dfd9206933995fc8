"""The state of one "finestre" attack: immutable, a JSON round trip (via the rules' codec), and
what the next box needs: each side's powers (its main power first), the hands as they change,
the window open now and those closed, the announcements and the combat's figures."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.codec import decode, encode
from guerra.rules.cursor import Cursor
from guerra.rules.finestre.model import Hands, Situation
from guerra.rules.flowchart import ProcedureState
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, invalid

PROCEDURE_NAME = "finestre"
HIDDEN = "?"  # a card of another power's hand, as `seen_by` shows it


@frozen.record
@dataclass(frozen=True)
class Member:
    """A power of one side: the main power (first of its side) or an ally, its units in the
    region that count (an ally's committed ones) and what counts once it is a main power."""

    power: str
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    army_training: int = 0
    alliance_tiles: int = 0
    control_markers: int = 0
    markers_in_supply: int | None = None

    @property
    def mobile(self) -> int:
        return self.armies + self.fleets


@frozen.record
@dataclass(frozen=True)
class Call:
    """W3: one call of a window: `card` None is a pass; `ally` the power a Cambio al comando
    names; `asked` False when public facts showed it could play nothing (an empty hand, or no
    card of the deck allowed to it there) and it passed unasked."""

    power: str
    card: str | None = None
    ally: str | None = None
    asked: bool = True


@frozen.record
@dataclass(frozen=True)
class Window:
    """W3: a response window. `name` as the case file spells it (W4, W4.2, W7a...); `order`
    the call order; `at` the next call's place in it; `passes` the passes in a row;
    `announced` whether the announcement before it (W4, W5, W9) has been made."""

    name: str
    node: str
    first: Side
    order: tuple[str, ...]
    at: int = 0
    passes: int = 0
    announced: bool = True
    has_announcement: bool = False
    calls: tuple[Call, ...] = ()

    @property
    def closed(self) -> bool:
        return self.passes >= len(self.order)

    @property
    def caller(self) -> str:
        return self.order[self.at % len(self.order)]

    def cards(self) -> tuple[Call, ...]:
        return tuple(call for call in self.calls if call.card is not None)


@frozen.record
@dataclass(frozen=True)
class Closed:
    """A window closed: its calls, the cards standing and those countered (in play order),
    and whether its announcement stood."""

    name: str
    calls: tuple[Call, ...]
    standing: tuple[Call, ...]
    countered: tuple[Call, ...]
    announcement_stands: bool | None = None


@frozen.record
@dataclass(frozen=True)
class Change:
    """W6: a side's main power changed in window `window`."""

    window: str
    side: Side
    former: str
    new: str


@frozen.record
@dataclass(frozen=True)
class Tiles:
    """W9: the tiles a main power announced it uses."""

    alliance_tiles: int = 0
    army_training: bool = False


@frozen.record
@dataclass(frozen=True)
class FinestreState(ProcedureState):
    """One "finestre" attack in progress or finished."""

    situation: Situation
    cursor: Cursor
    attackers: tuple[Member, ...] = ()  # the main attacker first, then its allies
    defenders: tuple[Member, ...] = ()  # empty against a neutral
    hands: Hands = ()
    round: int = 1  # W6: 2 and 3 after a change of combatants
    changes: tuple[Change, ...] = ()
    window: Window | None = None
    windows: tuple[Closed, ...] = ()
    tactic: str | None = None  # "assalto", "assedio", "schermaglia" once W4 closes
    announced_tactic: str | None = None
    from_forts: bool = False
    announced_forts: bool = False
    attacker_tiles: Tiles = Tiles()
    defender_tiles: Tiles = Tiles()
    announced_tiles: Tiles = Tiles()
    imboscate: tuple[Side, ...] = ()  # W7: the sides whose Imboscata stood
    first_strike: Side | None = None
    ended: str | None = None  # W8/W10: "Ritirata"
    dice: tuple[int, ...] = ()  # W11: the attacker's die, then the defender's
    standing: tuple[int, ...] = ()  # W11: (attacker, defender)
    totals: tuple[int, ...] = ()  # after W12
    winner: str | None = None  # W13: "attacker", "defender", "tie"
    losses_before: tuple[int, ...] = ()  # W13: (attacker, defender) before W14
    losses_due: tuple[int, ...] = ()  # still to be taken (W15)
    losses_after: tuple[int, ...] = ()  # W14: (attacker, defender) after the escapes
    tie_loss: bool = False  # W13: the losses are a tie's (never a fort)

    def with_cursor(self, cursor: Cursor) -> FinestreState:
        return frozen.replace_field(self, "cursor", cursor)

    # --- reading --------------------------------------------------------------------------
    def members(self, side: Side) -> tuple[Member, ...]:
        return self.attackers if side == ATTACKER else self.defenders

    def main(self, side: Side) -> Member | None:
        members = self.members(side)
        return members[0] if members else None

    def main_power(self, side: Side) -> str | None:
        main = self.main(side)
        return None if main is None else main.power

    def side_of(self, power: str) -> Side | None:
        for side in (ATTACKER, DEFENDER):
            if any(m.power == power for m in self.members(side)):
                return side
        return None

    def hand(self, power: str) -> tuple[str, ...]:
        return dict(self.hands).get(power, ())

    def with_hand(self, power: str, cards: tuple[str, ...]) -> FinestreState:
        hands = tuple((p, cards if p == power else h) for p, h in self.hands)
        if power not in dict(self.hands):
            hands = (*hands, (power, cards))
        return frozen.replace(self, hands=hands)

    # --- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSON]:
        fields = {f.name: encode(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"procedure": PROCEDURE_NAME, **fields}

    @classmethod
    def from_dict(cls, data: Obj) -> FinestreState:
        if data.get("procedure") != PROCEDURE_NAME:
            raise invalid("procedure")
        return decode(cls, data)
