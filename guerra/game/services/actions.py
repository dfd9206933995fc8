"""One service per player decision of the whole game, each a thin wrapper that builds the rules'
input from the player's seat and goes through `play.game_play`: setup placements (G13), the
auction's calls (G22-G24), the actions of a turn (G30-G38) and the free actions (G40-G43).

`step` is the game step the player's page was made at: a stale or repeated request is refused
by the rules (409) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.contrib.auth.models import User

from guerra.game.models import Seat
from guerra.game.services.play import game_play
from guerra.rules.game.inputs import (
    Build,
    CallPass,
    Colonise,
    Move,
    Pass,
    PlaceUnit,
    PlayTile,
    Propose,
    Raise,
    TakeTile,
    Tax,
    Trade,
    Transfer,
    UnitMove,
)
from guerra.rules.game.scenario import MobileKind, UnitKind
from guerra.rules.game.state import GameState


def _play(game_id: int, user: User, made: str, build: Callable[[str], object]) -> GameState:
    def given(seat: Seat, state: GameState) -> object:
        return build(seat.power)

    return game_play(game_id=game_id, user=user, given=given, made=made)


def unit_place(*, game_id: int, user: User, step: int, kind: UnitKind,
               region: str | None) -> GameState:
    """G13: one unit of the supply placed in a region or at home."""
    return _play(game_id, user, "place", lambda p: PlaceUnit(p, step, kind, region))


def auction_propose(*, game_id: int, user: User, step: int, a: str | None, b: str | None,
                    bid: int) -> GameState:
    """G22-G24: open a proposal, or raise with one's own."""
    return _play(game_id, user, "propose", lambda p: Propose(p, step, a, b, bid))


def auction_raise(*, game_id: int, user: User, step: int, bid: int) -> GameState:
    return _play(game_id, user, "raise", lambda p: Raise(p, step, bid))


def auction_pass(*, game_id: int, user: User, step: int) -> GameState:
    return _play(game_id, user, "call_pass", lambda p: CallPass(p, step))


def unit_build(*, game_id: int, user: User, step: int, kind: UnitKind, region: str | None,
               with_gold: bool = False) -> GameState:
    """G30 (G40: Mercenaries pay with gold)."""
    return _play(game_id, user, "build", lambda p: Build(p, step, kind, region, with_gold))


def units_move(*, game_id: int, user: User, step: int,
               moves: Sequence[tuple[MobileKind, str | None, str | None]]) -> GameState:
    """G31-G33: each (kind, from, to), None for the power's home."""
    units = tuple(UnitMove(kind, source, target) for kind, source, target in moves)
    return _play(game_id, user, "move", lambda p: Move(p, step, units))


def action_pass(*, game_id: int, user: User, step: int) -> GameState:
    """G35."""
    return _play(game_id, user, "pass", lambda p: Pass(p, step))


def tile_take(*, game_id: int, user: User, step: int, tile: str) -> GameState:
    """G38."""
    return _play(game_id, user, "tile", lambda p: TakeTile(p, step, tile))


def counter_colonise(*, game_id: int, user: User, step: int, counter: int) -> GameState:
    """G36."""
    return _play(game_id, user, "colonise", lambda p: Colonise(p, step, counter))


def counter_trade(*, game_id: int, user: User, step: int, counter: int) -> GameState:
    """G37."""
    return _play(game_id, user, "trade", lambda p: Trade(p, step, counter))


def gold_tax(*, game_id: int, user: User, step: int, gold: int) -> GameState:
    """G41 (free)."""
    return _play(game_id, user, "tax", lambda p: Tax(p, step, gold))


def gold_transfer(*, game_id: int, user: User, step: int, to: str, gold: int) -> GameState:
    """G43 (free)."""
    return _play(game_id, user, "transfer", lambda p: Transfer(p, step, to, gold))


def tile_play(*, game_id: int, user: User, step: int, tile: str) -> GameState:
    """G40 (free): a War Ministry in one's own turn."""
    return _play(game_id, user, "play_tile", lambda p: PlayTile(p, step, tile))
