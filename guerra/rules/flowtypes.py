"""The values the flowchart engine (`guerra.rules.flowchart`) and a procedure's boxes exchange:
the graph's nodes and edges, the state protocol, what a box returns, what an input gets back,
and the interface of a decision box. `guerra.rules.flowchart` exports them all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, Literal, Protocol, Self, TypeVar

from guerra.rules import frozen
from guerra.rules.cursor import Cursor
from guerra.rules.dice import Dice
from guerra.rules.events import Event
from guerra.rules.i18n import Message
from guerra.rules.jsontype import JSON


class NodeKind(Enum):
    DECISION = "decision"  # waits for one or more players (or their deadline)
    AUTO = "auto"  # applies a rule, no dice
    ROLL = "roll"  # rolls dice
    END = "end"


@dataclass(frozen=True)
class Node:
    """A box of the flowchart; `label` is an English msgid, `awaits` a role (decisions only)."""

    id: str
    kind: NodeKind
    label: str
    awaits: str | None = None
    col: int = 0
    row: int = 0
    dice: int = 0  # how many dice a ROLL box rolls, when the number is fixed
    rules: tuple[str, ...] = ()  # the rule numbers the box implements, for the page
    sides: int = 6  # the faces of each die a ROLL box rolls
    dice_from_state: bool = False  # the number of dice depends on the state (one per unit)

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "id": self.id, "kind": self.kind.value, "label": self.label, "awaits": self.awaits,
            "col": self.col, "row": self.row, "dice": self.dice, "rules": list(self.rules),
        }
        if self.kind is NodeKind.ROLL:
            data.update(sides=self.sides, dice_from_state=self.dice_from_state)
        return data


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    label: str = ""  # msgid such as "yes"/"no", or empty

    def to_dict(self) -> dict[str, JSON]:
        return {"source": self.source, "target": self.target, "label": self.label}


class FlowState(Protocol):
    @property
    def cursor(self) -> Cursor: ...

    def with_cursor(self, cursor: Cursor) -> Self: ...


class ProcedureState:
    """The base of every procedure's state value, so that a game can hold the state of any
    procedure: `to_dict()` names the procedure (key "procedure"), and the game decodes it with
    that procedure's `state_from_dict` (see `guerra.rules.game.state`)."""

    __slots__ = ()
    cursor: Cursor  # every procedure's state holds its cursor (a dataclass field there)

    def to_dict(self) -> dict[str, JSON]:
        raise NotImplementedError

    def with_cursor(self, cursor: Cursor) -> Self:
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        return self.cursor.finished

    @property
    def awaiting(self) -> tuple[str, ...]:
        return self.cursor.awaiting

    @property
    def step(self) -> int:
        return self.cursor.step

    @property
    def outcome(self) -> str | None:
        return self.cursor.outcome


S = TypeVar("S", bound=FlowState)
Sit = TypeVar("Sit")
T = TypeVar("T")  # any state value: the game machine's outcomes are Accepted/Refused too


class Input(Protocol):
    """A player's input: who made it and for which step."""

    @property
    def power(self) -> str: ...

    @property
    def step(self) -> int: ...


@frozen.record
@dataclass(frozen=True)
class Timeout:
    """A deadline passed: everyone still awaited gets the box's default (e.g. A3: declines)."""

    step: int


# What an automatic box (or a decision being left) returns: where to go next, the state
# there and the events on the way, `(target, state, events)`. A plain tuple, not a record:
# the engine takes it apart at once, at every box it walks, and a tuple costs a small part of
# a frozen dataclass to make and to free (an attack walks some twenty boxes).
Transition = tuple[str, S, tuple[Event, ...]]

# What a decision box returns when it accepts one power's input: `(state, events)`, a plain
# tuple as `Transition`.
Recorded = tuple[S, tuple[Event, ...]]


@frozen.record
@dataclass(frozen=True)
class Accepted(Generic[T]):
    state: T
    events: tuple[Event, ...] = ()
    accepted: bool = field(default=True, init=False)


RefusalCode = Literal["invalid", "stale", "repeated", "not_yours", "over"]


@frozen.record
@dataclass(frozen=True)
class Refused(Generic[T]):
    """Nothing happened: `state` is the unchanged state (None when an attack was not declared).

    `code` says why, for a web layer's status: "stale" (made for a step that has passed: an
    old page), "repeated" (the sender has already decided there: a double click, a second
    tab), "not_yours" (somebody else's decision), "over" (the attack has ended), "invalid"
    (the rules refuse it; the reason says why)."""

    reason: Message
    state: T | None = None
    code: RefusalCode = "invalid"
    accepted: bool = field(default=False, init=False)


Outcome = Accepted[S] | Refused[S]


class RefusedError(Exception):
    """Raised by helpers that drive a procedure on their own (odds, case files) when refused."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.render("en"))
        self.reason = reason


class FlowchartError(Exception):
    """A procedure broke its own graph: a programming error, never a player's."""


AutoBox = Callable[[S, Dice], Transition[S]]
EndBox = Callable[[S], str]  # returns the outcome of the procedure


class DecisionBox(ABC, Generic[S]):
    """A box where players decide. Only powers with a real choice are awaited.

    A box that asks several powers at once keeps one window open for all of them (the step
    at which it was entered). A `sequential` box asks one power at a time, in the order its
    `awaited` gives: every time the awaited power changes, a new window opens at the current
    step, so each power has its own deadline and an answer made for an earlier window is
    stale. The box is left when `awaited` is empty; it may empty it early (to roll at once,
    say) and be entered again to ask the next power. With `each_answer_opens` as well, every
    answer it accepts opens a new window, even when the same power is asked next (a response
    window of "finestre" whose calls come back to the one who answered: each call has its own
    deadline, and an answer repeated from the call before is stale).
    """

    sequential: bool = False
    each_answer_opens: bool = False

    def answered(self, state: S) -> tuple[str, ...]:
        """The powers that have already answered in the current window: a second answer from
        one of them is a repeat, not somebody else's decision."""
        return ()

    @abstractmethod
    def awaited(self, state: S) -> tuple[str, ...]:
        """The powers whose input is still awaited; empty: the box is left at once.

        Read from the procedure's own fields, never from the cursor: the engine writes this
        answer into the cursor (`awaiting`) and asks again only after the next input, so an
        answer that depended on the cursor would never be asked for again. (`run_on` asks as
        it enters the box, before the cursor has moved there: see `Procedure._arrive`.)
        """

    @abstractmethod
    def accept(self, state: S, answer: object, *, timed_out: bool = False) -> Recorded[S] | Message:
        """Record one awaited power's input, or say why it is refused."""

    @abstractmethod
    def default(self, state: S, power: str) -> object:
        """The input a power is deemed to have given when its deadline passes."""

    @abstractmethod
    def leave(self, state: S) -> Transition[S]:
        """Everyone has answered (or nobody had a real choice): where to go next."""
