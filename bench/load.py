"""Load bench: N tables of seven players, each player a real websocket and its own logged-in
HTTP session, playing at a set pace, on one daphne with SQLite and the in-memory channel layer,
and on two daphnes with PostgreSQL and Redis (the players of each table split between them).

    .venv/bin/python bench/load.py [--tables 1,5,10,25,50] [--seconds 30] [--pace 2.0]
                                   [--setup sqlite|postgres|both] [--warmup 5] [--chat 0.3]
                                   [--repeat 1] [--run-on 200] [--seed 1700] [--logs DIR]
                                   [--procedure seed004|d10|punti|finestre|piano]

Each table acts once every PACE seconds: an alliance chat line (a CHAT share of the turns, once
alliances stand) or whatever its game awaits, chosen by the rules' seeded random player and sent
as the page's form would: placements, auction calls, builds, moves, attack declarations and the
attack's boxes, passes, tiles, counters, taxes, transfers (see bench/load_tables.py). Every
player's socket answers the page's heartbeat (a ping every 1.5 s, as static/js/live.js) and
reconnects when a push says the alliances or the war changed, as the page does
(bench/load_player.py). With
`--refetch` each player also re-fetches what a push names, as the board page does (live.js: the
parts a push names, 20 ms later, each once; everything after a gap or a reconnection): the
GETs are timed as the kind "refetch". Without it, the server only answers the POSTs and rings.

Per kind of action it prints: push p50/p99 (POST sent -> the last of the other players whose
chains the action's events are on has its push: the server's event log says who should hear
what), HTTP p50/p99, errors (any answer but 200, a dropped connection) and "unheard" (receivers
with nothing within 5 s); per point: the messages lost (see bench/load_stats.py: numbers of a
chain a connected socket never had), the CPU seconds of the server process(es) per action and of
the bench's own process (it runs on the same machine), what the servers handed the channel
layer per action (messages and bytes) and the database queries they made per action (counted by
the bench's server: bench/serving.py), what the sockets received per action (frames of rendered
parts and doorbells), and whether the point holds the target
of issue 12 (push p99 < 50 ms, no error, no socket dropped by the server, nothing lost or
unheard, the pace kept); then the largest N that holds it, and the exceptions in the servers'
logs (`--logs DIR` keeps the logs). A free action that only its owner hears (a tax) has no push
figure. The games are made at start (bench/load_tables.py), each run on in memory by a random
number of inputs up to `--run-on` (0: none, each game played whole from its first decision); a
table whose game reaches its final standings stops, and the point prints how many did ("games
played to their end"). The tables of a point are those of the previous one plus new ones; each
point starts its server(s) afresh. Besides the servers,
the bench itself reads the database (what each game awaits, which events an action logged):
its CPU is printed too, since it shares the machine.

PostgreSQL and Redis (`--processes`, 2 by default): `--postgres` (default postgres://postgres@127.0.0.1:5432/guerra_load_bench,
a database the bench drops and creates) and `--redis` (default redis://127.0.0.1:6379/9, under a
key prefix of this run's own). The two daphnes here listen on two ports and each player talks to
one of them. In production they sit behind one address: a reverse proxy (nginx, HAProxy, Caddy)
balancing HTTP and websocket upgrades over the processes, with no stickiness needed, since every
process reads the same database and hears the same Redis (see bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import os
import random
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_player import PING_EVERY, Player
from bench.load_report import Point, counts_of, report
from bench.load_stats import KindFigures
from bench.serving import (
    COLLECTIONS_LOG,
    ROOT,
    cpu_seconds,
    server_env,
    setup_django,
    start_server,
    stop_server,
)

PUSH_TIMEOUT = 5.0
CONNECTING_AT_ONCE = 20


@dataclass
class Table:
    setup: Any  # load_tables.TableSetup
    players: dict[str, Player]


async def play(table: Table, point: Point, window: tuple[float, float],
               args: argparse.Namespace, pool: ThreadPoolExecutor) -> None:
    """One action every `pace` seconds until the window ends; figures for those sent in it."""
    from bench.load_tables import events_after, next_request

    loop = asyncio.get_running_loop()
    start, end = window
    next_at = time.perf_counter() + random.uniform(0, args.pace)
    heard = next(iter(table.players.values())).heard
    while next_at < end:
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        due, next_at = next_at, next_at + args.pace
        request = await asyncio.to_thread(next_request, table.setup, args.chat)
        if request is None:
            point.games_over += 1  # the game is over
            return
        if start <= due < end:
            point.scheduled += 1
        try:
            await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in
                                                    table.players.values())), 30)
        except TimeoutError:
            point.errors_seen.append(f"table {table.setup.game_id}: a socket stayed down 30 s")
            point.figures[request.kind].errors += 1
            continue
        actor = table.players[request.power]
        sent, status, answered = await loop.run_in_executor(
            pool, actor.send, request.path, request.data)
        figures = point.figures[request.kind] if start <= sent < end else KindFigures()
        figures.count += 1
        figures.http.append(answered - sent)
        if status != 200:
            figures.errors += 1
            point.errors_seen.append(f"{request.kind} {request.path} -> HTTP {status}")
            continue
        events = await asyncio.to_thread(events_after, table.setup.game_id, request.last_event)
        awaited = [(player, chain, seq) for chain, seq, _actor in events
                   for player in table.players.values()
                   if player is not actor and chain in player.tracker.known]
        deadline = sent + PUSH_TIMEOUT
        while awaited:
            heard.clear()
            times = [p.arrival(chain, seq, sent) for p, chain, seq in awaited]
            if all(t is not None for t in times):
                figures.push.append(max(t for t in times if t is not None) - sent)
                break
            left = deadline - time.perf_counter()
            if left <= 0:
                figures.unheard += sum(t is None for t in times)
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(heard.wait(), left)
        for player, chain, seq in awaited:
            player.arrivals.pop((chain, seq), None)


async def run_point(tables: list[Table], point: Point,
                    servers: list[tuple[subprocess.Popen[bytes], int]],
                    args: argparse.Namespace) -> None:
    from bench.load_tables import server_chains

    players = [p for t in tables for p in t.players.values()]
    stopping = asyncio.Event()
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def connect(player: Player) -> None:
        async with gate:
            await player.connect()

    began = time.perf_counter()
    await asyncio.gather(*(connect(p) for p in players))
    print(f"  {len(players)} sockets connected in {time.perf_counter() - began:.1f} s")
    background = [asyncio.create_task(p.listen(stopping)) for p in players]
    if args.ping:
        background += [asyncio.create_task(p.heartbeat(stopping, args.ping)) for p in players]
    start = time.perf_counter() + args.warmup
    end = start + args.seconds
    wall = time.time() - time.perf_counter()
    point.wall_window = (start + wall, end + wall)
    pool = ThreadPoolExecutor(max_workers=max(8, len(tables)))
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(max_workers=16))  # the bench's own reads
    refetches = KindFigures()
    if args.refetch:
        readers = ThreadPoolExecutor(max_workers=max(8, 2 * len(tables)))
        for player in players:
            player.refetch = (readers, refetches)
    games = [asyncio.create_task(play(t, point, (start, end), args, pool))
             for t in tables]
    # The bench plays hundreds of browsers in one process: its own garbage collections (40-130
    # ms, every few seconds, measured) stalled the loop that stamps the pushes' arrivals, and
    # were counted as the server's latency. Its collector stays off while it measures (its
    # garbage is freed by reference counting; the cycles wait for the end), and the longest
    # stall of its loop is printed with the figures.
    gc.collect()
    gc.freeze()
    gc.disable()
    watch = asyncio.create_task(watch_stalls(point, (start, end), stopping))
    await asyncio.sleep(args.warmup)
    refetches.count, refetches.errors, refetches.http[:] = 0, 0, []  # the window's only
    for player in players:
        player.received.clear()
    counted = await asyncio.to_thread(counts_of, servers)
    cpu = [cpu_seconds(s.pid) for s, _port in servers]
    own = resource.getrusage(resource.RUSAGE_SELF)
    await asyncio.sleep(max(0.0, end - time.perf_counter()))
    point.server_cpu = sum(cpu_seconds(s.pid) - c
                           for (s, _port), c in zip(servers, cpu, strict=True))
    point.counted = {name: value - counted[name]
                     for name, value in (await asyncio.to_thread(counts_of, servers)).items()}
    after = resource.getrusage(resource.RUSAGE_SELF)
    point.client_cpu = after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime
    if args.refetch:
        point.refetched = KindFigures(http=list(refetches.http), count=refetches.count,
                                      errors=refetches.errors)
    await asyncio.gather(*games)
    await asyncio.sleep(1.0)  # the last pushes on their way
    with contextlib.suppress(TimeoutError):  # a socket still down is counted in the report
        await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in players)), 30)
    truth = await asyncio.to_thread(server_chains, [t.setup.game_id for t in tables])
    stopping.set()
    for task in background:
        task.cancel()
    await asyncio.gather(*background, watch, return_exceptions=True)
    gc.enable()
    gc.unfreeze()
    for player in players:
        if player.ws is not None:
            await player.ws.close()
        for connection in (player.writer, player.reader):
            if connection is not None:
                connection.close()
        player.writer = player.reader = None
        player.refetch = None
    pool.shutdown()
    report(point, players, truth, (start, end), args)


async def watch_stalls(point: Point, window: tuple[float, float], stopping: asyncio.Event
                       ) -> None:
    """The longest time the bench's own event loop, which stamps every push's arrival, was
    late by within the measured window (a tick every 5 ms)."""
    start, end = window
    while not stopping.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.005)
        late = time.perf_counter() - before - 0.005
        if start <= before < end:
            point.client_stall = max(point.client_stall, late)


# The two set-ups.


@dataclass(frozen=True)
class Setup:
    name: str
    title: str
    processes: int
    database_url: str
    redis_url: str | None


def setups(args: argparse.Namespace, folder: Path) -> dict[str, Setup]:
    # REDIS_URL in the environment puts the SQLite set-up on Redis too (to tell the two apart).
    redis = os.environ.get("REDIS_URL")
    return {
        "sqlite": Setup("sqlite", f"1 daphne, SQLite, {'Redis' if redis else 'in-memory'} "
                        "channel layer", 1, f"sqlite:///{folder / 'load.sqlite3'}", redis),
        "postgres": Setup("postgres", f"{args.processes} daphne(s), PostgreSQL, Redis channel "
                          "layer", args.processes, args.postgres, args.redis),
    }


def fresh_database(setup: Setup) -> None:
    """Migrate an empty database (dropped and created again first: a kept SQLite file too)."""
    if setup.database_url.startswith("sqlite:///"):
        path = Path(setup.database_url.removeprefix("sqlite:///"))
        for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            stale.unlink(missing_ok=True)
    if setup.database_url.startswith("postgres"):
        import psycopg

        base, _slash, name = setup.database_url.rpartition("/")
        with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
    setup_django(setup.database_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def collections_log(folder: Path, setup: Setup, point: int, server: int) -> Path:
    return folder / f"collections-{setup.name}-{point}-{server}.log"


def start_servers(setup: Setup, folder: Path, point: int, prefix: str
                  ) -> list[tuple[subprocess.Popen[bytes], int]]:
    """The point's servers, sharing `prefix` in Redis (channel layer and cache)."""
    env = server_env(setup.database_url, prefix)
    if setup.redis_url:
        env["REDIS_URL"] = setup.redis_url
    servers = []
    for i in range(setup.processes):
        timed = collections_log(folder, setup, point, i)
        timed.unlink(missing_ok=True)  # a point's earlier run
        servers.append(start_server(setup.database_url, env={**env, COLLECTIONS_LOG: str(timed)},
                                    log=folder / f"server-{setup.name}-{point}-{i}.log"))
    return servers


def forget(redis_url: str, prefix: str) -> None:
    """Delete what the point's servers left in Redis (the groups would stay there a day)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(match=f"{prefix}*"):
        client.delete(key)
    client.close()


def server_log_errors(folder: Path, setup: Setup) -> list[str]:
    """The exceptions the servers logged: the last line of each traceback (of a chain of
    tracebacks, the last one's), with its log's name."""
    found: list[str] = []
    for log in sorted(folder.glob(f"server-{setup.name}-*.log")):
        inside = False
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("Traceback"):
                inside = True
            elif found and line.startswith(("The above exception", "During handling of the")):
                found.pop()  # the chain goes on: its last traceback says what happened
            elif inside and not line.startswith(" "):
                found.append(f"{log.name}: {line.strip()}")
                inside = False
            elif not inside and " ERROR " in line:
                found.append(f"{log.name}: {line.strip()}")
    return found


def run_once(setup: Setup, folder: Path, count: int, made: list[Any],
             args: argparse.Namespace) -> bool:
    """One run of a point, on servers started for it: whether it held the target."""
    from bench.load_tables import POWERS

    prefix = f"guerra-load-{secrets.token_hex(4)}"
    servers = start_servers(setup, folder, count, prefix)
    tables = []
    for number, table_setup in enumerate(made):
        heard = asyncio.Event()
        players = {}
        for index, power in enumerate(POWERS):
            _server, port = servers[(index + number) % len(servers)]
            players[power] = Player(power, table_setup.sessions[power], port,
                                    table_setup.game_id, heard)
        tables.append(Table(table_setup, players))
    point = Point(count, collection_logs=[collections_log(folder, setup, count, i)
                                          for i in range(setup.processes)])
    try:
        asyncio.run(run_point(tables, point, servers, args))
    finally:
        for server, _port in servers:
            stop_server(server)
        if setup.redis_url:
            forget(setup.redis_url, prefix)
    return point.holds


def run_setup(setup: Setup, args: argparse.Namespace, folder: Path) -> None:
    print(f"{setup.title}: pace {args.pace} s a table, {args.seconds} s measured a point "
          f"after {args.warmup} s, chat share {args.chat}")
    began = time.perf_counter()
    fresh_database(setup)
    print(f"  database ready in {time.perf_counter() - began:.1f} s")
    from bench.load_tables import create_tables  # Django is set up now

    made: list[Any] = []
    held: list[int] = []
    for count in args.tables:
        began = time.perf_counter()
        made += create_tables(count - len(made), seed=args.seed, run_on=args.run_on,
                              first=len(made), procedure=args.procedure)
        print(f"{count} table{'s' if count > 1 else ''} x 7 players "
              f"(set up in {time.perf_counter() - began:.1f} s)")
        holds = True
        for run in range(1, args.repeat + 1):
            if args.repeat > 1:
                print(f"  run {run} of {args.repeat}"
                      + (" (the games played on from the last run)" if run > 1 else ""))
            holds = run_once(setup, folder, count, made[:count], args) and holds
        if holds:
            held.append(count)
    errors = server_log_errors(folder, setup)
    print(f"server logs: {len(errors)} exceptions" + "".join(f"\n  {e}" for e in errors[:10]))
    print(f"largest N holding the target ({setup.name}): {max(held) if held else 'none'}"
          f" (points holding it: {', '.join(map(str, held)) or 'none'})")


def combat_systems() -> tuple[str, ...]:
    """The combat systems a game may be played with: the names of settings.GUERRA_PROCEDURES,
    read from a copy of the settings module of its own (importing guerra.settings now would fix
    its database before `setup_django` points it at the bench's)."""
    spec = importlib.util.spec_from_file_location("bench_settings_copy",
                                                  ROOT / "guerra" / "settings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.GUERRA_PROCEDURES)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", default="1,5", help="the curve's points, e.g. 1,5,10,25,50")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured, per point")
    parser.add_argument("--warmup", type=float, default=5.0, help="played before measuring")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between two actions "
                        "of one table")
    parser.add_argument("--chat", type=float, default=0.3, help="share of alliance chat lines")
    parser.add_argument("--ping", type=float, default=PING_EVERY, help="heartbeat (0: none)")
    parser.add_argument("--setup", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/"
                        "guerra_load_bench", help="a database the bench drops and creates")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--processes", type=int, default=2, help="daphnes of the postgres "
                        "set-up (the players of a table spread over them)")
    parser.add_argument("--run-on", type=int, default=200, help="inputs a game is run on at "
                        "most before the run (each table a random number up to it)")
    parser.add_argument("--refetch", action="store_true", help="re-fetch what pushes name, "
                        "as the board page does")
    parser.add_argument("--procedure", choices=combat_systems(), help="the combat system "
                        "of the tables' attacks, one of settings.GUERRA_PROCEDURES (default: "
                        "the scenario's, seed004)")
    parser.add_argument("--seed", type=int, default=1700)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each point, one after "
                        "the other (near saturation one run may keep up and the next fall "
                        "behind): a point holds the target only if every run does")
    parser.add_argument("--logs", type=Path, help="a folder to keep the servers' logs in")
    args = parser.parse_args()
    args.tables = sorted({int(n) for n in args.tables.split(",")})
    if args.repeat < 1:
        parser.error("--repeat: at least one run of each point")
    if args.setup == "both":  # each set-up in a process of its own: Django's settings differ
        for name in ("sqlite", "postgres"):
            command = [sys.executable, __file__, *sys.argv[1:], "--setup", name]
            if subprocess.run(command).returncode:
                raise SystemExit(1)
        return
    # 7 players x 2 sockets a table, on both sides of the loopback: raise the soft limit.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if args.logs:  # the servers' logs (and the SQLite file) kept there
        args.logs = args.logs.resolve()
        args.logs.mkdir(parents=True, exist_ok=True)
        run_setup(setups(args, args.logs)[args.setup], args, args.logs)
        return
    with tempfile.TemporaryDirectory(prefix="guerra-load-") as folder:
        run_setup(setups(args, Path(folder))[args.setup], args, Path(folder))


if __name__ == "__main__":
    main()
