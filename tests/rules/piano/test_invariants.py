"""Hypothesis: invariants of every "piano" attack over random situations, dice and players
(`PIANO_PROCEDURE.random_policy`, with deadlines passing now and then); a seeded random
player's moves are always accepted; robot games of this system reach their end."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guerra.rules.dice import RandomDice
from guerra.rules.events import (
    ControlPlaced,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.explore import play
from guerra.rules.flowchart import Accepted, Refused, Timeout
from guerra.rules.forces import SIDES, Force, Neutral, other
from guerra.rules.game.events import GameWon
from guerra.rules.game.robot import play_game
from guerra.rules.game.scenario_file import shipped
from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano.data import PianoData
from guerra.rules.piano.model import Ally, Situation
from guerra.rules.piano.state import PianoState
from tests.rules.piano.helpers import AT, ES, FR, PR, REGION, situation

FEW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLURAL = {"army": "armies", "fleet": "fleets", "fort": "forts"}


class CyclingDice:
    """The faces Hypothesis drew, round and round: any number of dice, still shrinkable."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.used = 0

    def roll(self, sides: int = 6) -> int:
        assert sides == 6
        face = self.faces[self.used % len(self.faces)]
        self.used += 1
        return face


ratings = st.tuples(*[st.integers(1, 6)] * 4)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    data = PianoData(draw(ratings), draw(ratings), draw(ratings), draw(st.integers(1, 4)),
                     draw(st.integers(1, 4)), draw(st.integers(1, 5)))
    attacker = Force(FR, gold=draw(st.integers(2, 5)), armies=draw(st.integers(0, 4)),
                     fleets=draw(st.integers(0, 3)),
                     markers_in_supply=draw(st.sampled_from([None, 0, 2])))
    if draw(st.booleans()):
        neutral = Neutral(draw(st.integers(0, 7)), draw(st.sampled_from([None, "gold", "vp"])))
        return Situation(REGION, attacker, neutral=neutral, data=data)
    defender = Force(AT, armies=draw(st.integers(0, 3)), fleets=draw(st.integers(0, 2)),
                     forts=draw(st.integers(0, 2)), control_markers=draw(st.integers(0, 1)))
    allies = [Ally(p, draw(st.integers(0, 2)), draw(st.integers(0, 2))) for p in (ES, PR)]
    return Situation(REGION, attacker, defender,
                     attacker_allies=tuple(a for a in allies[:1] if a.armies + a.fleets),
                     defender_allies=tuple(a for a in allies[1:] if a.armies + a.fleets),
                     data=data)


def play_random(s: Situation, faces: list[int], seed: int, timeouts: bool
                ) -> tuple[PianoState, list[Event]] | None:
    dice = CyclingDice(faces)
    declared = P.declare(s, dice)
    if isinstance(declared, Refused):
        return None
    state, events = declared.state, list(declared.events)
    rng = random.Random(seed)
    player = P.random_policy(rng)
    while not state.finished:
        power = state.awaiting[0]
        answer = Timeout(state.step) if timeouts and rng.random() < 0.3 else player(state, power)
        advanced = P.advance(state, answer, dice)
        assert isinstance(advanced, Accepted), (answer, advanced)
        state = advanced.state
        events += advanced.events
    return state, events


def starting(s: Situation) -> dict[str, Counter[str]]:
    units = {FR: Counter(armies=s.attacker.armies, fleets=s.attacker.fleets)}
    if s.defender is not None:
        units[AT] = Counter(armies=s.defender.armies, fleets=s.defender.fleets,
                            forts=s.defender.forts)
    for ally in s.attacker_allies + s.defender_allies:
        units[ally.power] = Counter(armies=ally.armies, fleets=ally.fleets)
    return units


@FEW
@given(situations(), st.lists(st.integers(1, 6), min_size=1, max_size=20),
       st.integers(0, 10_000), st.booleans())
def test_invariants_of_every_attack(s: Situation, faces: list[int], seed: int,
                                    timeouts: bool) -> None:
    played = play_random(s, faces, seed, timeouts)
    if played is None:
        return
    state, events = played
    units = starting(s)
    lost: Counter[str] = Counter()
    unrest: Counter[str] = Counter()
    for e in events:
        if isinstance(e, UnitLost):
            units[e.power][PLURAL[e.kind]] -= e.count
            assert units[e.power][PLURAL[e.kind]] >= 0, e  # never below zero
            lost[e.power] += e.count
        elif isinstance(e, UnrestGained):
            unrest[e.power] += e.amount
    assert unrest == lost  # 1 unrest per unit lost
    # K2: a side loses no more integrity than the damage it took.
    for side in SIDES:
        spent = sum(loss.count * (max(1, s.neutral.defense) if loss.kind == "neutral"
                                  and s.neutral is not None else
                                  s.data.integrity(loss.kind))
                    for loss in state.losses if loss.power in
                    {m.power for m in state.members(side)})
        assert spent <= state.side(side).taken
    # K10: damage applied at once; the outcome is K10's.
    assert state.attacker.taken == state.defender.dealt + state.attacker.failed
    assert state.defender.taken == state.attacker.dealt + state.defender.failed
    defender_lost = any(loss.power in {m.power for m in state.defenders}
                        for loss in state.losses)
    wins = state.attacker.dealt > state.attacker.taken and (
        defender_lost or not state.units("defender"))
    assert state.outcome == ("attacker_wins" if wins else "defender_wins")
    # K5: at most 8 dice a side; K4: no deadly engagement by the side with fewer units.
    for side in SIDES:
        other_side = other(side)
        assert len(state.side(side).dice) == min(8, state.units(side))
        if state.units(side) < state.units(other_side):
            assert all(st_.action != "deadly" for st_ in state.side(side).plan or ())
    # Gold and VP: the 2 gold of D3, and N3's reward when the neutral marker goes.
    gold = sum(e.delta for e in events if isinstance(e, GoldChanged))
    vp = sum(e.delta for e in events if isinstance(e, VpChanged))
    removed = any(isinstance(e, NeutralRemoved) for e in events)
    reward = s.neutral.reward_amount if s.neutral is not None and removed else 0
    assert removed == (s.neutral is not None and wins)
    assert gold == -2 + (reward if s.neutral is not None and s.neutral.reward == "gold" else 0)
    assert vp == (reward if s.neutral is not None and s.neutral.reward == "vp" else 0)
    if s.attacker.markers_in_supply == 0:
        assert not any(isinstance(e, ControlPlaced) for e in events)
    assert P.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_a_seeded_random_player_plays_many_attacks_legally() -> None:
    s = situation(3, 1, d_armies=2, d_forts=1, attacker_allies=(Ally(ES, 1, 1),),
                  defender_allies=(Ally(PR, 2, 0),))
    outcomes: Counter[str] = Counter()
    for seed in range(200):
        played = play(P, s, P.random_policy(random.Random(seed)), RandomDice(random.Random(seed)))
        outcomes[played.state.outcome or ""] += 1
    assert set(outcomes) == {"attacker_wins", "defender_wins"}


def test_the_same_seed_gives_the_same_random_player() -> None:
    s = situation(2, 1)
    first = play(P, s, P.random_policy(random.Random(7)), RandomDice(random.Random(1)))
    again = play(P, s, P.random_policy(random.Random(7)), RandomDice(random.Random(1)))
    assert first.events == again.events


@pytest.mark.parametrize("seed", [0, 1])
def test_a_seeded_robot_game_with_piano_attacks_reaches_the_final_standings(seed: int) -> None:
    scenario = dataclasses.replace(shipped("europa_1700_partenza_rapida"), procedure="piano")
    powers = tuple(p.name for p in scenario.powers)
    played = play_game(scenario, powers, RandomDice(seed), seed=seed)
    assert played.state.finished
    assert len([e for e in played.events if isinstance(e, GameWon)]) == 1
    kinds = Counter(e.type for e in played.events)
    assert kinds["plans_revealed"] > 0 and kinds["steps_taken"] > 0


def test_every_event_of_random_attacks_reads_in_italian() -> None:
    s = situation(3, 1, d_armies=2, d_forts=1, attacker_allies=(Ally(ES, 1, 1),),
                  defender_allies=(Ally(PR, 2, 0),))
    neutral = situation(2, neutral=Neutral(3, "gold"))
    seen: set[str] = set()
    for seed in range(40):
        for case in (s, neutral):
            played = play(P, case, P.random_policy(random.Random(seed)),
                          RandomDice(random.Random(seed)))
            for event in played.events:
                text = event.describe().render("it")
                assert text and "{" not in text, (event, text)
                seen.add(event.type)
    assert {"plan_made", "plans_revealed", "dice_rolled", "dice_rerolled", "dice_assigned",
            "steps_taken", "damage_done", "loss_order_chosen"} <= seen
