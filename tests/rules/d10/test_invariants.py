"""Hypothesis: invariants of every "d10" attack, over random situations, reinforcements, dice
and players (`D10_PROCEDURE.random_policy`, with deadlines passing now and then)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.boxes import taker
from guerra.rules.d10.events import (
    ExchangeRolled,
    NeutralUnitsLost,
    ReinforcementArrived,
    ReinforcementStayedOut,
)
from guerra.rules.d10.model import Reinforcement, Situation
from guerra.rules.d10.state import D10State
from guerra.rules.events import (
    AttackEnded,
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnrestGained,
)
from guerra.rules.flowchart import Accepted, Refused, Timeout
from guerra.rules.forces import Force, Neutral, Region
from tests.rules.d10.helpers import AT, ES, FR, GB, PR, RU, A, D

FEW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KIND = {"army": 0, "fleet": 1, "fort": 2}


class CyclingDice:
    """The faces Hypothesis drew, round and round: any number of dice, still shrinkable."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.used = 0

    def roll(self, sides: int = 6) -> int:
        assert sides == 10
        face = self.faces[self.used % len(self.faces)]
        self.used += 1
        return face


count = st.integers(0, 3)


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    region = Region("Baltico", draw(st.booleans()))
    attacker = Force(FR, gold=draw(st.integers(1, 5)), armies=draw(st.integers(0, 3)),
                     fleets=draw(st.integers(0, 2)), forts=draw(st.integers(0, 2)),
                     markers_in_supply=draw(st.none() | st.integers(0, 1)))
    if draw(st.integers(0, 4)) == 0:
        neutral = Neutral(draw(st.integers(0, 4)), draw(st.sampled_from([None, "gold", "vp"])),
                          draw(st.none() | st.integers(0, 3)))
        return Situation(region, attacker, neutral=neutral)
    defender = Force(RU, armies=draw(count), fleets=draw(st.integers(0, 2)),
                     forts=draw(st.integers(0, 2)), control_markers=draw(st.integers(0, 2)))
    names = draw(st.lists(st.sampled_from([ES, AT, PR, GB]), unique=True, max_size=4))
    allies = tuple(Reinforcement(name, draw(st.sampled_from([A, D])), draw(count),
                                 draw(st.integers(0, 2)), draw(st.none() | st.integers(0, 1)))
                   for name in names)
    return Situation(region, attacker, defender, reinforcements=allies)


faces = st.lists(st.integers(1, 10), min_size=1, max_size=30)


def round_trip(state: D10State) -> D10State:
    return D10State.from_dict(json.loads(json.dumps(state.to_dict())))


def play(situation: Situation, dice: CyclingDice, seed: int, deadlines: list[bool]
         ) -> tuple[D10State, list[Event]]:
    """The whole attack: the random player answers, or (as `deadlines` says) the deadline
    passes; the state survives a JSON round trip at every step."""
    declared = D10_PROCEDURE.declare(situation, dice)
    assert isinstance(declared, Accepted)
    state, events = declared.state, list(declared.events)
    player = D10_PROCEDURE.random_policy(random.Random(seed))
    turn = 0
    while not state.finished:
        assert round_trip(state) == state
        assert all(min(f.armies, f.fleets, f.forts) >= 0 for f in state.fighters)
        assert state.neutral_units >= 0
        timeout = deadlines[turn % len(deadlines)] if deadlines else False
        turn += 1
        given = Timeout(state.step) if timeout else player(state, state.awaiting[0])
        outcome = D10_PROCEDURE.advance(state, given, dice)
        assert isinstance(outcome, Accepted), outcome.reason.render("en")
        state = outcome.state
        events.extend(outcome.events)
    assert round_trip(state) == state
    return state, events


def starting(situation: Situation) -> dict[str, list[int]]:
    units = {FR: [situation.attacker.armies, situation.attacker.fleets, 0]}
    if situation.defender is not None:
        d = situation.defender
        units[RU] = [d.armies, d.fleets, d.forts]
    return units


def check(situation: Situation, state: D10State, events: list[Event]) -> None:
    units = starting(situation)
    neutral = situation.neutral.defense if situation.neutral is not None else 0
    defending = {RU} if situation.defender is not None else set()
    lost: Counter[str] = Counter()
    unrest: Counter[str] = Counter()
    current: ExchangeRolled | None = None
    taken: Counter[str] = Counter()  # the losses taken since the current exchange
    exchanges: list[ExchangeRolled] = []

    def close(exchange: ExchangeRolled | None) -> None:
        if exchange is None:
            return
        # One loss per lost pair, on each side, taken by the right powers (P2, P5).
        assert taken[exchange.attacking] == exchange.attacker_losses, exchange
        assert sum(taken[p] for p in defending) + taken["neutral"] == exchange.defender_losses

    for event in events:
        if isinstance(event, ExchangeRolled):
            close(current)
            current, taken = event, Counter()
            exchanges.append(event)
            a, d = event.attacker_rolls, event.defender_rolls
            assert list(a) == sorted(a, reverse=True) and list(d) == sorted(d, reverse=True)
            # Every unit in the exchange rolled one die: the attacking power's armies and
            # fleets, every unit of the defending faction (P2, P3, P4).
            assert len(a) == sum(units[event.attacking][:2])
            assert len(d) == neutral + sum(sum(units[p]) for p in defending)
            won = sum(1 for x, y in zip(a, d, strict=False) if x > y)
            assert (event.defender_losses, event.attacker_losses) == (
                won, min(len(a), len(d)) - won)
        elif isinstance(event, ReinforcementArrived):
            units[event.power] = [event.armies, event.fleets, 0]
            if event.side == D:
                defending.add(event.power)
        elif isinstance(event, UnitLost):
            units[event.power][KIND[event.kind]] -= event.count
            assert units[event.power][KIND[event.kind]] >= 0, event  # never below zero
            lost[event.power] += event.count
            taken[event.power] += event.count
            if event.kind == "fort":  # P5: a fort only once no army or fleet is left
                assert units[event.power][0] == units[event.power][1] == 0, event
        elif isinstance(event, NeutralUnitsLost):
            neutral -= event.count
            assert neutral == event.left >= 0
            taken["neutral"] += event.count
        elif isinstance(event, UnrestGained):
            unrest[event.power] += event.amount
        elif isinstance(event, AttackEnded):
            close(current)
    # P9: one unrest per unit lost, by the power that lost it; the neutral's give none.
    assert unrest == lost
    # One exchange for the first (when somebody defends), one per attacking arrival (P3, P4).
    arrivals = [e for e in events if isinstance(e, ReinforcementArrived)]
    defence = (situation.neutral.defense if situation.neutral is not None
               else sum(starting(situation)[RU]))
    first = 1 if defence else 0
    assert len(exchanges) == first + sum(1 for e in arrivals if e.side == A)
    assert [e.number for e in exchanges] == list(range(1, len(exchanges) + 1))
    # P4: every ally asked at most once, in order.
    asked = [e.power for e in events
             if isinstance(e, ReinforcementArrived | ReinforcementStayedOut)]
    assert asked == [r.power for r in situation.reinforcements][:len(asked)]
    # The state agrees with the events.
    for fighter in state.fighters:
        assert [fighter.armies, fighter.fleets, fighter.forts] == units[fighter.power]
    assert state.neutral_units == neutral
    # D3: 2 gold, once, first.
    gold = [e for e in events if isinstance(e, GoldChanged) and e.rule == "D3"]
    assert [(e.power, e.delta) for e in gold] == [(FR, -2)]
    # P6-P8: the outcome and who holds the region.
    placed = [e for e in events if isinstance(e, ControlPlaced)]
    removed = [e for e in events if isinstance(e, ControlRemoved | NeutralRemoved)]
    if state.defending_units() > 0:
        assert state.outcome == "defender_wins" and not placed and not removed
    else:
        assert state.outcome == "attacker_wins"
        assert taker(state) is not None  # a wiped-out defence leaves its last enemy standing
        assert len(placed) <= 1 and len(removed) <= 1


@FEW
@given(situations(), faces, st.integers(0, 2**16), st.lists(st.booleans(), max_size=4))
def test_invariants_hold_for_any_d10_attack(situation: Situation, faces: list[int], seed: int,
                                            deadlines: list[bool]) -> None:
    dice = CyclingDice(faces)
    if D10_PROCEDURE.refusal(situation) is not None:
        refused = D10_PROCEDURE.declare(situation, dice)
        assert isinstance(refused, Refused) and refused.state is None
        assert dice.used == 0
        note("refused")
        return
    state, events = play(situation, dice, seed, deadlines)
    note(f"{len([e for e in events if isinstance(e, ExchangeRolled)])} exchanges")
    check(situation, state, events)
