"""Attacks: declare one (the Attack action, G34) and decide at its flowchart's boxes.

Both go through the game's machine (`play.game_play`), which runs the attack's procedure and
applies its effects; the checks here only tell a repeated or stale decision (409) from
somebody else's (403), which the page needs to say the right thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from guerra.rules.flowchart import get_procedure
from guerra.rules.game.inputs import Attack as AttackAction
from guerra.rules.game.state import GameState
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER
from guerra.rules.seed004.state import AttackState

from ..grammar import art
from ..models import Attack, Game, Neutral, Region, Seat
from ..parsing import row_id
from .errors import GameError
from .play import game_play

PROCEDURE = "seed004"
DecisionKind = Literal["ally", "naval", "tiles", "loss"]
KIND_OF_NODE: dict[str, DecisionKind] = {
    g.ALLIES: "ally",
    g.ATTACKER_NAVAL_CHOICE: "naval",
    g.DEFENDER_NAVAL_CHOICE: "naval",
    g.NAVAL_TILES: "tiles",
    g.LAND_LOSS_CHOICE: "loss",
}


@dataclass(frozen=True)
class Decision:
    """What a player decided at a box, as the attack page's forms send it."""

    kind: DecisionKind
    step: int
    armies: int = 0
    fleets: int = 0
    fight: bool = True
    tiles: int = 0
    loss: Literal["army", "fort"] = "army"


def procedure() -> Any:
    return get_procedure(PROCEDURE)


def attack_state(attack: Attack) -> AttackState:
    state: AttackState = procedure().state_from_dict(attack.state)
    return state


def region_of(game: Game, region_id: int) -> Region:
    region = Region.objects.filter(game=game, pk=region_id).first()
    if region is None:
        raise GameError(_("This region is not on the board."))
    return region


def parse_target(game: Game, region: Region, key: str) -> tuple[str | None, int | None]:
    """`power-<seat id>` or `neutral-<neutral id>`: the power, or the counter's number."""
    kind, _sep, raw_id = key.partition("-")
    pk = row_id(raw_id)
    if pk is None or kind not in {"power", "neutral"}:
        raise GameError(_("Choose what to attack: a power or a neutral marker."))
    if kind == "power":
        seat = game.seats.filter(pk=pk).first()
        if seat is None:
            raise GameError(_("This power is not in the game."))
        return seat.power, None
    neutral = Neutral.objects.filter(pk=pk, region=region, on_board=True).first()
    if neutral is None:
        raise GameError(
            _("There is no such neutral marker %(region)s.") % {"region": art(region.name, "in")}
        )
    return None, neutral.number


def attack_declare(
    *, game_id: int, user: User, region_id: int, target: str, step: int | None = None
) -> Attack:
    """G34, D1-D5, N0: the Attack action; 2 gold paid, or refused with nothing changed.
    `step` is the game step the page was made at (None: now)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameError(_("This game does not exist."), status=404)
    region = region_of(game, region_id)
    defender, counter = parse_target(game, region, target)

    def action(seat: Seat, state: GameState) -> object:
        return AttackAction(seat.power, state.step if step is None else step, region.name,
                            defender=defender, counter=counter)

    after = game_play(game_id=game_id, user=user, given=action, made="declare")
    assert after.attack is not None
    return Attack.objects.get(game_id=game_id, number=after.attack.number)


def _rules_input(decision: Decision, power: str) -> object:
    if decision.kind == "ally":
        return AllyAnswer(power, decision.step, decision.armies, decision.fleets)
    if decision.kind == "naval":
        return NavalDecision(power, decision.step, decision.fight)
    if decision.kind == "tiles":
        return NavalTiles(power, decision.step, decision.tiles)
    return LossChoice(power, decision.step, decision.loss)


def attack_decide(*, game_id: int, number: int, user: User, decision: Decision) -> Attack:
    """A player's decision at the current box. Only the awaited player may decide (403);
    a decision made for a step that has passed (double click, old tab) changes nothing (409).
    A deadline that has passed is applied first (see `game_play`)."""
    if not Attack.objects.filter(game_id=game_id, number=number).exists():
        raise GameError(_("This attack does not exist."), status=404)

    def answer(seat: Seat, state: GameState) -> object:
        running = state.attack
        if running is None or running.number != number or running.state.finished:
            raise GameError(_("This attack is already over."), status=409)
        attack = running.state
        cursor = attack.cursor
        stale = not cursor.opened_at <= decision.step <= cursor.step
        if seat.power not in cursor.awaiting:
            if stale or seat.power in _decided_at_this_box(attack):
                raise GameError(_("This decision has already been taken: reload the page."), 409)
            raise GameError(_("This decision is not yours to take."), status=403)
        if stale or KIND_OF_NODE.get(cursor.node) != decision.kind:
            raise GameError(_("The attack has moved on: reload the page."), status=409)
        return _rules_input(decision, seat.power)

    game_play(game_id=game_id, user=user, given=answer, made=decision.kind)
    return Attack.objects.get(game_id=game_id, number=number)


def _decided_at_this_box(state: AttackState) -> set[str]:
    """Who already answered at a box that waits for several at once (a second answer is a
    repeat, 409, not someone else's decision, 403): the invited allies, the tiles at sea."""
    if state.cursor.node == g.ALLIES:
        return {answer.power for answer in state.answers}
    if state.cursor.node == g.NAVAL_TILES:
        chosen = [(ATTACKER, state.attacker_sea_tiles), (DEFENDER, state.defender_sea_tiles)]
        return {state.main_power(side) or "" for side, tiles in chosen if tiles is not None}
    return set()
