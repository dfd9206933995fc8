"""Latency of live updates on this machine: from an HTTP decision to the websocket of another
player receiving the push, beside a bare Channels group_send echo measured in the same run.

    .venv/bin/python bench/live_latency.py [--runs N] [--warmup N]

It makes a temporary SQLite database with a running game (Francia and Prussia allied against
Gran Bretagna), starts one daphne server on it and measures, over a real socket each:
- echo: a websocket frame to a bare consumer that group_sends it to its own group and forwards
  it back (the floor: websocket in and out, one trip through the channel layer);
- an empty request: a logged-in GET of a page that does not exist (the session and the user
  read, the Italian 404 drawn), on a kept-alive connection: the floor of any action over HTTP
  on this server, before its view does anything;
- decision: ACTION, an HTTP POST by one player until RECEIVER's websocket (carla, her ally)
  receives the push. By default the attacker's decision in an attack: anna (Francia) has
  declared an attack on Gran Bretagna in North America and decides not to fight at sea, which
  runs the land battle to its end; the ally hears the step. `--action chat` times an alliance
  chat message instead.
With REDIS_URL set, the server's channel layer is Redis. p50 and p99 are printed, and the ratio.

To time another decision, write a function like `chat_message` (it gets the Table and the run
number, makes one HTTP decision, and returns once the server answered; an optional `prepare`
attribute sets the table up before each timed run) and add it to ACTIONS.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.serving import (
    ECHO_PATH,
    get,
    login,
    percentiles,
    post,
    setup_django,
    start_server,
    stop_server,
)

# The client side.


@dataclass
class Table:
    """The game the bench plays: where the server is, and each player's session."""

    port: int
    game_id: int
    sessions: dict[str, str]
    seats: dict[str, int]
    http: dict[str, http.client.HTTPConnection] = field(default_factory=dict)
    attack: tuple[int, int] = (0, 0)  # the prepared attack's number and step
    last_line: int = 0  # the last chat line the writer's page holds

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def post(self, player: str, path: str, data: dict[str, str]) -> int:
        """An htmx POST as `player`, on a kept-alive connection of theirs; returns the status."""
        connection = self.http.get(player)
        if connection is None:
            connection = self.http[player] = http.client.HTTPConnection("127.0.0.1", self.port)
        return post(connection, self.sessions[player], path, data)


Action = Callable[[Table, int], Awaitable[None]]


async def chat_message(table: Table, run: int) -> None:
    """The decision timed for now: anna writes to her alliance (the push goes to carla). Like
    the page, she says which line she holds last, and gets back only what follows."""
    path = f"/partite/{table.game_id}/chat/alleanza/1/"
    data = {"text": f"Messaggio {run}", "dopo": str(table.last_line)}
    status = await asyncio.to_thread(table.post, "anna", path, data)
    if status != 200:
        raise RuntimeError(f"the decision was refused: HTTP {status}")


def prepare_chat(table: Table, run: int) -> None:
    """Untimed: the writer's page holds every line written so far."""
    from guerra.game.models import ChatMessage

    last = ChatMessage.objects.filter(game_id=table.game_id).order_by("-pk").first()
    table.last_line = last.pk if last is not None else 0


chat_message.prepare = prepare_chat  # type: ignore[attr-defined]


def prepare_attack(table: Table, run: int) -> None:
    """Untimed: put North America back as it started, give anna a fresh turn and have her
    declare a fresh attack there (the last one, if still waiting for a loss choice, is closed
    by hand in the rules state: bench only). With a server, she declares through it, as a
    player does: the server then knows the state her decision is made on, as it would in a
    game, where every change goes through it."""
    import dataclasses

    from guerra.game import services
    from guerra.game.models import Attack, Game, Region, Seat
    from guerra.rules.game.state import GameState, TurnState
    from tests.game.play_helpers import edit_state

    game = Game.objects.get(pk=table.game_id)
    anna = Seat.objects.get(pk=table.seats["anna"])
    bruno = Seat.objects.get(pk=table.seats["bruno"])

    def reset(state: GameState) -> GameState:
        state = dataclasses.replace(state, attack=None, turn=TurnState(anna.power),
                                    opened_at=state.step + 1)
        for power in (anna.power, bruno.power):
            old = state.pieces(power, "Nord America")
            state = state.with_pieces(power, "Nord America", armies=2 - old.armies,
                                      fleets=1 - old.fleets, forts=1 - old.forts,
                                      markers=1 - old.markers).with_power(power, gold=10)
        return state

    Attack.objects.filter(game_id=table.game_id, finished=False).update(finished=True)
    edit_state(game, reset)
    region = Region.objects.get(game_id=table.game_id, name="Nord America")
    target = f"power-{bruno.pk}"
    if table.port:
        status = table.post("anna", f"/partite/{table.game_id}/attacco/dichiara/",
                            {"regione": str(region.pk), "obiettivo": target})
        if status != 200:
            raise RuntimeError(f"the declaration was refused: HTTP {status}")
        attack = Attack.objects.filter(game_id=table.game_id).latest("number")
    else:
        attack = services.attack_declare(game_id=table.game_id, user=anna.user,
                                         region_id=region.pk, target=target)
    table.attack = (attack.number, attack.step)


async def attack_decision(table: Table, run: int) -> None:
    """The attacker declines the naval battle: the land battle is rolled and the ally told."""
    number, step = table.attack
    path = f"/partite/{table.game_id}/attacchi/{number}/decidi/"
    data = {"kind": "naval", "step": str(step), "fight": "0"}
    status = await asyncio.to_thread(table.post, "anna", path, data)
    if status != 200:
        raise RuntimeError(f"the decision was refused: HTTP {status}")


attack_decision.prepare = prepare_attack  # type: ignore[attr-defined]

ACTIONS: dict[str, Action] = {"attack": attack_decision, "chat": chat_message}
RECEIVER = "carla"


def prepare_database(path: Path) -> tuple[int, dict[str, str], dict[str, int]]:
    """Migrate a fresh SQLite file and start a game on it; returns the game, sessions, seats."""
    setup_django(f"sqlite:///{path}")
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from guerra.game import services
    from guerra.game.models import Scenario, Seat

    call_command("migrate", verbosity=0)
    users = {name: User.objects.create_user(name) for name in ("anna", "carla", "bruno")}
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    game = services.game_create(
        user=users["anna"], scenario=scenario, name="Bench", is_private=False, power="Francia"
    )
    services.game_join(game_id=game.pk, user=users["carla"], power="Prussia")
    services.game_join(game_id=game.pk, user=users["bruno"], power="Gran Bretagna")
    seats = {s.user.username: s.pk for s in Seat.objects.filter(game=game).select_related("user")}
    services.game_start(game_id=game.pk, user=users["anna"])
    from tests.game.play_helpers import finish_auction

    # War 1's auction: anna (Francia) and carla (Prussia) in alliance A against bruno.
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    sessions = {name: login(user) for name, user in users.items()}
    return game.pk, sessions, seats


async def measure_echo(port: int, runs: int, warmup: int) -> list[float]:
    from websockets.asyncio.client import connect

    times = []
    async with connect(f"ws://127.0.0.1:{port}{ECHO_PATH}") as ws:
        for run in range(warmup + runs):
            start = time.perf_counter()
            await ws.send(str(run))
            if await ws.recv() != str(run):
                raise RuntimeError("the echo answered something else")
            if run >= warmup:
                times.append(time.perf_counter() - start)
    return times


def measure_empty_request(table: Table, runs: int, warmup: int) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", table.port)
    times = []
    try:
        for run in range(warmup + runs):
            start = time.perf_counter()
            status, _body = get(connection, table.sessions["anna"], "/nessuna-pagina/")
            if status != 404:
                raise RuntimeError(f"the empty request answered HTTP {status}")
            if run >= warmup:
                times.append(time.perf_counter() - start)
    finally:
        connection.close()
    return times


async def finished_at(decision: Awaitable[None]) -> float:
    await decision
    return time.perf_counter()


async def drain(ws: Any) -> None:
    """Read whatever else the decision pushed (an attack may ring several times)."""
    while True:
        try:
            await asyncio.wait_for(ws.recv(), timeout=0.05)
        except TimeoutError:
            return


async def measure_decision(
    table: Table, action: Action, receiver: str, runs: int, warmup: int
) -> tuple[list[float], list[float]]:
    """From the start of `action` to the first push on `receiver`'s websocket; and, for
    comparison, to the HTTP answer of the decision itself."""
    from websockets.asyncio.client import connect

    times, answers = [], []
    async with connect(
        f"ws://127.0.0.1:{table.port}/ws/partite/{table.game_id}/",
        origin=table.origin,  # type: ignore[arg-type]
        additional_headers={"Cookie": f"sessionid={table.sessions[receiver]}"},
    ) as ws:
        if json.loads(await ws.recv())["type"] != "hello":
            raise RuntimeError("no hello from the game's websocket")
        prepare = getattr(action, "prepare", None)
        for run in range(warmup + runs):
            if prepare is not None:
                await asyncio.to_thread(prepare, table, run)
                await drain(ws)
            start = time.perf_counter()
            decision = asyncio.create_task(finished_at(action(table, run)))
            push = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
            elapsed = time.perf_counter() - start
            answered = await decision - start
            if push.get("type") != "push":
                raise RuntimeError(f"expected a push, got {push}")
            await drain(ws)
            if run >= warmup:
                times.append(elapsed)
                answers.append(answered)
    return times, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--action", choices=sorted(ACTIONS), default="attack")
    args = parser.parse_args()
    action = ACTIONS[args.action]

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        game_id, sessions, seats = prepare_database(database)
        server, port = start_server(f"sqlite:///{database}")
        table = Table(port=port, game_id=game_id, sessions=sessions, seats=seats)
        try:
            echo = asyncio.run(measure_echo(port, args.runs, args.warmup))
            empty = measure_empty_request(table, args.runs, args.warmup)
            decision, answers = asyncio.run(
                measure_decision(table, action, RECEIVER, args.runs, args.warmup)
            )
        finally:
            for connection in table.http.values():
                connection.close()
            stop_server(server)

    layer = "redis" if os.environ.get("REDIS_URL") else "in-memory"
    echo_p50, echo_p99 = percentiles(echo)
    dec_p50, dec_p99 = percentiles(decision)
    http_p50, http_p99 = percentiles(answers)
    print(f"live latency, {args.runs} runs each ({args.warmup} warm-up), channel layer: {layer}")
    print(f"  bare group_send echo   p50 {echo_p50 * 1000:7.2f} ms   p99 {echo_p99 * 1000:7.2f} ms")
    empty_p50, empty_p99 = percentiles(empty)
    print(f"  an empty HTTP request  p50 {empty_p50 * 1000:7.2f} ms   p99 "
          f"{empty_p99 * 1000:7.2f} ms   ({empty_p50 / echo_p50:.1f} x the echo: a 404, logged in)")
    print(
        f"  HTTP decision -> ws    p50 {dec_p50 * 1000:7.2f} ms   p99 {dec_p99 * 1000:7.2f} ms"
        f"   ({action.__name__}, received by {RECEIVER})"
    )
    print(
        f"  (its HTTP answer       p50 {http_p50 * 1000:7.2f} ms   p99 {http_p99 * 1000:7.2f} ms)"
    )
    ratios = dec_p50 / echo_p50, dec_p99 / echo_p99
    print(f"  ratio decision/echo    p50 {ratios[0]:7.1f} x    p99 {ratios[1]:7.1f} x")


if __name__ == "__main__":
    main()
