"""The engine that walks any procedure's graph (`flowchart.Procedure` is an `Engine`): entering
boxes, running the automatic and dice boxes, recording the answers of decision boxes and
refusing those that come too late, too early or from the wrong power.

Its contract with a state value is `flowtypes.FlowState` (immutable, holding a `Cursor`); see
the docstring of `guerra.rules.flowchart` for how steps and windows work.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic

from guerra.rules.cursor import Cursor, Walk
from guerra.rules.dice import Dice
from guerra.rules.events import AttackEnded, Event, NodeEntered
from guerra.rules.flowtypes import (
    Accepted,
    DecisionBox,
    EndBox,
    FlowchartError,
    Node,
    NodeKind,
    Outcome,
    Refused,
    S,
    Timeout,
)
from guerra.rules.i18n import Message, _

# The engine compares node kinds at every box: a member read from an Enum class is a slow
# lookup in Python 3.11 (some 60 ns, more than the rest of the comparison), these are globals.
_DECISION, _END = NodeKind.DECISION, NodeKind.END

# What the engine reads of a node at every box (see `Procedure._plan`): its kind, the boxes of
# that kind (automatic, decision or end boxes: which one the kind says), the event of entering
# it, where it may go.
_Plan = tuple[NodeKind, Mapping[str, Any], NodeEntered, frozenset[str]]


class Engine(Generic[S]):
    """Walks a declared graph; `Procedure` gives it the graph and the boxes."""

    name: str
    start_node: str
    _nodes: dict[str, Node]
    _decisions: dict[str, DecisionBox[S]]
    _plan: dict[str, _Plan]

    def node(self, node_id: str) -> Node:
        try:
            return self._nodes[node_id]
        except KeyError:
            raise FlowchartError(f"{self.name}: no node {node_id!r}") from None

    def winner(self, state: S, outcome: str) -> str | None:
        """The power that won the attack with this outcome, to name it when the attack ends;
        None when no power won (a tie, a neutral country, no battle)."""
        return None

    # --- the engine ---------------------------------------------------------------------------
    # Whether a box (an automatic box, a decision's `leave`) reads the cursor of the state it
    # is given. When none does, `run_on` moves the cursor on its own (`Walk`) and puts it into
    # the state once, when it stops, instead of copying the state at every box it walks: the
    # states in between are seen by the boxes only. (An end box, `winner` and, as it is
    # entered, a decision's `awaited` never see the cursor moved there in any case.)
    boxes_read_cursor: bool = True

    def open(self, state: S) -> tuple[S, tuple[Event, ...]]:
        """Enter the start node (the state's cursor must point at it, with an empty path)."""
        return self._enter(state, None, self.start_node)

    def awaited(self, state: S) -> tuple[str, ...]:
        node = self.node(state.cursor.node)
        if state.cursor.finished or node.kind is not _DECISION:
            return ()
        return self._decisions[node.id].awaited(state)

    def step_once(self, state: S, dice: Dice) -> tuple[S, tuple[Event, ...]] | None:
        """Run the current box if nobody is awaited there; None when waiting or finished.

        One box at a time: a decision box just entered is asked whom it awaits at the next
        step (`run_on` asks it as it enters, which ends in the same state)."""
        events: list[Event] = []
        stepped = self._run(state, Walk(state.cursor), dice, events, once=True)
        # Nothing ran (the box waits for the same powers, or it is over): the same state.
        return None if stepped is state else (stepped, tuple(events))

    def run_on(self, state: S, dice: Dice) -> tuple[S, tuple[Event, ...]]:
        """Run automatic, dice and answered boxes until a decision awaits someone or the end."""
        events: list[Event] = []
        return self._run(state, Walk(state.cursor), dice, events), tuple(events)

    def start(self, state: S, dice: Dice) -> Accepted[S]:
        """`open`, then `run_on`."""
        events: list[Event] = []
        walk = Walk(state.cursor)
        self._arrive(state, walk, None, self.start_node, events, ask=False)
        return Accepted(self._run(state, walk, dice, events), tuple(events))

    def submit(self, state: S, answer: object) -> Accepted[S] | Refused[S]:
        """Check and record one input without running on (see `advance`). A refusal says why
        in its `code`: over, stale, repeated, not_yours or invalid."""
        recorded = self._record(state, answer)
        if isinstance(recorded, Refused):
            return recorded
        state, cursor, events = recorded
        return Accepted(state.with_cursor(cursor), events)

    def advance(self, state: S, answer: object, dice: Dice) -> Outcome[S]:
        """Apply one input; when the decision is complete, run on to the next one or the end."""
        events: list[Event] = []
        advanced = self.advance_into(state, answer, dice, events)
        return advanced if isinstance(advanced, Refused) else Accepted(advanced, tuple(events))

    def advance_into(self, state: S, answer: object, dice: Dice, events: list[Event]
                     ) -> S | Refused[S]:
        """`advance`, its events appended to `events` and the new state returned bare: a
        driver that plays many inputs in a row (`explore.play`) keeps one list of events and
        makes no `Accepted` per input."""
        recorded = self._record(state, answer)
        if isinstance(recorded, Refused):
            return recorded
        state, cursor, accepted = recorded
        events += accepted
        if cursor.awaiting:  # the decision still awaits somebody
            return state.with_cursor(cursor)
        return self._run(state, Walk(cursor), dice, events)

    def _record(self, state: S, answer: object
                ) -> Refused[S] | tuple[S, Cursor, tuple[Event, ...]]:
        """`submit`: the state the box recorded the input in and the cursor moved on, not yet
        put into that state (`advance` may run on first)."""
        cursor = state.cursor
        if cursor.finished:
            return Refused(_("This attack is already over."), state, "over")
        node = cursor.node
        kind, boxes, _entered, _exits = self._plan.get(node) or self._unknown(node)
        if kind is not _DECISION or not cursor.awaiting:
            return Refused(_("No decision is awaited now."), state, "stale")
        box: DecisionBox[S] = boxes[node]
        given = getattr(answer, "step", None)
        sender = getattr(answer, "power", None)
        timeout = isinstance(answer, Timeout)
        # Somebody not awaited who sends an old step, or who has answered here already, is
        # repeating itself (a double click, a second tab); otherwise it is not its decision.
        intruder = not timeout and sender not in cursor.awaiting
        if not isinstance(given, int) or not cursor.opened_at <= given <= cursor.step:
            return Refused(
                _("This decision was made for step {given}; the attack is now at step {current}. "
                  "Reload the page.", given=str(given), current=cursor.step),
                state, "repeated" if intruder else "stale",
            )
        if intruder:
            return Refused(
                _("No decision is awaited from {power} now.", power=str(sender)), state,
                "repeated" if sender in box.answered(state) else "not_yours",
            )
        events: tuple[Event, ...] = ()
        if timeout:
            for power in cursor.awaiting:
                result = box.accept(state, box.default(state, power), timed_out=True)
                if isinstance(result, Message):
                    raise FlowchartError(f"{self.name}: default refused at {node}: {result}")
                state, accepted = result
                events += accepted
        else:
            result = box.accept(state, answer)
            if isinstance(result, Message):
                return Refused(result, state)
            state, events = result
        step = cursor.step + 1
        awaited = box.awaited(state)
        recorded = state.cursor
        # A sequential box opens a new window for each power it asks (its own step, deadline),
        # or for each answer it accepts (`each_answer_opens`).
        opened = step if box.sequential and awaited and (
            box.each_answer_opens or awaited != cursor.awaiting) else recorded.opened_at
        return state, recorded.answered(step, awaited, opened), events

    def _run(self, state: S, walk: Walk, dice: Dice, events: list[Event], *,
             once: bool = False) -> S:
        """`run_on` from `state`, its cursor moved as far as `walk` says: the state the boxes
        left, with the cursor put in (`state` itself when nothing moved); the events are
        appended to `events`. With `once`, `step_once`: one box at most, and a decision box
        entered is not asked yet.

        Each box's target is entered here as `_arrive` enters it (its plan read once, for
        the edge, the event and the next box): the engine walks some twenty boxes an attack."""
        plan = self._plan
        read_cursor = self.boxes_read_cursor
        node = walk.node
        if not walk.finished:  # (`step_once` on a finished attack runs nothing)
            kind, boxes, _entered, exits = plan.get(node) or self._unknown(node)
        while not walk.finished:
            if read_cursor:  # each box is given the state with the cursor at its box
                cursor = walk.cursor()
                if cursor is not state.cursor:
                    state = state.with_cursor(cursor)
                    walk = Walk(cursor)
            if kind is _DECISION:
                box = boxes[node]
                awaited = box.awaited(state)
                if awaited:  # it waits: the cursor says for whom
                    if awaited != walk.awaiting:
                        walk.awaiting = awaited
                    break
                transition = box.leave(state)
            elif kind is _END:
                raise FlowchartError(f"{self.name}: end node {node!r} was not finished")
            else:
                transition = boxes[node](state, dice)
            target, state, walked = transition
            events += walked
            if target not in exits:
                raise FlowchartError(f"{self.name}: no edge {node!r} -> {target!r}")
            node = target
            kind, boxes, entered, exits = plan[node]  # an edge's target is a node (graphcheck)
            events.append(entered)
            if kind is _END:
                self._finish(state, walk, node, boxes[node], events)
                break
            if once:
                walk.enter(node)
                break
            if kind is _DECISION:  # asked as it is entered (see `_arrive`)
                awaited = boxes[node].awaited(state)
                walk.enter(node, awaited)
                if awaited:  # it waits: the next step would say so
                    break
            else:
                walk.enter(node)
        cursor = walk.cursor()
        return state if cursor is state.cursor else state.with_cursor(cursor)

    def _unknown(self, node_id: str) -> _Plan:
        """A cursor at a node the graph does not have: `node` says so."""
        self.node(node_id)
        raise AssertionError("unreachable")  # pragma: no cover

    def _enter(self, state: S, source: str | None, target: str) -> tuple[S, tuple[Event, ...]]:
        """Move to `target`: the new state and the events of entering it."""
        events: list[Event] = []
        walk = Walk(state.cursor)
        self._arrive(state, walk, source, target, events, ask=False)
        return state.with_cursor(walk.cursor()), tuple(events)

    def _arrive(self, state: S, walk: Walk, source: str | None, target: str,
                events: list[Event], *, ask: bool) -> None:
        """Move `walk` to `target`, appending the events of entering it. With `ask`, a
        decision box is asked whom it awaits as it is entered, so that the cursor is made
        once with its answer: the same cursor as a step to `target` and a step there would
        make, since a box's `awaited` never reads the cursor (see `DecisionBox.awaited`)."""
        if source is not None and target not in self._plan[source][3]:
            raise FlowchartError(f"{self.name}: no edge {source!r} -> {target!r}")
        kind, boxes, entered, _exits = self._plan.get(target) or self._unknown(target)
        events.append(entered)
        if kind is _END:
            self._finish(state, walk, target, boxes[target], events)
        elif ask and kind is _DECISION:
            walk.enter(target, boxes[target].awaited(state))
        else:
            walk.enter(target)

    def _finish(self, state: S, walk: Walk, node: str, box: EndBox[S],
                events: list[Event]) -> None:
        """At the end `node`, just entered: its box names the outcome, the attack ends."""
        outcome = box(state)
        events.append(AttackEnded(outcome=outcome, winner=self.winner(state, outcome)))
        walk.end(node, outcome)
