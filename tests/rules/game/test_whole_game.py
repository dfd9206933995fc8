"""G20, G28 and whole games: the phase sequence, rounds per war, and invariants of random
legal games played from setup to winner by a seeded random player."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.events import GameWon, GoldTransferred, PhaseBegan, RoundBegan, TurnBegan
from guerra.rules.game.inputs import ACTIONS, Attack, Deadline, Move, PlayTile, Transfer
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.robot import Robot, play_game
from guerra.rules.game.scenario import UnitKind
from guerra.rules.game.state import GameState, Pieces, TurnState
from tests.rules.game.helpers import in_rounds, of_type, ok, play
from tests.rules.game.scenarios import ALL_POWERS, FR, GB, PR, ST, europa, tiny

KINDS: tuple[UnitKind, ...] = ("army", "fleet", "fort")


def test_G20_the_phases_run_in_order_war_after_war_to_the_end() -> None:
    played = play_game(tiny(), (FR, PR, GB), RandomDice(3), seed=3)
    phases = [(e.phase, e.war) for e in of_type(played.events, PhaseBegan)]
    war = ["counters", "auction", "rounds", "income", "scoring", "end_of_war"]
    assert phases == [("setup", 1)] + [(p, w) for w in (1, 2, 3) for p in war] + [
        ("game_over", 3)]
    assert played.state.finished and pending(played.state).kind == "over"


def test_G20_no_phase_ends_while_an_attack_is_under_way() -> None:
    # The last action of the last turn of the war is an attack that waits for an ally.
    rounds = tiny().rounds_for(3)
    state = in_rounds(pieces=[Pieces(GB, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(FR, ST, armies=1)],
                      turn=TurnState(GB, done=1))
    state = dataclasses.replace(state, round=rounds)
    declared = play(state, Attack(GB, state.step, ST, defender=PR)).state
    assert declared.phase == "rounds" and declared.attack_under_way
    ended = play(declared, Deadline(declared.step), dice=[1, 1, 1, 1]).state
    assert ended.phase == "auction" and ended.war == 2  # income, scoring, end of war ran


def _powers_of(n: int) -> tuple[str, ...]:
    return ALL_POWERS[:n]


def test_G28_rounds_per_war_are_6_up_to_five_powers_and_5_with_six_or_seven() -> None:
    for count, rounds in ((5, 6), (6, 5), (7, 5)):
        played = play_game(europa(), _powers_of(count), RandomDice(count), seed=count)
        per_war = Counter(e.war for e in of_type(played.events, RoundBegan))
        assert per_war == {1: rounds, 2: rounds, 3: rounds}, count


def test_G28_every_power_takes_one_turn_per_round_in_slot_order() -> None:
    played = play_game(europa(), ALL_POWERS, RandomDice(11), seed=11)
    turns: list[str] = []
    slots: list[tuple[str, ...]] = []
    for event in played.events:
        if event.type == "alliances":
            slots.append(event.order)
        elif isinstance(event, TurnBegan):
            turns.append(event.power)
    per_war = len(turns) // 3
    for war, order in enumerate(slots):
        assert turns[war * per_war:(war + 1) * per_war] == list(order) * 5


def test_a_seeded_seven_power_game_runs_from_setup_to_a_winner() -> None:
    played = play_game(europa(), ALL_POWERS, RandomDice(2026), seed=2026)
    state = played.state
    assert state.finished and len(state.standings) == 7
    winners = of_type(played.events, GameWon)[0].winners
    assert winners == tuple(s.power for s in state.standings if s.rank == 1)
    assert sum(1 for e in played.events if e.type == "attack_began") > 5
    assert {s.war for s in state.scores} == {1, 2, 3}
    assert played.refused < played.inputs / 5  # the robot mostly sends legal inputs


def _check(state: GameState) -> None:
    """The invariants that hold after every accepted input."""
    supply = state.scenario.supply
    for power in state.powers:
        assert min(power.gold, power.population, power.unrest, power.vp) >= 0, power
        for kind in KINDS:
            assert 0 <= state.in_play(power.name, kind) <= supply.of(kind)
        assert 0 <= state.markers_on_map(power.name) <= supply.markers
        assert all(count >= 0 for _key, count in power.tiles)
    for pieces in state.board:
        assert min(pieces.armies, pieces.fleets, pieces.forts, pieces.markers) >= 0
        assert not pieces.empty
        if pieces.region is None:
            assert pieces.forts == 0 and pieces.markers == 0  # G2
        elif pieces.fleets:
            assert state.scenario.region(pieces.region).has_sea
    assert all(count >= 0 for _key, count in state.market)
    assert len(set(state.face_up)) == len(state.face_up)
    assert not set(state.face_up) & set(state.pool)


def _play_checked(n: int, seed: int) -> None:
    scenario = europa()
    dice = RandomDice(seed)
    robot = Robot(seed)
    state = ok(start_game(scenario, _powers_of(n), dice)).state
    actions: Counter[tuple[int, str]] = Counter()
    ministries: Counter[tuple[int, str]] = Counter()
    slot_orders: dict[int, tuple[str, ...]] = {}
    turn_orders: dict[tuple[int, int], list[str]] = {}
    inputs = 0
    while not state.finished:
        inputs += 1
        assert inputs < 20_000, "the game must reach its end"
        choice = robot.choose(state)
        before = state
        outcome = advance(state, choice, dice)
        if not isinstance(outcome, Accepted):
            assert isinstance(choice, Move) and len(choice.moves) > 1, outcome.reason
            assert outcome.state == before
            continue
        state = outcome.state
        _check(state)
        if isinstance(choice, ACTIONS):
            actions[(before.war, choice.power)] += 1
        if isinstance(choice, PlayTile):
            ministries[(before.war, choice.power)] += 1
        if isinstance(choice, Deadline) and before.turn is not None:
            actions[(before.war, before.turn.power)] += before.turn.actions - before.turn.done
        if isinstance(choice, Transfer) or of_type(outcome.events, GoldTransferred):
            assert sum(p.gold for p in state.powers) == sum(p.gold for p in before.powers)
        for event in outcome.events:
            if event.type == "alliances":
                slot_orders[before.war] = event.order
            if isinstance(event, TurnBegan):
                turn_orders.setdefault((state.war, event.round), []).append(event.power)
        if inputs % 97 == 0:
            loaded = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
            assert loaded == state
    rounds = scenario.rounds_for(n)
    for war in (1, 2, 3):
        for power in _powers_of(n):
            assert actions[(war, power)] == rounds * 2 + ministries[(war, power)], (war, power)
        for round_ in range(1, rounds + 1):
            assert turn_orders[(war, round_)] == list(slot_orders[war])


@settings(max_examples=12, deadline=None)
@given(n=st.integers(min_value=2, max_value=7), seed=st.integers(min_value=0, max_value=10**6))
def test_random_legal_games_keep_every_invariant_and_always_end(n: int, seed: int) -> None:
    """No count below zero, supply never exceeded, gold conserved by transfers, turn order
    = slot order, every power exactly rounds x 2 actions per war (+1 per War Ministry), and
    the game reaches its end; the state survives a JSON round trip along the way."""
    _play_checked(n, seed)


def test_the_state_round_trips_through_json_mid_attack() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(GB, ST, armies=2)],
                      Francia={"tiles": (("bank", 1),)})
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    assert declared.attack_under_way
    text = json.dumps(declared.to_dict())
    assert GameState.from_dict(json.loads(text)) == declared


def test_the_robot_answers_every_decision_kind() -> None:
    seen: set[str] = set()
    robot = Robot(5)
    dice = RandomDice(5)
    state = ok(start_game(tiny(), (FR, PR, GB), dice)).state
    while not state.finished:
        seen.add(pending(state).kind)
        outcome = advance(state, robot.choose(state), dice)
        state = outcome.state if isinstance(outcome, Accepted) else state
    assert seen == {"place", "propose", "call", "action", "attack"}
