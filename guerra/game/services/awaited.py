"""What a step leaves awaited, for the e-mail notices (guerra/game/services/notices.py): which
human seats, what for, and which decision (a name that stays while the decision waits)."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.game.models import Game, NoticeKind, Seat
from guerra.game.models.state import load_state
from guerra.game.procedures import adapter
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

# A game with this many seconds a decision or fewer is played live: no mail unless asked for
# (the pace "live" of the new game's form).
FAST_GAME_SECONDS = 120


@dataclass(frozen=True)
class Awaited:
    """A seat's player newly awaited: what for (a NoticeKind) and which decision."""

    seat_id: int
    user_id: int
    kind: str
    decision: str


def decision_seconds(state: GameState, seconds: int) -> int:
    """How long the decision awaited in `state` may take, the game's `seconds` a decision
    unless the attack's procedure shortens it (`ProcedureAdapter.decision_seconds`: a call of
    a "finestre" window); 1 s at least, never more than `seconds`."""
    attack = state.attack
    if attack is None or pending(state).kind != "attack":
        return seconds
    found = adapter(state.scenario.procedure).decision_seconds(attack.state, seconds)
    return max(1, min(seconds, found))


def is_short(state: GameState, seconds: int) -> bool:
    """The decision awaited is one the procedure shortens (a call of a window)."""
    return decision_seconds(state, seconds) < seconds


def decision_of(state: GameState, seconds: int | None = None) -> str | None:
    """The name of the decision awaited in `state` (None: none): the game's step that opened it,
    or the attack's number and the attack's step that opened its window. The same decision keeps
    its name while it waits for several powers; a new window is a new name. Given the game's
    `seconds` a decision, the short decisions of an attack (`is_short`) all share one name,
    "a<number>.short": a player is told of them once an attack, not at each call of each
    window (a correspondence game's attack has dozens)."""
    waiting = pending(state)
    if waiting.kind == "over" or not waiting.powers:
        return None
    if waiting.kind == "attack" and state.attack is not None:
        if seconds is not None and is_short(state, seconds):
            return f"a{state.attack.number}.short"
        return f"a{state.attack.number}.{state.attack.state.cursor.opened_at}"
    return f"g{state.opened_at}"


def kind_of(state: GameState, power: str) -> str:
    waiting = pending(state)
    if waiting.kind == "attack":
        attack = state.attack
        main = {attack.power, attack.defender} if attack is not None else set()
        return NoticeKind.ATTACK if power in main else NoticeKind.INVITATION
    return {"place": NoticeKind.SETUP, "propose": NoticeKind.AUCTION,
            "call": NoticeKind.AUCTION}.get(waiting.kind, NoticeKind.TURN)


def newly_awaited(game: Game, before: GameState | None, after: GameState) -> list[Awaited]:
    """The human seats awaited after a step that were not awaited, for the same decision,
    before it."""
    decision = decision_of(after, game.deadline_seconds)
    if decision is None or after.finished:
        return []
    old = decision_of(before, game.deadline_seconds) if before is not None else None
    already = set(pending(before).powers) if before is not None and old == decision else set()
    powers = set(pending(after).powers) - already
    return [Awaited(seat.pk, seat.user_id, kind_of(after, seat.power), decision)
            for seat in game.table_seats() if seat.power in powers and not seat.bot]


def awaited_now(game_id: int, *, long_only: bool = False) -> list[Awaited]:
    """Every human seat awaited in the game now; `long_only`: none while the decision is a
    short one (`is_short`: the reminders leave those out, they were told once an attack)."""
    game = Game.objects.get(pk=game_id)
    state = load_state(game)
    decision = decision_of(state, game.deadline_seconds)
    if decision is None or (long_only and is_short(state, game.deadline_seconds)):
        return []
    powers = set(pending(state).powers)
    return [Awaited(seat.pk, seat.user_id, kind_of(state, seat.power), decision)
            for seat in Seat.objects.filter(game_id=game_id, power__in=powers, bot="")]


__all__ = ["FAST_GAME_SECONDS", "Awaited", "awaited_now", "decision_of", "decision_seconds",
           "is_short", "kind_of", "newly_awaited"]
