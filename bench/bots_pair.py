"""Paired comparison of Stratega variants on the same games: prints which finishes first more.

    .venv/bin/python bench/bots_pair.py --arm ENDGAME[,BUDGET[,MARGIN[,CAUTION[,NARROW]]]]
                                        [--arm ...] [--games N]
                                        [--seed S] [--procedure NAME] [--rollouts R]
                                        [--from-war W] [--jobs J] [--cache DIR]

Game g is `bench/bots.py`'s game g (the same seat, dice and seeds: a Stratega playing
`--rollouts` rounds per searched decision, against three Esperti), played once to the start of
war W (default: the last) by a Stratega that plays no endgame, and kept in DIR (by default a
folder under the system's temporary one named after the arguments and the rules' code, so a
later run with other arms reuses it). Each arm then finishes every kept game with the same
bots, its Stratega playing out its decisions in the game's last ENDGAME rounds to the game's
end (0: never) and, with BUDGET, searching as it plays, within that many seconds per decision
(up to `strategist.ROLLOUTS` rounds); else `--rollouts` rounds, the same results on any
machine, and the finished games are kept in DIR too (a later run reuses them). MARGIN and
CAUTION (by default `strategist.MARGIN` and `CAUTION`) are what another choice than the
Esperto's must gain, in VP and in standard errors, to be sent ("0,,0.1,1" has no endgame, no
budget, 0.1 VP and 1 standard error); NARROW (by default none) the rounds after which only the
Esperto's choice and the best other are weighed ("0,,,,3": after three). An arm "0" finishes
the games as `bench/bots.py --endgame 0` plays them.

The arms' games are alike until their Stratega chooses otherwise, so a difference between two
arms comes from their choices, not from other games: far fewer games show it than two
independent samples would. Printed per arm: the Stratega's first places (a shared one counts),
mean rank, VP own and best other's, ms per decision from war W on (mean, p99, max) and its
searches; then, for each arm after the first, the games it finished first that the first arm
did not, and the reverse.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import pickle
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import POWERS, Search, make_bot
from guerra.rules.bots.levels import EXPERT, STRATEGIST
from guerra.rules.bots.match import PowerRecord, play_on
from guerra.rules.bots.strategist import CAUTION, MARGIN, ROLLOUTS, Stratega
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Refused
from guerra.rules.game.machine import start_game
from guerra.rules.game.scenario_file import shipped


@dataclasses.dataclass(frozen=True)
class Setup:
    """The games compared: `bench/bots.py`'s seed, combat system and rounds, kept from war
    `from_war` in `cache`."""

    seed: int
    procedure: str
    rollouts: int
    from_war: int
    cache: Path


@dataclasses.dataclass(frozen=True)
class Finish:
    """One arm's end of one game."""

    game: int
    rank: int
    vp: int
    best_other: int
    times: list[float]
    searches: int


def arm_of(text: str) -> tuple[int, float | None, float, float, int | None]:
    """"ENDGAME[,BUDGET[,MARGIN[,CAUTION[,NARROW]]]]": the rounds played out to the end, the
    seconds per decision, the gain in VP and in standard errors another choice must show, the
    rounds after which a search narrows."""
    parts = text.split(",")
    if len(parts) > 5:
        raise ValueError(f"an arm has five parts at most: {text}")
    rounds, budget, margin, caution, narrow = [*parts, "", "", "", ""][:5]
    return (int(rounds), float(budget) if budget else None,
            float(margin) if margin else MARGIN, float(caution) if caution else CAUTION,
            int(narrow) if narrow else None)


def kept(setup: Setup, game: int) -> Path:
    """Game `game` up to the start of war `setup.from_war`, played once and kept."""
    path = setup.cache / f"game{game}.pickle"
    if path.exists():
        return path
    seed = setup.seed + game
    scenario = dataclasses.replace(shipped(), procedure=setup.procedure)
    seat = POWERS[game % len(POWERS)]
    search = Search(setup.seed, setup.rollouts, endgame=0)
    bots = {power: make_bot(STRATEGIST if power == seat else EXPERT, seed * 10 + i, search)
            for i, power in enumerate(POWERS)}
    dice = RandomDice(seed)
    started = start_game(scenario, POWERS, dice)
    if isinstance(started, Refused):
        raise ValueError(started.reason.render("en"))
    records = {power: PowerRecord() for power in POWERS}
    state = play_on(started.state, bots, records, dice,
                    until=lambda s: s.war >= setup.from_war).state
    _keep(path, (state, bots, dice, seat))
    return path


def _keep(path: Path, value: object) -> None:
    """`value` pickled at `path`, whole or not at all (a run stopped midway leaves no half)."""
    partial = path.with_suffix(".partial")
    partial.write_bytes(pickle.dumps(value))
    partial.rename(path)


def finish(setup: Setup, game: int, arm: str) -> Finish:
    """Game `game` from its kept start to the end, its Stratega as `arm` says; kept too
    unless the arm has a budget (its games depend on the machine's speed)."""
    values = arm_of(arm)
    if values[1] is not None:
        return _finish(setup, game, values)
    path = setup.cache / f"game{game}-arm{'-'.join(map(str, values))}.pickle"
    if path.exists():
        finished: Finish = pickle.loads(path.read_bytes())
        return finished
    ended = _finish(setup, game, values)
    _keep(path, ended)
    return ended


def _finish(setup: Setup, game: int,
            values: tuple[int, float | None, float, float, int | None]) -> Finish:
    state, bots, dice, seat = pickle.loads(kept(setup, game).read_bytes())
    stratega = bots[seat]
    assert isinstance(stratega, Stratega)
    (stratega.endgame, stratega.budget, stratega.margin, stratega.caution,
     stratega.narrow) = values
    if stratega.budget is not None:
        stratega.rollouts = ROLLOUTS  # as it plays: as many rounds as the budget allows
    searched = stratega.searches
    records = {power: PowerRecord() for power in POWERS}
    result = play_on(state, bots, records, dice)
    rows = {row.power: row for row in result.standings}
    return Finish(game, rows[seat].rank, rows[seat].vp,
                  max(row.vp for power, row in rows.items() if power != seat),
                  records[seat].times, stratega.searches - searched)


def _rules_digest() -> str:
    """A digest of the rules' code: games kept by other code are played again."""
    digest = hashlib.sha1()
    for path in sorted((Path(__file__).resolve().parent.parent / "guerra" / "rules").rglob(
            "*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _ms(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(arms: list[str], finished: dict[str, list[Finish]], seconds: float) -> None:
    count = len(finished[arms[0]])
    for arm in arms:
        games = finished[arm]
        first = sum(g.rank == 1 for g in games)
        times = [t for g in games for t in g.times]
        print(f"arm {arm}: first in {first}/{count} ({100 * first / count:.0f}%), mean rank "
              f"{statistics.mean(g.rank for g in games):.2f}; VP "
              f"{statistics.mean(g.vp for g in games):.1f}, best other "
              f"{statistics.mean(g.best_other for g in games):.1f}; ms per decision mean "
              f"{1000 * statistics.mean(times):.0f}, p99 {_ms(times, 0.99):.0f}, max "
              f"{_ms(times, 1.0):.0f}; {sum(g.searches for g in games)} searches")
    for arm in arms[1:]:
        pairs = list(zip(finished[arms[0]], finished[arm], strict=True))
        won = [b.game for a, b in pairs if b.rank == 1 and a.rank != 1]
        lost = [b.game for a, b in pairs if a.rank == 1 and b.rank != 1]
        moved = sum(a.rank != b.rank for a, b in pairs)
        print(f"arm {arm} against arm {arms[0]}: first where it was not in {len(won)} games "
              f"{won}, not first where it was in {len(lost)} {lost}; rank changed in {moved}")
    print(f"{seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arm", action="append", required=True,
                        help="ENDGAME[,BUDGET[,MARGIN[,CAUTION[,NARROW]]]]: rounds played "
                             "out to the end, seconds per decision, VP and standard errors of "
                             "gain, rounds before narrowing")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--procedure", default="seed004")
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS)
    parser.add_argument("--from-war", type=int, default=shipped().wars)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    for arm in args.arm:
        arm_of(arm)  # a malformed arm fails here, before any game
    key = f"{args.seed}-{args.procedure}-{args.rollouts}-{args.from_war}-{_rules_digest()}"
    cache = args.cache or Path(tempfile.gettempdir()) / "guerra-bots-pair" / hashlib.sha1(
        key.encode()).hexdigest()[:12]
    cache.mkdir(parents=True, exist_ok=True)
    setup = Setup(args.seed, args.procedure, args.rollouts, args.from_war, cache)
    print(f"{args.games} games of {args.procedure} (seed {args.seed}, {args.rollouts} rounds), "
          f"kept from war {args.from_war} in {cache}; arms {', '.join(args.arm)}")
    began = time.perf_counter()
    games = range(args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(kept, [setup] * len(games), games))
        finished = {arm: list(pool.map(finish, [setup] * len(games), games,
                                       [arm] * len(games))) for arm in args.arm}
    report(args.arm, finished, time.perf_counter() - began)


if __name__ == "__main__":
    main()
