"""What players send to the game machine: each input names its power and the game step it
was made for (`GameState.step` as the page saw it).

A decision (a placement, a call, an action) is accepted while the decision it answers is
still open (`opened_at <= step <= GameState.step`): a double click or a stale page is
refused. A free action (taxation, a gold transfer, playing a tile) must name the current
step exactly, so the same click is never applied twice.

During an attack the attack procedure's own inputs (`guerra.rules.seed004.inputs`, with the
attack's step) go to `advance` unchanged, and `Deadline` stands for the attack's timeout too.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.game.scenario import MobileKind, UnitKind


@dataclass(frozen=True)
class PlaceUnit:
    """G13: one unit of the supply placed in a region or at home (`region` None)."""

    power: str
    step: int
    kind: UnitKind
    region: str | None


@dataclass(frozen=True)
class Propose:
    """G22/G24: open a proposal, or raise the bid with a proposal of one's own.
    Both `a` and `b` for a pair; only one of them for the single last power."""

    power: str
    step: int
    a: str | None
    b: str | None
    bid: int


@dataclass(frozen=True)
class Raise:
    """G24: raise the bid and keep the proposal on the table."""

    power: str
    step: int
    bid: int


@dataclass(frozen=True)
class CallPass:
    """G24: pass on a proposal ("Passo")."""

    power: str
    step: int


@dataclass(frozen=True)
class Build:
    """G30: an army or fleet at home, or a fort in `region`; `with_gold` pays with an unused
    Mercenaries tile instead of population."""

    power: str
    step: int
    kind: UnitKind
    region: str | None = None
    with_gold: bool = False


@dataclass(frozen=True)
class UnitMove:
    """One unit of a Move: from `source` to `target` (None: the power's home)."""

    kind: MobileKind
    source: str | None
    target: str | None


@dataclass(frozen=True)
class Move:
    """G31: up to two units (three with Logistics), each moved once, in this order."""

    power: str
    step: int
    moves: tuple[UnitMove, ...]


@dataclass(frozen=True)
class Attack:
    """G34: attack a power present in `region`, or a numbered counter face up there."""

    power: str
    step: int
    region: str
    defender: str | None = None
    counter: int | None = None


@dataclass(frozen=True)
class Pass:
    """G35."""

    power: str
    step: int


@dataclass(frozen=True)
class TakeTile:
    """G38: `tile` is a tile key ("bank", "alliance:Baltico")."""

    power: str
    step: int
    tile: str


@dataclass(frozen=True)
class Colonise:
    """G36: a population counter face up on the map."""

    power: str
    step: int
    counter: int


@dataclass(frozen=True)
class Trade:
    """G37: a trade counter face up on the map."""

    power: str
    step: int
    counter: int


@dataclass(frozen=True)
class Tax:
    """G41 (free): raise `gold` gold by taking unrest (2 gold per point, rounded up)."""

    power: str
    step: int
    gold: int


@dataclass(frozen=True)
class Transfer:
    """G43 (free): give gold to another power."""

    power: str
    step: int
    to: str
    gold: int


@dataclass(frozen=True)
class PlayTile:
    """G40 (free): play a once-per-war tile that acts at once (War Ministry: one more
    action in this turn)."""

    power: str
    step: int
    tile: str


@dataclass(frozen=True)
class Deadline:
    """The deadline of the decision awaited at `step` passed: everyone still awaited gets the
    default (G13: an army at home; G27: pass, or the default proposal; G29: civil disorder;
    the attack's own defaults)."""

    step: int


ACTIONS = (Build, Move, Attack, Pass, TakeTile, Colonise, Trade)
FREE = (Tax, Transfer, PlayTile)
CALLS = (Propose, Raise, CallPass)
