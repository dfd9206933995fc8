"""The prompts every page of a game shows its player, and each alliance's view of its
invitations: the invited ally's prompt (A1-A5), and the attacker's or defender's decision at the
current box of an attack (M1, M2, L4), with its countdown and the odds of each option.

All are read per viewer and never pushed as content: a push only tells the page to re-fetch
the "invitations" part, which the server renders for whoever asks (an enemy gets nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.model import ATTACKER
from guerra.rules.seed004.state import AttackState

from .attack_view import Control, OddsView, choice_odds, control_for, odds_view
from .audience import Viewer
from .models import Attack, Game, Seat
from .services.attacks import attack_state


def under_way(game: Game) -> list[Attack]:
    """The game's unfinished attacks, read once per page: the turn box, the prompts and the
    alliance's invitations all show them (cached on the request's game object)."""
    cached: list[Attack] | None = getattr(game, "_attacks_under_way", None)
    if cached is None:
        cached = list(
            Attack.objects.filter(game=game, finished=False)
            .select_related("region", "attacker", "defender")
            .order_by("number")
        )
        game._attacks_under_way = cached  # type: ignore[attr-defined]
    return cached


def open_invitations(game: Game) -> list[tuple[Attack, AttackState]]:
    """Attacks of the game still looking for allies (A4: until all answered or timed out)."""
    return [(attack, attack_state(attack)) for attack in under_way(game) if attack.node == g.ALLIES]


@dataclass
class Prompt:
    """What the invited ally sees wherever it is in the game (A2: bounded by its units)."""

    attack: Attack
    step: int
    side: str
    friend: str
    enemy: str
    max_armies: int
    max_fleets: int
    odds_with: OddsView
    odds_without: OddsView


def prompts_for(game: Game, seat: Seat | None) -> list[Prompt]:
    if seat is None:
        return []
    prompts = []
    for attack, state in open_invitations(game):
        if seat.power not in state.awaiting:
            continue
        invited = next(
            (s for s, ally in state.situation.invited() if ally.power == seat.power), None
        )
        offer = state.invitation(seat.power)
        if invited is None or offer is None:
            continue
        seen = state.as_seen_by(seat.power)
        enemy_side = "defender" if invited == ATTACKER else ATTACKER
        prompts.append(
            Prompt(
                attack=attack,
                step=state.step,
                side=invited,
                friend=state.main_power(invited) or "",
                enemy=state.main_power(enemy_side) or "",
                max_armies=offer.armies,
                max_fleets=offer.fleets,
                # Allies who have not answered yet are counted out: the odds of what is sure.
                # The other side's answers are not known yet (A4), so they are left out too.
                odds_with=odds_view(
                    seen, commitments={seat.power: (offer.armies, offer.fleets)}),
                odds_without=odds_view(seen, commitments={}),
            )
        )
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
    invitation keeps its own prompt everywhere (`prompts_for`)."""
    if seat is None:
        return []
    found = []
    for attack in under_way(game):
        if attack.number == besides or seat.power not in attack.awaiting:
            continue
        state = attack_state(attack)
        control = control_for(state, seat)
        if control is None or control.kind == "ally":  # the ally's prompt asks that
            continue
        options = [] if state.land is not None else choice_odds(
            state.as_seen_by(seat.power), control, seat.power)
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
class InvitedAlly:
    power: str
    status: str  # "waiting", "committed", "declined", "timed_out"
    armies: int = 0
    fleets: int = 0


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
        for attack_side, ally in state.situation.invited():
            if ally.power not in members:
                continue
            entry = by_side.setdefault(
                attack_side,
                AllianceInvitation(
                    attack=attack, side=attack_side, friend=state.main_power(attack_side) or ""
                ),
            )
            answer = state.answer_of(ally.power)
            if answer is None:
                entry.allies.append(InvitedAlly(ally.power, "waiting"))
            elif answer.timed_out:
                entry.allies.append(InvitedAlly(ally.power, "timed_out"))
            elif answer.armies or answer.fleets:
                entry.allies.append(
                    InvitedAlly(ally.power, "committed", answer.armies, answer.fleets)
                )
            else:
                entry.allies.append(InvitedAlly(ally.power, "declined"))
        found.extend(by_side.values())
    return found
