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
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, cast

from guerra.rules.cursor import Cursor
from guerra.rules.dice import Dice, DiceSpec
from guerra.rules.engine import Engine, _Plan
from guerra.rules.events import LOGGED_EFFECTS, Event, NodeEntered
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
from guerra.rules.jsonvalue import DataError, Obj
from guerra.rules.registry import get_procedure, procedures, register

__all__ = [
    "Accepted", "AutoBox", "Cursor", "DecisionBox", "Edge", "EndBox", "FlowState",
    "FlowchartError", "Input", "Node", "NodeKind", "Outcome", "Procedure", "ProcedureState",
    "Recorded", "RefusalCode", "Refused", "RefusedError", "S", "Sit", "Timeout", "Transition",
    "get_procedure", "procedures", "register",
]


class Procedure(Engine[S], ABC, Generic[S, Sit]):
    """A combat procedure: its graph, its boxes, and what it says of itself (its outcomes, its
    odds, its players); the `Engine` walks it."""

    # The kinds of event the game's log tells of an attack step: the effects every procedure
    # shares, and those of its own a procedure adds (its decisions, its battles).
    logged_events: frozenset[str] = LOGGED_EFFECTS
    # Its outcomes beyond those every procedure shares (`events.OUTCOME_LABELS`), in words.
    outcome_labels: Mapping[str, str] = {}

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

    def read_data(self, data: Obj) -> dict[str, JSON]:
        """This combat system's part of a scenario (`ScenarioRules.combat_data`: punti's unit
        profiles, a deck of cards), checked and with its defaults filled in, or a `DataError`
        that says in Italian what is wrong. Default: a system with no data of its own."""
        if data:
            raise DataError(_("The combat system “{name}” has no data of its own.",
                              name=self.name))
        return {}

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
        return ("attacker_wins", "tie", "defender_wins")

    def seen_by(self, state: S, power: str | None) -> S:
        """The state as `power` may know it (None: a power outside the attack, or a
        spectator): what other powers decided in secret is left out. Default: all of it."""
        return state

    def default_input(self, state: S, power: str) -> object:
        """What `power` is deemed to answer at the current box when its deadline passes."""
        box = self._decisions[state.cursor.node]
        return box.default(state, power)

    def bot_answers(self, state: S, power: str) -> tuple[object, ...]:
        """Answers of `power` at the current box that a computer player should weigh besides
        the default and what `random_policy` draws (those a random draw seldom makes: every
        unit, none, a plan that can win), the most promising first; each one legal. Default:
        none (`guerra.rules.bots` weighs the default and random answers)."""
        return ()

    def odds_memo_key(self, state: S) -> Hashable | None:
        """A key under which two states at a ROLL box have the same odds from there on, so
        that exact odds enumerate the dice after it once per key (None: never shared).

        States reached by different dice often differ only in what no later box reads (the
        faces rolled, the path walked): a procedure that knows this returns the same key for
        them. The default shares nothing.
        """
        return None

    # --- the combat memory: the system's own game-long data (`GameState.combat_memory`) ------
    # A system that keeps data from one attack to the next (secret hands of cards) keeps it
    # here as plain JSON; the game stores it, hands it to each `Engagement` (`memory`) and
    # calls these hooks. The defaults keep none, and roll no die.
    def war_begins(self, data: Obj, memory: Obj, powers: tuple[str, ...], dice: Dice
                   ) -> dict[str, JSON]:
        """The memory when a war begins (G20), from the scenario's data of this system
        (`read_data`'s), the memory so far, the seated powers in seating order and the game's
        dice. Default: the memory unchanged, no die rolled."""
        return cast("dict[str, JSON]", dict(memory))

    def remember(self, memory: Obj, events: Sequence[Event]) -> dict[str, JSON]:
        """The memory after an attack's step reported `events` (cards played are discarded).
        Default: unchanged."""
        return cast("dict[str, JSON]", dict(memory))

    def memory_known_to(self, memory: Obj, power: str) -> dict[str, JSON]:
        """The memory in its own shape, with what `power` may not know masked (a computer
        player reads the game through this, `guerra.rules.bots.view`). Default: all of it."""
        return cast("dict[str, JSON]", dict(memory))

    def memory_seen_by(self, memory: Obj, power: str | None) -> dict[str, JSON]:
        """What `power` may know of the memory (None: a spectator); the sizes of the hands,
        if the system deals any, under "hand_sizes" as {power: cards}, which the game tells
        everyone when a war's hands are dealt. Default: nothing."""
        return {}

    def memory_sampled(self, data: Obj, memory: Obj, running: S | None, power: str,
                       rng: random.Random) -> tuple[dict[str, JSON], S | None]:
        """One game a computer player may be in (`guerra.rules.bots.determinize`): what
        `memory_known_to` masked in the memory, and `seen_by` in the attack under way
        (`running`), dealt at random (`rng`) from what it may be, given the scenario's data of
        this system. Default: nothing masked, both as they are."""
        return cast("dict[str, JSON]", dict(memory)), running
