"""G21-G27: the alliance auction, a small machine of its own.

It knows the seating, the slots filled so far and the proposal on the table; it does not
hold gold. When a proposal closes it says who pays what (`Closed`), and the caller pays it
(`money.pay_now` in the game, its own purse table in the `auction` command), so one machine
serves both.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from guerra.rules.events import Event
from guerra.rules.game.events import BidRaised, CallPassed, ProposalMade
from guerra.rules.game.state import AuctionState, Proposal, Side
from guerra.rules.i18n import Message, _, ngettext


def following(seating: tuple[str, ...], power: str) -> str:
    """The power after `power` in seating order, wrapping round (G23, G24)."""
    return seating[(seating.index(power) + 1) % len(seating)]


def open_auction(seating: tuple[str, ...], first_opener: str) -> AuctionState:
    """G23: a war's auction; its first proposal is opened by `first_opener`."""
    return AuctionState(seating=seating, first_opener=first_opener, opener=first_opener)


@dataclass(frozen=True)
class Closed:
    """G26: the proposal that closed: who pays `bid`, and the slots it filled (1-based)."""

    power: str
    bid: int
    slots: tuple[tuple[int, str, Side], ...]


@dataclass(frozen=True)
class Called:
    """A call the auction accepted."""

    auction: AuctionState
    events: tuple[Event, ...]
    closed: Closed | None = None


def proposal_problem(auction: AuctionState, proposal: Proposal) -> Message | None:
    """G22: a proposal names unplaced powers: two for the next pair, or the single last one."""
    seating = set(auction.seating)
    unplaced = auction.unplaced
    for power in proposal.powers:
        if power not in seating:
            return _("“{power}” is not a power of this game.", power=power)
        if power not in unplaced:
            return _("{power} already has a slot in the alliance table.", power=power)
    if len(unplaced) == 1:
        if len(proposal.powers) != 1:
            return _("Only {power} is left without a slot: propose it to one alliance.",
                     power=unplaced[0])
        return None
    if proposal.a is None or proposal.b is None:
        return _("A proposal names two powers without a slot, one for each alliance.")
    if proposal.a == proposal.b:
        return _("A proposal names two different powers.")
    return None


def call(
    auction: AuctionState,
    power: str,
    *,
    proposal: Proposal | None = None,
    bid: int | None = None,
    passes: bool = False,
    timed_out: bool = False,
) -> Called | Message:
    """One call: the opener proposes (G22/G23); later callers pass or raise (G24)."""
    if auction.finished:
        return _("The auction is over: every power has a slot.")
    awaited = auction.awaited
    if power not in auction.seating:
        return _("“{power}” is not a power of this game.", power=power)
    if power != awaited:
        return _("It is not {power}'s call: {awaited} calls now.", power=power,
                 awaited=str(awaited))
    if bid is not None and bid < 0:
        return _("A bid cannot be negative.")
    if auction.proposal is None:
        return _open(auction, power, proposal, bid, passes)
    if passes:
        return _pass(auction, power, timed_out)
    return _raise(auction, power, proposal, bid)


def default_call(auction: AuctionState) -> Called:
    """G27: a call not made in time is a pass; an opener proposes the first two unplaced
    powers in seating order (first to A) with a bid of 0, or the single last one to A."""
    power = auction.awaited
    assert power is not None
    if auction.proposal is None:
        unplaced = auction.unplaced
        proposal = Proposal(unplaced[0], unplaced[1] if len(unplaced) > 1 else None)
        result = call(auction, power, proposal=proposal, bid=0)
    else:
        result = call(auction, power, passes=True, timed_out=True)
    assert isinstance(result, Called)
    return result


def _open(auction: AuctionState, power: str, proposal: Proposal | None, bid: int | None,
          passes: bool) -> Called | Message:
    if passes or proposal is None:
        return _("{power} opens this proposal: it must propose, it cannot pass.", power=power)
    problem = proposal_problem(auction, proposal)
    if problem is not None:
        return problem
    bid = bid or 0
    opened = dataclasses.replace(auction, proposal=proposal, bid=bid, leader=power,
                                 caller=following(auction.seating, power), passes=0)
    return Called(opened, (ProposalMade(power, proposal.a, proposal.b, bid, raised=False),))


def _raise(auction: AuctionState, power: str, proposal: Proposal | None,
           bid: int | None) -> Called | Message:
    if bid is None or bid <= auction.bid:
        return ngettext("A raise must bid more than {count} gold.",
                        "A raise must bid more than {count} gold.", auction.bid)
    event: Event
    if proposal is not None:
        problem = proposal_problem(auction, proposal)
        if problem is not None:
            return problem
        event = ProposalMade(power, proposal.a, proposal.b, bid, raised=True)
    else:
        proposal = auction.proposal
        event = BidRaised(power, bid)
    raised = dataclasses.replace(auction, proposal=proposal, bid=bid, leader=power,
                                 caller=following(auction.seating, power), passes=0)
    return Called(raised, (event,))


def _pass(auction: AuctionState, power: str, timed_out: bool) -> Called:
    """G24: the proposal closes after n-1 passes in a row."""
    events: tuple[Event, ...] = (CallPassed(power, timed_out),)
    passes = auction.passes + 1
    if passes < len(auction.seating) - 1:
        moved = dataclasses.replace(auction, passes=passes,
                                    caller=following(auction.seating, power))
        return Called(moved, events)
    return _close(auction, events)


def _close(auction: AuctionState, events: tuple[Event, ...]) -> Called:
    """G26: the powers go to the slots as the winning proposal says; the next proposal is
    opened by the power after this one's opener (G23)."""
    proposal, leader = auction.proposal, auction.leader
    assert proposal is not None and leader is not None
    first = len(auction.slots) + 1
    filled: tuple[tuple[int, str, Side], ...]
    if proposal.a is not None and proposal.b is not None:
        filled = ((first, proposal.a, "A"), (first + 1, proposal.b, "B"))
    else:
        filled = ((first, proposal.powers[0], "A" if proposal.a is not None else "B"),)
    closed = dataclasses.replace(
        auction,
        slots=auction.slots + tuple((power, side) for _n, power, side in filled),
        opener=following(auction.seating, auction.opener),
        proposal=None, bid=0, leader=None, caller=None, passes=0,
    )
    return Called(closed, events, Closed(leader, auction.bid, filled))
