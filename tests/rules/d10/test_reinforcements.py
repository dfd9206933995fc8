"""P4 and P6 of procedures/d10.md: the allies asked one at a time, in the war's turn order
from the attacker on, each once; a defending arrival joins, an attacking arrival fights at
once; the battle ends when everyone was asked or at once when nobody defends any more."""

from __future__ import annotations

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.events import ReinforcementArrived, ReinforcementStayedOut
from guerra.rules.d10.inputs import Reinforce
from guerra.rules.d10.model import Reinforcement
from guerra.rules.d10.state import D10State
from guerra.rules.dice import ScriptedDice
from guerra.rules.flowchart import Accepted, Refused, Timeout
from guerra.rules.forces import AllyForce, Engagement
from tests.rules.d10.helpers import (
    AT,
    ES,
    FR,
    GB,
    PR,
    RU,
    SEA,
    A,
    D,
    accepted,
    ally,
    attacker,
    control,
    d10,
    declare,
    defender,
    exchanges,
    losses,
    run,
    situation,
    units,
)


def answer(state: D10State, power: str, armies: int = 0, fleets: int = 0,
           *faces: int) -> D10State:
    outcome = D10_PROCEDURE.advance(state, Reinforce(power, state.step, armies, fleets),
                                    d10(*faces))
    assert isinstance(outcome, Accepted), getattr(outcome, "reason", outcome)
    return outcome.state


def test_P4_a_defending_ally_that_arrives_joins_the_defending_faction_without_an_exchange() -> None:
    # Spagna, attacking, is asked after Prussia (and stays out): Prussia's arrival matters.
    s = situation(attacker(armies=2), defender(armies=1), allies=[ally(PR, D, 2), ally(ES, A, 1)])
    played = run(s, 1, 1, 10, arrivals={PR: (2, 0)})  # Francia 2 -> 1; Prussia rolls nothing
    assert len(exchanges(played.events)) == 1
    arrived = [e for e in played.events if isinstance(e, ReinforcementArrived)]
    assert [(e.power, e.side, e.armies, e.fleets) for e in arrived] == [(PR, D, 2, 0)]
    assert played.state.defending_units() == 3
    assert played.state.outcome == "defender_wins"


def test_P4_an_attacking_ally_that_arrives_fights_at_once_against_every_defending_unit() -> None:
    s = situation(attacker(armies=1), defender(armies=2),
                  allies=[ally(PR, D, 1), ally(ES, A, 3)])
    # First: (10, 1) -> Russia 2 -> 1. Prussia joins with 1. Spagna's three dice meet the two
    # defending units (Russia's and Prussia's): (8, 3) and (7, 2) for Spagna, 1 discarded.
    played = run(s, 10, 1, 1, 8, 7, 1, 2, 3)
    _first, second = exchanges(played.events)
    assert (second.attacking, second.attacker_rolls, second.defender_rolls) == (
        ES, (8, 7, 1), (3, 2))
    assert losses(played.events, PR) == {"army": 1}
    assert losses(played.events, RU) == {"army": 2}
    assert played.state.outcome == "attacker_wins"
    assert sorted(control(played.events)) == [("placed", FR), ("removed", RU)]


def test_P4_an_ally_may_arrive_with_only_some_of_its_units() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 3, 1)])
    # First: (1, 5) -> Francia 1 -> 0. Spagna arrives with 1 army and its fleet: two dice.
    played = run(s, 1, 5, 5, 9, 9, 2, 2, arrivals={ES: (1, 1)})
    _first, second = exchanges(played.events)
    assert second.attacker_rolls == (9, 9)
    assert units(played.state, ES) == (1, 1, 0)
    assert played.state.outcome == "attacker_wins"


def test_P4_each_ally_is_asked_once_in_turn_order_starting_after_the_attacker() -> None:
    # The war's order is Gran Bretagna, Francia, Spagna, Austria, Prussia, Russia: after
    # Francia come Spagna, (Austria, not in the region), Prussia, then Gran Bretagna.
    engagement = Engagement(
        SEA, attacker(armies=1), defender(armies=3),
        allies=((A, AllyForce(GB, 1, 0)), (A, AllyForce(ES, 1, 0)), (D, AllyForce(PR, 0, 1))),
        turn_order=(GB, FR, ES, AT, PR, RU),
    )
    s = D10_PROCEDURE.from_engagement(engagement)
    assert [(r.power, r.side) for r in s.reinforcements] == [(ES, A), (PR, D), (GB, A)]
    state = accepted(declare(s, 1, 5, 5, 5)).state  # Francia's 1 loses to 5
    asked = []
    while not state.finished:
        (power,) = state.awaiting
        asked.append(power)
        state = answer(state, power)  # everyone stays out
    assert asked == [ES, PR, GB]
    assert state.asked == 3 and state.outcome == "defender_wins"


def test_P4_the_order_wraps_round_when_the_attacker_is_late_in_the_turn_order() -> None:
    engagement = Engagement(
        SEA, attacker(power=PR, armies=1), defender(power=AT, armies=1),
        allies=((A, AllyForce(GB, 1, 0)), (D, AllyForce(FR, 1, 0)), (A, AllyForce(RU, 1, 0))),
        turn_order=(GB, FR, ES, AT, PR, RU),
    )
    s = D10_PROCEDURE.from_engagement(engagement)
    assert [r.power for r in s.reinforcements] == [RU, GB, FR]


def test_P4_the_allies_markers_in_supply_come_from_the_engagement() -> None:
    engagement = Engagement(SEA, attacker(armies=1), defender(armies=1),
                            allies=((A, AllyForce(ES, 2, 1)),), turn_order=(FR, ES, RU),
                            markers_left=((ES, 0), (FR, 3)))
    (spagna,) = D10_PROCEDURE.from_engagement(engagement).reinforcements
    assert spagna == Reinforcement(ES, A, 2, 1, 0)


def test_P4_an_ally_that_does_not_answer_by_its_deadline_stays_out() -> None:
    s = situation(attacker(armies=1), defender(armies=2),
                  allies=[ally(ES, A, 2), ally(PR, D, 1), ally(AT, A, 1)])
    state = accepted(declare(s, 1, 5, 5)).state
    assert state.awaiting == (ES,)
    outcome = D10_PROCEDURE.advance(state, Timeout(state.step), ScriptedDice([], 10))
    assert isinstance(outcome, Accepted)
    stayed = [e for e in outcome.events if isinstance(e, ReinforcementStayedOut)]
    assert [(e.power, e.side, e.timed_out) for e in stayed] == [(ES, A, True)]
    assert outcome.state.awaiting == (PR,)  # the next ally is asked
    assert outcome.state.fighter(ES) is None


def test_P4_an_ally_that_answers_nothing_stays_out_and_rolls_nothing() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 2)])
    played = run(s, 1, 5, 5, arrivals={})
    stayed = [e for e in played.events if isinstance(e, ReinforcementStayedOut)]
    assert [(e.power, e.timed_out) for e in stayed] == [(ES, False)]
    assert len(exchanges(played.events)) == 1


def test_P4_an_ally_cannot_arrive_with_more_than_it_has_nor_with_a_negative_number() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 2, 1)])
    state = accepted(declare(s, 1, 5, 5)).state
    for armies, fleets, expected in [
        (3, 0, "Spagna has only 2 armies in the region."),
        (0, 2, "Spagna has only 1 fleet in the region."),
        (-1, 1, "A number of units cannot be negative."),
    ]:
        outcome = D10_PROCEDURE.advance(state, Reinforce(ES, state.step, armies, fleets),
                                        d10())
        assert isinstance(outcome, Refused)
        assert outcome.code == "invalid" and outcome.state is state
        assert outcome.reason.render("en") == expected


# --- P6: the end of the battle ----------------------------------------------------------------


def test_P6_the_battle_ends_at_once_when_the_defending_faction_has_no_unit_left() -> None:
    s = situation(attacker(armies=1), defender(armies=1), allies=[ally(ES, A, 1), ally(PR, D, 1)])
    played = run(s, 2, 1)
    assert "reinforcements" not in played.state.cursor.path
    assert played.state.asked == 0
    assert not [e for e in played.events
                if isinstance(e, ReinforcementArrived | ReinforcementStayedOut)]
    assert played.state.outcome == "attacker_wins"


def test_P6_once_an_attacking_arrival_wipes_out_the_defence_no_more_allies_are_asked() -> None:
    s = situation(attacker(armies=1), defender(armies=1),
                  allies=[ally(ES, A, 1), ally(PR, D, 1), ally(AT, A, 1)])
    played = run(s, 1, 1, 5, 4)  # a tie costs Francia its army; Spagna's 5 beats 4
    assert played.state.asked == 1
    assert played.state.fighter(PR) is None and played.state.fighter(AT) is None
    assert played.state.outcome == "attacker_wins"


def test_P6_the_battle_ends_when_every_ally_has_been_asked() -> None:
    s = situation(attacker(armies=1), defender(armies=1),
                  allies=[ally(ES, A, 1), ally(PR, D, 1), ally(AT, A, 1)])
    played = run(s, 1, 1, arrivals={})
    assert played.state.asked == 3
    assert played.state.cursor.path[-2:] == ("result", "ended")
    assert played.state.outcome == "defender_wins"
    assert losses(played.events, RU) == {} and control(played.events) == []


def test_P6_a_defending_ally_is_not_asked_when_no_attacking_ally_comes_after_it() -> None:
    """Issue 25: the attacker lost everything in the first exchange ("the defender wins
    100%") and a defending ally still got a two-minute prompt. Its arrival fights no exchange
    (P4) and no attacking ally is left to fight one: nobody is asked, the battle ends."""
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(PR, D, 2)])
    assert s.to_ask() == 0
    outcome = declare(s, 1, 5, 5)  # Francia's only army loses
    state = accepted(outcome).state
    assert state.finished and state.awaiting == ()
    assert "reinforcements" not in state.cursor.path
    assert state.asked == 0 and state.fighter(PR) is None
    assert state.outcome == "defender_wins"


def test_P6_defending_allies_after_the_last_attacking_ally_are_never_asked() -> None:
    """Before an attacking ally a defending ally's arrival matters (more defending dice, and
    P5 sends the casualties to it first); after the last one it cannot."""
    s = situation(attacker(armies=1), defender(armies=3),
                  allies=[ally(PR, D, 1), ally(ES, A, 1), ally(GB, D, 2), ally(AT, D, 1)])
    assert s.to_ask() == 2
    state = accepted(declare(s, 1, 5, 5, 5)).state
    asked = []
    while not state.finished:
        (power,) = state.awaiting
        asked.append(power)
        state = answer(state, power)  # everyone stays out
    assert asked == [PR, ES]
    assert state.asked == 2 and state.outcome == "defender_wins"


def test_P4_each_ally_asked_has_a_window_of_its_own() -> None:
    s = situation(attacker(armies=1), defender(armies=2),
                  allies=[ally(ES, A, 1), ally(PR, D, 1), ally(GB, A, 1)])
    state = accepted(declare(s, 1, 5, 5)).state
    spain = state.step
    assert (state.awaiting, state.cursor.opened_at) == ((ES,), spain)
    state = answer(state, ES)  # stays out
    assert (state.awaiting, state.cursor.opened_at) == ((PR,), spain + 1)
    for given, expected in [
        (Reinforce(PR, spain, 1, 0), "stale"),  # made before Prussia was asked
        (Reinforce(ES, spain, 1, 0), "repeated"),  # Spagna has answered already
        (Reinforce(ES, state.step, 1, 0), "repeated"),
        (Reinforce(GB, state.step, 1, 0), "not_yours"),  # not asked yet
        (Timeout(spain), "stale"),  # Spagna's deadline, not Prussia's
    ]:
        outcome = D10_PROCEDURE.advance(state, given, d10())
        assert isinstance(outcome, Refused) and outcome.code == expected, given
    state = answer(state, PR, 1)
    assert (state.awaiting, state.cursor.opened_at) == ((GB,), spain + 2)
    state = answer(state, GB)  # stays out
    assert state.finished and state.defending_units() == 3
    over = D10_PROCEDURE.advance(state, Reinforce(GB, state.step, 1, 0), d10())
    assert isinstance(over, Refused) and over.code == "over"
