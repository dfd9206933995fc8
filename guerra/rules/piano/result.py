"""K2 and K10's result of "piano": the units lost, 1 unrest each, who wins, control (L8-L9)
and, against a neutral, N3's reward (K11)."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitKind,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.flowchart import Transition
from guerra.rules.forces import ATTACKER, DEFENDER, SIDES
from guerra.rules.piano import graph as g
from guerra.rules.piano.losses import spread
from guerra.rules.piano.state import Loss, Member, PianoState

KINDS: dict[str, UnitKind] = {"army": "army", "fleet": "fleet", "fort": "fort"}


def _may_place(member: Member) -> bool:
    """L9: a control marker is placed only while the power has one left in its supply."""
    return member.markers_in_supply is None or member.markers_in_supply > 0


def attacker_wins(state: PianoState, losses: tuple[Loss, ...]) -> bool:
    """K10: the attacker dealt more damage than it took, and the defending side lost a unit
    (or had none in the battle)."""
    lost = any(loss.count for loss in losses if loss.power in
               {m.power for m in state.defenders})
    return state.attacker.dealt > state.attacker.taken and (lost or not state.units(DEFENDER))


def result(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """K2: each side's damage destroys its units in order (1 unrest per unit lost, K10); K10:
    who wins; L8-L9: the defender's marker removed and the attacker's placed, only when the
    defender had one there (and the attacker one in its supply); K11: against a neutral,
    the marker leaves, the attacker places a control marker and takes N3's reward."""
    events: list[Event] = []
    losses: list[Loss] = []
    for side in SIDES:
        for loss in spread(state, side):
            losses.append(loss)
            kind = KINDS.get(loss.kind)
            if loss.power is not None and kind is not None:
                events.append(UnitLost(loss.power, kind, loss.count, "K2"))
                events.append(UnrestGained(loss.power, loss.count, "K10"))
    wins = attacker_wins(state, tuple(losses))
    state = frozen.replace(state, losses=tuple(losses),
                           winner=ATTACKER if wins else DEFENDER)
    if wins:
        events += control(state)
    return g.ENDED, state, tuple(events)


def control(state: PianoState) -> list[Event]:
    region = state.situation.region.name
    attacker = state.attackers[0]
    assert attacker.power is not None
    events: list[Event] = []
    neutral = state.situation.neutral
    if neutral is not None:
        events.append(NeutralRemoved(region, "K11"))
        if _may_place(attacker):
            events.append(ControlPlaced(attacker.power, region, "K11"))
        if neutral.reward == "gold" and neutral.reward_amount:
            events.append(GoldChanged(attacker.power, neutral.reward_amount, "N3"))
        elif neutral.reward == "vp" and neutral.reward_amount:
            events.append(VpChanged(attacker.power, neutral.reward_amount, "N3"))
        return events
    defender = state.situation.defender
    assert defender is not None
    if defender.control_markers > 0:  # L8: none to remove, none placed
        events.append(ControlRemoved(defender.power, region, "L8"))
        if _may_place(attacker):
            events.append(ControlPlaced(attacker.power, region, "L8"))
    return events


def ended(state: PianoState) -> str:
    """K10: "attacker_wins" or "defender_wins" (no tie)."""
    return "attacker_wins" if state.winner == ATTACKER else "defender_wins"
