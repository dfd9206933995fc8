"""Driving a game through its services in tests, and setting up boards in its rules state.

The rules state (`Game.rules`) is the game's truth and its rows are read models: a test that
needs a board edits the state (`edit_state`), which rewrites the rows as a step of the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from guerra.game import services
from guerra.game.models import Game, Neutral, Seat
from guerra.game.models.state import load_state
from guerra.game.services.snapshot import project
from guerra.rules.game.state import GameState, Pieces, TurnState


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return load_state(game)


def seat_of(game: Game, power: str) -> Seat:
    return Seat.objects.get(game=game, power=power)


def edit_state(game: Game, change: Callable[[GameState], GameState]) -> GameState:
    """Replace the game's state by `change(state)` (one step later) and its read models."""
    before = state_of(game)
    after = dataclasses.replace(change(before), step=before.step + 1)
    assert after.opened_at <= after.step
    Game.objects.filter(pk=game.pk).update(rules=after.to_dict(), step=after.step,
                                           phase=after.phase, current_war=after.war,
                                           current_round=after.round)
    game.refresh_from_db()
    project(game, before, after)
    return after


def set_pieces(game: Game, power: str, region: str | None, **counts: Any) -> GameState:
    """The power's pieces in a region (or at home) become exactly `counts`."""

    def change(state: GameState) -> GameState:
        old = state.pieces(power, region)
        target = dataclasses.replace(old, **counts)
        deltas = {f: getattr(target, f) - getattr(old, f)
                  for f in ("armies", "fleets", "forts", "markers")}
        return state.with_pieces(power, region, **deltas)

    return edit_state(game, change)


def set_power(game: Game, power: str, **values: object) -> GameState:
    return edit_state(game, lambda state: state.with_power(power, **values))


def give_turn(game: Game, power: str) -> GameState:
    """The power's turn, with its two actions to take (a fresh decision)."""

    def change(state: GameState) -> GameState:
        return dataclasses.replace(state, turn=TurnState(power), opened_at=state.step + 1)

    return edit_state(game, change)


def finish_auction(game: Game, plan: Sequence[tuple[str | None, str | None]]) -> GameState:
    """Play the auction: each proposal of `plan` (A, B) opened at 0 and passed by all."""
    proposals = list(plan)
    state = state_of(game)
    while state.phase == "auction":
        table = state.auction
        assert table is not None
        user = seat_of(game, table.awaited or "").user
        if table.proposal is None:
            a, b = proposals.pop(0)
            state = services.auction_propose(game_id=game.pk, user=user, step=state.step,
                                             a=a, b=b, bid=0)
        else:
            state = services.auction_pass(game_id=game.pk, user=user, step=state.step)
    return state


def pieces(game: Game, power: str, region: str | None) -> Pieces:
    return state_of(game).pieces(power, region)


def show_counter(game: Game, region: str, *, reward: str | None = "gold",
                 kind: str = "numbered") -> Neutral:
    """Put a counter of the pool of this kind (and reward) face up in the region (G11), as
    if it had been drawn (unless one is face up there already), and return its row."""
    state = state_of(game)
    counter = next(
        c for c in state.scenario.counters
        if c.region == region and c.kind == kind and (kind != "numbered" or c.reward == reward)
        and (c.id in state.face_up or c.id in state.pool)
    )
    if counter.id in state.face_up:
        return Neutral.objects.get(game=game, number=counter.id)
    edit_state(game, lambda s: dataclasses.replace(
        s, face_up=(*s.face_up, counter.id), pool=tuple(c for c in s.pool if c != counter.id)))
    return Neutral.objects.get(game=game, number=counter.id)


def chatter(game: Game, lines: int) -> None:
    """`lines` alliance lines and as many private ones: each also a line of the event log."""
    francia = Seat.objects.get(game=game, power="Francia")
    prussia = Seat.objects.get(game=game, power="Prussia")
    for i in range(lines):
        services.chat_post_alliance(game_id=game.pk, user=francia.user, text=f"riga {i}")
        services.chat_post_private(game_id=game.pk, user=prussia.user,
                                   recipient_seat_id=francia.pk, text=f"privato {i}")
