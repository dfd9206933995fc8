"""“Le mie partite”: a player's games, those that await the player first.

Four lists: the running games that await the player (its turn, its auction call, its setup
placement, an ally's invitation, a decision in an attack), soonest deadline first; the running
games that await someone else; the waiting rooms; the finished games with the player's final
place (the history). A seat the computer holds (`Seat.bot`) awaits nobody: its player's game
is one that awaits others.

What it costs, whatever the number of games (tests/game/read/test_my_games.py counts it): one
query for the player's seats with their games (the rules state left out), one for every seat
of those games, one for the states of the running games this process does not keep (most
are kept: models/state.py), one for the finished games' standings, read out of their state's
JSON by the database (the rest of the state is never sent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from guerra.game.models import Game, GameStatus, Seat
from guerra.game.models.state import kept_state, load_state
from guerra.game.text.grammar import art
from guerra.rules.game.machine import Pending, pending
from guerra.rules.game.state import GameState

# Sections of the page, in the order it shows them.
AWAITING_ME, AWAITING_OTHERS, WAITING_ROOM, FINISHED = "me", "others", "lobby", "finished"


@dataclass
class MyGame:
    """One of the player's games as the list shows it."""

    game: Game
    seat: Seat
    section: str
    what: str = ""  # what is awaited, in a sentence: of the player, or of whom
    deadline: datetime | None = None
    awaited: list[Seat] = field(default_factory=list)  # the seats awaited (of others)
    players: int = 0  # seats at the table
    rank: int | None = None  # the player's final place (None: ended without standings)
    vp: int | None = None
    winners: list[Seat] = field(default_factory=list)

    @property
    def awaits_me(self) -> bool:
        return self.section == AWAITING_ME


@dataclass
class MyGames:
    awaiting_me: list[MyGame]
    awaiting_others: list[MyGame]
    waiting_rooms: list[MyGame]
    finished: list[MyGame]

    @property
    def count(self) -> int:
        return sum(map(len, (self.awaiting_me, self.awaiting_others, self.waiting_rooms,
                             self.finished)))


def my_games(user: User | AnonymousUser) -> MyGames:
    """The player's games in four lists (see the module's docstring)."""
    if not user.is_authenticated:
        return MyGames([], [], [], [])
    mine = list(Seat.objects.filter(user=user.pk)
                .select_related("game", "game__scenario").defer("game__rules"))
    tables: dict[int, list[Seat]] = {seat.game_id: [] for seat in mine}
    for seat in Seat.objects.filter(game_id__in=list(tables)).order_by("order", "pk"):
        tables[seat.game_id].append(seat)
    running = [seat.game for seat in mine if seat.game.status == GameStatus.RUNNING]
    states = _states(running)
    standings = _standings([seat.game.pk for seat in mine
                            if seat.game.status == GameStatus.FINISHED])
    lists = MyGames([], [], [], [])
    for seat in mine:
        game, table = seat.game, tables[seat.game_id]
        if game.status == GameStatus.LOBBY:
            lists.waiting_rooms.append(MyGame(game, seat, WAITING_ROOM, players=len(table)))
        elif game.status == GameStatus.FINISHED:
            lists.finished.append(_finished(game, seat, table, standings.get(game.pk)))
        elif game.pk in states:
            item = _running(game, seat, table, states[game.pk])
            (lists.awaiting_me if item.awaits_me else lists.awaiting_others).append(item)
    lists.awaiting_me.sort(key=_by_deadline)
    lists.awaiting_others.sort(key=_by_deadline)
    lists.waiting_rooms.sort(key=lambda item: item.game.created_at, reverse=True)
    lists.finished.sort(key=lambda item: (item.game.ended_at or item.game.created_at),
                        reverse=True)
    return lists


def awaits(game: Game, seat: Seat | None) -> bool:
    """Whether the running game awaits a decision of this seat's player (not of the computer
    holding the seat): the mark of a game's pages that have no turn panel
    (templates/game/_awaits_me.html)."""
    if seat is None or seat.bot or game.status != GameStatus.RUNNING:
        return False
    return seat.power in pending(load_state(game)).powers


def _by_deadline(item: MyGame) -> tuple[bool, float, int]:
    """Soonest deadline first; a game with none (a computer player about to answer) last."""
    when = item.deadline.timestamp() if item.deadline is not None else 0.0
    return (item.deadline is None, when, item.game.pk)


def _states(games: list[Game]) -> dict[int, GameState]:
    """The rules state of each running game: this process's copy when it keeps the game's
    step, else decoded from the rows of one query for all the others."""
    states: dict[int, GameState] = {}
    missing: dict[int, Game] = {}
    for game in games:
        kept = kept_state(game)
        if kept is not None:
            states[game.pk] = kept
        else:
            missing[game.pk] = game
    if missing:
        for pk, step, rules in Game.objects.filter(pk__in=list(missing)).order_by().values_list(
                "pk", "step", "rules"):
            game = missing[pk]
            game.step, game.rules = step, rules  # the row as it is now: load_state decodes it
            try:
                states[pk] = load_state(game)
            except Exception:  # a damaged state: its own page says so; the list goes on
                continue
    return states


def _standings(ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The final standings of finished games, the only part of their state read (G60-G62)."""
    if not ids:
        return {}
    found = Game.objects.filter(pk__in=ids).order_by().values_list("pk", "rules__standings")
    return {pk: rows for pk, rows in found if isinstance(rows, list)}


def _running(game: Game, seat: Seat, table: list[Seat], state: GameState) -> MyGame:
    waiting = pending(state)
    by_power = {s.power: s for s in table}
    awaited = [by_power[p] for p in waiting.powers if p in by_power]
    if seat.power in waiting.powers and not seat.bot:
        return MyGame(game, seat, AWAITING_ME, what=_asked_of_me(waiting, state, seat),
                      deadline=game.deadline, players=len(table))
    return MyGame(game, seat, AWAITING_OTHERS, what=_asked_of_others(waiting, state, awaited),
                  deadline=game.deadline, awaited=awaited, players=len(table))


def _asked_of_me(waiting: Pending, state: GameState, seat: Seat) -> str:
    if waiting.kind == "attack" and state.attack is not None:
        attack = state.attack
        values = {"n": attack.number, "region": art(attack.region, "in")}
        if seat.power in (attack.power, attack.defender):
            return _("Attack #%(n)s %(region)s awaits your decision") % values
        return _("An ally asks for your help: attack #%(n)s %(region)s") % values
    return {
        "place": _("Your turn: place a unit of the setup"),
        "propose": _("Your turn at the auction: open the next proposal"),
        "call": _("Your turn at the auction: raise or pass"),
        "action": _("Your turn: play your actions"),
    }.get(waiting.kind, _("Your turn"))


def _asked_of_others(waiting: Pending, state: GameState, awaited: list[Seat]) -> str:
    if not awaited:
        return _("Nothing awaited")
    names = ", ".join(art(s.power, "il") for s in awaited)
    if waiting.kind == "attack" and state.attack is not None:
        return _("Attack #%(n)s %(region)s: waiting for %(who)s") % {
            "n": state.attack.number, "region": art(state.attack.region, "in"), "who": names}
    if len(awaited) == 1:
        return _("It is the turn of %(who)s.") % {"who": art(awaited[0].power, "a")}
    return _("Waiting for %(who)s") % {"who": names}


def _finished(game: Game, seat: Seat, table: list[Seat],
              standings: list[dict[str, Any]] | None) -> MyGame:
    item = MyGame(game, seat, FINISHED, players=len(table))
    by_power = {s.power: s for s in table}
    for row in standings or ():
        if not isinstance(row, dict):
            continue
        if row.get("power") == seat.power:
            item.rank, item.vp = row.get("rank"), row.get("vp")
        if row.get("rank") == 1 and row.get("power") in by_power:
            item.winners.append(by_power[row["power"]])
    return item


__all__ = ["AWAITING_ME", "AWAITING_OTHERS", "FINISHED", "WAITING_ROOM", "MyGame", "MyGames",
           "awaits", "my_games"]
