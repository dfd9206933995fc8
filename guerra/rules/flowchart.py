"""Flowchart machinery: a combat procedure is a declared graph plus one small function per box.

The graph (nodes, edges, who is awaited at each decision, a grid position) is plain data, so a
page can draw it and say whose decision is awaited. The engine below walks any such graph;
it knows nothing of a particular procedure. A procedure subclasses `Procedure`, supplies its
boxes and registers itself (`register`); other procedures are added beside it the same way.

The engine's contract with a state value (see `FlowState`): immutable, holding a `Cursor`
that records where the procedure stands. Between two inputs the engine may walk several boxes;
when a procedure's boxes never read the cursor (`Procedure.boxes_read_cursor`), it moves the
cursor on its own (`cursor.Walk`) and puts it into the state once, when it stops. `step`
counts accepted inputs; an input names the step it was made for, and is accepted only while
the decision it answers is still open (`opened_at <= input.step <= step`): a double click or a
stale page is refused, while several allies answering the same invitation concurrently are all
accepted.

Decision boxes come in two kinds: one that asks several powers at once (the allies of seed
004), and a `sequential` one that asks them one at a time in a given order (the
reinforcements of "d10"), where each power's turn is a window of its own: its own step to
answer for, and so its own deadline (see `DecisionBox.sequential`).

How the procedures of the user's other documents map onto this machinery is written down in
`guerra/rules/PROCEDURES.md`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, Generic

from guerra.rules.cursor import Cursor, Walk
from guerra.rules.dice import Dice, DiceSpec
from guerra.rules.events import AttackEnded, Event, NodeEntered
from guerra.rules.flowtypes import (
    Accepted,
    AutoBox,
    DecisionBox,
    Edge,
    EndBox,
    FlowchartError,
    FlowState,
    Input,
    Node,
    NodeKind,
    Outcome,
    ProcedureState,
    Recorded,
    RefusalCode,
    Refused,
    RefusedError,
    S,
    Sit,
    Timeout,
    Transition,
)
from guerra.rules.forces import Engagement
from guerra.rules.i18n import Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.registry import get_procedure, procedures, register

__all__ = [
    "Accepted", "AutoBox", "Cursor", "DecisionBox", "Edge", "EndBox", "FlowState",
    "FlowchartError", "Input", "Node", "NodeKind", "Outcome", "Procedure", "ProcedureState",
    "Recorded", "RefusalCode", "Refused", "RefusedError", "S", "Sit", "Timeout", "Transition",
    "get_procedure", "procedures", "register",
]


# The engine compares node kinds at every box: a member read from an Enum class is a slow
# lookup in Python 3.11 (some 60 ns, more than the rest of the comparison), these are globals.
_DECISION, _END = NodeKind.DECISION, NodeKind.END

# What the engine reads of a node at every box (see `Procedure._plan`): its kind, the boxes of
# that kind (automatic, decision or end boxes: which one the kind says), the event of entering
# it, where it may go.
_Plan = tuple[NodeKind, Mapping[str, Any], NodeEntered, frozenset[str]]


class Procedure(ABC, Generic[S, Sit]):
    """A combat procedure: its graph, its boxes, and the engine that walks them."""

    def __init__(
        self,
        *,
        name: str,
        label: str,
        nodes: tuple[Node, ...],
        edges: tuple[Edge, ...],
        start_node: str,
        auto: Mapping[str, AutoBox[S]],
        decisions: Mapping[str, DecisionBox[S]],
        ends: Mapping[str, EndBox[S]],
        escapes: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.label = label
        self.nodes = nodes
        self.edges = edges
        self.start_node = start_node
        # End nodes that any box may go to without an edge of its own (a card that ends the
        # combat wherever it is played); the page draws no arrow to them, only the box.
        self.escapes = escapes
        self._nodes = {node.id: node for node in nodes}
        self._auto = dict(auto)
        self._decisions = dict(decisions)
        self._ends = dict(ends)
        boxes: dict[NodeKind, Mapping[str, Any]] = {
            NodeKind.AUTO: self._auto, NodeKind.ROLL: self._auto,
            NodeKind.DECISION: self._decisions, NodeKind.END: self._ends,
        }
        # What the engine reads of a node at every box, in one lookup: its kind, the boxes of
        # that kind (its own is looked up there when it runs: tests swap a box in), the event
        # of entering it (immutable: made once), and where it may go (its edges' targets and
        # the escapes).
        self._plan: dict[str, _Plan] = {
            node.id: (node.kind, boxes[node.kind], NodeEntered(node=node.id, label=node.label),
                      frozenset({*escapes, *(edge.target for edge in edges
                                             if edge.source == node.id)}))
            for node in nodes
        }
        # Imported here: graphcheck reads this module's types, so a top-level import would cycle.
        from guerra.rules.graphcheck import check_graph

        check_graph(self)

    # --- the graph, for pages -------------------------------------------------------------
    def node(self, node_id: str) -> Node:
        try:
            return self._nodes[node_id]
        except KeyError:
            raise FlowchartError(f"{self.name}: no node {node_id!r}") from None

    def edges_from(self, node_id: str) -> tuple[Edge, ...]:
        return tuple(edge for edge in self.edges if edge.source == node_id)

    def has_box(self, node: Node) -> bool:
        if node.kind is NodeKind.DECISION:
            return node.id in self._decisions
        if node.kind is NodeKind.END:
            return node.id in self._ends
        return node.id in self._auto

    def box_ids(self) -> set[str]:
        return set(self._auto) | set(self._decisions) | set(self._ends)

    def graph(self) -> dict[str, JSON]:
        return {
            "name": self.name, "label": self.label, "start": self.start_node,
            "nodes": [node.to_dict() for node in self.nodes],
            "edges": [edge.to_dict() for edge in self.edges],
        }

    # --- what each procedure provides -------------------------------------------------------
    @abstractmethod
    def declare(self, situation: Sit, dice: Dice) -> Outcome[S]:
        """Check the declaration and run the procedure until the first decision or the end."""

    @abstractmethod
    def state_from_dict(self, data: Obj) -> S:
        """The inverse of the state's `to_dict()`."""

    def from_engagement(self, engagement: Engagement) -> Sit:
        """The procedure's situation for an attack a game declares (`guerra.rules.forces`)."""
        raise NotImplementedError(f"{self.name} is not playable in a game")

    def random_policy(self, rng: random.Random) -> Callable[[S, str], object]:
        """A seeded random player's answers at every box (the game's robot, the benches)."""
        raise NotImplementedError(f"{self.name} has no random player")

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """The `python -m guerra.rules` commands on this procedure's case files ("resolve",
        "odds"); none by default."""
        return {}

    def refusal(self, situation: Sit) -> Message | None:
        """Why a declaration in this situation would be refused, without rolling anything
        (for pages and players that list what may be attacked); None when it may go ahead."""
        return None

    def settled_outcome(self, state: S) -> str | None:
        """The final outcome when it is already decided before the end (lets odds stop early)."""
        return state.cursor.outcome

    def winner(self, state: S, outcome: str) -> str | None:
        """The power that won the attack with this outcome, to name it when the attack ends;
        None when no power won (a tie, a neutral country, no battle)."""
        return None

    def odds_key(self, node: Node, faces: tuple[int, ...]) -> object:
        """Dice faces a ROLL box treats alike, so exact odds roll one representative per class.

        The default keeps every face combination apart; a procedure may merge faces that
        cannot change the outcome, which keeps the odds exact and makes them faster.
        """
        return faces

    def dice_spec(self, node: Node, state: S) -> DiceSpec:
        """What a ROLL box rolls in this state: `node.dice` dice of `node.sides` faces; a box
        whose number of dice comes from the state (`dice_from_state`) overrides this."""
        if node.dice_from_state:
            raise FlowchartError(f"{self.name}: {node.id!r} needs the procedure's dice_spec")
        return DiceSpec(node.sides, node.dice)

    def roll_classes(self, node: Node, state: S
                     ) -> tuple[tuple[tuple[int, ...], Fraction], ...] | None:
        """The faces of a ROLL box grouped into classes that lead to the same state, each
        class as (one representative sequence of faces, its exact probability), for exact
        odds; None (the default): enumerate every face of `dice_spec`, merged by `odds_key`.
        A procedure whose dice are too many to enumerate face by face (one d10 per unit)
        gives its classes here, computed another way."""
        return None

    def odds_cost(self, state: S) -> int | None:
        """An estimate of the work exact odds need from `state` (dice classes to walk), or
        None when it is always cheap: above `EXACT_ODDS_LIMIT`, odds are a Monte Carlo
        estimate instead (see `guerra.rules.odds`)."""
        return None

    def outcomes(self) -> tuple[str, ...]:
        """Every outcome the procedure may end with, in the order a page lists them."""
        return ("attacker_wins", "tie", "defender_wins", "ended_before_land")

    def seen_by(self, state: S, power: str | None) -> S:
        """The state as `power` may know it (None: a power outside the attack, or a
        spectator): what other powers decided in secret is left out. Default: all of it."""
        return state

    def default_input(self, state: S, power: str) -> object:
        """What `power` is deemed to answer at the current box when its deadline passes."""
        box = self._decisions[state.cursor.node]
        return box.default(state, power)

    def odds_memo_key(self, state: S) -> Hashable | None:
        """A key under which two states at a ROLL box have the same odds from there on, so
        that exact odds enumerate the dice after it once per key (None: never shared).

        States reached by different dice often differ only in what no later box reads (the
        faces rolled, the path walked): a procedure that knows this returns the same key for
        them. The default shares nothing.
        """
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
        # A sequential box opens a new window for each power it asks (its own step, deadline).
        opened = step if box.sequential and awaited and awaited != cursor.awaiting \
            else recorded.opened_at
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
