"""Benchmark of the whole game in guerra.rules: prints figures to compare before and after.

    .venv/bin/python bench/game_bench.py [--games N] [--war-ends N]

- whole games per second on one core: the shipped "Europa 1700", seven powers, setup to
  winner, every decision (placements, auction calls, actions, every attack's boxes) taken by
  the seeded random player, attacks resolved with random dice;
- of that time, the machine's own (`advance`) per input, apart from the random player's
  choosing (which lists every legal option at every turn, and costs most);
- the time of one `war-end` (income, maintenance, scoring and the end-of-game ranking of seven
  powers over eleven regions), as the command computes it without its JSON parsing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.commands import war_end
from guerra.rules.game.machine import advance, start_game
from guerra.rules.game.robot import Robot
from guerra.rules.game.scenario_file import shipped

POWERS = ("Gran Bretagna", "Francia", "Spagna", "Austria", "Prussia", "Russia",
          "Province Unite")


def whole_games(count: int) -> tuple[float, float, int, int]:
    """Games per second, seconds inside `advance`, inputs and attacks in all."""
    scenario = shipped()
    inputs = attacks = 0
    in_machine = 0.0
    start = time.perf_counter()
    for seed in range(count):
        dice, robot = RandomDice(seed), Robot(seed)
        started = start_game(scenario, POWERS, dice)
        assert isinstance(started, Accepted)
        state = started.state
        while not state.finished:
            choice = robot.choose(state)
            before = time.perf_counter()
            outcome = advance(state, choice, dice)
            in_machine += time.perf_counter() - before
            inputs += 1
            state = outcome.state if isinstance(outcome, Accepted) else state
        attacks += state.attacks
    elapsed = time.perf_counter() - start
    return count / elapsed, in_machine, inputs, attacks


def snapshot() -> dict[str, object]:
    scenario = shipped()
    regions = [{"name": r.name, "europe": r.europe, "vp": list(r.vp)} for r in scenario.regions]
    powers = []
    for i, power in enumerate(POWERS):
        markers = {r.name: (i + j) % 4 for j, r in enumerate(scenario.regions)}
        powers.append({"power": power, "gold": i, "population": 5 + i, "unrest": 3 * i,
                       "vp": 10 * i, "armies": 6, "fleets": 3, "forts": 1, "tile_income": 3,
                       "markers": markers})
    return {"last_war": True, "regions": regions, "powers": powers}


def war_end_time(count: int) -> float:
    """Median seconds of one war-end over `count` runs."""
    case = snapshot()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        war_end(case)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--war-ends", type=int, default=2000)
    args = parser.parse_args()
    games, in_machine, inputs, attacks = whole_games(args.games)
    print(f"whole 7-power games (setup to winner): {games:.2f} per second "
          f"({1000 / games:.0f} ms each; {inputs / args.games:.0f} inputs and "
          f"{attacks / args.games:.0f} attacks per game)")
    print(f"the machine alone (advance): {in_machine / inputs * 1e6:.0f} µs per input, "
          f"{in_machine / args.games * 1000:.0f} ms per game")
    one = war_end_time(args.war_ends)
    print(f"one war-end (7 powers, 11 regions, last war): {one * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
