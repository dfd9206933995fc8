"""Dice boxes and their results: naval battle (M1-M8), land battle (L1-L9), neutral (N1-N7)."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    VpChanged,
)
from guerra.rules.flowchart import Transition
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.events import BattleDecided, DiceRolled, NavalSupport, TotalComputed
from guerra.rules.seed004.losses import (
    LAND_LOSS_RULES,
    NEUTRAL_LOSS_RULES,
    fleet_bearer,
    land_bearer,
    land_pending,
    lose_unit,
)
from guerra.rules.seed004.model import ATTACKER, DEFENDER, SIDES, Force, Side
from guerra.rules.seed004.state import AttackState, Battle, BattleKind, SideRoll
from guerra.rules.seed004.totals import (
    land_roll,
    naval_roll,
    neutral_attacker_roll,
    neutral_roll,
    roll_pair,
    winner,
)


def _battle_events(battle: Battle) -> tuple[Event, ...]:
    """Each side's dice, then each side's total, attacker first, then the winner."""
    kind, a, d = battle.kind, battle.attacker, battle.defender
    won = None if battle.winner == "tie" else battle.roll(battle.winner).power
    return (
        DiceRolled(kind, ATTACKER, a.power, a.faces, a.difference, a.seven),
        DiceRolled(kind, DEFENDER, d.power, d.faces, d.difference, d.seven),
        TotalComputed(kind, ATTACKER, a.power, a.total, a.breakdown),
        TotalComputed(kind, DEFENDER, d.power, d.total, d.breakdown),
        BattleDecided(kind, battle.winner, won),
    )


def _battle(kind: BattleKind, attacker: SideRoll, defender: SideRoll) -> Battle:
    return Battle(kind, attacker, defender, winner(attacker, defender))


def naval_battle(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """M1: the attacker's two dice, then the defender's."""
    a_faces, d_faces = roll_pair(dice), roll_pair(dice)
    battle = _battle("naval", naval_roll(state, ATTACKER, a_faces),
                     naval_roll(state, DEFENDER, d_faces))
    return g.NAVAL_RESULT, frozen.replace(state, naval=battle), _battle_events(battle)


def naval_result(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """M3-M7: fleets lost (regular losses first, then a 7's extra fleet) and naval support."""
    battle = state.naval
    assert battle is not None
    loser = battle.loser
    losses: list[tuple[Side, str, bool]] = []
    if loser is None:
        losses += [(ATTACKER, "M4", False), (DEFENDER, "M4", False)]
    else:
        losses.append((loser, "M3", False))
    losses += [(side, "M5", side == loser) for side in SIDES if battle.roll(side).seven]
    events: list[Event] = []
    for side, rule, allies_first in losses:
        bearer = fleet_bearer(state, side, allies_first)
        if bearer is not None:  # M6: a side with no fleet left loses nothing more
            state, lost = lose_unit(state, bearer, "fleet", rule, "M7")
            events += lost
    support: Side | None = None if battle.winner == "tie" else battle.winner
    power = None if support is None else state.main_power(support)
    state = frozen.replace_field(state, "naval_support", support)
    events.append(NavalSupport(support, power, "M4" if support is None else "M3"))
    return g.ATTACKER_HAS_ARMY, state, tuple(events)


def attacker_has_army(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """M8/L1: without an army of its own in the region the attacker fights no land battle."""
    target = g.LAND_BATTLE if state.main(ATTACKER).armies > 0 else g.ENDED_WITHOUT_LAND
    return target, state, ()


def land_battle(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """L2: the attacker's two dice, then the defender's; the losses are queued (L3/L5/L6)."""
    a_faces, d_faces = roll_pair(dice), roll_pair(dice)
    battle = _battle("land", land_roll(state, ATTACKER, a_faces),
                     land_roll(state, DEFENDER, d_faces))
    pending = land_pending(battle.winner, battle.attacker.seven, battle.defender.seven)
    state = frozen.replace(state, land=battle, pending_losses=pending)
    return g.LAND_LOSSES, state, _battle_events(battle)


def land_losses(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """L3-L7: take the queued losses in order; stop where the defender has a real choice."""
    events: list[Event] = []
    pending = state.pending_losses
    # The losses taken leave the queue together, when the box is left (one copy of the state).
    for taken, loss in enumerate(pending):
        bearer = land_bearer(state, loss)
        if bearer is not None:
            power, options = bearer
            if len(options) > 1:
                if taken:
                    state = frozen.replace_field(state, "pending_losses", pending[taken:])
                return g.LAND_LOSS_CHOICE, state, tuple(events)
            state, lost = lose_unit(state, power, options[0], LAND_LOSS_RULES[loss.cause], "L7")
            events += lost
    if pending:
        state = frozen.replace_field(state, "pending_losses", ())
    return g.CONTROL, state, tuple(events)


def _may_place(force: Force) -> bool:
    """L9: a control marker is placed only while the power has one left in its supply."""
    return force.markers_in_supply is None or force.markers_in_supply > 0


def control(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """L8: the attacker won: D removes one control marker and A places one; none if D had none."""
    land, defender = state.land, state.situation.defender
    assert land is not None and defender is not None
    events: list[Event] = []
    region = state.situation.region.name
    if land.winner == ATTACKER and defender.control_markers > 0:
        events.append(ControlRemoved(defender.power, region, "L8"))
        attacker = state.situation.attacker
        if _may_place(attacker):
            events.append(ControlPlaced(attacker.power, region, "L8"))
    return g.ENDED, state, tuple(events)


def neutral_battle(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """N1/N2: no allies, no naval support; the attacker's two dice, then the neutral's."""
    a_faces, n_faces = roll_pair(dice), roll_pair(dice)
    battle = _battle("land", neutral_attacker_roll(state, a_faces), neutral_roll(state, n_faces))
    return g.NEUTRAL_RESULT, frozen.replace(state, land=battle), _battle_events(battle)


def neutral_result(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """N3-N7: a win removes the neutral, places a marker (L9) and pays the reward; a tie or a
    defeat costs an army; a 7 costs one more (N6: L6 applied to the attacker)."""
    land, neutral = state.land, state.situation.neutral
    assert land is not None and neutral is not None
    attacker = state.situation.attacker
    region = state.situation.region.name
    events: list[Event] = []
    causes = [] if land.winner == ATTACKER else ["tie" if land.winner == "tie" else "defeat"]
    if land.attacker.seven:
        causes.append("seven")
    for cause in causes:
        if state.main(ATTACKER).armies > 0:
            state, lost = lose_unit(state, attacker.power, "army", NEUTRAL_LOSS_RULES[cause], "N7")
            events += lost
    if land.winner == ATTACKER:
        events.append(NeutralRemoved(region, "N3"))
        if _may_place(attacker):
            events.append(ControlPlaced(attacker.power, region, "N3"))
        if neutral.reward == "gold" and neutral.reward_amount:
            events.append(GoldChanged(attacker.power, neutral.reward_amount, "N3"))
        elif neutral.reward == "vp" and neutral.reward_amount:
            events.append(VpChanged(attacker.power, neutral.reward_amount, "N3"))
    return g.ENDED, state, tuple(events)


OUTCOMES = {"attacker": "attacker_wins", "defender": "defender_wins", "tie": "tie"}


def ended(state: AttackState) -> str:
    """The land battle decided the attack (against a neutral too)."""
    assert state.land is not None
    return OUTCOMES[state.land.winner]


def ended_without_land(state: AttackState) -> str:
    """M8: no land battle, no control change."""
    return "ended_before_land"
