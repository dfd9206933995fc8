"""Where a procedure stands: the part of every state that the flowchart engine reads and writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from guerra.rules import frozen
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, get_bool, get_int, get_list, get_opt_str, get_str, str_tuple


@final  # `entered` builds a Cursor, not a copy of whatever class `self` is
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

    def entered(self, node: str) -> Cursor:
        """At `node`, just entered: walked, a window opened at the current step, nobody awaited
        yet (`frozen.replace` with those four fields, built directly: once per box)."""
        return Cursor(node, self.step, self.step, (), (*self.path, node), self.finished,
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
