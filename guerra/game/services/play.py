"""Playing the game: every decision goes through the rules' machine (guerra.rules.game).

`game_play` is the one writer of a running game: it locks the game's row first, loads the
rules state, asks the machine, and stores what it returns in the same transaction (`record`):
the new state under a guard on the old step (a stale or repeated request changes nothing and
answers 409), the read models, the attack's row and dice, the event log, the next deadline.
Deadlines are applied by `expire_due`: from the server's own timer (guerra/game/live/timer.py),
before any page of a game is read (guerra/game/views/deadlines.py) and from the
`expire_deadlines` command.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.live import players
from guerra.game.models import Attack, DiceRoll, Game, GameStatus, Neutral, Seat, Visibility
from guerra.game.models.state import load_state
from guerra.game.procedures import adapter
from guerra.game.services import notices
from guerra.game.services.awaited import decision_seconds
from guerra.game.services.events import EventBatch
from guerra.game.services.locks import locked_running_game, seat_of
from guerra.game.services.retry import retried
from guerra.game.services.snapshot import project, remember
from guerra.game.text.messages import render_rules_message
from guerra.rules.dice import HmacDice
from guerra.rules.events import Event
from guerra.rules.flowchart import Accepted, Refused
from guerra.rules.game.combat import split_attack_events
from guerra.rules.game.inputs import FREE, Deadline
from guerra.rules.game.machine import advance, pending
from guerra.rules.game.state import GameState
from guerra.runtime import prepared
from guerra.runtime.prepared import Prepared

STATUS_OF_REFUSAL = {"stale": 409, "repeated": 409, "over": 409, "not_yours": 403,
                     "invalid": 400}

Input = Callable[[Seat, GameState], object]

# Set when a step leaves a computer player awaited: this process's driver of the computer
# players wakes up (guerra/game/live/bots.py).
bots_woken = threading.Event()


def game_play(*, game_id: int, user: User, given: Input, made: str,
              refusals: Mapping[str, tuple[str, int]] | None = None) -> GameState:
    """One player's input (see `game_played`); returns the state it made."""
    return game_played(game_id=game_id, user=user, given=given, made=made,
                       refusals=refusals).state


class Played(NamedTuple):
    """The state an input made, and the game's row as the step left it (seats included): the
    answer to the player is drawn from it without reading the game again."""

    state: GameState
    game: Game


@retried
def game_played(*, game_id: int, user: User, given: Input, made: str,
                refusals: Mapping[str, tuple[str, int]] | None = None,
                by_bot: bool = False) -> Played:
    """One player's input, built from its seat and the current state by `given`; `made` names
    it in the log ("build", "declare", "naval"...). `refusals` word a refusal by its code
    (stale, repeated, not yours...) with its status, in place of the rules' own sentence.

    A deadline that has passed is applied first, in a transaction of its own: a late input is
    then refused as stale, and the default stays applied whatever happens to the input.
    `by_bot`: the computer player who holds the seat answers (guerra/game/services/bots.py);
    while it holds it, its player's own inputs are refused.
    """
    expire_due(game_id=game_id)
    with transaction.atomic():
        game = locked_running_game(game_id)
        seat = seat_of(game, user)
        if bool(seat.bot) != by_bot:
            raise GameError(_("The computer plays this seat: take it back to play.")
                            if seat.bot else _("This seat is its player's again."), status=409)
        if seat.missed and not by_bot:  # the player is back
            Seat.objects.filter(pk=seat.pk).update(missed=0)
            seat.missed = 0
        state = load_state(game)
        decision = given(seat, state)
        dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
        outcome = advance(state, decision, dice)
        if isinstance(outcome, Refused):
            if refusals is not None and outcome.code in refusals:
                message, status = refusals[outcome.code]
                raise GameError(message, status=status)
            raise GameError(render_rules_message(outcome.reason),
                            status=STATUS_OF_REFUSAL.get(outcome.code, 400))
        # Free actions (G41, G43, G40) go on during an attack without answering it.
        answered = state.attack_under_way and not isinstance(decision, FREE)
        record(game, state, outcome, dice, actor=seat, made=made, answered=answered)
        return Played(outcome.state, game)


def record(game: Game, before: GameState | None, outcome: Accepted[GameState], dice: HmacDice,
           *, actor: Seat | None, made: str, answered: bool = False) -> None:
    """Store an accepted step: all of it, or (on a stale write) nothing. `answered`: the input
    was a decision (or the timeout) of the attack under way."""
    after = outcome.state
    now = timezone.now()
    deadline = _deadline(game, before, after, now)
    fields = {
        "rules": after.to_dict(), "step": after.step, "phase": after.phase,
        "current_war": after.war, "current_round": after.round, "next_roll": dice.next_roll,
        "deadline": deadline, "bot_due": bot_due(game, after, now),
    }
    if after.finished:
        fields.update(status=GameStatus.FINISHED, ended_at=now, deadline=None)
    where = {"pk": game.pk} if before is None else {"pk": game.pk, "step": before.step}
    if not prepared.update(Game, where, fields):
        raise GameError(_("The game has moved on meanwhile: reload the page."), status=409)
    for name, value in fields.items():
        setattr(game, name, value)
    # What the instance read once and this step may change (its seats are kept in step by
    # `project`): the war's sides, the attacks under way.
    game.__dict__.pop("_attacks_under_way", None)
    if before is None or (before.war, before.alliances) != (after.war, after.alliances):
        game.__dict__.pop("_war_sides", None)
    remember(game, after)
    project(game, before, after)
    seats = {seat.power: seat for seat in game.table_seats()}  # as project left them
    attack = _attack_row(game, before, after, deadline, seats)
    _dice(game, dice, attack, made)
    log = EventBatch(game)
    _log(log, before, after, outcome.events, seats, attack=attack, actor=actor, made=made,
         answered=answered)
    if after.finished:
        log.add("game_ended", {"seed": game.dice_seed})
    log.write()
    # A step of a seat's player changing hands (the computer, staff's correction) is seen on
    # the lists too: a seat the computer holds awaits nobody there.
    players.ring_players_on_commit(game, before, after, always=made in ("seat", "staff"))
    notices.after_step(game, before, after)


def _deadline_key(state: GameState) -> tuple[object, ...] | None:
    """What is awaited: a new key opens a new deadline, the same key keeps the old one."""
    waiting = pending(state)
    if waiting.kind == "over" or not waiting.powers:
        return None
    if waiting.kind == "attack" and state.attack is not None:
        return ("attack", state.attack.number, state.attack.state.cursor.opened_at)
    return ("game", state.opened_at)


def _deadline(game: Game, before: GameState | None, after: GameState,
              now: datetime) -> datetime | None:
    key = _deadline_key(after)
    if key is None:
        return None
    if before is not None and _deadline_key(before) == key and game.deadline is not None:
        return game.deadline
    return now + timedelta(seconds=decision_seconds(after, game.deadline_seconds))


def bot_due(game: Game, state: GameState, now: datetime) -> datetime | None:
    """When a computer player awaited in `state` answers, GUERRA_BOT_DELAY from now so that
    people see one move after another (None: none is awaited); the driver wakes when the
    transaction commits."""
    if state.finished:
        return None
    awaited = set(pending(state).powers)
    if not any(seat.bot and seat.power in awaited for seat in game.table_seats()):
        return None
    transaction.on_commit(bots_woken.set)
    return now + timedelta(seconds=settings.GUERRA_BOT_DELAY)


def _attack_row(game: Game, before: GameState | None, after: GameState,
                deadline: datetime | None, seats: dict[str, Seat]) -> Attack | None:
    """The attack the step touched, created at its declaration and kept in step after it."""
    running = after.attack
    if running is None or (before is not None and before.attack == running):
        return None
    state = running.state
    fields = {
        "state": state.to_dict(), "step": state.step, "node": state.cursor.node,
        "awaiting": list(state.awaiting), "finished": state.finished,
        "outcome": state.outcome or "", "ended_at": timezone.now() if state.finished else None,
        "deadline": None if state.finished or not state.awaiting else deadline,
    }
    attack = Attack.of(game.pk, running.number)
    if attack is None:
        neutral = None
        if running.counter is not None:
            neutral = Neutral.objects.filter(game=game, number=running.counter).first()
        attack = Attack.objects.create(
            game=game, number=running.number, procedure=after.scenario.procedure,
            war=after.war, region=game.regions.get(name=running.region),
            attacker=seats[running.power],
            defender=seats[running.defender] if running.defender else None,
            neutral=neutral, **fields,
        )
        attack._is_new = True  # type: ignore[attr-defined]
        return attack
    prepared.update(Attack, {"pk": attack.pk}, fields)
    for name, value in fields.items():
        setattr(attack, name, value)
    return attack


def _dice(game: Game, dice: HmacDice, attack: Attack | None, made: str) -> None:
    """Every roll of the game is kept, with the size of its die, to be checked against the
    seed once it is revealed."""
    if not dice.rolls:
        return
    reason = "attack" if attack is not None else "storm" if made == "move" else made
    prepared.insert([
        DiceRoll(game=game, number=number, face=face, sides=size, attack=attack,
                 reason=reason[:12])
        for (number, face), size in zip(dice.rolls, dice.sides, strict=True)
    ])


def _log(log: EventBatch, before: GameState | None, after: GameState,
         events: tuple[Event, ...], seats: dict[str, Seat], *, attack: Attack | None,
         actor: Seat | None, made: str, answered: bool) -> None:
    """The step in the log: what happened around the attack, and the attack's own part as the
    attack's step, as its page reads it. All of it is public, unrest included: the board
    game's unrest track is in plain sight, and losses and taxes told it anyway."""
    head, fought, tail = split_attack_events(events, answered=answered)
    _log_game_events(log, head, actor, made)
    if attack is not None and (fought or answered):  # a secret answer is a step too (M2)
        old = before.attack.state if before is not None and before.attack is not None and (
            before.attack.number == attack.number) else None
        log.add("attack_step", {
            "attack": attack.number, "step": old.step if old is not None else 0,
            "made": "declare" if old is None else made,
            "events": [event.to_dict() for event in fought], "notes": [],
        }, actor=actor, attack=attack)
        if after.attack is not None and after.attack.number == attack.number:
            _invite(log, attack, old, after.attack.state, seats)
    _log_game_events(log, tail, actor, made)


def _log_game_events(log: EventBatch, events: tuple[Event, ...], actor: Seat | None,
                     made: str) -> None:
    if events:
        log.add("game_step", {"made": made, "events": [e.to_dict() for e in events]},
                actor=actor)


def _invite(log: EventBatch, attack: Attack, before: Any, after: Any, seats: dict[str, Seat]
            ) -> None:
    """A1, P4: each ally asked to bring units hears of it privately, on its own power's chain
    only, when its invitation opens."""
    for side, power, armies, fleets in adapter(attack.procedure).newly_invited(before, after):
        if power not in seats:
            continue
        log.add("ally_invited", {
            "attack": attack.number, "region": attack.region.name, "side": side,
            "friend": after.main_power(side), "armies": armies, "fleets": fleets,
        }, visibility=Visibility.POWER, seat=seats[power], attack=attack)


# --- deadlines ---------------------------------------------------------------------------------


@retried
def game_expire(*, game_id: int, now: datetime | None = None) -> bool:
    """The deadline of what the game awaits has passed: the defaults apply (G13, G27, G29,
    and the attack's boxes). False when nothing was due (or the game moved on meanwhile)."""
    with transaction.atomic():
        game = locked_running_game(game_id)
        if game.deadline is None or game.deadline > (now or timezone.now()):
            return False
        state = load_state(game)
        dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
        outcome = advance(state, Deadline(state.step), dice)
        if isinstance(outcome, Refused):  # nothing awaited: drop the stale deadline
            Game.objects.filter(pk=game.pk).update(deadline=None)
            return False
        _missed(game, state)
        record(game, state, outcome, dice, actor=None, made="timeout",
               answered=state.attack_under_way)
        return True


def _missed(game: Game, state: GameState) -> None:
    """The players awaited when a deadline passes have missed one more in a row."""
    awaited = set(pending(state).powers)
    late = [seat for seat in game.table_seats() if seat.power in awaited and not seat.bot]
    if late:
        Seat.objects.filter(pk__in=[seat.pk for seat in late]).update(missed=F("missed") + 1)
        for seat in late:
            seat.missed += 1


# The deadline of a running game (none for another): read before every input of its players.
_DEADLINE = Prepared(
    lambda pk: Game.objects.filter(pk=pk, status=GameStatus.RUNNING)
    .values_list("deadline", flat=True),
    int,
)


def expire_due(*, game_id: int | None = None, now: datetime | None = None) -> int:
    """Apply every deadline that has passed (each game in a transaction of its own)."""
    now = now or timezone.now()
    if game_id is not None:
        deadline = _DEADLINE.first(game_id)
        due = [game_id] if deadline is not None and deadline <= now else []
    else:
        due = list(Game.objects.filter(status=GameStatus.RUNNING, deadline__lte=now)
                   .values_list("pk", flat=True))
    expired = 0
    for pk in due:
        try:
            expired += game_expire(game_id=pk, now=now)
        except GameError:
            continue  # the game ended or moved on meanwhile
    return expired


__all__ = ["Played", "expire_due", "game_expire", "game_play", "game_played", "record"]
