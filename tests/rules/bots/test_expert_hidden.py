"""The Esperto decides from what its power may know: two games that differ only in what the
rules keep secret from it (the order of the counters still to draw, other hands of cards,
another side's answer in an attack) give the same choice."""

from __future__ import annotations

import dataclasses
import json

from guerra.rules.bots.expert import Expert
from guerra.rules.bots.levels import decide
from guerra.rules.dice import RandomDice
from guerra.rules.game.combat import with_memory
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from tests.rules.bots.helpers import AT, ES, started, to_phase
from tests.rules.bots.test_view import answered, invited_both_sides


def armed(state: GameState, power: str) -> GameState:
    """Three armies of `power` wherever a numbered counter lies face up: choices to make."""
    for counter_id in state.face_up:
        counter = state.scenario.counter_by_id[counter_id]
        if counter.kind == "numbered":
            state = state.with_pieces(power, counter.region, armies=3)
    return state


def test_the_order_of_the_counters_to_draw_changes_nothing() -> None:
    state = to_phase(started(seed=8), "rounds", RandomDice(8))
    power = pending(state).powers[0]
    state = armed(state, power)
    other = dataclasses.replace(state, pool=tuple(reversed(state.pool)))
    assert other.pool != state.pool
    assert decide(Expert(8), state, power) == decide(Expert(8), other, power)


def hands_passed_round(state: GameState, power: str) -> GameState:
    """`state` with the other powers' hands passed round among them: the same sizes, other
    cards; `power`'s own hand as it was."""
    memory = json.loads(state.combat_memory)
    hands = memory["hands"]
    others = [i for i, (owner, _cards) in enumerate(hands) if owner != power]
    cards = [hands[i][1] for i in others]
    for i, hand in zip(others, cards[1:] + cards[:1], strict=True):
        hands[i] = [hands[i][0], hand]
    other = with_memory(state, memory)
    assert other.combat_memory != state.combat_memory
    return other


def test_other_powers_hands_of_cards_change_nothing() -> None:
    state = to_phase(started("finestre", seed=9), "rounds", RandomDice(9))
    power = pending(state).powers[0]
    state = armed(state, power)
    other = hands_passed_round(state, power)
    assert decide(Expert(9), state, power) == decide(Expert(9), other, power)


def test_another_sides_secret_answer_changes_nothing() -> None:
    state = invited_both_sides()
    committed, declined = answered(state, ES, 2), answered(state, ES, 0)
    assert decide(Expert(10), committed, AT) == decide(Expert(10), declined, AT)
