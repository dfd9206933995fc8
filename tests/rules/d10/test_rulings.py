"""The rulings "d10" takes beyond procedures/d10.md (listed in guerra/rules/d10/__init__.py),
one test each."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.allocation import Allocation
from guerra.rules.cursor import Cursor
from guerra.rules.d10 import D10_PROCEDURE, boxes
from guerra.rules.d10.events import (
    ExchangeRolled,
    NobodyDefends,
    ReinforcementArrived,
    ReinforcementStayedOut,
)
from guerra.rules.d10.state import D10State, Fighter
from guerra.rules.events import AttackEnded, Event, UnitLost
from guerra.rules.flowchart import Accepted
from guerra.rules.forces import Neutral
from tests.rules.d10.helpers import (
    ES,
    FR,
    PR,
    RU,
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
    run,
    situation,
)

# --- a defending faction with no unit at the declaration ---------------------------------------


def test_a_defender_with_control_markers_only_rolls_no_die_and_loses_the_region_at_once() -> None:
    s = situation(attacker(armies=2), defender(armies=0, control_markers=1),
                  allies=[ally(PR, D, 3), ally(ES, A, 1)])
    played = run(s)  # no die at all
    assert exchanges(played.events) == []
    assert [e.region for e in played.events if isinstance(e, NobodyDefends)] == ["Baltico"]
    assert played.state.asked == 0  # P6: nobody is asked
    assert not [e for e in played.events
                if isinstance(e, ReinforcementArrived | ReinforcementStayedOut)]
    assert played.state.outcome == "attacker_wins"
    assert sorted(control(played.events)) == [("placed", FR), ("removed", RU)]


def test_a_neutral_of_defence_zero_is_taken_without_a_die() -> None:
    played = run(situation(attacker(armies=1), neutral=Neutral(0, "gold", 2)))
    assert played.state.outcome == "attacker_wins"
    assert control(played.events) == [("placed", FR)]


# --- N0 does not apply -------------------------------------------------------------------------


def test_N0_does_not_apply_a_fleet_alone_attacks_a_neutral_and_rolls() -> None:
    s = situation(attacker(armies=0, fleets=1), neutral=Neutral(1))
    assert D10_PROCEDURE.refusal(s) is None
    played = run(s, 5, 4)
    assert played.state.outcome == "attacker_wins"
    assert control(played.events) == [("placed", FR)]


def test_against_a_neutral_the_attackers_fleets_roll_and_its_forts_do_not() -> None:
    played = run(situation(attacker(armies=1, fleets=1, forts=2), neutral=Neutral(2)),
                 9, 3, 1, 1)  # two attacking dice, two for the neutral
    (first,) = exchanges(played.events)
    assert first.attacker_rolls == (9, 3)
    assert played.state.outcome == "attacker_wins"


# --- losses chosen at once, applied attacking side first --------------------------------------


def test_every_power_with_a_choice_chooses_at_once_and_the_attacking_side_loses_first() -> None:
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=1))
    state = accepted(declare(s, 10, 1, 5, 5)).state  # (10, 5) Francia, (1, 5) Russia
    assert (state.cursor.node, state.awaiting) == ("loss_choice", (FR, RU))
    window = state.step
    # Both answer from the same page (the same step): both are accepted.
    first = D10_PROCEDURE.advance(state, Allocation(RU, window, (("fleet", 1),)), d10())
    assert isinstance(first, Accepted) and first.state.awaiting == (FR,)
    second = D10_PROCEDURE.advance(first.state, Allocation(FR, window, (("fleet", 1),)), d10())
    assert isinstance(second, Accepted)
    lost = [(e.power, e.kind) for e in second.events if isinstance(e, UnitLost)]
    assert lost == [(FR, "fleet"), (RU, "fleet")]  # Francia's first, though Russia chose first
    assert second.state.outcome == "defender_wins"


# --- nobody left to take the region ------------------------------------------------------------


def result_events(state: D10State) -> tuple[Event, ...]:
    target, _state, events = boxes.result(state, d10())
    assert target == "ended"
    return events


def test_a_wiped_out_defence_with_nobody_left_to_take_the_region_changes_no_marker() -> None:
    # No exchange can bring this about (a wiped-out defence lost every pair, so whoever
    # rolled against it kept its units); the box is asked directly.
    s = situation(attacker(armies=1), defender(armies=1), allies=[ally(ES, A, 1)])
    state = D10State(s, Cursor(node="result"), fighters=(
        Fighter(FR, "attacker", "attacker"), Fighter(RU, "defender", "defender"),
        Fighter(ES, "attacker", "reinforcement")))
    assert boxes.taker(state) is None
    assert control(result_events(state)) == []
    assert boxes.ended(state) == "attacker_wins"
    # The same state with Spagna's army left: Spagna takes it.
    kept = frozen.replace(state, fighters=(*state.fighters[:2],
                                           Fighter(ES, "attacker", "reinforcement", 1)))
    assert sorted(control(result_events(kept))) == [("placed", ES), ("removed", RU)]


def test_a_wiped_out_neutral_with_no_attacker_left_stays_on_the_board() -> None:
    s = situation(attacker(armies=1), neutral=Neutral(1, "vp"))
    state = D10State(s, Cursor(node="result"), fighters=(Fighter(FR, "attacker", "attacker"),))
    assert result_events(state) == ()


# --- outcomes ------------------------------------------------------------------------------------


def test_there_are_two_outcomes_and_no_tie() -> None:
    assert set(D10_PROCEDURE.outcomes()) == {"attacker_wins", "defender_wins"}
    even = run(situation(attacker(armies=1), defender(armies=1)), 4, 4)
    assert even.state.outcome == "defender_wins"  # a tie goes to the defending side


def test_the_winner_is_the_main_player_of_the_winning_side() -> None:
    s = situation(attacker(armies=1), defender(armies=1), allies=[ally(ES, A, 1)])
    won = run(s, 1, 1, 5, 4)  # Spagna wins the region, Francia the attack
    assert D10_PROCEDURE.winner(won.state, "attacker_wins") == FR
    assert D10_PROCEDURE.winner(won.state, "defender_wins") == RU
    lost = [e for e in run(situation(), 1, 1).events if isinstance(e, AttackEnded)]
    assert [(e.outcome, e.winner) for e in lost] == [("defender_wins", RU)]
    against = run(situation(neutral=Neutral(1)), 1, 1)
    assert D10_PROCEDURE.winner(against.state, "defender_wins") is None


def test_an_exchange_event_says_who_won_each_pair() -> None:
    played = run(situation(attacker(armies=2), defender(armies=2)), 10, 3, 3, 9)
    (event,) = [e for e in played.events if isinstance(e, ExchangeRolled)]
    assert event.to_dict()["pairs"] == [[10, 9, "attacker"], [3, 3, "defender"]]
    assert event.describe().render("en") == (
        "Exchange 1: Francia wins 1 pair, the defending faction 1 pair.")
