"""Every rule of game-rules.md that orders powers or breaks ties, on fixtures where the
plausible wrong orders give another answer than the right one.

Seating here is Russia, Prussia, Gran Bretagna, Spagna, Austria: its first power is not the
scenario's first (Gran Bretagna), nor the alphabet's (Austria), nor the last seat's; and the
war's slot order the auction gives (Spagna, Prussia, Russia, Gran Bretagna, Austria) is
neither the seating, nor its reverse, nor alphabetical. Each test names the wrong orders
it tells apart from the right one.
"""

from __future__ import annotations

import dataclasses

from guerra.rules.dice import RandomDice
from guerra.rules.game import commands, setup
from guerra.rules.game.auction import open_auction
from guerra.rules.game.events import AlliancesFormed, SetupMarker, TurnBegan
from guerra.rules.game.inputs import CallPass, Deadline, Move, Pass, Propose, UnitMove
from guerra.rules.game.machine import pending, start_game
from guerra.rules.game.phases import run_on
from guerra.rules.game.scoring import Final, score_region, standings
from guerra.rules.game.state import GameState, Pieces, PowerState, Side, TurnState
from tests.rules.game.helpers import in_rounds, of_type, ok, play, steps
from tests.rules.game.scenarios import AT, CA, ES, FR, GB, NL, PR, RU, europa, tiny

SEATING = (RU, PR, GB, ES, AT)
SLOTS: tuple[tuple[str, Side], ...] = ((ES, "A"), (PR, "B"), (RU, "A"), (GB, "B"), (AT, "B"))


def _auction(war: int = 1) -> GameState:
    """War 1's auction with SEATING, every power with 10 gold, one round per war."""
    state = in_rounds(scenario=europa(wars=2, rounds=1, rounds_many=1),
                      alliances=tuple((p, "A") for p in SEATING))
    return dataclasses.replace(state, phase="auction", alliances=(), turn=None, war=war,
                               round=0, auction=open_auction(SEATING, RU), first_opener=RU)


def _awaited(state: GameState) -> str:
    (power,) = pending(state).powers
    return power


def _first_proposal() -> tuple[GameState, list[str]]:
    """Russia opens (Gran Bretagna to A, Spagna to B); Prussia passes; Gran Bretagna raises to
    1 with its own proposal (Spagna to A, Prussia to B); four passes close it. Returns the
    state and the powers whose call it was, in order."""
    state = _auction()
    called = [_awaited(state)]
    for given in (Propose(RU, 0, GB, ES, 0), CallPass(PR, 0), Propose(GB, 0, ES, PR, 1),
                  CallPass(ES, 0), CallPass(AT, 0), CallPass(RU, 0), CallPass(PR, 0)):
        state = steps(state, given)
        if pending(state).kind == "call":
            called.append(_awaited(state))
    return state, called


def _whole_auction() -> GameState:
    """The first proposal; then Prussia lets its deadline pass (G27's default proposal) and
    the four others pass; then Gran Bretagna proposes the last power, Austria, to B."""
    state, _called = _first_proposal()
    for _ in range(5):
        state = steps(state, Deadline(0))
    return steps(state, Propose(GB, 0, None, AT, 0), CallPass(ES, 0), CallPass(AT, 0),
                 CallPass(RU, 0), CallPass(PR, 0))


def test_G10_the_seating_is_the_dices_not_the_order_the_players_joined_in() -> None:
    """Wrong orders: the order the powers joined in (as given), the scenario's order, the
    alphabet; and a shuffle of the joining order (two joining orders would differ)."""
    joined = (AT, RU, GB, ES, PR)
    drawn = ok(start_game(europa(), joined, RandomDice(3))).state.seating
    again = ok(start_game(europa(), tuple(reversed(joined)), RandomDice(3))).state.seating
    assert drawn == again
    scenario_order = tuple(p.name for p in europa().powers if p.name in joined)
    assert drawn not in (joined, tuple(reversed(joined)), scenario_order, tuple(sorted(joined)))


def test_G12_each_power_draws_all_its_counters_in_turn_in_seating_order() -> None:
    """Seating Prussia, Gran Bretagna, Francia (the scenario's order is Francia first, the
    alphabet's Francia, Gran Bretagna, Prussia). Wrong orders: one counter per power round
    the table, scenario or alphabetical order, the pool sorted by id."""
    seating = (PR, GB, FR)
    state = GameState(scenario=tiny(), seating=seating,
                      powers=tuple(PowerState(p, 10, 5) for p in seating),
                      pool=(7, 2, 5, 3, 1, 6, 4))
    state, events = setup.setup_markers(state)
    drawn = [(e.power, e.counter) for e in of_type(events, SetupMarker)]
    assert drawn == [(PR, 7), (PR, 2), (GB, 5), (GB, 3), (FR, 1), (FR, 6)]
    assert state.pool == (4,)
    # Counters 7 and 1 are both in the German States: Prussia's and Francia's markers there.
    assert [state.pieces(p, "Stati Tedeschi").markers for p in (PR, GB, FR)] == [1, 0, 1]
    assert state.pieces(GB, "Africa").markers == 1 and state.pieces(FR, "Nord America").markers


def test_G13_placement_goes_round_the_table_one_unit_at_a_time_in_seating_order() -> None:
    """Wrong orders: each power placing all its units before the next, the scenario's or the
    alphabet's order, the reverse of the seating."""
    state = GameState(scenario=tiny(), seating=(PR, GB, FR),
                      powers=tuple(PowerState(p, 10, 5) for p in (PR, GB, FR)))
    placers = []
    while (power := setup.placer(state)) is not None:
        placers.append(power)
        state = dataclasses.replace(state, placed=state.placed + 1)
    assert placers == [PR, GB, FR, PR, GB, FR]


def test_G23_war_1_is_opened_by_the_first_seat_and_each_proposal_by_the_next_opener() -> None:
    """War 1's auction, entered from the end of the setup, awaits Russia's proposal: not
    Austria (the last seat, the alphabet's first), not Gran Bretagna (the scenario's first).
    The second proposal is opened by Prussia, the power after Russia (the first opener).
    Wrong answers: the power after the last raiser (Spagna), the last raiser (Gran
    Bretagna), the first power without a slot (Russia), the first in scenario order after
    Russia (Gran Bretagna), the alphabet's next after Russia (Spagna)."""
    placed = setup.placements(_auction()) * len(SEATING)
    setup_over = dataclasses.replace(_auction(), phase="setup", placed=placed, auction=None,
                                     first_opener=None)
    entered, _events = run_on(setup_over, RandomDice(0))
    assert (entered.phase, entered.first_opener, _awaited(entered)) == ("auction", RU, RU)
    state, _called = _first_proposal()
    assert pending(state).kind == "propose" and _awaited(state) == PR


def test_G23_a_later_war_is_opened_by_the_power_after_the_previous_wars_first_opener() -> None:
    """War 2's first opener is Prussia (after Russia, war 1's first opener). Wrong answers:
    the power after war 1's last opener (Spagna), the first seat again (Russia), the first
    slot of war 1 (Spagna), the last raiser of war 1 (Gran Bretagna)."""
    state = _whole_auction()
    for _ in range(2 * len(SEATING)):
        state = steps(state, Pass(_awaited(state), 0))
    assert (state.phase, state.war) == ("auction", 2)
    assert state.first_opener == PR and _awaited(state) == PR


def test_G24_the_call_goes_round_the_seating_from_the_power_after_the_last_raiser() -> None:
    """After Russia opens: Prussia, Gran Bretagna; Gran Bretagna raises: Spagna, Austria,
    Russia (wrapping round) and Prussia again; then it closes. Wrong orders: alphabetical,
    scenario order, counting the passes from the opener rather than from the last raiser
    (Prussia's second call would never come)."""
    state, called = _first_proposal()
    assert called == [RU, PR, GB, ES, AT, RU, PR]
    assert state.auction is not None and state.auction.slots == ((ES, "A"), (PR, "B"))


def test_G24_passes_before_a_raise_do_not_count_towards_closing() -> None:
    state = steps(_auction(), Propose(RU, 0, GB, ES, 0), CallPass(PR, 0),
                  Propose(GB, 0, ES, PR, 1), CallPass(ES, 0), CallPass(AT, 0),
                  CallPass(RU, 0))
    # Four passes since the opener, three since the raise: Prussia still has its call.
    assert state.auction is not None and state.auction.slots == () and _awaited(state) == PR


def test_G26_the_last_raiser_pays_its_bid_not_the_opener_nor_the_powers_placed() -> None:
    state, _called = _first_proposal()
    paid = {p: 10 - state.power(p).gold for p in SEATING}
    assert paid == {RU: 0, PR: 0, GB: 1, ES: 0, AT: 0}


def test_G22_a_proposal_fills_the_next_pair_its_first_power_to_A() -> None:
    """Gran Bretagna's proposal names Spagna for A and Prussia for B: slot 1 is Spagna's, in A,
    though Prussia sits before Spagna and proposed nothing. Wrong: seating order of the two
    named, the alphabet, the first named to B."""
    state, _called = _first_proposal()
    assert state.auction is not None and state.auction.slots == ((ES, "A"), (PR, "B"))


def test_G27_a_late_opener_proposes_the_first_two_unplaced_in_seating_order_first_to_A() -> None:
    """Unplaced after the first proposal: Russia, Gran Bretagna, Austria (seating). Wrong
    answers: alphabetical (Austria, Gran Bretagna), scenario order (Gran Bretagna,
    Austria), the last two (Gran Bretagna, Austria), the sides swapped."""
    state, _called = _first_proposal()
    state = steps(state, Deadline(0))
    assert state.auction is not None and state.auction.proposal is not None
    proposal = state.auction.proposal
    assert (proposal.a, proposal.b, state.auction.bid) == (RU, GB, 0)


def test_G21_the_last_single_power_joins_the_alliance_its_proposal_names() -> None:
    state = _whole_auction()
    assert state.alliances == SLOTS


def test_G21_the_turn_order_told_when_the_alliances_form_is_the_slot_order() -> None:
    """Told as Spagna, Prussia, Russia, Gran Bretagna, Austria: not the seating, nor
    alliance A's powers then alliance B's, nor the alphabet."""
    state, _called = _first_proposal()
    for _ in range(5):
        state = steps(state, Deadline(0))
    state = steps(state, Propose(GB, 0, None, AT, 0), CallPass(ES, 0), CallPass(AT, 0),
                  CallPass(RU, 0))
    formed = [e for e in play(state, CallPass(PR, state.step)).events
              if isinstance(e, AlliancesFormed)]
    assert formed == [AlliancesFormed(1, (ES, RU), (PR, GB, AT), (ES, PR, RU, GB, AT))]


def test_G28_every_round_the_powers_play_in_slot_order() -> None:
    """Slot order Spagna, Prussia, Russia, Gran Bretagna, Austria. Wrong orders: the seating
    (Russia first), the alphabet (Austria first), alliance A then alliance B, the
    scenario's order (Gran Bretagna first)."""
    state = in_rounds(scenario=europa(wars=1, rounds=2, rounds_many=2), alliances=SLOTS)
    state = dataclasses.replace(state, seating=SEATING)
    turns = [_awaited(state)]
    for _ in range(2 * 2 * len(SLOTS) - 1):
        result = play(state, Pass(_awaited(state), state.step))
        state = result.state
        turns += [e.power for e in result.events if isinstance(e, TurnBegan)]
    order = [p for p, _side in SLOTS]
    assert turns == order + order


# --- G54-G62: scoring, penalties, the winner ------------------------------------------------


def test_G55_ties_take_the_full_vp_and_the_next_count_takes_the_next_place() -> None:
    """Counts 3, 3, 2, 1, 1 in a European region (8/5/3): dense ranking gives 8, 8, 5, 3, 3.
    Wrong: competition ranking (2 -> 3rd place: 3 VP; 1 -> 4th: 0), ascending counts, the
    places in the order the powers are listed."""
    markers = {AT: 1, RU: 3, ES: 2, GB: 1, PR: 3}
    lines = score_region((8, 5, 3), 3, markers)
    assert {power: (place, vp) for power, _n, place, vp in lines} == {
        RU: (1, 8), PR: (1, 8), ES: (2, 5), AT: (3, 3), GB: (3, 3)}
    # Told place by place, then by name: not in the order the powers were listed.
    assert [power for power, *_rest in lines] == [PR, RU, ES, AT, GB]
    # A colony scores two places: the third count scores nothing, even where the scenario
    # data gives a third value.
    colony = score_region((4, 2, 1), 2, markers)
    assert {power: vp for power, _n, _place, vp in colony} == {
        RU: 4, PR: 4, ES: 2, AT: 0, GB: 0}


def test_G61_the_most_unrest_loses_7_and_the_next_distinct_value_4() -> None:
    """Unrest 12, 12, 7, 5, 0 and a revolution at 25. Right: both 12s lose 7, the 7 loses 4,
    the 5 nothing. Wrong: counting the revolution's 25 as the top value (12s would lose 4),
    counting tied values as separate places (the 7 would lose nothing), the least unrest
    first (the 5 would lose 7). A penalty never takes VP below 0."""
    finals = [Final(ES, 20, 5, 0), Final(RU, 20, 12, 0), Final(AT, 3, 7, 0),
              Final(GB, 20, 0, 0), Final(PR, 20, 12, 0), Final(FR, 30, 25, 0)]
    table = {row.power: (row.penalty, row.vp) for row in standings(finals)}
    assert table == {RU: (7, 13), PR: (7, 13), AT: (3, 0), ES: (0, 20), GB: (0, 20),
                     FR: (30, 0)}


def test_G62_most_vp_then_least_unrest_then_most_gold_else_shared() -> None:
    """Four powers end on 30 VP, none of them penalised (G61 takes Province Unite's and
    Francia's unrest, the two highest values). Right order: Spagna (unrest 0), then Russia
    and Prussia (unrest 2) by gold 5 before 1, then Austria (unrest 3, the most gold); Gran
    Bretagna and Svezia tie on everything and share a rank (the next rank skips). Wrong
    orders: gold before unrest (Austria first), the most unrest first, the least gold first,
    the listed (seating) order, the alphabet, the reverse of any of them."""
    finals = [Final(PR, 30, 2, 1), Final(ES, 30, 0, 0), Final(AT, 30, 3, 9),
              Final(RU, 30, 2, 5), Final(GB, 12, 1, 4), Final("Svezia", 12, 1, 4),
              Final(NL, 40, 9, 0), Final(FR, 30, 8, 0)]
    table = standings(finals)
    assert [row.power for row in table][:6] == [NL, ES, RU, PR, AT, FR]
    assert {row.power: row.rank for row in table} == {
        NL: 1, ES: 2, RU: 3, PR: 4, AT: 5, FR: 6, GB: 7, "Svezia": 7}
    assert {row.power: row.vp for row in table}[FR] == 26  # 30 - 4: below the four on 30


def test_G60_a_revolution_ranks_below_everyone_whatever_its_vp() -> None:
    """Revolutions rank last, among themselves by the same tie-breaks (least unrest first);
    wrong: by the VP they had, by their unrest alone reversed, in listed order."""
    finals = [Final(RU, 60, 30, 0), Final(PR, 1, 0, 0), Final(ES, 50, 20, 9),
              Final(AT, 0, 0, 0)]
    table = standings(finals)
    assert [(row.power, row.rank, row.revolution) for row in table] == [
        (PR, 1, False), (AT, 2, False), (ES, 3, True), (RU, 4, True)]


def test_G23_G24_G26_the_auction_command_goes_round_the_seating_it_is_given() -> None:
    """`python -m guerra.rules auction` with the seating Russia, Prussia, Gran Bretagna,
    Spagna, Austria and Prussia as first opener: after Prussia comes Gran Bretagna (the
    alphabet would say Russia, the seating's first Russia); Spagna's raise closes after four
    passes and Spagna pays; the next proposal is Gran Bretagna's (after Prussia, not after
    Spagna)."""
    def case(calls: list[dict[str, object]]) -> dict[str, object]:
        return {"seating": list(SEATING), "first_opener": PR, "calls": calls}

    opened = [{"power": PR, "propose": {"A": AT, "B": RU}, "bid": 0}]
    assert commands.auction(case(opened))["next"] == {
        "power": GB, "call": "raise_or_pass", "bid": 0}
    calls = [*opened, {"power": GB, "pass": True},
             {"power": ES, "propose": {"A": PR, "B": GB}, "bid": 2},
             *({"power": p, "pass": True} for p in (AT, RU, PR, GB))]
    result = commands.auction(case(calls))
    assert result["slots"] == [PR, GB]  # as proposed: not the alphabet's, nor the seating's
    assert result["alliances"] == {"A": [PR], "B": [GB]}
    assert result["paid"] == {RU: 0, PR: 0, GB: 0, ES: 2, AT: 0}
    assert result["next"] == {"power": GB, "call": "propose"}


def test_G33_storm_dice_are_rolled_unit_by_unit_in_the_order_of_the_move() -> None:
    """Gran Bretagna sends its fleet, then an army (which needs that fleet, G32), from home
    to the Caribbean; the dice say 6, then 1: the army is lost at sea, not the fleet. Wrong:
    the dice in the reverse order, or armies before fleets."""
    state = in_rounds(pieces=[Pieces(GB, None, armies=1, fleets=1)], turn=TurnState(GB))
    moves = (UnitMove("fleet", None, CA), UnitMove("army", None, CA))
    after = play(state, Move(GB, state.step, moves), dice=[6, 1]).state
    assert after.pieces(GB, CA) == Pieces(GB, CA, fleets=1)
    assert after.power(GB).unrest == 1
