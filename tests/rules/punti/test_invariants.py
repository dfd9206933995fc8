"""Hypothesis: invariants of every "punti" attack over random situations, candidates, dice and
players (`PUNTI_PROCEDURE.random_policy`, with deadlines passing now and then); a seeded
random player's moves are always accepted; robot games of this system reach their end."""

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
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnitLostElsewhere,
    UnitsMoved,
    UnrestGained,
    VpChanged,
)
from guerra.rules.explore import play
from guerra.rules.flowchart import Accepted, Refused, Timeout
from guerra.rules.forces import Force, Neutral, Region
from guerra.rules.game.events import GameWon
from guerra.rules.game.robot import play_game
from guerra.rules.game.scenario_file import shipped
from guerra.rules.punti import PUNTI_PROCEDURE as P
from guerra.rules.punti.events import NeutralUnitsLost
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.state import PuntiState
from tests.rules.punti.helpers import AT, ES, FR, PR, RU, SV, A, D

FEW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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


count = st.integers(0, 3)
PLACES = ("Stati Tedeschi", "Austria", None)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    region = Region("Stati Tedeschi", draw(st.booleans()))
    a = Force(FR, gold=draw(st.integers(2, 5)), armies=draw(st.integers(0, 3)),
              fleets=draw(count), markers_in_supply=draw(st.sampled_from([None, 0, 2])))
    if draw(st.booleans()):
        neutral = Neutral(draw(st.integers(0, 4)), draw(st.sampled_from([None, "gold", "vp"])))
        return Situation(region, a, neutral=neutral, links=("Austria",))
    d = Force(RU, armies=draw(count), fleets=draw(count), forts=draw(st.integers(0, 2)),
              control_markers=draw(st.integers(0, 1)))
    candidates = []
    for power, side in ((ES, A), (SV, D), (FR, A), (RU, D), (PR, D), (AT, A)):
        for place in PLACES:
            if draw(st.integers(0, 3)) == 0 and not (place == region.name and power in (FR, RU)):
                armies = draw(st.integers(0, 2))
                fleets = draw(st.integers(0, 2)) if place == region.name else 0
                if armies + fleets:
                    candidates.append(Candidate(power, side, place, armies, fleets))
    return Situation(region, a, d, links=draw(st.sampled_from([(), ("Austria", "Boemia")])),
                     home_linked=draw(st.booleans()), candidates=tuple(candidates),
                     turn_order=(FR, ES, RU, SV, PR, AT))


def play_random(s: Situation, faces: list[int], seed: int, timeouts: bool
                ) -> tuple[PuntiState, list[Event]] | None:
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


@FEW
@given(situations(), st.lists(st.integers(1, 6), min_size=1, max_size=12),
       st.integers(0, 10_000), st.booleans())
def test_invariants_of_every_attack(s: Situation, faces: list[int], seed: int,
                                    timeouts: bool) -> None:
    played = play_random(s, faces, seed, timeouts)
    if played is None:
        return
    state, events = played
    # Units never below zero health, never more destroyed than were there.
    assert all(0 <= u.left <= u.health for u in state.units)
    destroyed = [u for u in state.units if u.status == "destroyed" and u.power is not None]
    # Unrest = units lost (not retreated, not a neutral's).
    lost = sum(e.count for e in events if isinstance(e, UnitLost | UnitLostElsewhere))
    assert lost == len(destroyed)
    unrest: Counter[str] = Counter()
    for e in events:
        if isinstance(e, UnrestGained):
            unrest[e.power] += e.amount
    per_power = Counter(u.power for u in destroyed)
    assert unrest == per_power
    moved = sum(e.count for e in events if isinstance(e, UnitsMoved))
    assert moved == sum(1 for u in state.units if u.status == "retreated")
    neutral_lost = sum(e.count for e in events if isinstance(e, NeutralUnitsLost))
    assert neutral_lost == sum(1 for u in state.units if u.power is None
                               and u.status == "destroyed")
    # Gold and VP: the 2 gold of D3, and N3's reward when the neutral marker goes.
    gold = sum(e.delta for e in events if isinstance(e, GoldChanged))
    vp = sum(e.delta for e in events if isinstance(e, VpChanged))
    reward = s.neutral.reward_amount if s.neutral is not None and any(
        isinstance(e, NeutralRemoved) for e in events) else 0
    assert gold == -2 + (reward if s.neutral is not None and s.neutral.reward == "gold" else 0)
    assert vp == (reward if s.neutral is not None and s.neutral.reward == "vp" else 0)
    # Reinforcements never take counter-attack damage; the outcome is E11's.
    assert state.outcome == ("attacker_wins" if not state.defender_holds()
                             and state.attacker_holds() else "defender_wins")
    assert P.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_a_seeded_random_player_only_makes_legal_moves() -> None:
    s = Situation(Region("Stati Tedeschi", False), Force(FR, gold=5, armies=3, fleets=1),
                  Force(RU, armies=2, fleets=1, forts=1, control_markers=1),
                  links=("Austria", "Boemia"), home_linked=True,
                  candidates=(Candidate(ES, A, "Stati Tedeschi", 2, 1),
                              Candidate(FR, A, "Austria", 2, 0), Candidate(SV, D, None, 2, 0),
                              Candidate(PR, D, "Stati Tedeschi", 1, 1)),
                  turn_order=(FR, ES, RU, SV, PR))
    outcomes: Counter[str] = Counter()
    for seed in range(150):
        played = play(P, s, P.random_policy(random.Random(seed)), RandomDice(random.Random(seed)))
        outcomes[played.state.outcome or ""] += 1
    assert set(outcomes) == {"attacker_wins", "defender_wins"}


def test_the_same_seed_gives_the_same_random_player() -> None:
    s = Situation(Region("X", False), Force(FR, gold=5, armies=2), Force(RU, armies=2),
                  candidates=(Candidate(ES, A, "X", 1, 0),))
    first = play(P, s, P.random_policy(random.Random(7)), RandomDice(random.Random(1)))
    again = play(P, s, P.random_policy(random.Random(7)), RandomDice(random.Random(1)))
    assert first.events == again.events


@pytest.mark.parametrize("seed", [0, 1])
def test_a_seeded_robot_game_with_punti_attacks_reaches_the_final_standings(seed: int) -> None:
    scenario = dataclasses.replace(shipped("europa_1700_partenza_rapida"), procedure="punti")
    powers = tuple(p.name for p in scenario.powers)
    played = play_game(scenario, powers, RandomDice(seed), seed=seed)
    assert played.state.finished
    assert len([e for e in played.events if isinstance(e, GameWon)]) == 1
    kinds = Counter(e.type for e in played.events)
    assert kinds["attack_rolled"] > 0 and kinds["damage_placed"] > 0
