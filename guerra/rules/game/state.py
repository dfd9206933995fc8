"""The state of a whole game: immutable values, a JSON round trip, and the board's lookups.

`GameState.to_dict()` is plain JSON and `GameState.from_dict()` rebuilds the same value, so
the web layer can keep it between requests; every change makes a new value (`dataclasses.
replace` and the `with_*` helpers below), and an input the rules refuse leaves it untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from guerra.rules import frozen
from guerra.rules.codec import decode, encode, encode_once, register_custom
from guerra.rules.flowchart import ProcedureState, get_procedure
from guerra.rules.game.scenario import MOBILE, ScenarioRules, UnitKind
from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, get_str

Phase = Literal[
    "setup", "counters", "auction", "rounds", "income", "scoring", "end_of_war", "game_over"
]
Side = Literal["A", "B"]
HOME = None  # a `Pieces.region` of None is the power's home (G2)
UNIT_FIELDS: dict[str, str] = {"army": "armies", "fleet": "fleets", "fort": "forts"}



def _attack_state(data: Obj) -> ProcedureState:
    """An attack's state, decoded by the procedure its JSON names."""
    name = get_str(data, "procedure", "attack.state")
    try:
        procedure = get_procedure(name)
    except LookupError:
        raise DataError(_("Unknown procedure “{name}”.", name=name)) from None
    state: ProcedureState = procedure.state_from_dict(data)
    return state


register_custom(ProcedureState, lambda value: value.to_dict(), _attack_state)
# A game's scenario never changes and is shared by all its states: encoded once per process.
encode_once(ScenarioRules)


@dataclass(frozen=True)
class Pieces:
    """One power's pieces in one place: a region, or its home (`region` None)."""

    power: str
    region: str | None
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    markers: int = 0

    def count(self, kind: UnitKind) -> int:
        return self.armies if kind == "army" else self.fleets if kind == "fleet" else self.forts

    @property
    def empty(self) -> bool:
        return not (self.armies or self.fleets or self.forts or self.markers)


@dataclass(frozen=True)
class PowerState:
    """G4: a power's purse and standing; `tiles` held (G38), `spent` once-per-war uses (G40)."""

    name: str
    gold: int
    population: int
    unrest: int = 0
    vp: int = 0
    tiles: tuple[tuple[str, int], ...] = ()
    spent: tuple[tuple[str, int], ...] = ()

    def held(self, key: str) -> int:
        return dict(self.tiles).get(key, 0)

    def used(self, key: str) -> int:
        return dict(self.spent).get(key, 0)


@dataclass(frozen=True)
class Proposal:
    """G22: who fills the next pair (A plays first), or where a single last power goes."""

    a: str | None = None
    b: str | None = None

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(p for p in (self.a, self.b) if p is not None)


@dataclass(frozen=True)
class AuctionState:
    """G21-G27: one war's auction (see `auction.py`)."""

    seating: tuple[str, ...]
    first_opener: str
    opener: str  # the opener of the current (or next) proposal
    slots: tuple[tuple[str, Side], ...] = ()
    proposal: Proposal | None = None
    bid: int = 0
    leader: str | None = None  # the last raiser, or the opener
    caller: str | None = None  # whose call it is once a proposal is open
    passes: int = 0  # passes in a row since the last raise

    @property
    def placed(self) -> tuple[str, ...]:
        return tuple(power for power, _side in self.slots)

    @property
    def unplaced(self) -> tuple[str, ...]:
        placed = set(self.placed)
        return tuple(p for p in self.seating if p not in placed)

    @property
    def finished(self) -> bool:
        return len(self.slots) == len(self.seating)

    @property
    def awaited(self) -> str | None:
        if self.finished:
            return None
        return self.opener if self.proposal is None else self.caller


@dataclass(frozen=True)
class TurnState:
    """G29: one power's turn: two actions (three with a War Ministry tile)."""

    power: str
    actions: int = 2
    done: int = 0
    tile_taken: bool = False  # G38: the Tile action, once per turn
    special: bool = False  # G36/G37: Colonise or Trade, once per turn
    ministry: bool = False  # a War Ministry tile played this turn


@dataclass(frozen=True)
class AttackInProgress:
    """G34: the attack the current action started; its effects reach the board as they come."""

    number: int
    power: str
    region: str
    state: ProcedureState  # the procedure's own state (decoded by the procedure it names)
    defender: str | None = None
    counter: int | None = None


@dataclass(frozen=True)
class ScoreLine:
    """G54: what one power scored in one region at the end of one war."""

    war: int
    region: str
    power: str
    markers: int
    place: int
    vp: int


@dataclass(frozen=True)
class IncomeLine:
    """G50-G53 for one power at the end of one war: the war-end report's row."""

    war: int
    power: str
    parts: tuple[tuple[str, int], ...]  # (label msgid, gold): +population, +markers, -upkeep
    taxed_gold: int
    taxed_unrest: int
    gold: int
    population: int


@dataclass(frozen=True)
class Standing:
    """G60-G62: a power's place at the end of the game."""

    power: str
    rank: int
    vp: int
    penalty: int
    revolution: bool
    unrest: int
    gold: int


@dataclass(frozen=True)
class GameState:
    """A whole game. `step` counts accepted inputs; `opened_at` is the step at which the
    decision now awaited was opened (an input made for an older decision is stale)."""

    scenario: ScenarioRules
    seating: tuple[str, ...]
    powers: tuple[PowerState, ...]
    board: tuple[Pieces, ...] = ()  # by seat, then home and the regions in order (`with_pieces`)
    phase: Phase = "setup"
    step: int = 0
    opened_at: int = 0
    war: int = 1
    round: int = 0
    pool: tuple[int, ...] = ()  # counters still to draw, in drawing order
    face_up: tuple[int, ...] = ()  # counters on the map
    market: tuple[tuple[str, int], ...] = ()  # tile key -> copies left
    placed: int = 0  # G13 placements made
    first_opener: str | None = None  # this war's (G23)
    auction: AuctionState | None = None
    alliances: tuple[tuple[str, Side], ...] = ()  # this war's slots, in slot (= turn) order
    turn: TurnState | None = None
    attack: AttackInProgress | None = None
    attacks: int = 0  # attacks declared so far
    # Units that attacked, defended or reinforced in this round (`UnitsEngaged`), as (power,
    # place (None: home), armies, fleets); emptied when a round begins (punti's E3).
    engaged: tuple[tuple[str, str | None, int, int], ...] = ()
    scores: tuple[ScoreLine, ...] = ()
    incomes: tuple[IncomeLine, ...] = ()
    standings: tuple[Standing, ...] = ()
    # The game's combat system's own game-long data (hands of cards), as canonical JSON text
    # (the codec wants a non-empty text: "{}" is none); only `Procedure.war_begins` and
    # `remember` change it (`combat.memory_of`).
    combat_memory: str = "{}"

    # --- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> JSON:
        return encode(self)

    @classmethod
    def from_dict(cls, data: Obj) -> GameState:
        return decode(cls, data)

    # --- reading ------------------------------------------------------------------------------
    @cached_property
    def _powers(self) -> dict[str, PowerState]:
        return {p.name: p for p in self.powers}

    @cached_property
    def _board(self) -> dict[tuple[str, str | None], Pieces]:
        return {(p.power, p.region): p for p in self.board}

    def power(self, name: str) -> PowerState:
        return self._powers[name]

    def is_power(self, name: str) -> bool:
        return name in self._powers

    def pieces(self, power: str, region: str | None) -> Pieces:
        return self._board.get((power, region)) or Pieces(power, region)

    def in_region(self, region: str) -> tuple[Pieces, ...]:
        return tuple(p for p in self.board if p.region == region)

    def of_power(self, power: str) -> tuple[Pieces, ...]:
        return tuple(p for p in self.board if p.power == power)

    def in_play(self, power: str, kind: UnitKind) -> int:
        """G3: units of a kind on the map and at home."""
        return sum(p.count(kind) for p in self.of_power(power))

    def markers_on_map(self, power: str) -> int:
        return sum(p.markers for p in self.of_power(power))

    def supply_left(self, power: str, kind: UnitKind) -> int:
        return self.scenario.supply.of(kind) - self.in_play(power, kind)

    def markers_left(self, power: str) -> int:
        return self.scenario.supply.markers - self.markers_on_map(power)

    def side_of(self, power: str) -> Side | None:
        return dict(self.alliances).get(power)

    def slot_order(self) -> tuple[str, ...]:
        return tuple(power for power, _side in self.alliances)

    def copies_left(self, key: str) -> int:
        return dict(self.market).get(key, 0)

    def held(self, power: str, effect: str, region: str | None = None) -> int:
        """How many tiles of an effect the power holds (for one region, or in all)."""
        total = 0
        for key, count in self.power(power).tiles:
            tile = self.scenario.tile_by_key.get(key)
            if tile is not None and tile.effect == effect and (
                region is None or tile.region == region
            ):
                total += count
        return total

    @property
    def finished(self) -> bool:
        return self.phase == "game_over"

    @property
    def attack_under_way(self) -> bool:
        """G20: no phase ends, and G29: no turn goes on, while this is True."""
        return self.attack is not None and not self.attack.state.finished

    # --- writing --------------------------------------------------------------------------
    def with_power(self, name: str, **changes: Any) -> GameState:
        powers = tuple(frozen.replace(p, **changes) if p.name == name else p
                       for p in self.powers)
        return frozen.replace(self, powers=powers)

    def with_pieces(self, power: str, region: str | None, **deltas: int) -> GameState:
        """Add (or take away, with negative numbers) pieces of one power in one place."""
        old = self.pieces(power, region)
        new = frozen.replace(old, **{k: getattr(old, k) + v for k, v in deltas.items()})
        if min(new.armies, new.fleets, new.forts, new.markers) < 0:
            raise ValueError(f"{power} has too few pieces in {region}: {deltas}")
        board = list(self.board)
        at = next((i for i, p in enumerate(board) if p is old), None)
        if at is not None:  # the board is in order, and stays so with the same place changed
            if new.empty:
                del board[at]
            else:
                board[at] = new
        elif not new.empty:
            board.append(new)
            order = self._order()
            board.sort(key=lambda p: order(p.power, p.region))
        return frozen.replace(self, board=tuple(board))

    def _order(self) -> Callable[[str, str | None], tuple[int, int]]:
        powers = {name: i for i, name in enumerate(self.seating)}
        regions = {r.name: i + 1 for i, r in enumerate(self.scenario.regions)}
        return lambda power, region: (powers.get(power, 99), regions.get(region or "", 0))

    def with_market(self, key: str, delta: int) -> GameState:
        market = tuple((k, n + delta if k == key else n) for k, n in self.market)
        return frozen.replace(self, market=market)


def units_of(pieces: Pieces) -> int:
    return sum(pieces.count(kind) for kind in MOBILE)
