"""The prompts every page of a game shows its player, and each alliance's view of its
invitations: the invited ally's prompt (seed 004's A1-A5, d10's P4), and a power's own decision at
the current box of an attack (M1, M2, L4; d10's P5), with its countdown and the odds of each
option. What each procedure asks comes from its adapter (`guerra.game.procedures`).

All are read per viewer and never pushed as content: a push only tells the page to re-fetch
the "invitations" part, which the server renders for whoever asks (an enemy gets nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from guerra.game.access.audience import Viewer
from guerra.game.models import Attack, Game, Seat
from guerra.game.models.state import attack_state
from guerra.game.procedures import Control, Invitation, InvitedAlly, OddsView, adapter
from guerra.runtime.prepared import Prepared

__all__ = ["InvitedAlly"]


_UNDER_WAY = Prepared(
    lambda game: Attack.objects.filter(game_id=game, finished=False)
    .select_related("region", "attacker", "defender").order_by("number"),
    int,
)


def under_way(game: Game) -> list[Attack]:
    """The game's unfinished attacks, read once per page: the turn box, the prompts and the
    alliance's invitations all show them (cached on the request's game object)."""
    cached: list[Attack] | None = getattr(game, "_attacks_under_way", None)
    if cached is None:
        cached = _UNDER_WAY.all(game.pk)
        game._attacks_under_way = cached  # type: ignore[attr-defined]
    return cached


def open_invitations(game: Game) -> list[tuple[Attack, Any]]:
    """Attacks of the game whose current box asks allies for units (seed 004's A4: until
    all answered or timed out; d10's P4: one ally after the other)."""
    found = []
    for attack in under_way(game):
        state = attack_state(attack)
        if adapter(attack.procedure).inviting(state):
            found.append((attack, state))
    return found


@dataclass(kw_only=True)
class Prompt(Invitation):
    """What the invited ally sees wherever it is in the game (A2, P4: bounded by its units):
    the procedure's `Invitation`, and the attack it is for."""

    attack: Attack


def prompts_for(game: Game, seat: Seat | None) -> list[Prompt]:
    """The allies' invitations awaiting `seat` (none while the computer holds it)."""
    if seat is None or seat.bot:
        return []
    prompts = []
    for attack in under_way(game):
        if seat.power not in attack.awaiting:
            continue
        invitation = adapter(attack.procedure).invitation(attack_state(attack), seat.power)
        if invitation is not None:
            prompts.append(Prompt(attack=attack, **vars(invitation)))
    return prompts


@dataclass
class DecisionPrompt:
    """An attack waiting for the viewer's own decision (not an ally's answer)."""

    attack: Attack
    control: Control
    choice_odds: list[tuple[str, OddsView]]


def decision_prompts_for(game: Game, seat: Seat | None,
                         besides: int | None = None) -> list[DecisionPrompt]:
    """The decisions the game awaits from `seat` at its attacks' current boxes; `besides`: an
    attack whose page is open (its panel has the same buttons beside the flowchart). An ally's
    invitation keeps its own prompt everywhere (`prompts_for`). None while the computer holds
    the seat."""
    if seat is None or seat.bot:
        return []
    found = []
    for attack in under_way(game):
        if attack.number == besides or seat.power not in attack.awaiting:
            continue
        system = adapter(attack.procedure)
        state = attack_state(attack)
        control = system.control_for(state, seat.power)
        if control is None or control.kind == system.ally_kind:  # the ally's prompt asks
            continue
        options = system.choice_odds(
            system.procedure.seen_by(state, seat.power), control, seat.power
        ) if system.shows_odds_to(state, seat.power) else []
        found.append(DecisionPrompt(attack, control, options))
    return found


def prompt_context(game: Game, seat: Seat | None, besides: int | None = None) -> dict[str, Any]:
    """What the prompts part shows its viewer (every page, its re-fetch, a form's answer)."""
    return {
        "game": game,
        "prompts": prompts_for(game, seat),
        "decisions": decision_prompts_for(game, seat, besides),
        "besides": besides,
    }


@dataclass
class AllianceInvitation:
    attack: Attack
    side: str  # the side of the attack the alliance's allies are invited on
    friend: str
    allies: list[InvitedAlly] = field(default_factory=list)


def alliance_invitations(game: Game, side: int, viewer: Viewer) -> list[AllianceInvitation]:
    """The open invitations of one alliance's members, for that alliance's negotiation area."""
    members = {seat.power for seat in viewer.seats if viewer.sides.get(seat.pk) == side}
    found: list[AllianceInvitation] = []
    for attack, state in open_invitations(game):
        by_side: dict[str, AllianceInvitation] = {}
        for attack_side, ally in adapter(attack.procedure).invited_allies(state):
            if ally.power not in members:
                continue
            entry = by_side.setdefault(
                attack_side,
                AllianceInvitation(
                    attack=attack, side=attack_side, friend=state.main_power(attack_side) or ""
                ),
            )
            entry.allies.append(ally)
        found.extend(by_side.values())
    return found
