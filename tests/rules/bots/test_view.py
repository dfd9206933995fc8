"""The game as one power may know it: what a computer player reads is masked where the rules
keep a secret (the counters' order, other hands of cards, other sides' answers in an attack)."""

from __future__ import annotations

import dataclasses
import json

from guerra.rules.bots.view import known_to
from guerra.rules.dice import RandomDice
from guerra.rules.finestre.state import HIDDEN
from guerra.rules.flowchart import Accepted
from guerra.rules.game import options
from guerra.rules.game.inputs import Attack
from guerra.rules.game.machine import advance, pending
from guerra.rules.game.state import GameState, Pieces
from guerra.rules.seed004.inputs import AllyAnswer
from tests.rules.bots.helpers import AT, ES, FR, GB, MEDITERRANEO, position, started, to_phase


def test_the_counters_still_to_draw_are_known_but_not_their_order() -> None:
    state = started()
    assert list(state.pool) != sorted(state.pool)  # the game's own order is a shuffle
    seen = known_to(state, FR)
    assert seen.pool == tuple(sorted(state.pool))
    other = dataclasses.replace(state, pool=tuple(reversed(state.pool)))
    assert known_to(other, FR) == seen


def finestre_rounds() -> GameState:
    return to_phase(started("finestre", seed=3), "rounds", RandomDice(3))


def test_finestre_shows_a_power_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = finestre_rounds()
    real = {power: cards for power, cards in json.loads(state.combat_memory)["hands"]}
    seen = {power: cards for power, cards in json.loads(known_to(state, FR).combat_memory)
            ["hands"]}
    assert seen[FR] == real[FR]
    for power in (GB, ES, AT):
        assert len(seen[power]) == len(real[power]) > 0
        assert set(seen[power]) == {HIDDEN}


def test_a_power_may_still_declare_an_attack_from_its_view_of_finestre() -> None:
    # Another power's hand is masked in the view: the declaration must not take a masked
    # card for a card missing from the deck (the attacks a bot is offered would vanish).
    state = finestre_rounds()
    power = pending(state).powers[0]
    counter = next(state.scenario.counter_by_id[c] for c in state.face_up
                   if state.scenario.counter_by_id[c].kind == "numbered")
    state = state.with_pieces(power, counter.region, armies=3)
    assert Attack(power, state.step, counter.region, counter=counter.id) in options.attacks(
        state, power)
    assert options.attacks(known_to(state, power), power) == options.attacks(state, power)


def invited_both_sides() -> GameState:
    """Francia attacks Gran Bretagna in the Mediterranean, where Spagna (Francia's ally) and
    Austria (Gran Bretagna's) stand: both are invited at once (A1)."""
    state = position(pieces=(
        Pieces(FR, MEDITERRANEO, armies=3), Pieces(GB, MEDITERRANEO, armies=1, markers=2),
        Pieces(ES, MEDITERRANEO, armies=2), Pieces(AT, MEDITERRANEO, armies=2)))
    outcome = advance(state, Attack(FR, state.step, MEDITERRANEO, defender=GB), RandomDice(0))
    assert isinstance(outcome, Accepted)
    assert set(pending(outcome.state).powers) == {ES, AT}
    return outcome.state


def answered(state: GameState, power: str, armies: int) -> GameState:
    assert state.attack is not None
    outcome = advance(state, AllyAnswer(power, state.attack.state.step, armies, 0),
                      RandomDice(0))
    assert isinstance(outcome, Accepted)
    return outcome.state


def test_an_allys_secret_answer_is_masked_for_the_other_side() -> None:
    state = invited_both_sides()
    committed, declined = answered(state, ES, 2), answered(state, ES, 0)
    assert committed != declined
    assert known_to(committed, AT) == known_to(declined, AT)
    assert known_to(committed, ES) != known_to(declined, ES)  # its own answer it knows
