"""Computer players at the table: seated before a game starts, handed a player's seat while they
are away and giving it back, and answering what the game awaits from them.

A computer player is a seat like any other: its input goes through `play.game_played`, under
the game's lock and the rules' step guard, exactly as a person's does. Only what it chooses
comes from elsewhere: `guerra.rules.bots`, from the game as its power may know it. A choice
that fails, or that the rules refuse, is replaced by the decision's default, and logged.

When a step leaves a computer player awaited, `record` sets the game's `bot_due` (now plus
GUERRA_BOT_DELAY, so that people see one move after the other) and wakes the server's driver
(guerra/game/live/bots.py), which calls `answer_due`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import time
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Min
from django.utils import timezone
from django.utils.translation import gettext as _

from guerra.game.access.computer import (
    ACCOUNT,
    HAND_OVER_AFTER,
    MAX_ACCOUNTS,
    is_account,
    may_hand_over,
    may_take_back,
    offered_levels,
)
from guerra.game.errors import GameError
from guerra.game.models import Game, GameStatus, Scenario, ScenarioPower, Seat
from guerra.game.models.state import load_state
from guerra.game.services.events import log_event
from guerra.game.services.lobby import default_game_name, game_create, game_start, lobby_game
from guerra.game.services.locks import locked_running_game
from guerra.game.services.play import game_played, record
from guerra.game.services.retry import retried
from guerra.game.text.grammar import art
from guerra.rules.bots import levels
from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game import inputs
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

logger = logging.getLogger(__name__)

# The log's name of each input a computer player may send (as the views name a person's).
MADE: dict[type, str] = {
    inputs.PlaceUnit: "place", inputs.Propose: "propose", inputs.Raise: "raise",
    inputs.CallPass: "call_pass", inputs.Build: "build", inputs.Move: "move",
    inputs.Pass: "pass", inputs.TakeTile: "tile", inputs.Colonise: "colonise",
    inputs.Trade: "trade", inputs.Tax: "tax", inputs.Transfer: "transfer",
    inputs.PlayTile: "play_tile", inputs.Attack: "declare", inputs.Deadline: "default",
}

def _level(level: str) -> str:
    if level not in dict(offered_levels()):
        raise GameError(_("Choose the level of the computer player."))
    return level


def _free_account(game: Game) -> User:
    taken = set(game.seats.values_list("user__username", flat=True))
    for number in range(1, MAX_ACCOUNTS + 1):
        name = ACCOUNT % number
        if name in taken:
            continue
        account, created = User.objects.get_or_create(username=name,
                                                      defaults={"is_active": False})
        if created:
            account.set_unusable_password()
            account.save(update_fields=["password"])
        if is_account(account):
            return account
    raise GameError(_("No more computer players can sit at this table."), status=409)


# --- before the game starts ---------------------------------------------------------------


@retried
@transaction.atomic
def seat_bot_add(*, game_id: int, user: User, power: str, level: str) -> Seat:
    """The creator seats a computer player of `level` at a free power."""
    game = lobby_game(game_id)
    if game.created_by_id != user.pk:
        raise GameError(_("Only the creator of the game can seat the computer."), status=403)
    level = _level(level)
    found = ScenarioPower.objects.filter(scenario=game.scenario, name=power).first()
    if found is None:
        raise GameError(_("“%(power)s” is not a power of this game.") % {"power": power})
    try:
        with transaction.atomic():
            seat = Seat.objects.create(game=game, user=_free_account(game), power=found.name,
                                       colour=found.colour, order=found.order, bot=level)
    except IntegrityError:
        raise GameError(_("Another player has just taken %(power)s.")
                        % {"power": art(power, "il")}, status=409) from None
    log_event(game, "bot_seated", {"power": seat.power, "level": level}, actor=seat)
    return seat


@retried
@transaction.atomic
def seat_bot_remove(*, game_id: int, user: User, seat_id: int) -> None:
    """The creator takes a computer player away from the table before the game starts."""
    game = lobby_game(game_id)
    if game.created_by_id != user.pk:
        raise GameError(_("Only the creator of the game can seat the computer."), status=403)
    seat = Seat.objects.filter(game=game, pk=seat_id).select_related("user").first()
    if seat is None or not is_account(seat.user):
        raise GameError(_("That seat is not the computer's."), status=404)
    log_event(game, "seat_left", {"power": seat.power, "user": _("the computer")})
    seat.delete()


@retried
@transaction.atomic
def game_against_computer(*, user: User, scenario: Scenario, power: str, level: str,
                          opponents: int) -> Game:
    """"Partita contro il computer": a private game of `user` at `power` and `opponents`
    computer players of `level` at the powers that follow it in the scenario, started at once."""
    level = _level(level)
    names = list(scenario.powers.order_by("order", "pk").values_list("name", flat=True))
    if power not in names:
        raise GameError(_("“%(power)s” is not a power of this game.") % {"power": power})
    if not 1 <= opponents <= len(names) - 1:
        raise GameError(_("Choose from 1 to %(most)s computer players.")
                        % {"most": len(names) - 1})
    game = game_create(user=user, scenario=scenario, name=default_game_name(), is_private=True,
                       power=power)
    first = names.index(power)
    for number in range(1, opponents + 1):
        seat_bot_add(game_id=game.pk, user=user, power=names[(first + number) % len(names)],
                     level=level)
    return game_start(game_id=game.pk, user=user)


# --- a player's seat, handed over and given back -------------------------------------------


def _running_seat(game_id: int, seat_id: int) -> tuple[Game, Seat]:
    game = locked_running_game(game_id)
    seat = next((s for s in game.table_seats() if s.pk == seat_id), None)
    if seat is None:
        raise GameError(_("That player is not in this game."), status=404)
    return game, seat


@retried
@transaction.atomic
def seat_hand_over(*, game_id: int, user: User, seat_id: int, level: str) -> Seat:
    game, seat = _running_seat(game_id, seat_id)
    level = _level(level)
    if not may_hand_over(game, seat, user):
        if seat.bot:
            raise GameError(_("The computer already plays this seat."), status=409)
        raise GameError(_("A player's seat goes to the computer after %(missed)s deadlines "
                          "missed in a row, at the creator's word.") % {"missed": HAND_OVER_AFTER},
                        status=403)
    _set_bot(game, seat, level)
    log_event(game, "seat_to_bot", {"power": seat.power, "level": level,
                                    "user": seat.user.get_username()})
    return seat


@retried
@transaction.atomic
def seat_take_back(*, game_id: int, user: User, seat_id: int) -> Seat:
    game, seat = _running_seat(game_id, seat_id)
    if not may_take_back(game, seat, user):
        if not seat.bot:
            raise GameError(_("This seat is already its player's."), status=409)
        raise GameError(_("Only its player, the creator or staff can give this seat back."),
                        status=403)
    _set_bot(game, seat, "")
    log_event(game, "seat_from_bot", {"power": seat.power, "user": seat.user.get_username()})
    return seat


def _set_bot(game: Game, seat: Seat, level: str) -> None:
    """The seat's player from now on, as a step of the game (the decision awaited stays open,
    its deadline too): the pages take the change as any step's, and the computer is due at
    once if the game awaits it."""
    Seat.objects.filter(pk=seat.pk).update(bot=level, missed=0)
    seat.bot, seat.missed = level, 0  # the game's own seat: `record` reads it
    state = load_state(game)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    record(game, state, Accepted(dataclasses.replace(state, step=state.step + 1)), dice,
           actor=None, made="seat")


# --- answering -------------------------------------------------------------------------------


def _seed(game: Game, power: str, step: int) -> int:
    """A computer player's choices at a step: reproducible from the game's secret seed."""
    digest = hashlib.sha256(f"{game.dice_seed}:{power}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _bot(level: str, seed: int) -> levels.Bot:
    """A bot of `level`; the Stratega thinks GUERRA_STRATEGA_BUDGET seconds at most."""
    if level == levels.STRATEGIST:
        return levels.make(level, seed, budget=settings.GUERRA_STRATEGA_BUDGET)
    return levels.make(level, seed)


def choose(game: Game, seat: Seat, state: GameState) -> object:
    """The computer player's input for `seat`, or the decision's default if it fails."""
    started = time.perf_counter()
    try:
        bot = _bot(seat.bot, _seed(game, seat.power, state.step))
        choice = levels.decide(bot, state, seat.power)
    except Exception:
        logger.exception("game %s: the computer player of %s failed at step %s; the default "
                         "answers", game.pk, seat.power, state.step)
        return levels.fallback(state, seat.power)
    logger.debug("game %s: %s chose %r in %.1f ms", game.pk, seat.power, choice,
                 (time.perf_counter() - started) * 1000)
    return choice


def _send(game: Game, seat: Seat, state: GameState, choice: object) -> bool:
    """One input of the computer player through the same service as a person's: True when
    the game took it (or its default, should the rules refuse it)."""
    try:
        _play(game, seat, choice)
    except GameError as refused:
        if refused.status == 409:
            return False  # the game moved on meanwhile: the next step says what is due
        logger.warning("game %s: the rules refused %r of the computer player of %s (%s); "
                       "the default answers", game.pk, choice, seat.power, refused.message)
    else:
        return True
    try:
        _play(game, seat, levels.fallback(state, seat.power))
    except GameError:
        return False
    return True


def _play(game: Game, seat: Seat, given: object) -> None:
    def chosen(_seat: Seat, _state: GameState) -> object:
        return given

    game_played(game_id=game.pk, user=seat.user, given=chosen,
                made=MADE.get(type(given), "answer"), by_bot=True)


def answer(*, game_id: int, now: datetime | None = None) -> int:
    """Every computer player awaited in the game answers once, if its time has come;
    returns how many inputs the game took."""
    now = now or timezone.now()
    game = Game.objects.filter(pk=game_id, status=GameStatus.RUNNING).first()
    if game is None or game.bot_due is None or game.bot_due > now:
        return 0
    state = load_state(game)
    awaited = pending(state).powers
    players = [seat for seat in game.table_seats() if seat.bot and seat.power in awaited]
    if not players:  # a step made elsewhere left no computer player awaited
        Game.objects.filter(pk=game.pk, step=game.step).update(bot_due=None)
        return 0
    return sum(_send(game, seat, state, choose(game, seat, state)) for seat in players)


def answer_due(now: datetime | None = None) -> int:
    """Every game whose computer player's time has come; each failure is logged, and the next
    game goes on."""
    now = now or timezone.now()
    due = list(Game.objects.filter(status=GameStatus.RUNNING, bot_due__lte=now)
               .order_by("bot_due").values_list("pk", flat=True))
    answered = 0
    for pk in due:
        try:
            answered += answer(game_id=pk, now=now)
        except Exception:
            logger.exception("game %s: the computer players could not answer", pk)
    return answered


def next_due() -> datetime | None:
    """When the next computer player answers, in any game (None: none is awaited)."""
    found: datetime | None = Game.objects.filter(status=GameStatus.RUNNING).aggregate(
        first=Min("bot_due"))["first"]
    return found


def play_until_people(game_id: int, *, limit: int = 10_000) -> int:
    """Answer for the computer players, without waiting, until a person (or nobody) is
    awaited: a whole game of computer players, or the tests'. Returns the inputs made."""
    made = 0
    while made < limit:
        game = Game.objects.filter(pk=game_id).only("bot_due", "status").first()
        if game is None or game.status != GameStatus.RUNNING or game.bot_due is None:
            return made
        step = answer(game_id=game_id, now=game.bot_due)
        if not step:
            return made
        made += step
    return made
