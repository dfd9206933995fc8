"""Attacks: declare one (the Attack action, G34) and decide at its flowchart's boxes.

Both go through the game's machine (`play.game_play`), which runs the attack's procedure and
applies its effects. A decision's form becomes the procedure's input through the procedure's
web adapter (`guerra.game.procedures`); the engine says why it refuses one (stale, repeated,
not yours), and the page gets the matching status and sentence.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from guerra.game.errors import GameError
from guerra.game.models import Attack, Game, Neutral, Region, Seat
from guerra.game.procedures import Decision, Undecidable, adapter
from guerra.game.services.play import game_play, game_played
from guerra.game.text.grammar import art
from guerra.game.text.parsing import row_id
from guerra.rules.game.inputs import Attack as AttackAction
from guerra.rules.game.state import GameState
from guerra.runtime.prepared import Prepared

__all__ = ["Decision", "attack_decide", "attack_declare"]

# What a refused decision tells the player, by the engine's refusal code (and its status).
REFUSALS: dict[str, tuple[str, int]] = {
    "over": (gettext_noop("This attack is already over."), 409),
    "stale": (gettext_noop("The attack has moved on: reload the page."), 409),
    "repeated": (gettext_noop("This decision has already been taken: reload the page."), 409),
    "not_yours": (gettext_noop("This decision is not yours to take."), 403),
}


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
    declared = Attack.of(game_id, after.attack.number)
    assert declared is not None  # written by the step that declared it
    return declared


# Which combat system an attack plays, before its decision is read (not its whole state).
_PROCEDURE = Prepared(
    lambda game, number: Attack.objects.filter(game_id=game, number=number)
    .values_list("procedure", flat=True),
    int, int,
)


def attack_decide(*, game_id: int, number: int, user: User, decision: Decision) -> Attack:
    """A player's decision at the current box. Only the awaited player may decide (403);
    a decision made for a step that has passed (double click, old tab) changes nothing (409).
    A deadline that has passed is applied first (see `game_play`)."""
    procedure = _PROCEDURE.first(game_id, number)
    if procedure is None:
        raise GameError(_("This attack does not exist."), status=404)
    system = adapter(procedure)

    def answer(seat: Seat, state: GameState) -> object:
        running = state.attack
        if running is None or running.number != number or running.state.finished:
            raise GameError(_("This attack is already over."), status=409)
        try:
            return system.input_from(running.state, decision, seat.power)
        except Undecidable:
            raise GameError(_("This is not a decision of this attack."), status=400) from None

    refusals = {code: (_(msgid), status) for code, (msgid, status) in REFUSALS.items()}
    played = game_played(game_id=game_id, user=user, given=answer, made=decision.kind,
                         refusals=refusals)
    found = Attack.of(game_id, number)
    assert found is not None  # an attack is never deleted
    found.game = played.game  # as the decision left it, seats included
    return found
