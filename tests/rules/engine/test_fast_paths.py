"""The engine's and the procedures' shortcuts against the slow ways they stand for.

`Procedure.run_on` and `advance` move the cursor of seed 004's and d10's states on their own
and put it into the state once, when they stop (`boxes_read_cursor`), and ask a decision box
whom it awaits as they enter it; `step_once` takes one box at a time and puts the cursor into
the state at every box. Played both ways, with the same inputs (right ones, timeouts, stale
and foreign ones) and the same dice, an attack must go through the same states with the same
events and roll the same dice. States decoded from `to_dict()` are driven too, as the web
layer drives them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.declaration import initial_state as d10_initial_state
from guerra.rules.dice import Dice, HmacDice, RandomDice, ScriptedDice
from guerra.rules.events import Event
from guerra.rules.explore import play
from guerra.rules.flowchart import (
    Accepted,
    Cursor,
    Edge,
    Node,
    NodeKind,
    Outcome,
    Procedure,
    Refused,
    Timeout,
    Transition,
)
from guerra.rules.i18n import Message
from guerra.rules.jsonvalue import Obj
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.declaration import initial_state as seed004_initial_state
from guerra.rules.seed004.losses import fleet_bearer
from tests.rules.d10.test_invariants import situations as d10_situations
from tests.rules.helpers import AT, ES, FR, GB, PR, RU
from tests.rules.strategies import situations as seed004_situations

FEW = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POWERS = (FR, RU, ES, AT, PR, GB)

Step = tuple[str, Any, tuple[Event, ...]]  # ("accepted" or a refusal code, state or reason, events)


def one_box_at_a_time(procedure: Procedure[Any, Any], state: Any, dice: HmacDice
                      ) -> tuple[Any, tuple[Event, ...]]:
    """`run_on` as `step_once` spells it: one box per step, a decision box entered awaiting
    nobody until the next step asks it."""
    events: list[Event] = []
    while (result := procedure.step_once(state, dice)) is not None:
        state, new = result
        events.extend(new)
        if state.cursor.awaiting:
            break
    return state, tuple(events)


def slow_advance(procedure: Procedure[Any, Any], state: Any, answer: object, dice: HmacDice
                 ) -> Outcome[Any]:
    submitted = procedure.submit(state, answer)
    if isinstance(submitted, Refused) or submitted.state.cursor.awaiting:
        return submitted
    next_state, events = one_box_at_a_time(procedure, submitted.state, dice)
    return Accepted(next_state, submitted.events + events)


def walk(procedure: Procedure[Any, Any], initial: Any, seed: int, *, slow: bool
         ) -> tuple[list[Step], HmacDice]:
    """Declare (the state `initial_state` made) and play to the end, recording every outcome.
    The inputs come from `seed`: mostly the random player's, sometimes a deadline passing, a
    stale step or a power that is not awaited; now and then the state is decoded from JSON."""
    dice = HmacDice(b"fast-paths", seed)
    rng = random.Random(seed)
    player = procedure.random_policy(random.Random(seed))
    if slow:
        state, entered = procedure.open(initial)
        state, events = one_box_at_a_time(procedure, state, dice)
        events = entered + events
    else:
        started = procedure.start(initial, dice)
        state, events = started.state, started.events
    steps: list[Step] = [("accepted", state, events)]
    while not state.cursor.finished:
        if rng.random() < 0.3:
            state = procedure.state_from_dict(json.loads(json.dumps(state.to_dict())))
        roll = rng.random()
        step = state.cursor.step
        answer: object
        if roll < 0.1:
            answer = Timeout(step)
        elif roll < 0.15:
            answer = Timeout(step - 1)
        elif roll < 0.2:  # somebody else sends the awaited power's answer as its own
            own = player(state, state.cursor.awaiting[0])
            answer = dataclasses.replace(own, power=rng.choice(POWERS))  # type: ignore[type-var]
        else:
            answer = player(state, state.cursor.awaiting[0])
        outcome = (slow_advance(procedure, state, answer, dice) if slow
                   else procedure.advance(state, answer, dice))
        if isinstance(outcome, Refused):
            steps.append((outcome.code, outcome.reason, ()))
            continue
        state = outcome.state
        steps.append(("accepted", state, outcome.events))
    return steps, dice


def same_walk(procedure: Procedure[Any, Any], initial: Any, seed: int) -> None:
    fast, fast_dice = walk(procedure, initial, seed, slow=False)
    slow, slow_dice = walk(procedure, initial, seed, slow=True)
    assert fast == slow
    assert [(state.to_dict(), [e.to_dict() for e in events])
            for code, state, events in fast if code == "accepted"] == \
        [(state.to_dict(), [e.to_dict() for e in events])
         for code, state, events in slow if code == "accepted"]
    assert (fast_dice.rolls, fast_dice.sides) == (slow_dice.rolls, slow_dice.sides)


def declared(make: Callable[[Any], Any], situation: Any) -> Any:
    initial = make(situation)
    return None if isinstance(initial, Message) else initial


@FEW
@given(seed004_situations(), st.integers(0, 10_000))
def test_seed004_runs_on_as_one_box_at_a_time(situation: Any, seed: int) -> None:
    initial = declared(seed004_initial_state, situation)
    if initial is not None:
        same_walk(SEED004, initial, seed)


@FEW
@given(d10_situations(), st.integers(0, 10_000))
def test_d10_runs_on_as_one_box_at_a_time(situation: Any, seed: int) -> None:
    initial = declared(d10_initial_state, situation)
    if initial is not None:
        same_walk(D10_PROCEDURE, initial, seed)


def played_input_by_input(procedure: Procedure[Any, Any], situation: Any, seed: int
                          ) -> tuple[Any, list[dict[str, Any]], list[tuple[int, int]]]:
    """`play` as `declare` and `advance` spell it: one `Accepted` per input, its events added
    to the declaration's."""
    dice = HmacDice(b"play", seed)
    player = procedure.random_policy(random.Random(seed))
    declared = procedure.declare(situation, dice)
    assert isinstance(declared, Accepted)
    state, events = declared.state, list(declared.events)
    while not state.cursor.finished:
        outcome = procedure.advance(state, player(state, state.cursor.awaiting[0]), dice)
        assert isinstance(outcome, Accepted)
        state = outcome.state
        events += outcome.events
    return state.to_dict(), [event.to_dict() for event in events], dice.rolls


def same_play(procedure: Procedure[Any, Any], situation: Any, seed: int) -> None:
    """`play` drives `advance_into` (no `Accepted` per input, one list of events): the same
    state, events and dice as `advance` input by input."""
    dice = HmacDice(b"play", seed)
    played = play(procedure, situation, procedure.random_policy(random.Random(seed)), dice)
    assert (played.state.to_dict(), [event.to_dict() for event in played.events],
            dice.rolls) == played_input_by_input(procedure, situation, seed)


@FEW
@given(seed004_situations(), st.integers(0, 10_000))
def test_seed004_play_is_advance_input_by_input(situation: Any, seed: int) -> None:
    if declared(seed004_initial_state, situation) is not None:
        same_play(SEED004, situation, seed)


@FEW
@given(d10_situations(), st.integers(0, 10_000))
def test_d10_play_is_advance_input_by_input(situation: Any, seed: int) -> None:
    if declared(d10_initial_state, situation) is not None:
        same_play(D10_PROCEDURE, situation, seed)


@FEW
@given(seed004_situations(), st.integers(0, 10_000))
def test_advance_into_refuses_what_advance_refuses_and_appends_nothing(situation: Any,
                                                                      seed: int) -> None:
    """Stale, foreign and wrong inputs: the same refusal (code, reason, state) from both,
    and nothing appended to the events given to `advance_into`."""
    initial = declared(seed004_initial_state, situation)
    if initial is None:
        return
    steps, _dice = walk(SEED004, initial, seed, slow=False)
    rng = random.Random(seed)
    for code, state, _events in steps:
        if code != "accepted" or state.cursor.finished:
            continue
        own: Any = SEED004.random_policy(rng)(state, state.cursor.awaiting[0])
        for answer in (Timeout(state.cursor.step - 1), Timeout(state.cursor.step + 1),
                       dataclasses.replace(own, power=rng.choice(POWERS)),
                       dataclasses.replace(own, step=state.cursor.step + 1), object()):
            refused = SEED004.advance(state, answer, HmacDice(b"none"))
            events: list[Event] = []
            into = SEED004.advance_into(state, answer, HmacDice(b"none"), events)
            if isinstance(refused, Refused):
                assert into == refused and events == []
            else:
                assert not isinstance(into, Refused)
                assert (into.to_dict(), events) == (refused.state.to_dict(), list(refused.events))


# --- seed 004's readings made once per situation or in one pass --------------------------------


@FEW
@given(seed004_situations(), st.integers(0, 10_000))
def test_seed004_shortcuts_read_what_the_general_readings_read(situation: Any, seed: int) -> None:
    """`allied` sums `committed`; `invited_powers` and `invitation` read `invited()`; the
    loss bearers pick the first eligible holding in the order M6/L6 give."""
    invited = situation.invited()
    assert situation.invited_powers() == tuple(ally.power for _side, ally in invited)
    for power in (*POWERS, "Nessuno"):
        assert situation.invitation(power) == next(
            (ally for _side, ally in invited if ally.power == power), None)
    initial = declared(seed004_initial_state, situation)
    if initial is None:
        return
    steps, _dice = walk(SEED004, initial, seed, slow=False)
    for code, state, _events in steps:
        if code != "accepted":
            continue
        for side in ("attacker", "defender"):
            if side == "defender" and state.situation.defender is None:
                continue
            allies = state.committed(side)
            assert state.allied(side) == (sum(h.armies for h in allies),
                                          sum(h.fleets for h in allies))
            for allies_first in (False, True):
                main = (state.main(side),)
                in_order = allies + main if allies_first else main + allies
                assert fleet_bearer(state, side, allies_first) == next(
                    (h.power for h in in_order if h.fleets > 0), None)


# --- a procedure whose boxes read the cursor --------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Seen:
    """A toy state: the cursor each box found the state at, as the box read it."""

    cursor: Cursor
    seen: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def with_cursor(self, cursor: Cursor) -> Seen:
        return dataclasses.replace(self, cursor=cursor)


def reader(target: str) -> Callable[[Seen, Dice], Transition[Seen]]:
    def box(state: Seen, dice: Dice) -> Transition[Seen]:
        seen = (*state.seen, (state.cursor.node, state.cursor.path))
        return target, dataclasses.replace(state, seen=seen), ()

    return box


class CursorReader(Procedure[Seen, int]):
    """Three automatic boxes in a row, each noting the cursor it is given."""

    def __init__(self) -> None:
        nodes = (Node("a", NodeKind.AUTO, "a"), Node("b", NodeKind.AUTO, "b", row=1),
                 Node("c", NodeKind.AUTO, "c", row=2), Node("end", NodeKind.END, "end", row=3))
        super().__init__(name="cursor_reader", label="reader", nodes=nodes,
                         edges=(Edge("a", "b"), Edge("b", "c"), Edge("c", "end")),
                         start_node="a",
                         auto={"a": reader("b"), "b": reader("c"), "c": reader("end")},
                         decisions={}, ends={"end": lambda state: "done"})

    def declare(self, situation: int, dice: Dice) -> Outcome[Seen]:
        return self.start(Seen(Cursor(node="a")), dice)

    def state_from_dict(self, data: Obj) -> Seen:
        raise NotImplementedError


def test_a_box_that_reads_the_cursor_is_given_the_state_at_its_own_box() -> None:
    """`boxes_read_cursor` (the default): run_on puts the cursor into the state at every box."""
    reading = CursorReader()
    assert reading.boxes_read_cursor
    declared = reading.declare(0, ScriptedDice([]))
    assert isinstance(declared, Accepted)
    assert declared.state.seen == (("a", ("a",)), ("b", ("a", "b")), ("c", ("a", "b", "c")))
    assert declared.state.cursor.path == ("a", "b", "c", "end")
    assert declared.state.cursor.outcome == "done"


# --- random dice ---------------------------------------------------------------------------------


@given(st.integers(0, 2**32), st.lists(st.sampled_from([1, 2, 6, 10, 20, 256, 257, 1000]),
                                       min_size=1, max_size=50))
def test_random_dice_roll_what_randint_rolls(seed: int, sides: list[int]) -> None:
    """`RandomDice` draws its faces with `choice` (two calls fewer than `randint`): the same
    faces from the same seed, so benchmarks and Monte Carlo odds see the same dice."""
    dice, rng = RandomDice(seed), random.Random(seed)
    assert [dice.roll(n) for n in sides] == [rng.randint(1, n) for n in sides]
    assert dice.roll() == rng.randint(1, 6)


class Face(int):
    """An int subclass: a face the face-by-face check accepts, the quick one passes on."""


def face_by_face(faces: list[Any], sides: int) -> str | None:
    """The message `ScriptedDice` gives, as its face-by-face check finds it."""
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            return f"a die shows 1..{sides}, not {face!r}"
    return None


@given(st.lists(st.one_of(st.integers(-2, 12), st.booleans(), st.just(3.0), st.just("4"),
                          st.builds(Face, st.integers(0, 11))), max_size=12),
       st.sampled_from([6, 10]))
def test_scripted_dice_refuse_what_a_face_by_face_check_refuses(faces: list[Any],
                                                                sides: int) -> None:
    """`ScriptedDice` lets plain ints in range through at once (exact odds script thousands):
    it accepts and refuses, with the same message, what the face-by-face check does."""
    expected = face_by_face(faces, sides)
    try:
        ScriptedDice(faces, sides)
    except ValueError as refused:
        assert str(refused) == expected
    else:
        assert expected is None
