"""Driving a procedure without players: play it to the end, or enumerate its exact odds.

Both work for any registered procedure. A *policy* stands in for the players: given the state
and an awaited power, it returns that power's input (the case file's choices, the defaults,
the commitments being considered on the page).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic

from guerra.rules.dice import Dice, DiceSpec, ScriptedDice
from guerra.rules.events import Event
from guerra.rules.flowchart import (
    FlowchartError,
    Node,
    NodeKind,
    Procedure,
    Refused,
    RefusedError,
    S,
    Sit,
)

Policy = Callable[[S, str], object]


@dataclass(frozen=True)
class Played(Generic[S]):
    state: S
    events: tuple[Event, ...]


def play_on(
    procedure: Procedure[S, Any], state: S, policy: Policy[S], dice: Dice
) -> Played[S]:
    """Answer every awaited decision with the policy until the procedure ends."""
    events: list[Event] = []
    return Played(_answer_all(procedure, state, policy, dice, events), tuple(events))


def play(
    procedure: Procedure[S, Sit], situation: Sit, policy: Policy[S], dice: Dice
) -> Played[S]:
    """Declare and play a whole attack; a refusal raises `RefusedError`."""
    declared = procedure.declare(situation, dice)
    if isinstance(declared, Refused):
        raise RefusedError(declared.reason)
    events = list(declared.events)
    return Played(_answer_all(procedure, declared.state, policy, dice, events), tuple(events))


def _answer_all(procedure: Procedure[S, Any], state: S, policy: Policy[S], dice: Dice,
                events: list[Event]) -> S:
    """`play_on`, its events appended to `events` (`play` adds them to the declaration's)."""
    advance = procedure.advance_into
    while not state.cursor.finished:
        awaiting = state.cursor.awaiting
        if not awaiting:
            raise FlowchartError(f"{procedure.name}: stuck at {state.cursor.node}, awaiting nobody")
        advanced = advance(state, policy(state, awaiting[0]), dice, events)
        if isinstance(advanced, Refused):
            raise RefusedError(advanced.reason)
        state = advanced
    return state


class _NoDice:
    """Automatic boxes must not roll: only ROLL boxes do, and those are enumerated."""

    def roll(self, sides: int = 6) -> int:
        raise FlowchartError("an automatic box rolled a die")


Classes = tuple[tuple[tuple[int, ...], Fraction], ...]
_CLASSES: dict[tuple[int, str, DiceSpec], Classes] = {}


def roll_classes(procedure: Procedure[Any, Any], node: Node, spec: DiceSpec | None = None
                 ) -> Classes:
    """Every face combination of a ROLL box (`spec`, by default the node's own dice), grouped
    by the procedure's `odds_key`: one representative per class with the exact probability
    of the class."""
    spec = spec or DiceSpec(node.sides, node.dice)
    cache_key = (id(procedure), node.id, spec)
    if cache_key not in _CLASSES:
        groups: dict[object, list[tuple[int, ...]]] = {}
        for faces in itertools.product(range(1, spec.sides + 1), repeat=spec.count):
            groups.setdefault(procedure.odds_key(node, faces), []).append(faces)
        total = spec.sides**spec.count
        _CLASSES[cache_key] = tuple(
            (members[0], Fraction(len(members), total)) for members in groups.values()
        )
    return _CLASSES[cache_key]


def classes_at(procedure: Procedure[S, Any], node: Node, state: S) -> Classes:
    """The dice classes of a ROLL box in a state: the procedure's own, or its dice
    enumerated face by face."""
    own = procedure.roll_classes(node, state)
    if own is not None:
        return own
    if not node.dice_from_state:
        return roll_classes(procedure, node)
    return roll_classes(procedure, node, procedure.dice_spec(node, state))


def distribution(
    procedure: Procedure[S, Any], state: S, policy: Policy[S],
    settled_outcome: Callable[[S], str | None] | None = None,
) -> dict[str, Fraction]:
    """The exact probability of each outcome from `state` on, every die enumerated.

    `state` may be a fresh declaration (see `Procedure.open`) or an attack waiting for a
    decision. Probabilities are Fractions and sum to exactly 1. `settled_outcome` names the
    outcome once a state decides it (default: the procedure's, the attack's own outcome; a
    page may ask about one battle instead).
    """
    outcome_of = settled_outcome or procedure.settled_outcome
    # States that share a key share their odds (`Procedure.odds_memo_key`); the key speaks of
    # the procedure's own outcome only, so another outcome shares nothing.
    memo_key = procedure.odds_memo_key if settled_outcome is None else None
    memo: dict[object, dict[str, Fraction]] = {}
    roll = NodeKind.ROLL  # read at every box: a member read from an Enum class is slow

    def explore(state: S) -> dict[str, Fraction]:
        """The probability of each outcome from `state` on."""
        while True:
            settled = outcome_of(state)
            if settled is not None:
                return {settled: Fraction(1)}
            node = procedure.node(state.cursor.node)
            if node.kind is roll:
                key = None if memo_key is None else memo_key(state)
                if key is not None and key in memo:
                    return memo[key]
                found: dict[str, Fraction] = {}
                for faces, probability in classes_at(procedure, node, state):
                    result = procedure.step_once(state, ScriptedDice(faces, node.sides))
                    assert result is not None
                    for outcome, share in explore(result[0]).items():
                        found[outcome] = found.get(outcome, Fraction(0)) + probability * share
                if key is not None:
                    memo[key] = found
                return found
            stepped = procedure.step_once(state, _NoDice())
            if stepped is not None:
                state = stepped[0]
                continue
            power = state.cursor.awaiting[0]
            submitted = procedure.submit(state, policy(state, power))
            if isinstance(submitted, Refused):
                raise RefusedError(submitted.reason)
            state = submitted.state

    return explore(state)
