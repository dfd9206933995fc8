"""The machinery "d10" brought to every procedure: sequential decision windows, the refusal
codes of `submit`, escape edges, dice of any size, structured allocations, and a game whose
combat procedure is "d10" (its state mid-attack, whole robot games)."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from collections import Counter
from dataclasses import dataclass

import pytest

from guerra.rules.allocation import Allocation, allocation_problem
from guerra.rules.d10.events import ExchangeRolled, ReinforcementArrived
from guerra.rules.d10.state import D10State
from guerra.rules.dice import (
    DiceExhausted,
    DiceSpec,
    HmacDice,
    RandomDice,
    ScriptedDice,
    accept_below,
    die_face,
)
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
    ProcedureState,
    Recorded,
    Refused,
    Timeout,
    Transition,
)
from guerra.rules.game import options
from guerra.rules.game.events import GameWon
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.robot import Robot, play_game
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.scenario_file import shipped
from guerra.rules.game.state import GameState
from guerra.rules.i18n import Message, _
from guerra.rules.jsonvalue import Obj

# --- a toy procedure: a roll call, one power at a time ----------------------------------------

POWERS = ("Rossi", "Bianchi", "Verdi")


@dataclass(frozen=True)
class Call(ProcedureState):
    cursor: Cursor
    said: tuple[tuple[str, str], ...] = ()

    def with_cursor(self, cursor: Cursor) -> Call:
        return dataclasses.replace(self, cursor=cursor)


@dataclass(frozen=True)
class Say:
    power: str
    step: int
    word: str = "yes"


class CallBox(DecisionBox[Call]):
    """Asks the powers who have not spoken: one at a time (sequential), or all at once."""

    def __init__(self, sequential: bool) -> None:
        self.sequential = sequential

    def awaited(self, state: Call) -> tuple[str, ...]:
        left = tuple(p for p in POWERS if p not in dict(state.said))
        return left[:1] if self.sequential else left

    def answered(self, state: Call) -> tuple[str, ...]:
        return tuple(power for power, _word in state.said)

    def accept(self, state: Call, answer: object, *, timed_out: bool = False
               ) -> Recorded[Call] | Message:
        if not isinstance(answer, Say) or answer.word not in ("yes", "no", "flee"):
            return _("This is not the decision awaited now.")
        said = (*state.said, (answer.power, answer.word))
        return dataclasses.replace(state, said=said), ()

    def default(self, state: Call, power: str) -> object:
        return Say(power, state.cursor.step, "no")

    def leave(self, state: Call) -> Transition[Call]:
        return "count", state, ()


def count(state: Call, dice: object) -> Transition[Call]:
    """Anybody who said "flee" ends it on the spot: "fled" has no edge, it is an escape."""
    if any(word == "flee" for _power, word in state.said):
        return "fled", state, ()
    return "done", state, ()


NODES = (
    Node("call", NodeKind.DECISION, "call", awaits="everyone"),
    Node("count", NodeKind.AUTO, "count", row=1),
    Node("done", NodeKind.END, "done", row=2),
    Node("fled", NodeKind.END, "fled", col=1, row=2),
)
EDGES = (Edge("call", "count"), Edge("count", "done"))


class RollCall(Procedure[Call, int]):
    def __init__(self, *, sequential: bool = True, escapes: tuple[str, ...] = ("fled",),
                 nodes: tuple[Node, ...] = NODES) -> None:
        super().__init__(name="roll_call", label="roll call", nodes=nodes, edges=EDGES,
                         start_node="call", auto={"count": count},
                         decisions={"call": CallBox(sequential)},
                         ends={"done": lambda s: "done", "fled": lambda s: "fled"},
                         escapes=escapes)

    def declare(self, situation: int, dice: object) -> Outcome[Call]:
        return self.start(Call(Cursor(node="call")), ScriptedDice([]))

    def state_from_dict(self, data: Obj) -> Call:
        raise NotImplementedError


NO_DICE = ScriptedDice([])


def opened(procedure: RollCall) -> Call:
    state = procedure.declare(0, NO_DICE).state
    assert state is not None
    return state


def ok(outcome: Accepted[Call] | Refused[Call]) -> Call:
    assert isinstance(outcome, Accepted), outcome
    return outcome.state


def code(procedure: RollCall, state: Call, answer: object) -> str:
    outcome = procedure.advance(state, answer, NO_DICE)
    assert isinstance(outcome, Refused), answer
    assert outcome.state is state  # a refusal changes nothing
    return outcome.code


def test_a_sequential_box_opens_a_new_window_for_each_power() -> None:
    call = RollCall()
    state = opened(call)
    first = state.step
    assert (state.awaiting, state.cursor.opened_at) == (("Rossi",), first)
    state = ok(call.advance(state, Say("Rossi", first), NO_DICE))
    assert state.awaiting == ("Bianchi",)
    assert state.step == first + 1 and state.cursor.opened_at == first + 1
    state = ok(call.advance(state, Say("Bianchi", state.step), NO_DICE))
    assert (state.awaiting, state.cursor.opened_at) == (("Verdi",), first + 2)


def test_a_reply_made_for_the_previous_window_is_stale_or_repeated() -> None:
    call = RollCall()
    state = opened(call)
    first = state.step
    state = ok(call.advance(state, Say("Rossi", first), NO_DICE))
    # Bianchi's page was made while Rossi was asked: his window opened since.
    assert code(call, state, Say("Bianchi", first)) == "stale"
    # Rossi sends again, from the old page or from a fresh one: he has answered already.
    assert code(call, state, Say("Rossi", first)) == "repeated"
    assert code(call, state, Say("Rossi", state.step)) == "repeated"
    # Verdi is not asked yet.
    assert code(call, state, Say("Verdi", state.step)) == "not_yours"
    # An old page from somebody not awaited is taken for a repeat (a double click on a
    # decision of an earlier box): the engine cannot tell it was never his.
    assert code(call, state, Say("Verdi", first)) == "repeated"
    # A deadline set for the previous window is stale too.
    assert code(call, state, Timeout(first)) == "stale"
    assert ok(call.advance(state, Say("Bianchi", state.step), NO_DICE)).awaiting == ("Verdi",)


def test_a_box_that_asks_everyone_at_once_keeps_one_window() -> None:
    call = RollCall(sequential=False)
    state = opened(call)
    first = state.step
    assert state.awaiting == POWERS
    state = ok(call.advance(state, Say("Verdi", first), NO_DICE))
    # The others answer from the page they all got: accepted, the window has not moved.
    assert (state.awaiting, state.cursor.opened_at) == (("Rossi", "Bianchi"), first)
    state = ok(call.advance(state, Say("Rossi", first), NO_DICE))
    assert code(call, state, Say("Verdi", first)) == "repeated"
    state = ok(call.advance(state, Say("Bianchi", first), NO_DICE))
    assert state.finished and state.outcome == "done"


def test_a_deadline_in_a_sequential_box_answers_for_the_power_asked_only() -> None:
    call = RollCall()
    state = opened(call)
    state = ok(call.advance(state, Timeout(state.step), NO_DICE))
    assert state.said == (("Rossi", "no"),)
    assert state.awaiting == ("Bianchi",) and state.cursor.opened_at == state.step


def test_submit_says_why_it_refuses() -> None:
    call = RollCall()
    state = opened(call)
    assert code(call, state, Say("Rossi", state.step, "maybe")) == "invalid"
    assert code(call, state, Say("Rossi", state.step + 1)) == "stale"  # from the future
    assert code(call, state, Say("Gialli", state.step)) == "not_yours"
    invalid = call.submit(state, Say("Rossi", state.step, "maybe"))
    assert isinstance(invalid, Refused)
    assert invalid.reason.render() == "Non è questa la decisione attesa ora."
    for power in POWERS:
        state = ok(call.advance(state, Say(power, state.step), NO_DICE))
    assert state.finished
    assert code(call, state, Say("Rossi", state.step)) == "over"
    assert code(call, state, Timeout(state.step)) == "over"
    nowhere = call.submit(Call(Cursor(node="count")), Say("Rossi", 0))
    assert isinstance(nowhere, Refused) and nowhere.code == "stale"


def test_an_escape_ends_the_procedure_from_a_box_without_an_edge_to_it() -> None:
    call = RollCall()
    state = opened(call)
    state = ok(call.advance(state, Say("Rossi", state.step, "flee"), NO_DICE))
    state = ok(call.advance(state, Say("Bianchi", state.step), NO_DICE))
    state = ok(call.advance(state, Say("Verdi", state.step), NO_DICE))
    assert state.finished and state.outcome == "fled"
    assert state.cursor.path == ("call", "count", "fled")


def test_without_the_escape_the_same_jump_is_a_flowchart_error() -> None:
    # "fled" is then unreachable: the graph check refuses the procedure outright.
    with pytest.raises(FlowchartError, match="unreachable nodes: \\['fled'\\]"):
        RollCall(escapes=())


def test_an_escape_must_be_an_end_node() -> None:
    with pytest.raises(FlowchartError, match="escape 'count' is not an end node"):
        RollCall(escapes=("fled", "count"))


def test_a_jump_to_a_node_that_is_no_escape_is_a_flowchart_error() -> None:
    call = RollCall()
    state = Call(Cursor(node="count", path=("call", "count")))
    with pytest.raises(FlowchartError, match="no edge 'count' -> 'call'"):
        call._enter(state, "count", "call")


# --- dice of any size ----------------------------------------------------------------------------


def digest(seed: bytes, n: int) -> bytes:
    return hmac.new(seed, str(n).encode("ascii"), hashlib.sha256).digest()


def test_a_d10_rejects_the_bytes_250_to_255() -> None:
    # A seed whose roll 0 starts with 250 or 251: a d6 takes that byte (below 252), a d10
    # rejects it and takes the next byte below 250.
    for i in range(20_000):
        seed = f"d10-{i}".encode()
        first = digest(seed, 0)
        accepted = next(b for b in first if b < 250)
        if first[0] in (250, 251) and accepted % 10 != first[0] % 10:
            break
    else:
        pytest.fail("no seed found")
    assert die_face(seed, 0, 10) == accepted % 10 + 1
    assert die_face(seed, 0) == first[0] % 6 + 1


def test_d10_faces_are_1_to_10_and_uniform() -> None:
    counts = Counter(die_face(b"uniforme", n, 10) for n in range(10_000))
    assert set(counts) == set(range(1, 11))
    # 1000 expected each, standard deviation 30: 5 deviations either way.
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_six_sided_dice_are_unchanged() -> None:
    for n in range(200):
        expected = next(b for b in digest(b"partita", n) if b < 252) % 6 + 1
        assert die_face(b"partita", n) == die_face(b"partita", n, 6) == expected


def test_each_size_accepts_the_bytes_below_its_largest_multiple() -> None:
    assert [accept_below(s) for s in (2, 6, 10, 7, 256)] == [256, 252, 250, 252, 256]
    for wrong in (1, 257):
        with pytest.raises(ValueError):
            accept_below(wrong)


def test_hmac_dice_record_the_size_of_each_roll() -> None:
    dice = HmacDice(b"seme", next_roll=3)
    faces = (dice.roll(10), dice.roll(), dice.roll(10))
    assert dice.sides == [10, 6, 10]
    assert dice.rolls == [(3, faces[0]), (4, faces[1]), (5, faces[2])]
    assert faces == (die_face(b"seme", 3, 10), die_face(b"seme", 4), die_face(b"seme", 5, 10))
    assert dice.next_roll == 6


def test_scripted_dice_refuse_a_face_larger_than_the_die_rolled() -> None:
    script = ScriptedDice([9, 4], 10)
    with pytest.raises(ValueError, match="a die of 6 sides"):
        script.roll(6)
    assert script.used == 0 and script.roll(10) == 9 and script.roll(6) == 4
    with pytest.raises(DiceExhausted):
        script.roll(10)
    for faces, sides in (([11], 10), ([7], 6), ([0], 10), ([True], 10)):
        with pytest.raises(ValueError):
            ScriptedDice(faces, sides)


def test_random_dice_roll_any_size() -> None:
    dice = RandomDice(7)
    faces = {dice.roll(10) for _ in range(500)}
    assert faces == set(range(1, 11))
    assert DiceSpec() == DiceSpec(6, 0)


# --- allocations -----------------------------------------------------------------------------

LABELS = {"army": Message("armies"), "fleet": Message("fleets")}


def problem(*parts: tuple[str, int], total: int = 3, labels: bool = True) -> str | None:
    found = allocation_problem(Allocation("Francia", 0, parts), total,
                               {"army": 2, "fleet": 1}, LABELS if labels else None)
    return None if found is None else found.render("en")


def test_allocation_a_split_of_exactly_the_total_within_the_caps_is_fine() -> None:
    assert problem(("army", 2), ("fleet", 1)) is None
    assert problem(("army", 2), total=2) is None
    assert Allocation("Francia", 0, (("army", 2),)).of("fleet") == 0


def test_allocation_problems_are_named() -> None:
    assert problem(("army", 1), ("army", 2)) == "Each part may be named only once."
    assert problem(("fort", 1), ("army", 2)) == "“fort” cannot take any of it."
    assert problem(("army", -1), ("fleet", 1)) == "A number of units cannot be negative."
    assert problem(("army", 1), ("fleet", 2)) == "At most 1 on “fleets”."
    assert problem(("army", 1), ("fleet", 2), labels=False) == "At most 1 on “fleet”."
    assert problem(("army", 3)) == "At most 2 on “armies”."
    assert problem(("army", 1), ("fleet", 1)) == "Distribute exactly 3 units, not 2."
    assert problem(("army", 1), total=1, labels=True) is None
    assert problem(total=1) == "Distribute exactly 1 unit, not 0."


def test_allocation_labels_are_translated() -> None:
    found = allocation_problem(Allocation("Francia", 0, (("army", 3),)), 3, {"army": 2},
                               LABELS)
    assert found is not None and "“armate”" in found.render()


# --- a game whose combat procedure is "d10" ----------------------------------------------------


def d10_scenario() -> ScenarioRules:
    return dataclasses.replace(shipped("europa_1700_partenza_rapida"), procedure="d10")


def powers(scenario: ScenarioRules) -> tuple[str, ...]:
    return tuple(p.name for p in scenario.powers)


def test_a_game_state_holding_a_d10_attack_under_way_round_trips_through_json() -> None:
    scenario = d10_scenario()
    dice = RandomDice(4)
    robot = Robot(4)
    started = start_game(scenario, powers(scenario), dice)
    assert isinstance(started, Accepted)
    state: GameState = started.state
    seen = 0
    for _input in range(5_000):
        if state.attack_under_way:
            assert state.attack is not None and isinstance(state.attack.state, D10State)
            loaded = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
            assert loaded == state
            assert isinstance(loaded.attack.state, D10State)
            seen += 1
            if seen == 3:
                break
        outcome = advance(state, robot.choose(state), dice)
        if isinstance(outcome, Accepted):
            state = outcome.state
    assert seen == 3, "the robot never left a d10 attack waiting"


def test_D3_a_d10_attack_the_attacker_cannot_pay_is_refused_in_the_game_and_costs_nothing(
) -> None:
    scenario = d10_scenario()
    dice = RandomDice(9)
    robot = Robot(9)
    started = start_game(scenario, powers(scenario), dice)
    assert isinstance(started, Accepted)
    state = started.state
    while pending(state).kind != "action" or not options.attacks(state, pending(state).powers[0]):
        outcome = advance(state, robot.choose(state), dice)
        state = outcome.state if isinstance(outcome, Accepted) else state
    power = pending(state).powers[0]
    attack = options.attacks(state, power)[0]
    poor = state.with_power(power, gold=1)
    assert options.attacks(poor, power) == ()
    refused = advance(poor, attack, ScriptedDice([], 10))  # a die rolled would raise
    assert isinstance(refused, Refused)
    assert refused.reason.render("en").startswith("Declaring an attack costs 2 gold")
    assert refused.state == poor and refused.state.power(power).gold == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_whole_robot_games_with_d10_attacks_end_with_a_winner(seed: int) -> None:
    scenario = d10_scenario()
    played = play_game(scenario, powers(scenario), RandomDice(seed), seed=seed)
    assert played.state.finished
    (won,) = [e for e in played.events if isinstance(e, GameWon)]
    assert won.winners and set(won.winners) <= set(powers(scenario))
    assert any(isinstance(e, ExchangeRolled) for e in played.events)
    assert played.refused < played.inputs / 5
    for pieces in played.state.board:
        assert min(pieces.armies, pieces.fleets, pieces.forts, pieces.markers) >= 0


def test_robot_games_with_d10_see_reinforcements_arrive() -> None:
    scenario = d10_scenario()
    arrivals = 0
    for seed in (0, 1):
        played = play_game(scenario, powers(scenario), RandomDice(seed), seed=seed)
        arrivals += sum(1 for e in played.events if isinstance(e, ReinforcementArrived))
    assert arrivals > 0
