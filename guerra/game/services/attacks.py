"""Attacks: declare one, decide at its flowchart's boxes, let deadlines pass.

Each action locks the game (see `locks`), asks the rules (`guerra.rules`, procedure seed004)
what happens, then in the same transaction applies the effects to the board, records the dice,
saves the attack's new state and logs the step. A refusal changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from guerra.rules.dice import HmacDice
from guerra.rules.flowchart import Accepted, Refused, Timeout, get_procedure
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER
from guerra.rules.seed004.state import AttackState

from ..models import Attack, DiceRoll, Game, Neutral, Region, Seat, Visibility
from ..rules_text import render_rules_message
from ..situation import Target, build_situation
from .effects import apply_effects
from .errors import GameError
from .events import log_event
from .locks import locked_running_game, seat_of
from .turns import advance_turn, require_turn

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


def parse_target(game: Game, region: Region, key: str) -> Target:
    """`power-<seat id>` or `neutral-<neutral id>`; anything else is a bad request."""
    kind, _sep, raw_id = key.partition("-")
    if not raw_id.isdigit() or kind not in {"power", "neutral"}:
        raise GameError(_("Choose what to attack: a power or a neutral marker."))
    if kind == "power":
        seat = game.seats.filter(pk=int(raw_id)).first()
        if seat is None:
            raise GameError(_("This power is not in the game."))
        return Target(seat=seat)
    neutral = Neutral.objects.filter(pk=int(raw_id), region=region, on_board=True).first()
    if neutral is None:
        raise GameError(
            _("There is no such neutral marker in %(region)s.") % {"region": region.name}
        )
    return Target(neutral=neutral)


def region_of(game: Game, region_id: int) -> Region:
    region = Region.objects.filter(game=game, pk=region_id).first()
    if region is None:
        raise GameError(_("This region is not on the board."))
    return region


def region_busy(region: Region) -> Attack | None:
    """D5: the attack still under way in the region, if any."""
    return Attack.objects.filter(region=region, finished=False).first()


@transaction.atomic
def attack_declare(*, game_id: int, user: User, region_id: int, target: str) -> Attack:
    """D1-D5, N0: declare an attack and pay 2 gold, or refuse with nothing changed."""
    game = locked_running_game(game_id)
    seat = seat_of(game, user)
    require_turn(game, seat)
    region = region_of(game, region_id)
    busy = region_busy(region)
    if busy is not None:
        raise GameError(
            _("Attack #%(number)d is under way in %(region)s: wait for it to end.")
            % {"number": busy.number, "region": region.name},
            status=409,
        )
    aimed = parse_target(game, region, target)
    situation = build_situation(game, seat, region, aimed)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    outcome = procedure().declare(situation, dice)
    if isinstance(outcome, Refused):
        raise GameError(render_rules_message(outcome.reason))
    number = (Attack.objects.filter(game=game).aggregate(n=Max("number"))["n"] or 0) + 1
    attack = Attack.objects.create(
        game=game,
        number=number,
        procedure=PROCEDURE,
        war=game.current_war,
        region=region,
        attacker=seat,
        defender=aimed.seat,
        neutral=aimed.neutral,
        state={},
        node="",
    )
    _record_step(game, attack, outcome, dice, actor=seat, made="declare")
    advance_turn(game)
    return attack


def _rules_input(decision: Decision, power: str) -> object:
    if decision.kind == "ally":
        return AllyAnswer(power, decision.step, decision.armies, decision.fleets)
    if decision.kind == "naval":
        return NavalDecision(power, decision.step, decision.fight)
    if decision.kind == "tiles":
        return NavalTiles(power, decision.step, decision.tiles)
    return LossChoice(power, decision.step, decision.loss)


def locked_attack(game: Game, number: int) -> Attack:
    attack = (
        Attack.objects.select_for_update(of=("self",))
        .select_related("region", "neutral")
        .filter(game=game, number=number)
        .first()
    )
    if attack is None:
        raise GameError(_("This attack does not exist."), status=404)
    return attack


def attack_decide(*, game_id: int, number: int, user: User, decision: Decision) -> Attack:
    """A player's decision at the current box. Only the awaited player may decide (403);
    a decision made for a step that has passed (double click, old tab) changes nothing (409).

    A deadline that has passed is applied first, in a transaction of its own: a late decision
    is then refused as stale, and the default stays applied whatever happens to the decision.
    """
    expire_due(game_id=game_id)
    return _decide(game_id=game_id, number=number, user=user, decision=decision)


@transaction.atomic
def _decide(*, game_id: int, number: int, user: User, decision: Decision) -> Attack:
    game = locked_running_game(game_id)
    seat = seat_of(game, user)
    attack = locked_attack(game, number)
    state = attack_state(attack)
    if state.finished:
        raise GameError(_("This attack is already over."), status=409)
    cursor = state.cursor
    stale = not cursor.opened_at <= decision.step <= cursor.step
    if seat.power not in cursor.awaiting:
        if stale or seat.power in _decided_at_this_box(state):
            raise GameError(_("This decision has already been taken: reload the page."), 409)
        raise GameError(_("This decision is not yours to take."), status=403)
    if stale or KIND_OF_NODE.get(cursor.node) != decision.kind:
        raise GameError(_("The attack has moved on: reload the page."), status=409)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    outcome = procedure().advance(state, _rules_input(decision, seat.power), dice)
    if isinstance(outcome, Refused):
        raise GameError(render_rules_message(outcome.reason))
    # Only the kind of decision: a choice may be secret until the box closes (M2's tiles).
    _record_step(game, attack, outcome, dice, actor=seat, made=decision.kind)
    return attack


def _decided_at_this_box(state: AttackState) -> set[str]:
    """Who already answered at a box that waits for several at once (a second answer is a
    repeat, 409, not someone else's decision, 403): the invited allies, the tiles at sea."""
    if state.cursor.node == g.ALLIES:
        return {answer.power for answer in state.answers}
    if state.cursor.node == g.NAVAL_TILES:
        chosen = [(ATTACKER, state.attacker_sea_tiles), (DEFENDER, state.defender_sea_tiles)]
        return {state.main_power(side) or "" for side, tiles in chosen if tiles is not None}
    return set()


def _expire_if_due(game: Game, attack: Attack, now: datetime | None = None) -> bool:
    if attack.finished or attack.deadline is None or attack.deadline > (now or timezone.now()):
        return False
    state = attack_state(attack)
    dice = HmacDice(bytes.fromhex(game.dice_seed), game.next_roll)
    outcome = procedure().advance(state, Timeout(state.step), dice)
    if isinstance(outcome, Refused):  # nothing was awaited: just drop the stale deadline
        Attack.objects.filter(pk=attack.pk).update(deadline=None)
        attack.deadline = None
        return False
    _record_step(game, attack, outcome, dice, actor=None, made="timeout")
    return True


@transaction.atomic
def attack_expire(*, game_id: int, number: int, now: datetime | None = None) -> bool:
    """A3 and the other deadlines: whoever has not answered in time gets the default."""
    game = locked_running_game(game_id)
    return _expire_if_due(game, locked_attack(game, number), now)


def expire_due(*, game_id: int | None = None, now: datetime | None = None) -> int:
    """Expire every attack whose deadline has passed (each in its own transaction)."""
    due = Attack.objects.filter(finished=False, deadline__lte=now or timezone.now())
    if game_id is not None:
        due = due.filter(game_id=game_id)
    expired = 0
    for game_pk, number in due.values_list("game_id", "number"):
        try:
            expired += attack_expire(game_id=game_pk, number=number, now=now)
        except GameError:
            continue  # the game ended or the attack moved on meanwhile
    return expired


def _record_step(
    game: Game,
    attack: Attack,
    outcome: Accepted[AttackState],
    dice: HmacDice,
    *,
    actor: Seat | None,
    made: str,
) -> None:
    """Effects, dice, the attack's new state and the log entry: one transaction, one step."""
    state = outcome.state
    previous_opened = attack_state(attack).cursor.opened_at if attack.state else None
    notes = apply_effects(game, attack.region, attack.neutral, outcome.events)
    if dice.rolls:
        DiceRoll.objects.bulk_create(
            DiceRoll(game=game, number=number, face=face, attack=attack)
            for number, face in dice.rolls
        )
        if not Game.objects.filter(pk=game.pk, next_roll=game.next_roll).update(
            next_roll=dice.next_roll
        ):
            raise GameError(_("The board changed meanwhile: reload the page."), status=409)
        game.next_roll = dice.next_roll
    now = timezone.now()
    if state.finished or not state.awaiting:
        deadline = None
    elif previous_opened == state.cursor.opened_at and attack.deadline is not None:
        deadline = attack.deadline  # the same box is still open: its deadline holds
    else:
        deadline = now + timedelta(seconds=game.ally_deadline_seconds)
    old_step, old_node = attack.step, attack.node
    fields = {
        "state": state.to_dict(),
        "step": state.step,
        "node": state.cursor.node,
        "awaiting": list(state.awaiting),
        "finished": state.finished,
        "outcome": state.outcome or "",
        "deadline": deadline,
        "ended_at": now if state.finished else None,
    }
    if attack.state and not Attack.objects.filter(pk=attack.pk, step=old_step).update(**fields):
        raise GameError(_("The attack has moved on: reload the page."), status=409)
    if not attack.state:
        Attack.objects.filter(pk=attack.pk).update(**fields)
    for name, value in fields.items():
        setattr(attack, name, value)
    log_event(
        game,
        "attack_step",
        {
            "attack": attack.number,
            "step": old_step,
            "made": made,
            "events": [event.to_dict() for event in outcome.events],
            "notes": notes,
        },
        actor=actor,
        attack=attack,
    )
    if state.cursor.node == g.ALLIES and old_node != g.ALLIES:
        _invite(game, attack, state)


def _invite(game: Game, attack: Attack, state: AttackState) -> None:
    """A1: each invited ally hears of it privately, on its own power's chain only."""
    seats = {seat.power: seat for seat in game.seats.all()}
    for side, ally in state.situation.invited():
        if ally.power not in state.awaiting or ally.power not in seats:
            continue
        log_event(
            game,
            "ally_invited",
            {
                "attack": attack.number,
                "region": attack.region.name,
                "side": side,
                "friend": state.main_power(side),
                "armies": ally.armies,
                "fleets": ally.fleets,
            },
            visibility=Visibility.POWER,
            seat=seats[ally.power],
            attack=attack,
        )
