"""Where a procedure stands: the part of every state that the flowchart engine reads and writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from guerra.rules import frozen
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, get_bool, get_int, get_list, get_opt_str, get_str, str_tuple


@final  # `answered` and `Walk` build a Cursor, not a copy of whatever class `self` is
@frozen.record
@dataclass(frozen=True)
class Cursor:
    """Where a procedure stands: the part of every state the engine reads and writes."""

    node: str
    step: int = 0
    opened_at: int = 0  # the step at which the current node was entered
    awaiting: tuple[str, ...] = ()  # powers whose input is awaited now
    path: tuple[str, ...] = ()  # node ids in the order they were entered
    finished: bool = False
    outcome: str | None = None

    def answered(self, step: int, awaiting: tuple[str, ...], opened_at: int) -> Cursor:
        """An input was accepted: now at `step`, `awaiting` these powers in the window opened
        at `opened_at` (`frozen.replace` with these three fields, built directly: once per
        input)."""
        return Cursor(self.node, step, opened_at, awaiting, self.path, self.finished,
                      self.outcome)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "node": self.node, "step": self.step, "opened_at": self.opened_at,
            "awaiting": list(self.awaiting), "path": list(self.path),
            "finished": self.finished, "outcome": self.outcome,
        }

    @classmethod
    def from_dict(cls, data: Obj) -> Cursor:
        return cls(
            node=get_str(data, "node", "cursor"),
            step=get_int(data, "step", "cursor"),
            opened_at=get_int(data, "opened_at", "cursor"),
            awaiting=str_tuple(get_list(data, "awaiting", "cursor"), "cursor.awaiting"),
            path=str_tuple(get_list(data, "path", "cursor"), "cursor.path"),
            finished=get_bool(data, "finished", "cursor"),
            outcome=get_opt_str(data, "outcome", "cursor"),
        )


class Walk:
    """A cursor on the move: where the engine has taken it box after box, made into a
    `Cursor` when asked (`cursor`). Moving it costs a list append where a new `Cursor` (and a
    new state to hold it) at every box cost two records: the engine walks several boxes
    between two inputs, and the states in between are seen by no one but the boxes (see
    `Procedure.boxes_read_cursor`)."""

    __slots__ = ("awaiting", "finished", "node", "outcome", "start", "walked")

    def __init__(self, start: Cursor) -> None:
        self.start = start
        self.node = start.node
        self.walked: list[str] = []  # the nodes entered since `start`, in order
        self.awaiting = start.awaiting
        self.finished = start.finished
        self.outcome = start.outcome

    def enter(self, node: str, awaiting: tuple[str, ...] = ()) -> None:
        """At `node`, just entered: a window opened at the current step, `awaiting` the
        powers a decision box asks as it is entered (nobody, by default)."""
        self.node = node
        self.walked.append(node)
        self.awaiting = awaiting

    def end(self, node: str, outcome: str) -> None:
        """At the end `node`, just entered: finished with `outcome`."""
        self.enter(node)
        self.finished = True
        self.outcome = outcome

    def cursor(self) -> Cursor:
        """The cursor where the walk stands: `start` itself if it has not moved."""
        start = self.start
        if self.walked:
            return Cursor(self.node, start.step, start.step, self.awaiting,
                          (*start.path, *self.walked), self.finished, self.outcome)
        if self.awaiting == start.awaiting:
            return start
        return Cursor(start.node, start.step, start.opened_at, self.awaiting, start.path,
                      start.finished, start.outcome)
