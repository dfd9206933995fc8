"""The load bench's tables: N games of seven players made straight through the services and the
ORM, and, for each turn of a table, what a player does next as the HTTP request a page sends.

Set-up (`create_tables`): seven users a table, the game created, joined and started by the
services, then run on in memory by the rules' seeded random player (guerra/rules/game/robot.py)
for a random number of inputs and stored in one write with its board rows (`project`), so the
tables stand at different points of the whole game: auction, turns of war 1 or 2... No event is
logged for that run-on: the tables' chains start empty. Sessions are made without a password
(`serving.login`), so django-axes' login throttle never sees them.

Play (`next_request`): the table's robot chooses a legal input for whatever the game awaits
(placement, auction call, action of a turn, free action, attack box), checked against the rules
first, and `request_for` turns it into the POST of the form that sends it. With alliances
standing, a share of turns are alliance chat lines instead.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from django.contrib.auth.models import User
from django.db import connection, transaction

from bench.load_forms import attack_form
from bench.serving import login
from guerra.game import services
from guerra.game.models import AllianceMembership, ChatMessage, Game, Neutral, Region, Scenario
from guerra.game.models.state import load_state
from guerra.game.services.snapshot import project
from guerra.rules.dice import HmacDice, RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game import inputs as game_inputs
from guerra.rules.game.machine import advance
from guerra.rules.game.robot import Robot
from guerra.rules.game.state import GameState

P = ParamSpec("P")
R = TypeVar("R")

SCENARIO = "Europa 1700 — partenza rapida"
POWERS = ("Gran Bretagna", "Francia", "Spagna", "Austria", "Prussia", "Russia",
          "Province Unite")
HOME = "casa"  # a form's value for a power's home (guerra/game/read/phases.py)


@dataclass
class TableSetup:
    """One game of the bench: its players (by power) and what its forms need (row ids)."""

    game_id: int
    sessions: dict[str, str]  # power -> session cookie
    seats: dict[str, int]  # power -> seat id
    regions: dict[str, int]  # region name -> row id
    robot: Robot = field(repr=False, default_factory=lambda: Robot(0))
    chat_rng: random.Random = field(repr=False, default_factory=random.Random)


@dataclass(frozen=True)
class Request:
    """One player's POST: what it is (its kind in the report), who sends it, where, what."""

    kind: str
    power: str
    path: str
    data: dict[str, Any]
    last_event: int  # the game's last event number before it


def create_tables(count: int, *, seed: int, run_on: int, first: int = 0,
                  procedure: str | None = None) -> list[TableSetup]:
    """`count` running games of seven players each, numbered from `first`, their attacks
    fought with `procedure` (the scenario's combat system unless named)."""
    scenario = Scenario.objects.get(name=SCENARIO)
    rng = random.Random(seed)
    tables = []
    for number in range(first, first + count):
        users = [User.objects.create_user(f"load{number}p{i}") for i in range(len(POWERS))]
        game = services.game_create(
            user=users[0], scenario=scenario, name=f"Carico {number}", is_private=True,
            power=POWERS[0], deadline_seconds=services.PACES["mail"],  # no deadline in a run
            procedure=procedure,
        )
        for user, power in zip(users[1:], POWERS[1:], strict=True):
            services.game_join(game_id=game.pk, user=user, power=power)
        game = services.game_start(game_id=game.pk, user=users[0])
        run_game_on(game, rng.randint(0, run_on), seed=seed + number)
        seats = {seat.power: seat.pk for seat in game.seats.all()}
        tables.append(TableSetup(
            game_id=game.pk,
            sessions={power: login(user) for user, power in zip(users, POWERS, strict=True)},
            seats=seats,
            regions=dict(Region.objects.filter(game=game).values_list("name", "pk")),
            robot=Robot(seed + number),
            chat_rng=random.Random(seed - number),
        ))
    return tables


@transaction.atomic
def run_game_on(game: Game, inputs: int, *, seed: int) -> None:
    """Up to `inputs` accepted inputs of the seeded random player, in memory, stored at once
    (an attack under way is played to its end first; a game is never run to its end)."""
    before = load_state(game)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    robot = Robot(seed)
    state, done = before, 0
    while done < inputs or state.attack_under_way:
        outcome = advance(state, robot.choose(state), dice)
        if not isinstance(outcome, Accepted):
            continue
        if outcome.state.finished:
            break
        state, done = outcome.state, done + 1
    if state is not before:
        store(game, before, state, dice.next_roll)


def store(game: Game, before: GameState, state: GameState, next_roll: int) -> None:
    """A state played on in memory from `before` becomes the game's, at its own step, with its
    board rows and the number of its next roll."""
    Game.objects.filter(pk=game.pk).update(
        rules=state.to_dict(), step=state.step, phase=state.phase, current_war=state.war,
        current_round=state.round, next_roll=next_roll,
    )
    game.refresh_from_db()
    project(game, before, state)


def released(function: Callable[P, R]) -> Callable[P, R]:
    """For what the bench runs in its worker threads: the thread's connection goes back to the
    pool when it is done. A pooled connection stays with the thread that took it, and the
    executors end with each point of the curve: at the fourth point on PostgreSQL the pool had
    none left to lend. Inside an atomic block (a test's transaction) the connection is the
    block's and stays open."""

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        finally:
            if connection.vendor == "postgresql" and not connection.in_atomic_block:
                connection.close()

    return run


@released
def next_request(table: TableSetup, chat_share: float) -> Request | None:
    """What the table does now (None: its game is over): an alliance chat line, or the input
    the game awaits, as its form's POST."""
    game = Game.objects.get(pk=table.game_id)
    state = load_state(game)
    if state.finished:
        return None
    if table.chat_rng.random() < chat_share:
        chat = chat_line(table, game)
        if chat is not None:
            return chat
    choice = legal_choice(table.robot, state)
    kind, path, data = request_for(choice, state, table)
    return Request(kind, str(getattr(choice, "power", "")), f"/partite/{game.pk}/{path}", data,
                   game.last_event_seq)


def legal_choice(robot: Robot, state: GameState) -> object:
    """The robot's input, once the rules accept it (its two-unit moves may be refused whole)."""
    for _attempt in range(50):
        choice = robot.choose(state)
        if isinstance(advance(state, choice, RandomDice(0)), Accepted):
            return choice
    raise RuntimeError("the robot found no legal input")


def chat_line(table: TableSetup, game: Game) -> Request | None:
    """A line to one's alliance by a random member (None while no alliance stands)."""
    members = list(
        AllianceMembership.objects.filter(game=game, war=game.current_war)
        .values_list("seat__power", "side")
    )
    if not members:
        return None
    power, side = table.chat_rng.choice(members)
    last = ChatMessage.objects.filter(game=game).order_by("-pk").values_list("pk", flat=True)
    data = {"text": f"Riga {table.chat_rng.randrange(10**6)}", "dopo": str(last.first() or 0)}
    return Request("chat", power, f"/partite/{game.pk}/chat/alleanza/{side}/", data,
                   game.last_event_seq)


def place(table: TableSetup, region: str | None) -> str:
    return HOME if region is None else str(table.regions[region])


def request_for(choice: object, state: GameState, table: TableSetup
                ) -> tuple[str, str, dict[str, Any]]:
    """The report's kind, the path under the game and the form of the page that sends
    `choice` (guerra/game/views/urls.py, views_play.py, views_attack.py)."""
    step = {"passo": str(getattr(choice, "step", 0))}
    seat = table.seats
    match choice:
        case game_inputs.PlaceUnit(kind=kind, region=region):
            return "place", "piazza/", {**step, "tipo": kind, "luogo": place(table, region)}
        case game_inputs.Propose(a=a, b=b, bid=bid) if a is not None and b is not None:
            return "propose", "asta/proponi/", {**step, "a": seat[a], "b": seat[b],
                                                "offerta": bid}
        case game_inputs.Propose(a=a, b=b, bid=bid):
            single = a or b or ""
            return "propose", "asta/proponi/", {**step, "a": "", "b": "", "sola": seat[single],
                                                "lato": "A" if a else "B", "offerta": bid}
        case game_inputs.Raise(bid=bid):
            return "raise", "asta/rilancia/", {**step, "offerta": bid}
        case game_inputs.CallPass():
            return "call_pass", "asta/passo/", step
        case game_inputs.Build(kind=kind, region=region, with_gold=with_gold):
            value = f"{kind}@{place(table, region)}" + ("@oro" if with_gold else "")
            return "build", "costruisci/", {**step, "costruzione": value}
        case game_inputs.Move(moves=moves):
            units = [f"{m.kind}@{place(table, m.source)}>{place(table, m.target)}"
                     for m in moves]
            return "move", "muovi/", {**step, "unita": units}
        case game_inputs.Attack(region=region, defender=defender, counter=counter):
            target = (f"power-{seat[defender]}" if defender is not None
                      else f"neutral-{neutral_id(table, counter)}")
            return "declare", "attacco/dichiara/", {**step, "regione": table.regions[region],
                                                    "obiettivo": target}
        case game_inputs.Pass():
            return "pass", "passa/", step
        case game_inputs.TakeTile(tile=tile):
            return "tile", "tessera/", {**step, "tessera": tile}
        case game_inputs.Colonise(counter=counter):
            return "colonise", "colonizza/", {**step, "pedina": counter}
        case game_inputs.Trade(counter=counter):
            return "trade", "commercia/", {**step, "pedina": counter}
        case game_inputs.Tax(gold=gold):
            return "tax", "tasse/", {**step, "oro": gold}
        case game_inputs.Transfer(to=to, gold=gold):
            return "transfer", "oro/", {**step, "a": seat[to], "oro": gold}
        case game_inputs.PlayTile(tile=tile):
            return "play_tile", "ministero/", {**step, "tessera": tile}
    return attack_request(choice, state)


def attack_request(choice: object, state: GameState) -> tuple[str, str, dict[str, Any]]:
    """A decision at a box of the attack under way, as the attack page's form of the game's
    combat system sends it (bench/load_forms.py)."""
    assert state.attack is not None
    kind, form, data = attack_form(state.scenario.procedure, choice, state.attack.state)
    step = str(getattr(choice, "step", 0))
    return kind, f"attacchi/{state.attack.number}/decidi/", {"kind": form, "step": step, **data}


def neutral_id(table: TableSetup, counter: int | None) -> int:
    assert counter is not None
    row = Neutral.objects.filter(game_id=table.game_id, number=counter).values_list("pk")
    return int(row.get()[0])


@released
def events_after(game_id: int, last_event: int) -> list[tuple[str, int, int | None]]:
    """The events an action logged: (chain, number in the chain, seat of the actor)."""
    from guerra.game.access.audience import chain_of
    from guerra.game.models import GameEvent

    rows = GameEvent.objects.filter(game_id=game_id, seq__gt=last_event).order_by("seq")
    return [
        (chain_of(visibility, war, side, seat), chain_seq, actor)
        for visibility, war, side, seat, chain_seq, actor in rows.values_list(
            "visibility", "war", "side", "seat_id", "chain_seq", "actor_id")
    ]


@released
def server_chains(game_ids: list[int]) -> dict[int, dict[str, int]]:
    """The last number of every chain of these games, as the server's log holds them."""
    from django.db.models import Max

    from guerra.game.access.audience import chain_of
    from guerra.game.models import GameEvent

    last: dict[int, dict[str, int]] = {game_id: {} for game_id in game_ids}
    rows = (
        GameEvent.objects.filter(game_id__in=game_ids)
        .values_list("game_id", "visibility", "war", "side", "seat_id")
        .annotate(last=Max("chain_seq"))
        .order_by()
    )
    for game_id, visibility, war, side, seat, seq in rows:
        chain = chain_of(visibility, war, side, seat)
        last[game_id][chain] = max(last[game_id].get(chain, 0), seq)
    return last
