"""Time of the game's pages and answers, in-process (no network): what one request costs the
server, and its SQL queries.

    .venv/bin/python bench/page_bench.py [--runs N] [--cpu] [--profile TEXT] [--queries TEXT]

It makes a temporary SQLite database with a running game (the one `live_latency.py` plays) and
times, with Django's test client, over N runs each (p50 and p99, after a warm-up):
- the board page, and the board part every push makes each viewer re-fetch;
- an attack's page (an attack waiting for the attacker's naval decision);
- an alliance chat line posted (its answer is the new line only);
- a turn's free action (taxes) posted, with the turn panel it answers with;
- a turn's action: an army built at home, an army moved from home to a neighbouring region;
- an attack decision posted (the attacker declines the naval battle: the land battle is rolled),
  with the attack's page it answers with;
- in a seven-player game (`page_moments.py`): an auction call (a pass on a standing proposal),
  and the action that ends a war (income, scoring and the next war's auction at once), each
  with the panel it answers with.

`--cpu` times each request by the CPU time of its thread (the test client runs the request, its
ORM and SQLite in this thread) instead of the wall clock: on a machine busy with other work, the
wall clock counts the waits for a core too. With GUERRA_PREPARED_SQL=0 (or any other switch of
guerra/settings.py) in the environment, the same requests run with that speed-up off.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.serving import percentiles

Request = Callable[[int], None]


# --profile / --queries: the requests whose name holds this text are profiled too, or have
# their SQL printed.
PROFILE: dict[str, str | None] = {"text": None, "queries": None}
# --cpu: the thread's CPU time instead of the wall clock.
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def profile(name: str, request: Request, runs: int, prepare: Request | None) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    for i in range(runs):
        if prepare is not None:
            prepare(10_000 + i)
        profiler.enable()
        request(10_000 + i)
        profiler.disable()
    print(f"--- profile of {name}, {runs} requests ---")
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats("guerra", 40)


# When the request being timed rang its first push (live.send): the server's share of a live
# update's latency, before the answer is drawn.
FIRST_PUSH: list[float] = []


def _watch_pushes() -> None:
    from guerra.game.live import push as live

    send = live.send

    def timed_send(group: str, message: dict[str, object]) -> bool:
        if not FIRST_PUSH:
            FIRST_PUSH.append(CLOCK[0]())
        return send(group, message)

    live.send = timed_send


def measure(name: str, request: Request, runs: int, prepare: Request | None = None) -> None:
    """Time `request(i)` over `runs` runs; `prepare(i)`, untimed, sets each run up. For a
    request that rings a push, also the time until its first push left."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def ready(i: int) -> None:
        if prepare is not None:
            prepare(i)

    for i in range(5):
        ready(i)
        request(i)
    ready(5)
    with CaptureQueriesContext(connection) as queries:
        request(5)
    count = len(queries)  # now: the next request's start empties the log
    shown = PROFILE["queries"]
    if shown and shown in name:
        print(f"--- the {count} queries of {name} ---")
        for query in queries.captured_queries:
            print(f"  {query['sql'][:300]}")
    timings, pushes = [], []
    for i in range(runs):
        ready(6 + i)
        FIRST_PUSH.clear()
        start = CLOCK[0]()
        request(6 + i)
        timings.append((CLOCK[0]() - start) * 1000)
        if FIRST_PUSH:
            pushes.append((FIRST_PUSH[0] - start) * 1000)
    p50, p99 = percentiles(timings)
    pushed = f"  (push left at p50 {percentiles(pushes)[0]:4.1f} ms)" if pushes else ""
    print(f"{name:<48} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  {count:3d} queries{pushed}")
    text = PROFILE["text"]
    if text and text in name:
        profile(name, request, runs, prepare)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--cpu", action="store_true",
                        help="time the requests' CPU time (their thread's), not the wall clock")
    parser.add_argument("--profile", metavar="TEXT",
                        help="profile (cProfile, by own time) the requests whose name holds TEXT")
    parser.add_argument("--queries", metavar="TEXT",
                        help="print the SQL of one request of each measure whose name holds TEXT")
    args = parser.parse_args()
    PROFILE["text"] = args.profile
    PROFILE["queries"] = args.queries
    if args.cpu:
        CLOCK[0] = time.thread_time
    import os

    os.environ.setdefault("GUERRA_CHAT_LINES_PER_MINUTE", "0")  # a bench writes fast
    from bench.live_latency import prepare_database

    path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    game_id, _sessions, seats = prepare_database(path)
    _watch_pushes()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from guerra.game import services
    from guerra.game.models import ChatMessage, Game, Region, Seat

    settings.ALLOWED_HOSTS = ["*"]
    settings.DEBUG = False  # as a server in production: no query log, no debug pages
    clients = {}
    for name in ("anna", "bruno", "carla"):
        client = Client()
        client.force_login(User.objects.get(username=name))
        clients[name] = client

    def get(name: str, url: str) -> None:
        response = clients[name].get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url}: HTTP {response.status_code}")

    def post(name: str, url: str, data: dict[str, object]) -> None:
        response = clients[name].post(url, data, HTTP_HX_REQUEST="true")
        if response.status_code not in (200, 302):
            raise RuntimeError(f"{url}: HTTP {response.status_code}")

    board = f"/partite/{game_id}/"
    measure("board page (carla)", lambda i: get("carla", board), args.runs)
    measure("board part, re-fetched after a push (carla)",
            lambda i: get("carla", board + "tavolo/"), args.runs)

    def chat(i: int) -> None:
        last = ChatMessage.objects.filter(game_id=game_id).order_by("-pk").first()
        post("anna", f"/partite/{game_id}/chat/alleanza/1/",
             {"text": f"Messaggio {i}", "dopo": str(last.pk if last else 0)})

    measure("alliance chat line posted (anna)", chat, args.runs)

    def tax(i: int) -> None:
        step = Game.objects.values_list("step", flat=True).get(pk=game_id)
        post("anna", f"/partite/{game_id}/tasse/", {"passo": step, "oro": 2})

    measure("taxes posted, with the turn panel (anna)", tax, args.runs)

    # A turn's actions: anna's turn again before each (untimed, as the attack's reset below).
    import dataclasses

    from guerra.game.models.state import load_state
    from guerra.rules.game.state import GameState, TurnState
    from tests.game.play_helpers import edit_state

    def fresh_turn(i: int) -> None:
        def change(state: GameState) -> GameState:
            """Her home holds two armies; a population to build with."""
            home = state.pieces("Francia", None)
            state = dataclasses.replace(state, turn=TurnState("Francia"),
                                        opened_at=state.step + 1)
            return state.with_pieces("Francia", None, armies=2 - home.armies).with_power(
                "Francia", population=5)
        edit_state(Game.objects.get(pk=game_id), change)
        # Kept, as the process that wrote a step keeps it (edit_state writes past the cache).
        load_state(Game.objects.get(pk=game_id))

    def turn_post(path: str, data: dict[str, object]) -> Request:
        def request(i: int) -> None:
            step = Game.objects.values_list("step", flat=True).get(pk=game_id)
            post("anna", f"/partite/{game_id}/{path}/", {"passo": step, **data})
        return request

    measure("army built at home, with the turn panel (anna)",
            turn_post("costruisci", {"costruzione": "army@casa"}), args.runs, prepare=fresh_turn)
    germany = Region.objects.get(game_id=game_id, name="Stati Tedeschi").pk
    measure("army moved home -> Stati Tedeschi, with the panel",
            turn_post("muovi", {"unita": f"army@casa>{germany}"}), args.runs, prepare=fresh_turn)

    anna = Seat.objects.get(game_id=game_id, power="Francia")
    bruno = Seat.objects.get(game_id=game_id, power="Gran Bretagna")
    attack = services.attack_declare(
        game_id=game_id, user=anna.user,
        region_id=Region.objects.get(game_id=game_id, name="Nord America").pk,
        target=f"power-{bruno.pk}")
    measure("attack page, awaiting the naval decision (carla)",
            lambda i: get("carla", attack.get_absolute_url()), args.runs)

    # The attacker declines the naval battle: the land battle is rolled, the ally told, and the
    # answer is the attack's page (the decision `live_latency.py` times to the ally's socket).
    from bench.live_latency import Table, prepare_attack

    table = Table(port=0, game_id=game_id, sessions={}, seats=seats)

    def decide(i: int) -> None:
        number, step = table.attack
        post("anna", f"/partite/{game_id}/attacchi/{number}/decidi/",
             {"kind": "naval", "step": str(step), "fight": "0"})

    measure("attack decision posted (naval, declined; anna)", decide, args.runs,
            prepare=lambda i: prepare_attack(table, i))

    from bench.page_moments import a_war_s_end, an_auction_call, replays

    call, war_end = replays(an_auction_call, a_war_s_end)
    measure("auction call passed, 7 players, with the panel", call.post, args.runs,
            prepare=call.prepare)
    measure(f"a war's last action ({type(war_end.choice).__name__}): the war ends", war_end.post,
            args.runs, prepare=war_end.prepare)


if __name__ == "__main__":
    main()
