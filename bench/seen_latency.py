"""What players see: from one player's click to the new state on the other players' open pages,
in real Chromium, beside the server's push time of the same actions and a bare echo.

    .venv/bin/python bench/seen_latency.py [--actions N] [--players 3|4] [--warmup N]
        [--kinds auction,turn,chat,ally] [--breakdown K] [--breakdown-kind turn]

A temporary SQLite database holds a four-player game (at the end: Gran Bretagna and Prussia in
alliance A, Francia and Spagna in B); the bench starts its own daphne on it (production
settings) and opens each player's board page in Debian's Chromium (Playwright), logged in by a
session cookie. Then, N times each (after a few untimed), one player clicks and the others'
pages are watched:
- auction: war 1's first call, a pass on the standing proposal (the game set back to the
  proposal and the caller's page loaded again before each, untimed); seen when each other
  page's turn panel shows the new step;
- turn: the awaited player passes an action (its turn panel's button); seen likewise;
- chat: a line to one's alliance; seen when the ally's chat log shows it;
- ally: Gran Bretagna declares an attack in Stati Tedeschi, Prussia invited (the declare page's
  button; the game set back before each); seen when Prussia's board shows the prompt.
The moments are taken in the pages (seen_pages.py); the server (this module, which daphne runs
as `bench.seen_latency:application`) notes when each request arrived and left and when each push
left, on the same clock. Printed per kind: p50/p90/max from the click to the state in the page
and to the next frame drawn, the server's push time (the POST's arrival to its first push), the
segments between, the parts each watcher fetches and their size, the server's CPU per action;
the echo; then the timeline of the K slowest actions of one kind, every GET of each listed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seen_pages import describe, first

SERVER_LOG = "GUERRA_SEEN_LOG"  # the file the server writes its moments to
POWERS = {"anna": "Francia", "bruno": "Gran Bretagna", "carla": "Prussia", "dario": "Spagna"}
ALLIANCES = [("Gran Bretagna", "Francia"), ("Prussia", "Spagna")]  # A: GB, Prussia


# The server's side: its moments, on the epoch clock in milliseconds.


def _build_application() -> Any:
    from bench.serving import _build_application as bench_application

    inner = bench_application()
    from guerra.game.live import push

    out = open(os.environ[SERVER_LOG], "a", buffering=1)  # noqa: SIM115 (as long as it runs)
    request: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
        "seen_request", default=None)
    send = push.send

    def timed_send(group: str, message: dict[str, Any]) -> bool:
        began = time.time() * 1000
        sent = send(group, message)
        out.write(json.dumps({"k": "push", "t0": began, "t1": time.time() * 1000,
                              "group": group, "parts": message.get("parts"),
                              "req": request.get()}) + "\n")
        return sent

    push.send = timed_send

    async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        cookies = dict(h for h in scope["headers"] if h[0] == b"cookie")
        session = cookies.get(b"cookie", b"").decode().partition("sessionid=")[2][:32]
        seen = {"m": scope["method"], "p": scope["path"], "s": session, "t0": time.time() * 1000}
        request.set(seen)

        size = [0]

        async def timed(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                size[0] += len(message.get("body", b""))
                if not message.get("more_body"):
                    out.write(json.dumps({"k": "http", **seen, "t1": time.time() * 1000,
                                          "b": size[0]}) + "\n")
            await send(message)

        await inner(scope, receive, timed)

    return application


def __getattr__(name: str) -> Any:
    # daphne imports `bench.seen_latency:application`; built only in the server process.
    if name == "application":
        return _build_application()
    raise AttributeError(name)


# The game.


def prepare_database(path: Path, players: int) -> tuple[int, dict[str, str]]:
    """A fresh SQLite file with the game at its rounds; returns the game and each session."""
    from bench.serving import login, setup_django

    setup_django(f"sqlite:///{path}")
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from bench.seen_pages import game_step
    from guerra.game import services
    from guerra.game.models import Scenario, Seat
    from tests.game.play_helpers import state_of

    call_command("migrate", verbosity=0)
    week = 7 * 24 * 3600  # no decision times out during the bench
    scenarios = Scenario.objects.filter(name="Europa 1700 — partenza rapida")
    scenarios.update(wars=1, rounds_per_war=40, rounds_per_war_many=40,
                     ally_deadline_seconds=week)
    names = list(POWERS)[:players]
    users = {name: User.objects.create_user(name) for name in names}
    game = services.game_create(user=users[names[0]], scenario=scenarios.get(), name="Bench",
                                is_private=False, power=POWERS[names[0]], deadline_seconds=week)
    for name in names[1:]:
        services.game_join(game_id=game.pk, user=users[name], power=POWERS[name])
    services.game_start(game_id=game.pk, user=users[names[0]])
    # War 1's auction, its first proposal standing (the auction's calls are timed on it).
    table = state_of(game).auction
    assert table is not None
    opener = Seat.objects.get(game=game, power=table.awaited)
    services.auction_propose(game_id=game.pk, user=opener.user, step=game_step(game.pk),
                             a=ALLIANCES[0][0], b=ALLIANCES[0][1], bid=0)
    return game.pk, {name: login(user) for name, user in users.items()}


def read_server_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# What the notes say.


def cuts(values: list[float]) -> str:
    """p50, p90 and max, in ms."""
    if not values:
        return "      (none)"
    if len(values) == 1:
        p50 = p90 = values[0]
    else:
        tenths = statistics.quantiles(values, n=10, method="inclusive")
        p50, p90 = tenths[4], tenths[8]
    return f"p50 {p50:6.1f}  p90 {p90:6.1f}  max {max(values):6.1f} ms"


def request_of(sample: dict[str, Any], server: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The actor's POST: the first to arrive after the click (a millisecond of leeway)."""
    posts = [e for e in server if e["k"] == "http" and e["m"] == "POST"
             and sample["click"] - 1 <= e["t0"] <= sample["end"]]
    return min(posts, key=lambda e: e["t0"]) if posts else None


def first_push(post: dict[str, Any] | None, server: list[dict[str, Any]]) -> dict[str, Any] | None:
    if post is None:
        return None
    pushes = [e for e in server if e["k"] == "push" and e["req"] and e["req"]["t0"] == post["t0"]]
    return min(pushes, key=lambda e: e["t1"]) if pushes else None


def measure(sample: dict[str, Any], server: list[dict[str, Any]],
            sessions: dict[str, str]) -> list[dict[str, Any]]:
    """One row per watcher: ms from the click to each moment, and the fetches made."""
    click = sample["click"]
    post = request_of(sample, server)
    push = first_push(post, server)
    rows = []
    for name in sample["watchers"]:
        log = sample["logs"][name]
        seen_id = f"{sample['kind']}-{sample['number']}"
        seen = first(log, "seen", click, id=seen_id)
        painted = first(log, "painted", click, id=seen_id)
        ws = first(log, "ws", click, type="push")
        ring = first(log, "ring", click)
        sent = first(log, "send", click, verb="get")
        gets = [e for e in log if e["k"] == "send" and e["verb"] == "get"]
        served = [e for e in server if e["k"] == "http" and e["m"] == "GET"
                  and e["s"] == sessions[name][:32] and click <= e["t0"] <= sample["end"]]
        # The watched part's own fetch: sent, at the server, answered, swapped in.
        part_sent = first(log, "send", click, id=sample["part"])
        path = next((e["path"].partition("?")[0] for e in log if e["k"] == "send"
                     and e["id"] == sample["part"] and e["t"] >= click), None)
        part_served = min((e for e in served if e["p"] == path and part_sent is not None
                           and e["t0"] >= part_sent - 1), key=lambda e: e["t0"], default=None)
        part_swap = first(log, "swap", click, id=sample["part"])
        rows.append({
            "watcher": name, "seen": seen - click if seen else None,
            "painted": painted - click if painted else None,
            "post": post["t0"] - click if post else None,
            "answered": post["t1"] - click if post else None,
            "push": push["t1"] - click if push else None,
            "server_push": push["t1"] - post["t0"] if push and post else None,
            "ws": ws - click if ws else None, "ring": ring - click if ring else None,
            "sent": sent - click if sent else None, "fetches": len(gets),
            "paths": sorted({e["path"] for e in gets}),
            "render": [e["t1"] - e["t0"] for e in served],
            "sizes": [(e["p"], e["b"]) for e in served],
            "swaps": swap_times(log, click),
            "part_sent": part_sent - click if part_sent else None,
            "part_in": part_served["t0"] - click if part_served else None,
            "part_out": part_served["t1"] - click if part_served else None,
            "part_swap": part_swap - click if part_swap else None,
        })
    return rows


def swap_times(log: list[dict[str, Any]], click: float) -> list[tuple[str, float, bool]]:
    """(part, ms, same) for each answer: the time the page spent on it, from htmx's beforeSwap
    to the end of its handling (one task: the next `done` note), and whether it was the same
    as the last answer the page had for that part."""
    found = []
    for i, e in enumerate(log):
        if e["k"] == "beforeswap" and e["t"] >= click:
            end = next((d["t"] for d in log[i:] if d["k"] == "done"), None)
            if end is not None:
                found.append((e["id"], end - e["t"], bool(e.get("same"))))
    return found


def timeline(sample: dict[str, Any], watcher: str, server: list[dict[str, Any]],
             sessions: dict[str, str]) -> list[tuple[float, str]]:
    """Every moment of one action on one watcher's page, and the server's, from the click."""
    click = sample["click"]
    moments: list[tuple[float, str]] = [(click, f"click on {sample['actor']}'s page")]
    post = request_of(sample, server)
    if post is not None:
        moments.append((post["t0"], f"server: POST {post['p']} arrives"))
        moments.append((post["t1"], f"server: POST answered ({post['t1'] - post['t0']:.1f} ms)"))
        for push in server:
            if push["k"] == "push" and push["req"] and push["req"]["t0"] == post["t0"]:
                moments.append((push["t1"], f"server: push sent {push['group']} "
                                            f"{','.join(push['parts'] or [])}"))
    last = max(e["t"] for e in sample["logs"][watcher])
    for e in server:
        if e["k"] == "http" and e["s"] == sessions[watcher][:32] and click <= e["t0"] <= last:
            moments.append((e["t0"], f"server: {e['m']} {e['p']} arrives"))
            moments.append((e["t1"], f"server: {e['m']} {e['p']} answered "
                                     f"({e['t1'] - e['t0']:.1f} ms)"))
    for e in sample["logs"][watcher]:
        text = describe(e)
        if text is not None and e["t"] >= click:
            moments.append((e["t"], text))
    return sorted(moments, key=lambda m: m[0])


SEGMENTS = [
    ("click -> POST arrives at the server", None, "post"),
    ("POST arrives -> first push sent", "post", "push"),
    ("push sent -> ws frame in the page", "push", "ws"),
    ("ws frame -> live.js ring (20 ms wait)", "ws", "ring"),
    ("ring -> first part fetch sent", "ring", "sent"),
    ("first fetch sent -> watched part's", "sent", "part_sent"),
    ("its fetch sent -> at the server", "part_sent", "part_in"),
    ("at the server -> answered (server)", "part_in", "part_out"),
    ("answered -> swapped in (browser)", "part_out", "part_swap"),
    ("swapped in -> htmx done (state seen)", "part_swap", "seen"),
    ("state in the page -> painted", "seen", "painted"),
]


def report(kind: str, rows: list[dict[str, Any]]) -> None:
    """One kind's figures: click to seen, the server's push, the segments, the fetches."""
    def values(key: str) -> list[float]:
        return [r[key] for r in rows if r[key] is not None]

    print(f"  {kind:7} click -> seen         {cuts(values('seen'))}   ({len(rows)} page views)")
    print(f"          click -> painted      {cuts(values('painted'))}")
    print(f"          server push time      {cuts(values('server_push'))}   "
          "(POST arrives -> first push sent)")
    print(f"          click -> ws frame     {cuts(values('ws'))}   (in the watcher's page)")
    for label, start, end in SEGMENTS:
        spans = [r[end] - (r[start] if start else 0) for r in rows
                 if r[end] is not None and (start is None or r[start] is not None)]
        print(f"            {label:40} {cuts(spans)}")
    renders = [t for r in rows for t in r["render"]]
    fetches = [r["fetches"] for r in rows]
    paths = sorted({p for r in rows for p in r["paths"]})
    print(f"          server time of each part fetched: {cuts(renders)}")
    sizes: dict[str, list[int]] = {}
    for r in rows:
        for path, size in r["sizes"]:
            sizes.setdefault(path, []).append(size)
    print("          bytes of each part: " + ", ".join(
        f"{path.split('/', 3)[-1]} {statistics.median(b) / 1000:.1f} kB"
        for path, b in sorted(sizes.items())))
    swaps: dict[str, list[tuple[float, bool]]] = {}
    for r in rows:
        for part, spent, same in r["swaps"]:
            swaps.setdefault(part, []).append((spent, same))
    print("          the page's time on each answer (beforeSwap -> handled, p50), and how many "
          "answers were the same as the part's last:")
    for part, spans in sorted(swaps.items()):
        same = sum(1 for _t, s in spans if s)
        print(f"            #{part:20} {statistics.median(t for t, _s in spans):6.1f} ms   "
              f"{same} of {len(spans)} the same")
    print(f"          fetches per watcher per action: mean {statistics.mean(fetches):.1f}, "
          f"min {min(fetches)}, max {max(fetches)}: {' '.join(paths)}")


def breakdown(samples: list[dict[str, Any]], measured: list[list[dict[str, Any]]],
              server: list[dict[str, Any]], sessions: dict[str, str], *, count: int,
              kind: str) -> None:
    """The timeline of the `count` slowest actions of `kind`, on the watcher that saw it last."""
    ranked = sorted(
        ((max(r["seen"] for r in rows if r["seen"] is not None), sample, rows)
         for sample, rows in zip(samples, measured, strict=True) if sample["kind"] == kind),
        key=lambda x: -x[0])
    for slowest, sample, rows in ranked[:count]:
        watcher = max(rows, key=lambda r: r["seen"] or 0)["watcher"]
        print(f"\n  {kind} action {sample['number']} by {sample['actor']}, seen by {watcher} "
              f"after {slowest:.1f} ms (ms from the click):")
        for at, what in timeline(sample, watcher, server, sessions):
            print(f"    {at - sample['click']:7.1f}  {what}")
        names = {session[:32]: name for name, session in sessions.items()}
        gets = sorted((e for e in server if e["k"] == "http" and e["m"] == "GET"
                       and sample["click"] <= e["t0"] <= sample["end"]), key=lambda e: e["t1"])
        print(f"    the server's {len(gets)} GETs of this action, every watcher's, by answer:")
        for e in gets:
            at = e["t0"] - sample["click"]
            print(f"      {names.get(e['s'], '?'):6} {e['p']:26} arrives {at:6.1f}"
                  f"  answered {e['t1'] - sample['click']:6.1f}  ({e['t1'] - e['t0']:5.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=50, help="timed actions of each kind")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--warmup", type=int, default=3, help="untimed actions of each kind")
    parser.add_argument("--breakdown", type=int, default=3, help="slow actions shown")
    parser.add_argument("--breakdown-kind", default="turn", help="of this kind")
    parser.add_argument("--kinds", default="auction,turn,chat,ally")
    args = parser.parse_args()
    kinds = args.kinds.split(",")

    from bench.live_latency import measure_echo
    from bench.serving import cpu_seconds, server_env

    with tempfile.TemporaryDirectory() as folder:
        database, log = Path(folder) / "bench.sqlite3", Path(folder) / "server.jsonl"
        game_id, sessions = prepare_database(database, args.players)
        env = server_env(f"sqlite:///{database}", f"guerra-seen-{os.getpid()}")
        env.update({SERVER_LOG: str(log), "GUERRA_STATIC_FINDERS": "1"})
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        from tests.servers import Server

        server = Server(env, Path(folder) / "server.out", "bench.seen_latency:application")
        try:
            server.wait_until_up()
            echo = asyncio.run(measure_echo(server.port, 300, 20))
            cpu: dict[str, float] = {}
            samples = play(server.origin, game_id, sessions, kinds, args,
                           server_cpu=lambda: cpu_seconds(server.process.pid), cpu=cpu)
        finally:
            output = server.stop()
        if "Traceback" in output:
            print(output[-3000:], file=sys.stderr)
        events = read_server_log(log)

    measured = [measure(s, events, sessions) for s in samples]
    print(f"what players see, {args.actions} actions of each kind, {args.players} players, "
          f"Chromium {CHROMIUM}; load {os.getloadavg()[0]:.2f}")
    print(f"  bare group_send echo   {cuts([t * 1000 for t in echo])}")
    for kind in kinds:
        rows = [r for s, m in zip(samples, measured, strict=True) if s["kind"] == kind for r in m]
        report(kind, rows)
        reloads = " (with the bench's reload of the actor's page)" if kind in (
            "ally", "auction") else ""
        print(f"          server CPU per action: {cpu[kind] * 1000:.1f} ms{reloads}")
    if args.breakdown_kind in kinds:
        breakdown(samples, measured, events, sessions, count=args.breakdown,
                  kind=args.breakdown_kind)


CHROMIUM = os.environ.get("GUERRA_CHROMIUM", "/usr/bin/chromium")


def sessions_powers(sessions: dict[str, str]) -> set[str]:
    return {POWERS[name] for name in sessions}


def play(origin: str, game_id: int, sessions: dict[str, str], kinds: list[str],
         args: argparse.Namespace, *, server_cpu: Callable[[], float],
         cpu: dict[str, float]) -> list[dict[str, Any]]:
    """Open the pages and play each kind of action; the warm-up's are left out. `cpu` gets the
    server's CPU seconds per timed action of each kind."""
    from playwright.sync_api import sync_playwright

    from bench.seen_pages import (
        CHROMIUM_ARGS,
        Attacks,
        Auction,
        Table,
        ally_prompt,
        auction_call,
        chat_line,
        live,
        open_player,
        turn_action,
    )

    # Sync Playwright keeps an event loop in this thread; the ORM's writes here are the bench's.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    auction = Auction(game_id)
    plan = [(a if a in sessions_powers(sessions) else None, b if b in sessions_powers(sessions)
             else None) for a, b in ALLIANCES[1:]]
    attacks: Attacks | None = None
    samples = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            players = [open_player(browser, origin, name, POWERS[name], session)
                       for name, session in sessions.items()]
            table = Table(origin, game_id, players)
            for player in players:
                live(player.page, table.board)
            for kind in sorted(kinds, key=lambda k: k != "auction"):  # the auction first
                if kind != "auction" and attacks is None:
                    auction.finish(plan)  # war 1's alliances, and the rounds
                    attacks = Attacks(game_id)
                    for player in players:
                        live(player.page, table.board)
                for number in range(args.warmup + args.actions):
                    if number == args.warmup:
                        began = server_cpu()
                    if kind == "auction":
                        sample = auction_call(table, number, auction)
                    elif kind == "turn":
                        sample = turn_action(table, number)
                    elif kind == "chat":
                        sample = chat_line(table, number)
                    else:
                        assert attacks is not None
                        sample = ally_prompt(table, number, attacks)
                        live(table.by_name["bruno"].page, table.board)
                    if number >= args.warmup:
                        samples.append(sample)
                cpu[kind] = (server_cpu() - began) / args.actions
        finally:
            browser.close()
    return samples


if __name__ == "__main__":
    main()
