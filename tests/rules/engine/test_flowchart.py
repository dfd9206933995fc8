"""The flowchart machinery on its own: graph checks, registry, engine, and room for another
procedure beside seed 004 (a toy duel, built here without touching seed 004)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

import pytest

from guerra.rules import explore
from guerra.rules.dice import Dice, ScriptedDice
from guerra.rules.explore import distribution, play
from guerra.rules.flowchart import (
    Accepted,
    Cursor,
    DecisionBox,
    Edge,
    FlowchartError,
    Node,
    NodeKind,
    Outcome,
    Procedure,
    Recorded,
    Refused,
    Timeout,
    Transition,
    get_procedure,
    procedures,
    register,
)
from guerra.rules.i18n import Message, _
from guerra.rules.jsonvalue import Obj, get_int, get_obj
from guerra.rules.seed004 import SEED004


@dataclass(frozen=True)
class Duel:
    """A toy state: the challenger may bet 0..2 before one die decides."""

    cursor: Cursor
    bet: int | None = None
    face: int = 0

    def with_cursor(self, cursor: Cursor) -> Duel:
        return dataclasses.replace(self, cursor=cursor)


@dataclass(frozen=True)
class Bet:
    power: str
    step: int
    amount: int


class BetBox(DecisionBox[Duel]):
    def awaited(self, state: Duel) -> tuple[str, ...]:
        return ("Rossi",) if state.bet is None else ()

    def accept(self, state: Duel, answer: object, *, timed_out: bool = False
               ) -> Recorded[Duel] | Message:
        if not isinstance(answer, Bet) or not 0 <= answer.amount <= 2:
            return _("This is not the decision awaited now.")
        return dataclasses.replace(state, bet=answer.amount), ()

    def default(self, state: Duel, power: str) -> object:
        return Bet(power, state.cursor.step, 0)

    def leave(self, state: Duel) -> Transition[Duel]:
        return "roll", state, ()


def roll(state: Duel, dice: Dice) -> Transition[Duel]:
    target = "won" if dice.roll() + (state.bet or 0) >= 5 else "lost"
    return target, dataclasses.replace(state, face=0), ()


NODES = (
    Node("bet", NodeKind.DECISION, "bet", awaits="challenger"),
    Node("roll", NodeKind.ROLL, "roll", dice=1, row=1),
    Node("won", NodeKind.END, "won", row=2),
    Node("lost", NodeKind.END, "lost", col=1, row=2),
)
EDGES = (Edge("bet", "roll"), Edge("roll", "won", "yes"), Edge("roll", "lost", "no"))


class DuelProcedure(Procedure[Duel, int]):
    def __init__(self, nodes: tuple[Node, ...] = NODES, edges: tuple[Edge, ...] = EDGES,
                 name: str = "toy_duel") -> None:
        super().__init__(name=name, label="duel", nodes=nodes, edges=edges, start_node="bet",
                         auto={"roll": roll}, decisions={"bet": BetBox()},
                         ends={"won": lambda s: "won", "lost": lambda s: "lost"})

    def declare(self, situation: int, dice: Dice) -> Outcome[Duel]:
        if situation < 0:
            return Refused(_("This is not the decision awaited now."))
        return self.start(Duel(Cursor(node="bet")), dice)

    def state_from_dict(self, data: Obj) -> Duel:
        return Duel(Cursor.from_dict(get_obj(data, "cursor")), get_int(data, "bet"))


def test_another_procedure_runs_on_the_same_machinery() -> None:
    duel = DuelProcedure()
    state = duel.declare(0, ScriptedDice([])).state
    assert state is not None and state.cursor.awaiting == ("Rossi",)
    result = duel.advance(state, Bet("Rossi", state.cursor.step, 2), ScriptedDice([3]))
    assert isinstance(result, Accepted)
    assert result.state.cursor.outcome == "won"
    assert result.state.cursor.path == ("bet", "roll", "won")


def test_another_procedure_gets_exact_odds_and_can_be_played() -> None:
    duel = DuelProcedure()
    opened, _events = duel.open(Duel(Cursor(node="bet")))
    odds = distribution(duel, opened, lambda state, power: Bet(power, state.cursor.step, 1))
    assert odds == {"won": Fraction(1, 2), "lost": Fraction(1, 2)}  # 4, 5 or 6 with +1
    played = play(duel, 0, lambda state, power: Bet(power, state.cursor.step, 0),
                  ScriptedDice([6]))
    assert played.state.cursor.outcome == "won"


def test_registering_a_procedure_makes_it_available_by_name_beside_seed004() -> None:
    duel = register(DuelProcedure(name="toy_registered"))
    assert get_procedure("toy_registered") is duel
    assert get_procedure("seed004") is SEED004
    assert {p.name for p in procedures()} >= {"seed004", "toy_registered"}
    with pytest.raises(ValueError, match="already registered"):
        register(DuelProcedure(name="toy_registered"))
    with pytest.raises(LookupError, match="no combat procedure named 'nothing'"):
        get_procedure("nothing")


@pytest.mark.parametrize(
    ("nodes", "edges", "problem"),
    [
        (NODES, (*EDGES, Edge("roll", "nowhere")), "unknown node"),
        (NODES, EDGES[:1] + EDGES[2:], "won"),  # "won" can no longer be reached
        (NODES, (*EDGES, Edge("won", "bet")), "end node"),
        ((*NODES, Node("extra", NodeKind.AUTO, "extra")), EDGES, "leads nowhere"),
        (tuple(dataclasses.replace(n, dice=0) if n.id == "roll" else n for n in NODES), EDGES,
         "only dice boxes roll"),
        (tuple(dataclasses.replace(n, awaits=None) if n.id == "bet" else n for n in NODES), EDGES,
         "whom it awaits"),
        ((*NODES[:3], dataclasses.replace(NODES[3], id="lost2")),
         (*EDGES[:2], Edge("roll", "lost2")), "box"),
    ],
)
def test_a_broken_graph_is_refused_when_the_procedure_is_built(
    nodes: tuple[Node, ...], edges: tuple[Edge, ...], problem: str
) -> None:
    with pytest.raises(FlowchartError, match=problem):
        DuelProcedure(nodes, edges)


X, Y = Node("x", NodeKind.AUTO, "x"), Node("y", NodeKind.AUTO, "y")


@pytest.mark.parametrize(
    ("nodes", "edges", "message"),
    [
        ((*NODES, NODES[0]), EDGES, "toy_duel: duplicate node ids"),
        (NODES, (*EDGES, EDGES[0]), "toy_duel: duplicate edges"),
        (tuple(dataclasses.replace(n, awaits="challenger") if n.id == "roll" else n
               for n in NODES), EDGES,
         "toy_duel: node 'roll' awaits nobody but names 'challenger'"),
        # Without "bet", the start node: its edge and its box name nothing.
        (NODES[1:], EDGES,
         "toy_duel: start node 'bet' is not a node; edge 'bet' -> 'roll' names an unknown "
         "node; box functions for unknown nodes: ['bet']"),
        # x and y lead to each other, but nothing reachable leads to them.
        ((*NODES, X, Y), (*EDGES, Edge("x", "y"), Edge("y", "x")),
         "toy_duel: node 'x' has no box function; node 'y' has no box function; "
         "unreachable nodes: ['x', 'y']"),
    ],
    ids=["duplicate-nodes", "duplicate-edges", "awaits", "no-start", "unreachable-cycle"],
)
def test_a_broken_graph_names_every_problem(nodes: tuple[Node, ...], edges: tuple[Edge, ...],
                                            message: str) -> None:
    with pytest.raises(FlowchartError) as caught:
        DuelProcedure(nodes, edges)
    assert str(caught.value) == message


def test_a_box_that_jumps_along_no_declared_edge_is_a_flowchart_error() -> None:
    def cheat(state: Duel, dice: Dice) -> Transition[Duel]:
        return "bet", state, ()

    duel = DuelProcedure()
    duel._auto["roll"] = cheat
    state = duel.declare(0, ScriptedDice([])).state
    assert state is not None
    with pytest.raises(FlowchartError, match="no edge"):
        duel.advance(state, Bet("Rossi", 0, 0), ScriptedDice([1]))


def test_the_graph_is_plain_data_for_the_page() -> None:
    graph = SEED004.graph()
    assert graph["start"] == "declared"
    nodes = graph["nodes"]
    assert isinstance(nodes, list)
    allies = next(n for n in nodes if isinstance(n, dict) and n["id"] == "allies")
    assert allies == {"id": "allies", "kind": "decision", "label": "Looking for allies",
                      "awaits": "allies", "col": 2, "row": 2, "dice": 0,
                      "rules": ["A1", "A2", "A3", "A4", "A5"]}
    positions = [(n["col"], n["row"]) for n in nodes if isinstance(n, dict)]
    assert len(positions) == len(set(positions))  # no two boxes on the same grid cell
    import json

    assert json.loads(json.dumps(graph)) == graph


def test_every_decision_of_seed004_says_whom_it_awaits() -> None:
    roles = {n.id: n.awaits for n in SEED004.nodes if n.kind is NodeKind.DECISION}
    assert roles == {
        "allies": "allies", "attacker_naval_choice": "attacker",
        "defender_naval_choice": "defender", "naval_tiles": "main_players",
        "land_loss_choice": "defender",
    }


def test_every_rule_of_attack_rules_md_is_named_by_a_box_of_seed004() -> None:
    named = {rule for node in SEED004.nodes for rule in node.rules}
    counts = (("D", 4), ("A", 5), ("N", 7), ("S", 4), ("M", 8), ("L", 9))
    expected = {f"{group}{n}" for group, count in counts for n in range(1, count + 1)}
    expected |= {"N0"}
    assert expected - named == set()  # D5 is the web layer's (one attack per region)


class MergedDuel(DuelProcedure):
    """The same duel, but every face of its die in one odds class."""

    def odds_key(self, node: Node, faces: tuple[int, ...]) -> object:
        return "all"


def test_each_procedure_has_its_own_classes_of_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two procedures with a box of the same id group its faces each in its own way: the duel
    keeps the six faces apart (1/6 each), the merged duel has one class of probability 1."""
    monkeypatch.setattr(explore, "_CLASSES", {})
    plain, merged = DuelProcedure(), MergedDuel(name="toy_merged")
    sixth = Fraction(1, 6)
    assert explore.roll_classes(plain, plain.node("roll")) == (
        ((1,), sixth), ((2,), sixth), ((3,), sixth), ((4,), sixth), ((5,), sixth), ((6,), sixth))
    assert explore.roll_classes(merged, merged.node("roll")) == (((1,), Fraction(1)),)


def test_an_automatic_box_that_rolls_is_a_flowchart_error_in_the_odds() -> None:
    """Only dice boxes roll: the odds enumerate their dice and give the others none."""
    nodes = tuple(dataclasses.replace(n, kind=NodeKind.AUTO, dice=0) if n.id == "roll" else n
                  for n in NODES)
    duel = DuelProcedure(nodes)
    opened, _events = duel.open(Duel(Cursor(node="bet")))
    with pytest.raises(FlowchartError) as caught:
        distribution(duel, opened, lambda state, power: Bet(power, state.cursor.step, 1))
    assert str(caught.value) == "an automatic box rolled a die"


def test_playing_on_from_a_box_that_awaits_nobody_is_a_flowchart_error() -> None:
    """A state at a decision box that was never opened awaits nobody: playing on is stuck."""
    with pytest.raises(FlowchartError) as caught:
        explore.play_on(DuelProcedure(), Duel(Cursor(node="bet")),
                        lambda state, power: Bet(power, state.cursor.step, 0), ScriptedDice([]))
    assert str(caught.value) == "toy_duel: stuck at bet, awaiting nobody"


class StrictBetBox(BetBox):
    """A box whose deadline default is out of its own range: a bug in the procedure."""

    def default(self, state: Duel, power: str) -> object:
        return Bet(power, state.cursor.step, 5)


def test_a_default_the_box_refuses_is_a_flowchart_error_naming_the_box() -> None:
    duel = DuelProcedure()
    duel._decisions["bet"] = StrictBetBox()
    state = duel.declare(0, ScriptedDice([])).state
    assert state is not None
    with pytest.raises(FlowchartError) as caught:
        duel.advance(state, Timeout(state.cursor.step), ScriptedDice([]))
    assert str(caught.value).startswith("toy_duel: default refused at bet: ")
