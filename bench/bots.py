"""Benchmark of the computer players' strength and speed: prints figures to compare levels.

    .venv/bin/python bench/bots.py [--games N] [--procedure NAME ...] [--level LEVEL]
                                   [--against LEVEL] [--seed S] [--jobs J]
                                   [--rollouts R] [--budget SECONDS]
                                   [--action-horizon TURNS DECISIONS] [--endgame ROUNDS]
                                   [--margin VP] [--caution SE] [--narrow ROUNDS]

For each combat system (default: every one registered), N four-power games of the shipped
"Europa 1700" (Gran Bretagna, Francia, Spagna, Austria), one bot of `--level` (default the
Esperto) in a seat that rotates through the four (game g: seat g mod 4) against three of
`--against` (default the Principiante). Game g rolls `RandomDice(seed + g)` and its bots are
seeded from g: the same command prints the same standings.

Printed per combat system:
- the tested level's first places: alone, and shared (G62: a tie on VP, unrest and gold is
  shared; a shared first place counts as first in "first"), and its mean rank;
- its mean VP and the best other power's, at the end;
- for the tested seat and for the other seats, the mean, p50, p99 and max milliseconds per
  decision (the time `levels.decide` takes: the view and the bot's choice, free actions
  counted one by one), and the decisions answered by the fallback (the bot raised, or the
  machine refused its input); then the tested seat's decisions by kind (placements, auction
  proposals and calls, turn actions, attack decisions), with their mean and p99.
`--jobs` plays games in that many processes (one core each: the times stay one core's).
A Stratega plays `--rollouts` rounds of play-outs at most per decision and, with `--budget`,
stops when another round would overrun that many seconds; without `--budget` (the default)
it always plays `--rollouts` rounds, so that its games are reproducible too. Its searches
are printed: how many, how many sent another choice than the Esperto's, how many failed, and
the rounds of play-outs a search played on average.
`--action-horizon T D` ends a Stratega's play-outs of a turn action after T changes of turn or
D decisions (default: `strategist.HORIZONS`, the rest of its turn and the next power's);
`--endgame R` plays out its decisions in the last R rounds of the game to the game's end
(default `strategist.ENDGAME_ROUNDS`, 0: never). `--margin` and `--caution` are what another
choice than the Esperto's must gain to be sent, in VP and in standard errors (default
`strategist.MARGIN`, `CAUTION`); `--narrow R` weighs on only the Esperto's choice and the best
other after R rounds, with the play-outs the others would have had (default: every choice
every round). `--each` prints a line per game as it ends (in
the games' order), so that a long run cut short still gives the games it played.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guerra.rules.bots.levels import EXPERT, NOVICE, STRATEGIST, Bot, levels, make
from guerra.rules.bots.match import play_match
from guerra.rules.bots.rollout import Horizon
from guerra.rules.bots.strategist import (
    CAUTION,
    ENDGAME_ROUNDS,
    HORIZONS,
    MARGIN,
    ROLLOUTS,
    Stratega,
)
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import procedures
from guerra.rules.game.scenario_file import shipped

POWERS = ("Gran Bretagna", "Francia", "Spagna", "Austria")
TESTED, OTHERS = "tested seat", "other seats"


@dataclasses.dataclass
class Game:
    """One game's figures."""

    rank: int
    shared: bool
    vp: int
    best_other: int
    times: dict[str, list[float]]
    kinds: list[tuple[str, float]]  # the tested level's decisions: (kind, seconds)
    fallbacks: dict[str, int]
    refused: dict[str, int]
    searches: tuple[int, int, int, int] = (0, 0, 0, 0)  # a Stratega's: searches, changed,
    # failed, rounds of play-outs


@dataclasses.dataclass(frozen=True)
class Search:
    """The games' seed (`--seed`), and how a Stratega searches (`--rollouts`, `--budget`,
    `--action-horizon`, `--endgame`, `--margin`, `--caution`, `--narrow`)."""

    seed: int = 0
    rollouts: int = ROLLOUTS
    budget: float | None = None
    horizons: dict[str, Horizon] = dataclasses.field(default_factory=lambda: dict(HORIZONS))
    endgame: int = ENDGAME_ROUNDS
    margin: float = MARGIN
    caution: float = CAUTION
    narrow: int | None = None


def make_bot(level: str, seed: int, search: Search) -> Bot:
    """The bot of `level` seeded `seed`, a Stratega searching as `search` says."""
    if level == STRATEGIST:
        return Stratega(seed, budget=search.budget, rollouts=search.rollouts,
                        horizons=search.horizons, endgame=search.endgame,
                        margin=search.margin, caution=search.caution, narrow=search.narrow)
    return make(level, seed)


def one_game(procedure: str, game: int, level: str, against: str, search: Search) -> Game:
    seed = search.seed
    scenario = dataclasses.replace(shipped(), procedure=procedure)
    seat = POWERS[game % len(POWERS)]
    bots = {power: make_bot(level if power == seat else against, (seed + game) * 10 + i, search)
            for i, power in enumerate(POWERS)}
    result = play_match(scenario, POWERS, bots, RandomDice(seed + game))
    tested = bots[seat]
    searches = (tested.searches, tested.changed, tested.failures, tested.played) \
        if isinstance(tested, Stratega) else (0, 0, 0, 0)
    rank = result.rank(seat)
    rows = {row.power: row for row in result.standings}
    times: dict[str, list[float]] = {TESTED: [], OTHERS: []}
    kinds = list(zip(result.records[seat].kinds, result.records[seat].times, strict=True))
    fallbacks = {TESTED: 0, OTHERS: 0}
    refused = {TESTED: 0, OTHERS: 0}
    for power, record in result.records.items():
        name = TESTED if power == seat else OTHERS
        times[name] = times[name] + record.times
        fallbacks[name] += record.fallbacks
        refused[name] += record.refused
    return Game(rank, rank == 1 and len(result.winners()) > 1, rows[seat].vp,
                max(row.vp for power, row in rows.items() if power != seat), times, kinds,
                fallbacks, refused, searches)


def _ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(procedure: str, games: list[Game], level: str, against: str,
           seconds: float) -> None:
    count = len(games)
    first = sum(g.rank == 1 for g in games)
    shared = sum(g.shared for g in games)
    print(f"{procedure}: {level} first in {first}/{count} games ({100 * first / count:.0f}%; "
          f"{first - shared} alone, {shared} shared), mean rank "
          f"{statistics.mean(g.rank for g in games):.2f}; VP {level} "
          f"{statistics.mean(g.vp for g in games):.1f}, best other "
          f"{statistics.mean(g.best_other for g in games):.1f}; {seconds:.0f} s")
    for name, seats in ((level, TESTED), (against, OTHERS)):
        times = [t for g in games for t in g.times[seats]]
        fallbacks = sum(g.fallbacks[seats] for g in games)
        refused = sum(g.refused[seats] for g in games)
        print(f"  {name} ({seats}): {len(times)} decisions, ms per decision mean "
              f"{1000 * statistics.mean(times):.1f}, p50 {_ms(times, 0.5):.1f}, p99 "
              f"{_ms(times, 0.99):.1f}, max {_ms(times, 1.0):.1f}; fallbacks {fallbacks} "
              f"(refused {refused})")
    by_kind: dict[str, list[float]] = {}
    for g in games:
        for kind, spent in g.kinds:
            by_kind.setdefault(kind, []).append(spent)
    print(f"  {level} ({TESTED}) by kind of decision: " + "; ".join(
        f"{kind} {len(t)}, mean {1000 * statistics.mean(t):.1f}, p99 {_ms(t, 0.99):.1f}"
        for kind, t in sorted(by_kind.items())))
    searched, changed, failed, played = (sum(g.searches[i] for g in games) for i in range(4))
    if searched:
        print(f"  {level} searches: {searched}, another choice than the Esperto's in "
              f"{changed}, failed {failed}; {played / searched:.1f} rounds of play-outs a "
              f"search")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--procedure", nargs="*", default=None,
                        help="combat systems (default: every one registered)")
    parser.add_argument("--level", default=EXPERT, choices=levels())
    parser.add_argument("--against", default=NOVICE, choices=levels())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS,
                        help="a Stratega's rounds of play-outs per decision, at most")
    parser.add_argument("--budget", type=float, default=None,
                        help="a Stratega's seconds per decision (default: none, --rollouts "
                             "rounds always)")
    parser.add_argument("--action-horizon", type=int, nargs=2, metavar=("TURNS", "DECISIONS"),
                        help="where a Stratega's play-outs of a turn action end")
    parser.add_argument("--endgame", type=int, default=ENDGAME_ROUNDS, metavar="ROUNDS",
                        help="the game's last rounds a Stratega plays out to the end")
    parser.add_argument("--margin", type=float, default=MARGIN, metavar="VP",
                        help="the mean gain another choice must show to be sent")
    parser.add_argument("--caution", type=float, default=CAUTION, metavar="SE",
                        help="...and by this many standard errors")
    parser.add_argument("--narrow", type=int, default=None, metavar="ROUNDS",
                        help="after this many rounds, weigh only the Esperto's choice and the "
                             "best other")
    parser.add_argument("--each", action="store_true",
                        help="a line per game as it ends (a run cut short still says something)")
    args = parser.parse_args()
    horizons = dict(HORIZONS)
    if args.action_horizon:
        horizons["action"] = Horizon(*args.action_horizon)
    search = Search(args.seed, args.rollouts, args.budget, horizons, args.endgame,
                    args.margin, args.caution, args.narrow)
    names = args.procedure or [procedure.name for procedure in procedures()]
    print(f"{args.games} games per combat system: one {args.level} (seat rotating) against "
          f"three {args.against}, Europa 1700, seed {args.seed}")
    if STRATEGIST in (args.level, args.against):
        print(f"Stratega: {args.rollouts} rounds of play-outs per decision at most, budget "
              f"{'none' if args.budget is None else f'{args.budget} s'}; a turn action's "
              f"play-outs to {horizons['action']}"
              + (f"; to the game's end in its last {args.endgame} rounds"
                 if args.endgame else "")
              + f"; margin {args.margin} VP, caution {args.caution}"
              + (f"; narrowed after {args.narrow} rounds" if args.narrow else ""))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in names:
            began = time.perf_counter()
            games: list[Game] = []
            for game in pool.map(one_game, [name] * args.games, range(args.games),
                                 [args.level] * args.games, [args.against] * args.games,
                                 [search] * args.games):
                if args.each:
                    print(f"  game {len(games)}: rank {game.rank}, VP {game.vp}, "
                          f"best other {game.best_other}", flush=True)
                games.append(game)
            report(name, games, args.level, args.against, time.perf_counter() - began)


if __name__ == "__main__":
    main()
