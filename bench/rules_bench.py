"""Benchmark of guerra.rules: prints figures to compare before and after a change.

    .venv/bin/python bench/rules_bench.py [--resolutions N]

- resolutions per second: whole attacks (declaration to end, default choices) with random
  dice, over a mix of attacks: a neutral, a landlocked fight, a naval + land fight with allies
  on both sides, an attacker declining the naval battle;
- one exact odds computation for a large attack (naval battle, allies on both sides);
- verifiable HMAC dice rolled per second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guerra.rules.dice import HmacDice, RandomDice
from guerra.rules.explore import play
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


def hmac_rolls_per_second(count: int = 100_000) -> float:
    dice = HmacDice(b"benchmark-seed")
    start = time.perf_counter()
    for _ in range(count):
        dice.roll()
    return count / (time.perf_counter() - start)


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
    print(f"HMAC dice rolled per second: {hmac_rolls_per_second():,.0f}")


if __name__ == "__main__":
    main()
