"""Automatic boxes from the declaration to the naval battle: D3, S1-S4."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import GoldChanged
from guerra.rules.flowchart import Transition
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.declaration import DECLARATION_COST
from guerra.rules.seed004.events import NavalSupport
from guerra.rules.seed004.model import ATTACKER, DEFENDER, Side
from guerra.rules.seed004.state import AttackState


def declared(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """D3: the attacker pays 2 gold, once, whatever happens later."""
    power = state.situation.attacker.power
    return g.IS_NEUTRAL, state, (GoldChanged(power, -DECLARATION_COST, "D3"),)


def is_neutral(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """N1: a neutral target skips the allies and the sea; only a land battle is fought."""
    return g.NEUTRAL_BATTLE if state.situation.neutral is not None else g.ALLIES, state, ()


def has_fleets(state: AttackState, side: Side) -> bool:
    """S2: the main player's fleets or the fleets its allies committed."""
    return state.main(side).fleets + state.allied(side)[1] > 0


def _support(state: AttackState, side: Side | None, rule: str) -> tuple[AttackState, NavalSupport]:
    power = None if side is None else state.main_power(side)
    return frozen.replace_field(state, "naval_support", side), NavalSupport(side, power, rule)


def has_sea(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """S1: without a sea there is no naval step and nobody gets naval support."""
    if state.situation.region.has_sea:
        return g.BOTH_FLEETS, state, ()
    state, event = _support(state, None, "S1")
    return g.ATTACKER_HAS_ARMY, state, (event,)


def both_fleets(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """S4: only when both sides have fleets may there be a naval battle."""
    both = has_fleets(state, ATTACKER) and has_fleets(state, DEFENDER)
    return g.ATTACKER_NAVAL_CHOICE if both else g.ONE_SIDE_FLEETS, state, ()


def one_side_fleets(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """S3: the only side with fleets gets naval support without combat; with none, nobody."""
    side = ATTACKER if has_fleets(state, ATTACKER) else DEFENDER if has_fleets(state, DEFENDER) \
        else None
    state, event = _support(state, side, "S3")
    return g.ATTACKER_HAS_ARMY, state, (event,)


def defender_support(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """S4: the attacker declines the naval battle, the defender gets naval support."""
    state, event = _support(state, DEFENDER, "S4")
    return g.ATTACKER_HAS_ARMY, state, (event,)


def attacker_support(state: AttackState, dice: Dice) -> Transition[AttackState]:
    """S4: the defender refuses the naval battle, the attacker gets naval support."""
    state, event = _support(state, ATTACKER, "S4")
    return g.ATTACKER_HAS_ARMY, state, (event,)
