"""E6-E11: the direct simulator of a "punti" battle (guerra.rules.punti.simulate) agrees with
the engine die for die: over a seeded loop of random situations (profiles, unit counts,
reinforcements named and joined or refused, a neutral, links and home), each stopped at a
random box of the battle (fresh, asked, or with its answer recorded), the same scripted dice
fed to both give the same outcome, every unit's health left and fate, and the same dice used.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from guerra.rules.dice import RandomDice, ScriptedDice
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Accepted, Refused, RefusedError
from guerra.rules.forces import Force, Neutral, Region
from guerra.rules.punti import graph as g
from guerra.rules.punti import simulate
from guerra.rules.punti.declaration import initial_state
from guerra.rules.punti.inputs import CounterAttack
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.profiles import Profile, Profiles
from guerra.rules.punti.state import PuntiState
from tests.rules.punti.helpers import AT, ES, FR, PR, RU, SV, A, D, P

CASES = 2_500
BOXES = (g.ATTACK_ROLL, g.DAMAGE, g.RETREAT, g.COUNTER_ATTACK, g.COUNTER_ROLL,
         g.COUNTER_DAMAGE, g.RESULT, g.ENDED)
PLACES = ("Stati Tedeschi", "Austria", None)


def random_profiles(rng: random.Random) -> Profiles:
    def one() -> Profile:
        return Profile(attack=rng.randint(0, 4), defence=rng.randint(0, 8),
                       health=rng.randint(1, 4), speed=rng.randint(0, 7), range=1)
    return Profiles(one(), one(), one())


def random_situation(rng: random.Random) -> Situation:
    region = Region("Stati Tedeschi", rng.random() < 0.5)
    profiles = random_profiles(rng)
    a = Force(FR, gold=5, armies=rng.randint(0, 4), fleets=rng.randint(0, 2))
    if rng.random() < 0.25:
        neutral = Neutral(rng.randint(0, 4), rng.choice([None, "gold", "vp"]))
        return Situation(region, a, neutral=neutral, profiles=profiles,
                         links=rng.choice([(), ("Austria",)]))
    d = Force(RU, armies=rng.randint(0, 3), fleets=rng.randint(0, 2), forts=rng.randint(0, 2),
              control_markers=rng.randint(0, 1))
    candidates = []
    for power, side in ((ES, A), (SV, D), (FR, A), (RU, D), (PR, D), (AT, A)):
        for place in PLACES:
            if rng.random() < 0.3 and not (place == region.name and power in (FR, RU)):
                armies = rng.randint(0, 2)
                fleets = rng.randint(0, 2) if place == region.name else 0
                if armies + fleets:
                    candidates.append(Candidate(power, side, place, armies, fleets))
    return Situation(region, a, d, profiles=profiles,
                     links=rng.choice([(), ("Austria",), ("Austria", "Boemia")]),
                     home_linked=rng.random() < 0.5, candidates=tuple(candidates),
                     turn_order=(FR, ES, RU, SV, PR, AT))


def stopped(rng: random.Random, state: PuntiState, box: str) -> PuntiState:
    """`state` played by a random player with random dice until its cursor is at `box` (or
    the end), left there fresh, asked, or with a random answer recorded."""
    answer = P.random_policy(rng)
    dice = RandomDice(rng)
    while not state.cursor.finished:
        if state.cursor.node == box:
            how = rng.random()
            if how < 0.3 or P.node(box).kind is not g.D:
                return state
            stepped = P.step_once(state, dice)
            if stepped is not None:
                state = stepped[0]
                if state.cursor.node != box or how < 0.6:
                    return state
            if state.cursor.awaiting:
                submitted = P.submit(state, answer(state, state.cursor.awaiting[0]))
                assert isinstance(submitted, Accepted), submitted
                return submitted.state
            return state
        stepped = P.step_once(state, dice)
        if stepped is not None:
            state = stepped[0]
            continue
        submitted = P.submit(state, answer(state, state.cursor.awaiting[0]))
        assert isinstance(submitted, Accepted), submitted
        state = submitted.state
    return state


def defaults(counter: bool) -> Policy[PuntiState]:
    """What the odds assume after the roll: every default, the counter-attack as `counter`."""
    def answer(state: PuntiState, power: str) -> object:
        if state.cursor.node == g.COUNTER_ATTACK:
            return CounterAttack(power, state.step, counter)
        return P.default_input(state, power)
    return answer


def engine_plays(state: PuntiState, policy: Policy[PuntiState], dice: ScriptedDice
                 ) -> PuntiState:
    while not state.cursor.finished:
        stepped = P.step_once(state, dice)
        if stepped is not None:
            state = stepped[0]
            continue
        submitted = P.submit(state, policy(state, state.cursor.awaiting[0]))
        if isinstance(submitted, Refused):
            raise RefusedError(submitted.reason)
        state = submitted.state
    return state


def case(number: int) -> tuple[PuntiState, bool, list[int]] | None:
    """The `number`-th random case: a state at some box of the battle, the counter-attack
    choice the odds assume, and the dice to come; None when the declaration is refused."""
    rng = random.Random(number)
    state = initial_state(random_situation(rng))
    if not isinstance(state, PuntiState):
        return None
    opened = P.open(state)[0]
    state = stopped(rng, opened, rng.choice((g.ATTACK_ROLL, *BOXES)))  # the roll: the odds' start
    return state, rng.random() < 0.75, [rng.randint(1, 6) for _ in range(120)]


def answered(state: PuntiState) -> bool:
    """Whether the state's box has its answer recorded (a spread, a place, a choice)."""
    node = state.cursor.node
    if node in (g.DAMAGE, g.COUNTER_DAMAGE):
        strike = state.attack if node == g.DAMAGE else state.counter
        return strike is not None and strike.damage is not None
    return (node == g.COUNTER_ATTACK and state.counter_chosen is not None) or (
        node == g.RETREAT and state.retreat_chosen)


def test_E6_E11_the_simulator_agrees_with_the_engine_die_for_die() -> None:
    seen: Counter[str] = Counter()
    for number in range(CASES):
        found = case(number)
        if found is None:
            seen["refused"] += 1
            continue
        state, counter, faces = found
        engine_dice, simulator_dice = ScriptedDice(faces), ScriptedDice(faces)
        end = engine_plays(state, defaults(counter), engine_dice)
        outcome, left, status = simulate.play(
            simulate.Battle(state, counter_attacks=counter), simulate.dice_roll(simulator_dice))
        where = f"case {number} from {state.cursor.node}"
        assert outcome == end.cursor.outcome, where
        assert [(u.id, u.left, u.status) for u in end.units] == [
            (u.id, n, simulate.STATUSES[s]) for u, n, s in zip(state.units, left, status,
                                                            strict=True)], where
        assert simulator_dice.used == engine_dice.used, where
        node = "ended" if state.cursor.finished else state.cursor.node
        seen[node] += 1
        seen["answered" if answered(state) else "fresh"] += 1
        seen["no counter-attack" if not counter else "counter-attack"] += 1
        seen["neutral" if state.situation.neutral else "defender"] += 1
        seen["reinforced" if any(u.group for u in state.units) else "alone"] += 1
        seen[outcome] += 1
        seen[f"{sum(s == simulate.RETREATED for s in status) > 0}-retreated"] += 1
    # Every box, both outcomes, retreats, answers recorded: the loop reaches them all.
    for key in (*BOXES, "answered", "no counter-attack", "neutral", "reinforced", "attacker_wins",
                "defender_wins", "True-retreated"):
        assert seen[key] >= 20, (key, seen)


def test_E6_E11_the_estimate_replays_each_sample_as_play_does() -> None:
    """`estimate` plays each sequence of hits once: the same counts as a battle per sample."""
    for number in (1, 2, 3, 5, 8, 13):
        found = case(number)
        assert found is not None
        state = found[0]
        battle, roll = simulate.Battle(state), simulate.seeded_roll()
        wins = sum(simulate.play(battle, roll)[0] == "attacker_wins" for _ in range(500))
        assert simulate.estimate(state, 500).share("attacker_wins") * 500 == wins


def test_E6_the_simulator_starts_at_the_attack_roll() -> None:
    state = initial_state(random_situation(random.Random(4)))
    assert isinstance(state, PuntiState)
    opened = P.open(state)[0]
    with pytest.raises(ValueError, match="attack roll or later"):
        simulate.Battle(opened)



def test_E6_E10_the_seeded_dice_follow_the_dice_law() -> None:
    """A roll's hits drawn at once: the binomial law of dice hitting at `low` or more."""
    assert simulate._cumulative(2, 4) == [0.25, 0.75, 1.0]  # each die hits one time in two
    assert simulate._cumulative(3, 1) == [0.0, 0.0, 0.0, 1.0]  # every die hits
    assert simulate._cumulative(3, 7) == [1.0, 1.0, 1.0, 1.0]  # none does
    roll = simulate.seeded_roll()
    assert {roll(4, 0) for _ in range(50)} == {4} and {roll(4, 9) for _ in range(50)} == {0}
    assert {roll(0, 3) for _ in range(50)} == {0}
    hits = Counter(roll(1, 5) for _ in range(30_000))  # a die shows 5 or 6: one time in three
    assert set(hits) == {0, 1} and abs(hits[1] / 30_000 - 1 / 3) < 0.01
    first, second = simulate.seeded_roll(), simulate.seeded_roll()  # the seed: the same dice
    assert [first(6, 4) for _ in range(20)] == [second(6, 4) for _ in range(20)]
