"""Benchmark of guerra.rules: prints figures to compare before and after a change.

    .venv/bin/python bench/rules_bench.py [--resolutions N]

- resolutions per second: whole attacks (declaration to end, default choices) with random
  dice, over a mix of attacks: a neutral, a landlocked fight, a naval + land fight with allies
  on both sides, an attacker declining the naval battle;
- one exact odds computation for a large attack (naval battle, allies on both sides);
- the same for "d10" (procedures/d10.md): resolutions per second over a mix (a neutral, 3
  against 3, 6 against 6 with an ally on each side), the exact odds of a large d10 attack (10
  against 10 with three reinforcements: first in a fresh process, then once its exchanges'
  counts are known), and a Monte Carlo estimate of a huge one (20 against 20);
- the same for "punti" (procedures/punti.md): resolutions per second over a mix (a neutral,
  2 against 2, 4 against 3 with reinforcements on both sides), and the Monte Carlo odds a page
  shows for the large one: `punti.odds.SAMPLES` battles of its simulator (`punti_odds`, the
  median of a few runs), beside the engine playing every battle as the odds did before
  (`engine_odds`, `PUNTI_ENGINE_SAMPLES` battles, the former sample size);
- the same for "finestre" (procedures/finestre.md): resolutions per second over a mix (a
  neutral, 2 against 1 with a fort, 4 powers with allies on both sides), every power holding
  cards and a seeded random player playing them; and the exact odds ("con le carte giocate
  finora") of the 4-power attack at its opening, every later call a pass;
- the same for "piano" (procedures/piano.md): resolutions per second over a mix (a neutral,
  2 against 2, 4+2 against 3 and a fort with an ally), a seeded random player planning,
  rerolling and assigning; the exact odds of the large one with both plans revealed (first
  with the search's memory empty, then the median), and of the heaviest roll there is (8 dice
  a side, six-step plans whose deadly engagements keep every face apart);
- verifiable HMAC dice rolled per second (six- and ten-sided).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guerra.rules import odds as odds_module
from guerra.rules.d10 import D10_PROCEDURE, exchange
from guerra.rules.d10.declaration import initial_state as d10_initial_state
from guerra.rules.d10.model import Reinforcement
from guerra.rules.d10.model import Situation as D10Situation
from guerra.rules.d10.procedure import policy as d10_policy
from guerra.rules.d10.state import D10State
from guerra.rules.dice import HmacDice, RandomDice
from guerra.rules.explore import play
from guerra.rules.finestre import FINESTRE_PROCEDURE
from guerra.rules.finestre.declaration import initial_state as finestre_initial_state
from guerra.rules.finestre.model import Ally
from guerra.rules.finestre.model import Situation as FinestreSituation
from guerra.rules.finestre.state import FinestreState
from guerra.rules.flowchart import Refused
from guerra.rules.forces import ATTACKER, DEFENDER
from guerra.rules.piano import PIANO_PROCEDURE, battle
from guerra.rules.piano.data import PianoData
from guerra.rules.piano.inputs import Plan, PlanStep
from guerra.rules.piano.model import Ally as PianoAlly
from guerra.rules.piano.model import Situation as PianoSituation
from guerra.rules.piano.odds import odds_policy as piano_odds_policy
from guerra.rules.piano.state import PianoState
from guerra.rules.punti import PUNTI_PROCEDURE
from guerra.rules.punti.declaration import initial_state as punti_initial_state
from guerra.rules.punti.model import Candidate
from guerra.rules.punti.model import Situation as PuntiSituation
from guerra.rules.punti.odds import engine_odds, punti_odds
from guerra.rules.punti.procedure import policy as punti_policy
from guerra.rules.punti.state import PuntiState
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices, policy
from guerra.rules.seed004.model import (
    AllyForce,
    Force,
    Neutral,
    Region,
    Situation,
)
from guerra.rules.seed004.odds import odds

SEA = Region("Baltico", has_sea=True)
LAND = Region("Stati Tedeschi", has_sea=False)

LARGE = Situation(
    SEA,
    Force("Francia", gold=5, armies=3, fleets=2, army_training=1, alliance_tiles=2),
    Force("Russia", armies=2, fleets=2, forts=1, navy_training=2, alliance_tiles=1,
          control_markers=2),
    attacker_allies=(AllyForce("Spagna", 2, 2), AllyForce("Austria", 1, 1)),
    defender_allies=(AllyForce("Prussia", 2, 1), AllyForce("Gran Bretagna", 0, 2)),
)

MIX: list[tuple[Situation, Choices]] = [
    (Situation(LAND, Force("Prussia", gold=3, armies=2, army_training=1),
               neutral=Neutral(3, "gold")), Choices()),
    (Situation(LAND, Force("Austria", gold=4, armies=3),
               Force("Prussia", armies=2, forts=1, control_markers=1)), Choices()),
    (LARGE, Choices(attacker_naval_tiles=1)),
    (LARGE, Choices(attacker_fights_naval=False)),
]


def resolutions_per_second(count: int) -> float:
    dice = RandomDice(2024)
    policies = [(situation, policy(choices)) for situation, choices in MIX]
    start = time.perf_counter()
    for i in range(count):
        situation, answer = policies[i % len(policies)]
        play(SEED004, situation, answer, dice)
    return count / (time.perf_counter() - start)


def odds_seconds(repeats: int = 5) -> tuple[float, float]:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = odds(LARGE, choices=Choices(attacker_naval_tiles=1))
        timings.append(time.perf_counter() - start)
    assert result.total == 1
    return min(timings), statistics.median(timings)


def hmac_rolls_per_second(count: int = 100_000, sides: int = 6) -> float:
    dice = HmacDice(b"benchmark-seed")
    start = time.perf_counter()
    for _ in range(count):
        dice.roll(sides)
    return count / (time.perf_counter() - start)


def _d10(attackers: int, defenders: int, *allies: tuple[str, str, int]) -> D10Situation:
    return D10Situation(
        LAND, Force("Austria", gold=5, armies=attackers),
        Force("Prussia", armies=defenders, control_markers=1),
        reinforcements=tuple(Reinforcement(power, ATTACKER if side == ATTACKER else DEFENDER,
                                           armies) for power, side, armies in allies))


D10_MIX = [
    D10Situation(LAND, Force("Prussia", gold=3, armies=2, fleets=1), neutral=Neutral(3, "gold")),
    _d10(3, 3),
    _d10(6, 6, ("Francia", "attacker", 3), ("Russia", "defender", 2)),
]
D10_LARGE = _d10(10, 10, ("Francia", "attacker", 6), ("Russia", "defender", 5),
                 ("Spagna", "attacker", 6))
D10_HUGE = _d10(20, 20, ("Francia", "attacker", 10), ("Russia", "defender", 10),
                ("Spagna", "attacker", 10))


def d10_resolutions_per_second(count: int) -> float:
    dice = RandomDice(2024)
    answer = d10_policy()
    start = time.perf_counter()
    for i in range(count):
        play(D10_PROCEDURE, D10_MIX[i % len(D10_MIX)], answer, dice)
    return count / (time.perf_counter() - start)


def _opened(situation: D10Situation) -> D10State:
    state = d10_initial_state(situation)
    assert isinstance(state, D10State)
    opened, _events = D10_PROCEDURE.open(state)
    return opened


def d10_odds_seconds(repeats: int = 5) -> tuple[float, float, bool]:
    """(cold, warm median, exact): cold clears the exchanges' counts first."""
    opened = _opened(D10_LARGE)
    exchange.win_counts.cache_clear()
    exchange.classes.cache_clear()
    start = time.perf_counter()
    found = odds_module.estimate(D10_PROCEDURE, opened, d10_policy())
    cold = time.perf_counter() - start
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        odds_module.estimate(D10_PROCEDURE, opened, d10_policy())
        timings.append(time.perf_counter() - start)
    return cold, statistics.median(timings), found.exact


def d10_monte_carlo_seconds() -> tuple[float, int]:
    opened = _opened(D10_HUGE)
    start = time.perf_counter()
    found = odds_module.monte_carlo(D10_PROCEDURE, opened, d10_policy(),
                                    odds_module.MONTE_CARLO_SAMPLES)
    assert found.samples is not None
    return time.perf_counter() - start, found.samples


PUNTI_LARGE = PuntiSituation(
    LAND, Force("Austria", gold=5, armies=4, fleets=1),
    Force("Prussia", armies=3, forts=1, control_markers=1), links=("Boemia", "Polonia"),
    home_linked=True,
    candidates=(Candidate("Francia", ATTACKER, LAND.name, 2, 1),
                Candidate("Austria", ATTACKER, "Boemia", 2, 0),
                Candidate("Russia", DEFENDER, "Polonia", 2, 0)),
    turn_order=("Austria", "Prussia", "Francia", "Russia"))
PUNTI_MIX = [
    PuntiSituation(LAND, Force("Prussia", gold=3, armies=2, fleets=1), neutral=Neutral(3, "gold")),
    PuntiSituation(LAND, Force("Austria", gold=5, armies=2),
                   Force("Prussia", armies=2, control_markers=1), links=("Boemia",)),
    PUNTI_LARGE,
]


def punti_resolutions_per_second(count: int) -> float:
    dice = RandomDice(2024)
    answer = punti_policy()
    start = time.perf_counter()
    for i in range(count):
        play(PUNTI_PROCEDURE, PUNTI_MIX[i % len(PUNTI_MIX)], answer, dice)
    return count / (time.perf_counter() - start)


PUNTI_ENGINE_SAMPLES = 2_000  # the odds' sample size before the simulator


def punti_odds_seconds() -> tuple[float, int, float, int]:
    """The simulator's estimate (median of three) and the engine's, each with its battles."""
    state = punti_initial_state(PUNTI_LARGE)
    assert isinstance(state, PuntiState)
    opened, _events = PUNTI_PROCEDURE.open(state)
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        found = punti_odds(opened, punti_policy())
        timings.append(time.perf_counter() - start)
    start = time.perf_counter()
    engine = engine_odds(opened, punti_policy(), samples=PUNTI_ENGINE_SAMPLES)
    engine_seconds = time.perf_counter() - start
    assert found.samples is not None and engine.samples is not None
    return statistics.median(timings), found.samples, engine_seconds, engine.samples


FINESTRE_HAND = ("Contrordine", "Rinforzo", "Artiglieria", "Imboscata", "Salvataggio")
FINESTRE_LARGE = FinestreSituation(
    LAND, Force("Austria", gold=5, armies=3, alliance_tiles=1, army_training=1),
    Force("Prussia", armies=2, forts=1, control_markers=1),
    attacker_allies=(Ally("Francia", 2),), defender_allies=(Ally("Russia", 1),),
    turn_order=("Austria", "Prussia", "Francia", "Russia", "Spagna"),
    hands=tuple((power, FINESTRE_HAND)
                for power in ("Austria", "Prussia", "Francia", "Russia", "Spagna")))
FINESTRE_MIX = [
    FinestreSituation(LAND, Force("Prussia", gold=3, armies=2), neutral=Neutral(3, "gold"),
                      turn_order=("Prussia", "Austria"),
                      hands=(("Prussia", FINESTRE_HAND), ("Austria", FINESTRE_HAND))),
    FinestreSituation(LAND, Force("Austria", gold=5, armies=2),
                      Force("Prussia", armies=1, forts=1, control_markers=1),
                      turn_order=("Austria", "Prussia"),
                      hands=(("Austria", FINESTRE_HAND), ("Prussia", FINESTRE_HAND))),
    FINESTRE_LARGE,
]


def finestre_resolutions_per_second(count: int) -> float:
    dice = RandomDice(2024)
    answer = FINESTRE_PROCEDURE.random_policy(random.Random(2024))
    start = time.perf_counter()
    for i in range(count):
        play(FINESTRE_PROCEDURE, FINESTRE_MIX[i % len(FINESTRE_MIX)], answer, dice)
    return count / (time.perf_counter() - start)


def finestre_odds_seconds(repeats: int = 5) -> tuple[float, bool]:
    """The median time of the exact odds of the large attack at its opening."""
    state = finestre_initial_state(FINESTRE_LARGE)
    assert isinstance(state, FinestreState)
    opened, _events = FINESTRE_PROCEDURE.open(state)
    timings, exact = [], False
    for _ in range(repeats):
        start = time.perf_counter()
        found = odds_module.estimate(FINESTRE_PROCEDURE, opened,
                                     FINESTRE_PROCEDURE.default_input)
        timings.append(time.perf_counter() - start)
        exact = found.exact
    return statistics.median(timings), exact


PIANO_LARGE = PianoSituation(
    LAND, Force("Austria", gold=5, armies=4, fleets=2),
    Force("Prussia", armies=3, forts=1, control_markers=1),
    attacker_allies=(PianoAlly("Francia", 1, 1),), defender_allies=(PianoAlly("Russia", 2),),
    data=PianoData(fort=(5, 1, 3, 4)))
PIANO_MIX = [
    PianoSituation(LAND, Force("Prussia", gold=3, armies=2), neutral=Neutral(3, "gold")),
    PianoSituation(LAND, Force("Austria", gold=5, armies=2),
                   Force("Prussia", armies=2, control_markers=1)),
    PIANO_LARGE,
]


def _piano_steps(*pairs: str) -> tuple[PlanStep, ...]:
    return tuple(PlanStep(*pair.split()) for pair in pairs)


def piano_resolutions_per_second(count: int) -> float:
    dice = RandomDice(2024)
    answer = PIANO_PROCEDURE.random_policy(random.Random(2024))
    start = time.perf_counter()
    for i in range(count):
        play(PIANO_PROCEDURE, PIANO_MIX[i % len(PIANO_MIX)], answer, dice)
    return count / (time.perf_counter() - start)


def _piano_revealed(situation: PianoSituation, attacker: tuple[PlanStep, ...],
                    defender: tuple[PlanStep, ...]) -> PianoState:
    declared = PIANO_PROCEDURE.declare(situation, RandomDice(1))
    assert not isinstance(declared, Refused)
    state = declared.state
    for power, plan in ((situation.attacker.power, attacker),
                        (state.main_power("defender"), defender)):
        assert power is not None
        submitted = PIANO_PROCEDURE.submit(state, Plan(power, state.step, plan))
        assert not isinstance(submitted, Refused)
        state = submitted.state
    return state


def piano_odds_seconds(situation: PianoSituation, attacker: tuple[PlanStep, ...],
                       defender: tuple[PlanStep, ...], repeats: int = 5
                       ) -> tuple[float, float, bool]:
    """The exact odds with both plans revealed: first with the search's memory empty, then
    the median of `repeats`."""
    state = _piano_revealed(situation, attacker, defender)
    battle._searcher.cache_clear()
    timings, exact = [], False
    for _ in range(repeats + 1):
        start = time.perf_counter()
        found = odds_module.estimate(PIANO_PROCEDURE, state, piano_odds_policy())
        timings.append(time.perf_counter() - start)
        exact = found.exact
    return timings[0], statistics.median(timings[1:]), exact


PIANO_PLAN = _piano_steps("approach astuzia", "control forza", "deadly forza",
                          "engagement rapidita")
PIANO_DEFENCE = _piano_steps("approach disciplina", "engagement forza")
PIANO_HEAVY = PianoSituation(LAND, Force("Austria", gold=5, armies=8),
                             Force("Prussia", armies=8, control_markers=1),
                             data=PianoData(army=(6, 2, 3, 5)))
PIANO_HEAVY_PLAN = _piano_steps("approach forza", "control rapidita", "deadly forza",
                                "control forza", "deadly forza", "engagement rapidita")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resolutions", type=int, default=20_000)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    rate = resolutions_per_second(args.resolutions)
    print(f"resolutions per second (random dice, mix of 4 attacks): {rate:,.0f}")
    best, median = odds_seconds()
    print(f"odds of a large attack (naval battle, allies on both sides): "
          f"best {best * 1000:.1f} ms, median {median * 1000:.1f} ms")
    print(f"d10 resolutions per second (random dice, mix of 3 attacks): "
          f"{d10_resolutions_per_second(args.resolutions):,.0f}")
    cold, warm, exact = d10_odds_seconds()
    print(f"d10 odds of a large attack (10 against 10, three reinforcements, "
          f"{'exact' if exact else 'estimated'}): first {cold * 1000:.1f} ms, "
          f"then median {warm * 1000:.1f} ms")
    seconds, samples = d10_monte_carlo_seconds()
    print(f"d10 Monte Carlo estimate of a huge attack (20 against 20, three reinforcements, "
          f"{samples:,} battles): {seconds * 1000:.0f} ms")
    print(f"punti resolutions per second (random dice, mix of 3 attacks): "
          f"{punti_resolutions_per_second(args.resolutions):,.0f}")
    seconds, samples, engine_seconds, engine_samples = punti_odds_seconds()
    print(f"punti Monte Carlo odds of a large attack (5 against 4, three reinforcements): "
          f"simulator {samples:,} battles {seconds * 1000:.0f} ms "
          f"({seconds / samples * 1e6:.1f} µs a battle); before, the engine "
          f"{engine_samples:,} battles {engine_seconds * 1000:.0f} ms "
          f"({engine_seconds / engine_samples * 1e6:.0f} µs a battle)")
    # about 50 calls an attack: a twentieth of the count keeps this part to seconds
    print(f"finestre resolutions per second (random dice and cards, mix of 3 attacks): "
          f"{finestre_resolutions_per_second(max(100, args.resolutions // 20)):,.0f}")
    seconds, exact = finestre_odds_seconds()
    print(f"finestre odds of a large attack (3+2 against 2+1 and a fort, five hands, "
          f"{'exact' if exact else 'estimated'}): median {seconds * 1000:.1f} ms")
    print(f"piano resolutions per second (random dice and players, mix of 3 attacks): "
          f"{piano_resolutions_per_second(max(100, args.resolutions // 10)):,.0f}")
    cold, warm, exact = piano_odds_seconds(PIANO_LARGE, PIANO_PLAN, PIANO_DEFENCE)
    print(f"piano odds of a large attack (4+2 against 3, a fort and an ally, plans revealed, "
          f"{'exact' if exact else 'estimated'}): first {cold * 1000:.1f} ms, "
          f"then median {warm * 1000:.1f} ms")
    cold, warm, exact = piano_odds_seconds(PIANO_HEAVY, PIANO_HEAVY_PLAN, PIANO_HEAVY_PLAN)
    print(f"piano odds of the heaviest roll (8 dice a side, six-step plans, "
          f"{'exact' if exact else 'estimated'}): first {cold * 1000:.1f} ms, "
          f"then median {warm * 1000:.1f} ms")
    print(f"HMAC dice rolled per second: d6 {hmac_rolls_per_second():,.0f}, "
          f"d10 {hmac_rolls_per_second(sides=10):,.0f}")


if __name__ == "__main__":
    main()
