"""Checks that must hold after any attack, whatever the situation, choices and dice."""

from __future__ import annotations

from collections import Counter

from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    UnitLost,
    UnrestGained,
)
from guerra.rules.seed004.events import DiceRolled
from guerra.rules.seed004.model import Situation
from guerra.rules.seed004.state import AttackState

PLURAL = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def starting_units(situation: Situation, state: AttackState) -> dict[str, Counter[str]]:
    units: dict[str, Counter[str]] = {}
    for force in (situation.attacker, situation.defender):
        if force is not None:
            units[force.power] = Counter(armies=force.armies, fleets=force.fleets,
                                         forts=force.forts)
    for answer in state.answers:  # allies start with what they committed
        if answer.armies + answer.fleets:
            units[answer.power] = Counter(armies=answer.armies, fleets=answer.fleets)
    return units


def check_attack(situation: Situation, state: AttackState, events: tuple[Event, ...]) -> None:
    units = starting_units(situation, state)
    lost: Counter[str] = Counter()
    unrest: Counter[str] = Counter()
    for event in events:
        if isinstance(event, UnitLost):
            units[event.power][PLURAL[event.kind]] -= event.count
            # No count below zero, at any moment.
            assert units[event.power][PLURAL[event.kind]] >= 0, event
            lost[event.power] += event.count
            # A fort is never lost to a tie; the attacker never loses a fort; battles lose
            # their own kind of unit.
            assert not (event.kind == "fort" and event.rule in ("L5", "M4", "N4")), event
            assert not (event.kind == "fort" and event.power == situation.attacker.power)
            assert (event.kind == "fleet") == event.rule.startswith("M"), event
        elif isinstance(event, UnrestGained):
            unrest[event.power] += event.amount
    # Unrest equals units lost, per power.
    assert unrest == lost
    # The final holdings agree with the events.
    for holding in state.holdings:
        assert (holding.armies, holding.fleets, holding.forts) == (
            units[holding.power]["armies"], units[holding.power]["fleets"],
            units[holding.power]["forts"],
        )
    # 2 gold paid once, at the declaration, before anything else happened.
    gold = [e for e in events if isinstance(e, GoldChanged)]
    assert gold[0] == GoldChanged(situation.attacker.power, -2, "D3")
    assert [g for g in gold if g.delta < 0] == [gold[0]]
    # Control changes only when the attacker wins, at most one marker each way.
    placed = [e for e in events if isinstance(e, ControlPlaced)]
    removed = [e for e in events if isinstance(e, ControlRemoved)]
    assert len(placed) <= 1 and len(removed) <= 1
    if placed or removed:
        assert state.outcome == "attacker_wins"
    # On a land tie where the defender rolled no 7, the defender loses no fort at all.
    land = state.land
    if land is not None and land.winner == "tie" and not land.defender.seven:
        assert not any(isinstance(e, UnitLost) and e.kind == "fort" for e in events)
    assert state.finished and state.outcome is not None
    dice = [e for e in events if isinstance(e, DiceRolled)]
    assert len(dice) == 2 * ((state.naval is not None) + (state.land is not None))
