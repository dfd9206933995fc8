"""The Esperto's heuristics, one position at a time: it attacks when the odds are excellent
and not when they are terrible, taxes only for something worth the unrest, bids more for a
slot worth more, and answers an ally's invitation."""

from __future__ import annotations

import dataclasses

import pytest

from guerra.rules.bots import expert_auction
from guerra.rules.bots.expert import Expert
from guerra.rules.bots.levels import decide
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Attack, CallPass, Propose, Raise, Tax
from guerra.rules.game.machine import advance, pending
from guerra.rules.game.state import AuctionState, GameState, Pieces, Proposal
from guerra.rules.seed004.inputs import AllyAnswer
from tests.rules.bots.helpers import (
    CARAIBI,
    ES,
    FR,
    POWERS,
    STRONG_COUNTER,
    SUD_AMERICA,
    WEAK_COUNTER,
    position,
    started,
    to_phase,
)


def excellent(procedure: str = "seed004", gold: int = 10) -> GameState:
    """Francia's six armies in the Caribbean, where a neutral of defence 1 lies."""
    return position(procedure, pieces=(Pieces(FR, CARAIBI, armies=6),),
                    face_up=(WEAK_COUNTER,), gold=gold)


def terrible(procedure: str = "seed004", gold: int = 10) -> GameState:
    """Francia's one army in South America, where a neutral of defence 4 lies."""
    return position(procedure, pieces=(Pieces(FR, SUD_AMERICA, armies=1),),
                    face_up=(STRONG_COUNTER,), gold=gold)


@pytest.mark.parametrize("procedure", ["seed004", "d10", "punti"])
def test_it_declares_an_attack_with_excellent_odds(procedure: str) -> None:
    state = excellent(procedure)
    choice = decide(Expert(1), state, FR)
    assert choice == Attack(FR, state.step, CARAIBI, counter=WEAK_COUNTER)


@pytest.mark.parametrize("procedure", ["seed004", "d10", "punti"])
def test_it_declines_an_attack_with_terrible_odds(procedure: str) -> None:
    state = terrible(procedure)
    choice = decide(Expert(1), state, FR)
    assert not isinstance(choice, Attack)
    assert isinstance(advance(state, choice, RandomDice(0)), Accepted)


def test_it_taxes_for_an_excellent_attack_it_cannot_pay_then_declares_it() -> None:
    state = excellent(gold=0)
    expert = Expert(2)
    choice = decide(expert, state, FR)
    assert choice == Tax(FR, state.step, 2)
    taxed = advance(state, choice, RandomDice(0))
    assert isinstance(taxed, Accepted)
    assert taxed.state.power(FR).unrest == 1
    again = decide(expert, taxed.state, FR)
    assert again == Attack(FR, taxed.state.step, CARAIBI, counter=WEAK_COUNTER)


def test_it_does_not_tax_when_nothing_needs_the_gold() -> None:
    state = terrible(gold=0)
    choice = decide(Expert(2), state, FR)
    assert not isinstance(choice, Tax)


def test_it_taxes_at_most_once_for_one_action() -> None:
    # Given the same position again after its tax (as if the gold had gone), it acts.
    state = excellent(gold=0)
    expert = Expert(3)
    assert isinstance(decide(expert, state, FR), Tax)
    assert not isinstance(decide(expert, state, FR), Tax)


def auction_call(face_up: bool) -> GameState:
    """War 1's auction: Gran Bretagna proposed itself and Francia for the first pair at 0;
    the call is Spagna's, named in no proposal (with the war's counters face up or none)."""
    state = to_phase(started(seed=4), "auction", RandomDice(4))
    table = AuctionState(seating=POWERS, first_opener=POWERS[0], opener=POWERS[0],
                         proposal=Proposal(POWERS[0], POWERS[1]), bid=0, leader=POWERS[0],
                         caller=ES)
    state = dataclasses.replace(state, auction=table, seating=POWERS,
                                face_up=state.face_up if face_up else ())
    assert pending(state).powers == (ES,)
    return state


def test_an_early_slot_is_worth_more_than_a_late_one() -> None:
    state = auction_call(face_up=True)
    worths = [expert_auction.slot_worth(state, ES, slot) for slot in range(4)]
    assert worths == sorted(worths, reverse=True) and worths[0] > worths[-1]


def test_it_bids_more_for_a_slot_worth_more() -> None:
    rich, poor = auction_call(face_up=True), auction_call(face_up=False)
    assert expert_auction.bid_for(rich, ES, 3.0) > expert_auction.bid_for(rich, ES, 0.5)
    choice = decide(Expert(4), rich, ES)
    assert isinstance(choice, Propose | Raise) and choice.bid == 1
    assert isinstance(advance(rich, choice, RandomDice(0)), Accepted)
    # With nothing face up to take first, playing early is worth no gold.
    assert decide(Expert(4), poor, ES) == CallPass(ES, poor.step)


def test_it_opens_the_auction_with_a_proposal_that_names_it_first() -> None:
    state = to_phase(started(seed=5), "auction", RandomDice(5))
    opener = pending(state).powers[0]
    choice = decide(Expert(5), state, opener)
    assert isinstance(choice, Propose) and choice.a == opener and choice.bid == 0
    assert isinstance(advance(state, choice, RandomDice(0)), Accepted)


def test_it_answers_an_allys_invitation_with_units_it_has_there() -> None:
    from tests.rules.bots.test_view import invited_both_sides

    state = invited_both_sides()
    choice = decide(Expert(6), state, ES)
    assert isinstance(choice, AllyAnswer) and choice.power == ES
    assert 0 <= choice.armies <= 2 and choice.fleets == 0
    assert isinstance(advance(state, choice, RandomDice(0)), Accepted)


def test_a_fresh_esperto_at_each_step_still_stops_taxing_and_acts() -> None:
    # The web asks a new bot at every step (no memory of its taxes): each tax raises the
    # gold, so the next one is never needed for the same action.
    state = excellent(gold=0)
    free = 0
    for seed in range(10):
        choice = decide(Expert(seed), state, FR)
        outcome = advance(state, choice, RandomDice(seed))
        assert isinstance(outcome, Accepted)
        state = outcome.state
        if not isinstance(choice, Tax):
            break
        free += 1
    else:
        raise AssertionError("it kept taxing")
    assert free <= 1
