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

    # The engine moves the cursor at every box and every input: the three moves below are
    # `frozen.replace` with the fields they name, built directly (no keyword arguments).
    def entered(self, node: str, awaiting: tuple[str, ...] = ()) -> Cursor:
        """At `node`, just entered: walked, a window opened at the current step, `awaiting`
        the powers a decision box asks as it is entered (nobody, by default)."""
        return Cursor(node, self.step, self.step, awaiting, (*self.path, node), self.finished,
                      self.outcome)

    def ended(self, node: str, outcome: str) -> Cursor:
        """At the end `node`, just entered: walked, finished with `outcome`."""
        return Cursor(node, self.step, self.step, (), (*self.path, node), True, outcome)

    def answered(self, step: int, awaiting: tuple[str, ...], opened_at: int) -> Cursor:
        """An input was accepted: now at `step`, `awaiting` these powers in the window opened
        at `opened_at`."""
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
