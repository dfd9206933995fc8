"""The Esperto in the alliance auction (G21-G27): what a slot is worth to it, whom it would
rather have as an ally, and so what it proposes and how far it bids.

A slot is worth more the earlier it plays (the first turns take the counters face up: the
colonies to settle, the trade, the neutrals to attack), in VP; an ally is worth what the
alliance spares it (an ally cannot attack its markers, D1) less what it forbids (it cannot
attack the ally's). A bid costs its gold at the gold's worth now; it never bids gold it does
not have (G42 would tax it), and stops when the slot it would win is worth less than the bid.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.bots.position import markers_by_region, outlook
from guerra.rules.game.inputs import CallPass, Propose, Raise
from guerra.rules.game.state import AuctionState, GameState, Proposal, Side

FIRST_SLOT = 2.5  # VP the first slot is worth over the last, with counters to take
BID_CAP = 4  # the most gold it bids for one proposal


@dataclass(frozen=True)
class Place:
    slot: int  # 0-based
    side: Side


def _opportunities(state: GameState) -> float:
    """How much playing early matters now: the counters face up that a turn can take."""
    kinds = [state.scenario.counter_by_id[c].kind for c in state.face_up]
    return min(1.5, 0.25 * len(kinds) + 0.15 * sum(k != "numbered" for k in kinds))


def slot_worth(state: GameState, power: str, slot: int) -> float:
    """The worth to `power` of playing in `slot` (0-based) this war, against the last slot."""
    n = len(state.seating)
    if n < 2:
        return 0.0
    return FIRST_SLOT * _opportunities(state) * (n - 1 - slot) / (n - 1)


def ally_worth(state: GameState, power: str, other: str) -> float:
    """What having `other` as an ally is worth to `power`: its armies and fleets that stand
    where `power` has markers (they could not attack them), less `power`'s units that stand
    where `other` has markers (they could not attack those)."""
    markers = markers_by_region(state)
    spared = forbidden = 0.0
    for pieces in state.of_power(other):
        if pieces.region is not None and markers.get(pieces.region, {}).get(power):
            spared += 0.4 * (pieces.armies + pieces.fleets)
    for pieces in state.of_power(power):
        if pieces.region is not None and markers.get(pieces.region, {}).get(other):
            forbidden += 0.4 * (pieces.armies + pieces.fleets)
    return spared - forbidden


def places(table: AuctionState, proposal: Proposal) -> dict[str, Place]:
    """G21-G22: the slots the proposal fills, if it closes."""
    first = len(table.slots)
    if proposal.a is not None and proposal.b is not None:
        return {proposal.a: Place(first, "A"), proposal.b: Place(first + 1, "B")}
    single = proposal.a or proposal.b
    assert single is not None
    return {single: Place(first, "A" if proposal.a is not None else "B")}


def proposal_worth(state: GameState, power: str, proposal: Proposal) -> float:
    """The worth to `power` of the proposal closing: its own slot if named (else the mean of
    the slots left after it), and the allies and enemies it fixes."""
    table = state.auction
    assert table is not None
    filled = places(table, proposal)
    sides = dict(table.slots)
    sides.update({p: place.side for p, place in filled.items()})
    n = len(state.seating)
    if power in filled:
        score = slot_worth(state, power, filled[power].slot)
    elif power in sides:
        score = 0.0  # placed already: the slot is its own, whatever this proposal
    else:
        later = range(len(table.slots) + len(filled), n)
        score = sum(slot_worth(state, power, s) for s in later) / max(1, len(later))
    mine = sides.get(power)
    if mine is not None:
        for other in filled:
            if other != power:
                relation = ally_worth(state, power, other)
                score += relation if sides[other] == mine else 0.0
    return score


def options(state: GameState, power: str) -> list[Proposal]:
    table = state.auction
    assert table is not None
    unplaced = table.unplaced
    if len(unplaced) == 1:
        return [Proposal(unplaced[0], None), Proposal(None, unplaced[0])]
    return [Proposal(a, b) for a in unplaced for b in unplaced if a != b]


def best_proposal(state: GameState, power: str) -> tuple[float, Proposal]:
    scored = [(proposal_worth(state, power, p), i, p) for i, p in enumerate(options(state,
                                                                                power))]
    score, _i, proposal = max(scored, key=lambda item: (item[0], -item[1]))
    return score, proposal


def call(state: GameState, power: str) -> object:
    """G22-G24: open with the proposal worth most (bid 0); on a call, raise with it when what
    it gains over the proposal on the table is worth the higher bid, else pass."""
    table = state.auction
    assert table is not None
    score, mine = best_proposal(state, power)
    if table.proposal is None:
        return Propose(power, state.step, mine.a, mine.b, 0)
    if table.leader == power:
        return CallPass(power, state.step)
    current = proposal_worth(state, power, table.proposal)
    bid = table.bid + 1
    gold_worth = max(0.05, outlook(state).gold)
    affordable = bid <= state.power(power).gold and bid <= BID_CAP
    if affordable and score - current > bid * gold_worth:
        if mine == table.proposal:
            return Raise(power, state.step, bid)
        return Propose(power, state.step, mine.a, mine.b, bid)
    return CallPass(power, state.step)


def bid_for(state: GameState, power: str, worth_gain: float) -> int:
    """The most gold `power` would pay for a gain of `worth_gain` VP (for the tests and the
    pages: the bid follows the worth)."""
    gold_worth = max(0.05, outlook(state).gold)
    return max(0, min(BID_CAP, state.power(power).gold, int(worth_gain / gold_worth)))
