"""G21-G27: the alliance auction, as the game runs it (the command is tested on its own in
test_commands.py)."""

from __future__ import annotations

import dataclasses

from guerra.rules.events import GoldChanged
from guerra.rules.game.auction import Called, call, default_call, open_auction
from guerra.rules.game.events import (
    AlliancesFormed,
    BidRaised,
    CallPassed,
    ProposalMade,
    ProposalWon,
    Taxed,
)
from guerra.rules.game.inputs import CallPass, Deadline, Propose, Raise, Tax
from guerra.rules.game.machine import pending
from guerra.rules.game.phases import run_on
from guerra.rules.game.state import AuctionState, GameState, Proposal
from guerra.rules.i18n import Message
from tests.rules.game.helpers import PrefixDice, of_type, play, refused, started, steps
from tests.rules.game.scenarios import AT, ES, FR, GB, PR, RU, tiny

SEATING = (FR, PR, GB)


def _auction(gold: dict[str, int] | None = None) -> GameState:
    """War 1's auction of tiny() with seating Francia, Prussia, Gran Bretagna."""
    state = started(tiny(fixed_positions=()), seed=0).state
    while state.phase == "setup":
        state = play(state, Deadline(state.step)).state
    state = dataclasses.replace(state, seating=SEATING,
                                auction=open_auction(SEATING, FR), first_opener=FR)
    for power, amount in (gold or {}).items():
        state = state.with_power(power, gold=amount)
    assert state.phase == "auction"
    return state


_calls = steps


def test_G21_slots_go_in_pairs_a_then_b_and_turn_order_is_slot_order() -> None:
    state = _calls(_auction(), Propose(FR, 0, GB, FR, 0), CallPass(PR, 0))
    result = play(state, CallPass(GB, state.step))  # n-1 = 2 passes: closed
    assert result.state.auction is not None and result.state.auction.slots == (
        (GB, "A"), (FR, "B"))
    # The odd power left: Prussia opens (the power after the previous opener), alone to B.
    state = _calls(result.state, Propose(PR, 0, None, PR, 0), CallPass(GB, 0), CallPass(FR, 0))
    assert state.alliances == ((GB, "A"), (FR, "B"), (PR, "B"))
    assert state.phase == "rounds" and state.turn is not None and state.turn.power == GB
    last = _calls(result.state, Propose(PR, 0, None, PR, 0), CallPass(GB, 0))
    formed = of_type(play(last, CallPass(FR, last.step)).events, AlliancesFormed)
    assert formed == [AlliancesFormed(1, (GB,), (FR, PR), (GB, FR, PR))]


def test_G22_a_proposal_names_two_unplaced_powers_or_the_single_last_one() -> None:
    state = _auction()
    assert refused(state, Propose(FR, state.step, FR, None, 0)).msgid == (
        "A proposal names two powers without a slot, one for each alliance.")
    assert refused(state, Propose(FR, state.step, FR, FR, 0)).msgid == (
        "A proposal names two different powers.")
    assert refused(state, Propose(FR, state.step, FR, "Atlantide", 0)).param("power") == (
        "Atlantide")


def test_G22_a_placed_power_cannot_be_proposed_again() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    state = _calls(state, CallPass(PR, state.step), CallPass(GB, state.step + 1))
    assert refused(state, Propose(PR, state.step, GB, GB, 0)).msgid == (
        "Only {power} is left without a slot: propose it to one alliance.")
    assert refused(state, Propose(PR, state.step, FR, None, 0)).msgid == (
        "{power} already has a slot in the alliance table.")


def test_G23_the_opener_must_propose_and_openers_rotate_in_seating_order() -> None:
    state = _auction()
    assert pending(state).kind == "propose" and pending(state).powers == (FR,)
    assert refused(state, CallPass(FR, state.step)).msgid == (
        "{power} opens this proposal: it must propose, it cannot pass.")
    state = _calls(state, Propose(FR, state.step, FR, PR, 0))
    state = _calls(state, CallPass(PR, state.step), CallPass(GB, state.step + 1))
    assert pending(state).kind == "propose" and pending(state).powers == (PR,)


def test_G23_each_later_war_is_opened_by_the_power_after_the_previous_first_opener() -> None:
    state = _auction()
    later = dataclasses.replace(state, phase="end_of_war", auction=None, alliances=())
    later, _events = run_on(later, PrefixDice([]))
    assert later.war == 2 and later.phase == "auction"
    assert later.first_opener == PR and pending(later).powers == (PR,)
    wrap = dataclasses.replace(later, phase="end_of_war", first_opener=GB, auction=None,
                               alliances=())
    wrap, _events = run_on(wrap, PrefixDice([]))
    assert wrap.first_opener == FR  # wraps round


def test_G24_the_call_goes_round_from_the_power_after_the_opener() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 1))
    assert pending(state).kind == "call" and pending(state).powers == (PR,)
    assert refused(state, CallPass(GB, state.step)).msgid == (
        "No decision is awaited from {power} now: {awaited} decides.")
    state = _calls(state, CallPass(PR, state.step))
    assert pending(state).powers == (GB,)


def test_G24_a_raise_bids_at_least_one_more() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 2))
    reason = refused(state, Raise(PR, state.step, 2))
    assert reason.render() == "Un rilancio deve offrire più di 2 ori."
    state = _calls(state, Raise(PR, state.step, 3))
    assert state.auction is not None and (state.auction.bid, state.auction.leader) == (3, PR)


def test_G24_a_raise_may_replace_the_proposal() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    state = _calls(state, Propose(PR, state.step, GB, PR, 1))
    assert state.auction is not None and state.auction.proposal == Proposal(GB, PR)


def test_G24_a_power_that_passed_may_raise_when_the_call_comes_back() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    state = _calls(state, CallPass(PR, state.step), Raise(GB, state.step + 1, 1))
    state = _calls(state, CallPass(FR, state.step))
    state = _calls(state, Raise(PR, state.step, 2))  # Prussia had passed before
    assert state.auction is not None and state.auction.leader == PR


def test_G24_the_proposal_closes_after_n_minus_1_passes_in_a_row() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0), Raise(PR, 1, 1))
    state = _calls(state, CallPass(GB, state.step))
    assert state.auction is not None and state.auction.proposal is not None  # one pass: open
    state = _calls(state, CallPass(FR, state.step))
    assert state.auction is not None and state.auction.slots == ((FR, "A"), (PR, "B"))


def test_G25_any_power_may_propose_placed_or_named_or_not() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    state = _calls(state, Propose(PR, state.step, PR, GB, 1))  # named in the proposal
    state = _calls(state, CallPass(GB, state.step), CallPass(FR, state.step + 1))
    assert state.auction is not None and state.auction.slots == ((PR, "A"), (GB, "B"))
    # Prussia, placed, opens the last proposal and places Francia.
    state = _calls(state, Propose(PR, state.step, None, FR, 0))
    assert state.auction is not None and state.auction.proposal == Proposal(None, FR)


def test_G26_the_last_raiser_pays_and_a_shortfall_is_taxed_automatically() -> None:
    state = _auction({FR: 10, PR: 1, GB: 10})
    state = _calls(state, Propose(FR, state.step, FR, PR, 1), Raise(PR, state.step + 1, 4))
    result = play(_calls(state, CallPass(GB, state.step)), CallPass(FR, state.step + 1))
    # Prussia bid 4 with 1 gold: 3 missing, taxed at 2 unrest (odd: rounded up), purse 0.
    assert result.state.power(PR).gold == 0 and result.state.power(PR).unrest == 2
    assert of_type(result.events, Taxed) == [Taxed(PR, 3, 2, automatic=True)]
    assert of_type(result.events, ProposalWon) == [ProposalWon(PR, 4, ((1, FR, "A"),
                                                                       (2, PR, "B")))]
    assert result.state.power(FR).gold == 10  # the opener, outbid, pays nothing


def test_G27_a_call_not_made_in_time_is_a_pass() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    result = play(state, Deadline(state.step))
    assert state.auction is not None and result.state.auction is not None
    assert result.state.auction.passes == 1 and pending(result.state).powers == (GB,)


def test_G27_an_opener_who_does_not_propose_proposes_the_first_two_unplaced_at_0() -> None:
    state = _calls(_auction(), Deadline(0))
    assert state.auction is not None
    assert (state.auction.proposal, state.auction.bid, state.auction.leader) == (
        Proposal(FR, PR), 0, FR)
    table = AuctionState(SEATING, FR, PR, slots=((FR, "A"), (GB, "B")))
    assert default_call(table).auction.proposal == Proposal(PR, None)  # single: to A


def test_G27_seven_powers_auction_by_deadlines_alone_fills_every_slot() -> None:
    seating = (FR, PR, GB, ES, AT, RU, "Province Unite")
    table = open_auction(seating, ES)
    calls = 0
    while not table.finished:
        table = default_call(table).auction
        calls += 1
    assert table.slots == ((FR, "A"), (PR, "B"), (GB, "A"), (ES, "B"), (AT, "A"), (RU, "B"),
                           ("Province Unite", "A"))
    assert calls == 4 * 7  # four proposals, each opened and then passed by the six others


def test_G41_a_power_may_tax_at_its_own_call_in_the_auction() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 0))
    assert refused(state, Tax(FR, state.step, 2)).msgid == (
        "A power taxes in its own turn, or when its call comes in the auction.")
    taxed = play(state, Tax(PR, state.step, 3)).state
    assert (taxed.power(PR).gold, taxed.power(PR).unrest) == (13, 2)


def test_auction_refuses_calls_once_every_power_has_a_slot() -> None:
    table = AuctionState(SEATING, FR, FR, slots=((FR, "A"), (PR, "B"), (GB, "A")))
    refusal = call(table, FR, passes=True)
    assert isinstance(refusal, Message) and refusal.msgid == (
        "The auction is over: every power has a slot.")


def test_G26_the_closing_pass_then_the_payment_then_the_slots() -> None:
    state = _auction({FR: 10, PR: 1, GB: 10})
    state = _calls(state, Propose(FR, state.step, FR, PR, 1), Raise(PR, state.step + 1, 4),
                   CallPass(GB, 0))
    result = play(state, CallPass(FR, state.step))
    # Prussia pays its bid of 4 (G26) after 3 gold taxed for 2 unrest (G42).
    assert result.events == (CallPassed(FR, False), Taxed(PR, 3, 2, automatic=True),
                             GoldChanged(PR, -4, "G26"),
                             ProposalWon(PR, 4, ((1, FR, "A"), (2, PR, "B"))))


def _called(result: Called | Message) -> Called:
    assert isinstance(result, Called), result
    return result


def test_G24_a_raise_tells_who_raised_to_what_and_whether_it_replaced_the_proposal() -> None:
    table = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(FR, PR), bid=0))
    kept = _called(call(table.auction, PR, bid=3))
    assert kept.events == (BidRaised(PR, 3),)
    replaced = _called(call(table.auction, PR, proposal=Proposal(GB, PR), bid=1))
    assert replaced.events == (ProposalMade(PR, GB, PR, 1, raised=True),)


def test_G24_a_raise_not_above_the_bid_is_refused_in_english_too() -> None:
    state = _calls(_auction(), Propose(FR, 0, FR, PR, 2))
    assert refused(state, Raise(PR, state.step, 2)).render("en") == (
        "A raise must bid more than 2 gold.")


def test_G27_a_call_not_made_in_time_is_told_as_a_pass_out_of_time() -> None:
    table = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(FR, PR), bid=0))
    assert default_call(table.auction).events == (CallPassed(PR, timed_out=True),)


def test_G27_with_two_powers_left_the_default_proposal_names_both() -> None:
    seating = (FR, PR, GB, ES)
    table = AuctionState(seating, FR, PR, slots=((FR, "A"), (GB, "B")))
    opened = default_call(table)
    assert opened.auction.proposal == Proposal(PR, ES)  # the unplaced, in seating order
    assert opened.events == (ProposalMade(PR, PR, ES, 0, raised=False),)


def test_G26_the_winning_bid_is_paid_as_a_gold_change_of_the_last_raiser() -> None:
    state = _auction({FR: 10, PR: 6, GB: 10})
    state = _calls(state, Propose(FR, state.step, FR, PR, 1), Raise(PR, state.step + 1, 4))
    result = play(_calls(state, CallPass(GB, state.step)), CallPass(FR, state.step + 1))
    assert of_type(result.events, GoldChanged) == [GoldChanged(PR, -4, "G26")]
    assert result.state.power(PR).gold == 2  # 6 - 4, nothing taxed
    assert of_type(result.events, Taxed) == []


def test_G24_a_pass_is_told_as_a_pass_in_time() -> None:
    table = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(FR, PR), bid=0))
    assert _called(call(table.auction, PR, passes=True)).events == (CallPassed(PR, False),)


def test_G26_a_closed_proposal_leaves_a_clean_table_for_the_next_opener() -> None:
    table = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(FR, PR), bid=1))
    table = _called(call(table.auction, PR, bid=3))
    table = _called(call(table.auction, GB, passes=True))
    closed = _called(call(table.auction, FR, passes=True))  # n - 1 = 2 passes after Prussia
    # Prussia's 3 gold paid for Francia (A) and Prussia (B); Prussia opens next (after the
    # opener Francia), with no proposal, bid, leader, caller or pass left over.
    assert closed.auction == AuctionState(SEATING, FR, PR, slots=((FR, "A"), (PR, "B")))


def test_G22_with_one_power_left_the_refusal_names_it() -> None:
    table = AuctionState(SEATING, FR, PR, slots=((FR, "A"), (PR, "B")))
    refusal = call(table, PR, proposal=Proposal(GB, FR), bid=0)
    assert isinstance(refusal, Message)
    assert refusal.render("en") == "Francia already has a slot in the alliance table."
    refusal = call(table, PR, proposal=Proposal(GB, GB), bid=0)
    assert isinstance(refusal, Message)
    assert refusal.render("en") == (
        "Only Gran Bretagna is left without a slot: propose it to one alliance.")


def test_G23_an_auction_opens_with_its_first_opener_and_an_empty_table() -> None:
    assert open_auction(SEATING, PR) == AuctionState(SEATING, first_opener=PR, opener=PR)


def test_G23_the_opener_cannot_pass_nor_raise_before_proposing() -> None:
    table = open_auction(SEATING, FR)
    for refusal in (call(table, FR, proposal=Proposal(FR, PR), bid=1, passes=True),
                    call(table, FR, bid=2)):
        assert isinstance(refusal, Message)
        assert refusal.render("en") == (
            "Francia opens this proposal: it must propose, it cannot pass.")


def test_G22_a_proposal_is_told_with_its_opener_powers_and_bid() -> None:
    opened = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(GB, PR), bid=2))
    assert opened.events == (ProposalMade(FR, GB, PR, 2, raised=False),)


def test_G22_a_bid_cannot_be_negative() -> None:
    table = _called(call(open_auction(SEATING, FR), FR, proposal=Proposal(FR, PR), bid=0))
    refusal = call(table.auction, PR, bid=-1)
    assert isinstance(refusal, Message) and refusal.render("en") == "A bid cannot be negative."
