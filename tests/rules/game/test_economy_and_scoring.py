"""G5, G50-G57, G60-G62 on game states: income, maintenance, population, region scoring,
revolution, unrest penalties, the winner. (The `war-end` command has its own tests.)"""

from __future__ import annotations

import dataclasses
from typing import Any

from guerra.rules.events import Event, VpChanged
from guerra.rules.game.economy import Economy, Income, economy_of, income_of, income_phase
from guerra.rules.game.events import (
    GameWon,
    IncomeReport,
    PenaltyApplied,
    PopulationGrew,
    RegionScored,
)
from guerra.rules.game.scoring import end_of_game, score_region, scoring_phase
from guerra.rules.game.state import GameState, IncomeLine, Pieces, ScoreLine, Standing
from tests.rules.game.helpers import in_rounds, of_type
from tests.rules.game.scenarios import AF, BA, CA, FR, GB, PR, ST


def test_G50_income_is_population_plus_markers_on_the_map_plus_tile_income() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=2), Pieces(FR, CA, markers=1)],
                      gold=0, population=4, Francia={"tiles": (("bank", 1),)})
    after, events = income_phase(state)
    assert after.power(FR).gold == 4 + 3 + 3  # no units: no maintenance
    report = of_type(events, IncomeReport)[0]
    assert report == IncomeReport(FR, (("population", 4), ("control markers", 3), ("Bank", 3)),
                                  0, 0, 10)


def test_G51_maintenance_is_one_gold_per_army_fleet_and_fort_on_the_map_and_at_home() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2, forts=1), Pieces(FR, None, armies=1,
                                                                          fleets=2)],
                      gold=10, population=0)
    after, events = income_phase(state)
    assert after.power(FR).gold == 10 - 6
    assert of_type(events, IncomeReport)[0].parts == (("maintenance", -6),)


def test_G52_income_comes_before_maintenance_and_a_shortfall_is_taxed() -> None:
    # 1 gold + 2 income - 6 maintenance = -3: 3 gold taxed for 2 unrest, purse 0.
    state = in_rounds(pieces=[Pieces(FR, None, armies=6)], gold=1, population=2)
    after, events = income_phase(state)
    assert (after.power(FR).gold, after.power(FR).unrest) == (0, 2)
    assert of_type(events, IncomeReport)[0].taxed_unrest == 2
    # With enough income first, nothing is taxed even from an empty purse.
    rich = in_rounds(pieces=[Pieces(FR, None, armies=6)], gold=0, population=6)
    assert income_phase(rich)[0].power(FR).unrest == 0


def test_G53_population_grows_by_3_after_income() -> None:
    state = in_rounds(population=4)
    after, _events = income_phase(state)
    assert after.power(FR).population == 7 and after.power(FR).gold == 14  # income of 4
    slow = in_rounds(scenario=dataclasses.replace(state.scenario, population_growth=1))
    assert income_phase(slow)[0].power(FR).population == 6


def test_G54_each_region_scores_its_places_by_markers_europe_three_colonies_two() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=3), Pieces(PR, ST, markers=2),
                              Pieces(GB, ST, markers=1), Pieces(FR, CA, markers=3),
                              Pieces(PR, CA, markers=2), Pieces(GB, CA, markers=1)])
    after, events = scoring_phase(state)
    # Stati Tedeschi 8/5/3 (Europe); Caraibi 4/2 (a colony: third place scores nothing).
    assert (after.power(FR).vp, after.power(PR).vp, after.power(GB).vp) == (12, 7, 3)
    lines = {e.region: e.lines for e in of_type(events, RegionScored)}
    assert lines[CA] == ((FR, 3, 1, 4), (PR, 2, 2, 2), (GB, 1, 3, 0))
    assert lines[BA] == () and lines[AF] == ()


def test_G55_ties_share_a_place_and_the_next_count_takes_the_next_place() -> None:
    assert score_region((8, 5, 3), 3, {FR: 2, PR: 2, GB: 1}) == (
        (FR, 2, 1, 8), (PR, 2, 1, 8), (GB, 1, 2, 5))
    assert score_region((4, 2, 0), 2, {FR: 1, PR: 3, GB: 2}) == (
        (PR, 3, 1, 4), (GB, 2, 2, 2), (FR, 1, 3, 0))


def test_G56_only_control_markers_count() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=9, forts=2), Pieces(PR, ST, markers=1)])
    after, _events = scoring_phase(state)
    assert (after.power(FR).vp, after.power(PR).vp) == (0, 8)


def test_G57_scoring_only_adds_vp_and_keeps_a_line_per_war() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=1)], Francia={"vp": 5})
    after, events = scoring_phase(dataclasses.replace(state, war=2))
    assert after.power(FR).vp == 13
    assert [(s.war, s.region, s.power, s.vp) for s in after.scores] == [(2, ST, FR, 8)]
    assert of_type(events, VpChanged) == [VpChanged(FR, 8, "G54")]  # Stati Tedeschi, 1st


def _ended(**powers: Any) -> tuple[GameState, tuple[Event, ...]]:
    state = dataclasses.replace(in_rounds(**powers), phase="game_over")
    return end_of_game(state)


def test_G60_twenty_unrest_is_a_revolution_all_vp_lost_ranked_last() -> None:
    state, events = _ended(Francia={"vp": 40, "unrest": 20}, Prussia={"vp": 3},
                           **{GB: {"vp": 1}})
    table = {row.power: row for row in state.standings}
    assert (table[FR].vp, table[FR].penalty, table[FR].revolution, table[FR].rank) == (
        0, 40, True, 3)
    assert state.power(FR).vp == 0
    assert PenaltyApplied(FR, 40, True) in events


def test_G61_the_most_unrest_loses_7_the_next_distinct_value_4() -> None:
    state, _events = _ended(Francia={"vp": 20, "unrest": 9}, Prussia={"vp": 20, "unrest": 5},
                            **{GB: {"vp": 20, "unrest": 5}})
    assert [(r.power, r.vp, r.penalty) for r in state.standings] == [
        (PR, 16, 4), (GB, 16, 4), (FR, 13, 7)]
    poor, _events = _ended(Francia={"vp": 2, "unrest": 9})
    assert poor.power(FR).vp == 0  # never below 0


def test_G61_powers_without_unrest_lose_nothing() -> None:
    state, _events = _ended(Francia={"vp": 10, "unrest": 0}, Prussia={"vp": 10, "unrest": 1})
    assert {r.power: r.penalty for r in state.standings} == {FR: 0, PR: 7, GB: 0}


def test_G62_most_vp_wins_then_least_unrest_then_most_gold_then_a_shared_win() -> None:
    state, events = _ended(Francia={"vp": 30, "unrest": 2, "gold": 1},
                           Prussia={"vp": 30, "unrest": 2, "gold": 4},
                           **{GB: {"vp": 29}})
    # Both lose 7 (the most unrest), so 23 each; Gran Bretagna keeps 29 and wins.
    assert [(r.power, r.rank) for r in state.standings] == [(GB, 1), (PR, 2), (FR, 3)]
    assert of_type(events, GameWon) == [GameWon((GB,))]
    tie, events = _ended(Francia={"vp": 9, "gold": 2}, Prussia={"vp": 9, "gold": 2},
                         **{GB: {"vp": 1}})
    assert [(r.power, r.rank) for r in tie.standings] == [(FR, 1), (PR, 1), (GB, 3)]
    assert of_type(events, GameWon) == [GameWon((FR, PR))]


def test_G5_colonies_score_two_places_and_europe_three() -> None:
    regions = in_rounds().scenario.region_by_name
    assert (regions[ST].places, regions[BA].places, regions[CA].places) == (3, 3, 2)
    assert not regions[ST].has_sea and regions[BA].has_sea


def test_G52_G53_income_keeps_a_report_line_per_power_and_war() -> None:
    state = dataclasses.replace(
        in_rounds(pieces=[Pieces(FR, None, armies=6)], gold=10, population=5,
                  Francia={"gold": 1, "population": 2}),
        war=2)
    after, events = income_phase(state)
    # Francia: 1 + 2 income - 6 upkeep = -3: 3 gold taxed for 2 unrest, purse 0, pop 2 + 3.
    # Prussia and Gran Bretagna: 10 + 5 income, no upkeep = 15; pop 5 + 3 = 8.
    francia = (("population", 2), ("maintenance", -6))
    assert after.incomes == (
        IncomeLine(2, FR, francia, 3, 2, 0, 5),
        IncomeLine(2, PR, (("population", 5),), 0, 0, 15, 8),
        IncomeLine(2, GB, (("population", 5),), 0, 0, 15, 8),
    )
    assert events == (
        IncomeReport(FR, francia, 3, 2, 0), PopulationGrew(FR, 3, 5),
        IncomeReport(PR, (("population", 5),), 0, 0, 15), PopulationGrew(PR, 3, 8),
        IncomeReport(GB, (("population", 5),), 0, 0, 15), PopulationGrew(GB, 3, 8),
    )


def test_G50_G51_what_income_reads_of_a_power() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2, forts=1, markers=2),
                              Pieces(FR, CA, fleets=1, markers=1), Pieces(FR, None, armies=1)],
                      gold=4, population=6, Francia={"unrest": 3, "tiles": (("bank", 1),)})
    # Units: 2 + 1 armies, 1 fleet, 1 fort = 5; markers 2 + 1 = 3; one Bank: 3 gold.
    assert economy_of(state, FR) == Economy(FR, 4, 6, 3, 5, 3, (("Bank", 3),))


def test_G60_G61_penalties_are_told_per_power_with_the_rule_that_took_the_vp() -> None:
    _state, events = _ended(Francia={"vp": 40, "unrest": 20}, Prussia={"vp": 10, "unrest": 3},
                            **{GB: {"vp": 5}})
    # Gran Bretagna 5 (no unrest) ranks first, Prussia 10 - 7 = 3 second, Francia (in
    # revolution, all 40 VP lost) last: the events follow that order.
    assert events == (PenaltyApplied(PR, 7, False), VpChanged(PR, -7, "G61"),
                      PenaltyApplied(FR, 40, True), VpChanged(FR, -40, "G60"),
                      GameWon((GB,)))


def test_G54_G55_every_scored_line_keeps_the_war_the_markers_and_the_place() -> None:
    state = dataclasses.replace(
        in_rounds(pieces=[Pieces(FR, BA, markers=2), Pieces(PR, BA, markers=2),
                          Pieces(GB, BA, markers=1)]),
        war=3)
    after, events = scoring_phase(state)
    # Baltico 6/4/2: Francia and Prussia tied first (2 markers), Gran Bretagna second.
    assert after.scores == (ScoreLine(3, BA, FR, 2, 1, 6), ScoreLine(3, BA, PR, 2, 1, 6),
                            ScoreLine(3, BA, GB, 1, 2, 4))
    assert RegionScored(3, BA, ((FR, 2, 1, 6), (PR, 2, 1, 6), (GB, 1, 2, 4))) in events
    assert RegionScored(3, ST, ()) in events  # every region is told, even without markers


def test_G62_the_final_table_keeps_each_powers_unrest_and_gold() -> None:
    state, _events = _ended(Francia={"vp": 12, "unrest": 2, "gold": 7},
                            Prussia={"vp": 3, "unrest": 0, "gold": 1},
                            **{GB: {"vp": 3, "unrest": 0, "gold": 9}})
    # Francia 12 - 7 (the most unrest) = 5 first; Gran Bretagna and Prussia 3 VP, no unrest:
    # the most gold (9 against 1) ranks Gran Bretagna second.
    assert state.standings == (Standing(FR, 1, 5, 7, False, 2, 7),
                               Standing(GB, 2, 3, 0, False, 0, 9),
                               Standing(PR, 3, 3, 0, False, 0, 1))


def test_G50_G53_one_powers_income_with_its_breakdown() -> None:
    economy = Economy(FR, gold=2, population=3, unrest=1, units=9, markers=2,
                      tiles=(("Bank", 3),))
    # Income 3 + 2 + 3 = 8; 2 + 8 - 9 upkeep = 1 gold, nothing taxed; population 3 + 3.
    assert income_of(economy, 3) == Income(
        FR, income=8, maintenance=9,
        parts=(("population", 3), ("control markers", 2), ("Bank", 3), ("maintenance", -9)),
        taxed_gold=0, taxed_unrest=0, gold=1, population=6, unrest=1)


def test_G54_G55_a_power_without_markers_in_a_region_takes_no_place() -> None:
    assert score_region((8, 5, 3), 3, {PR: 0, GB: 1, FR: 2}) == (
        (FR, 2, 1, 8), (GB, 1, 2, 5))


def test_G54_a_colony_scores_two_places_whatever_its_third_vp() -> None:
    # A scenario may print a third value on a colony: it still scores only two places.
    assert score_region((4, 2, 1), 2, {FR: 3, PR: 2, GB: 1}) == (
        (FR, 3, 1, 4), (PR, 2, 2, 2), (GB, 1, 3, 0))


def test_G55_powers_tied_at_a_place_are_listed_by_name() -> None:
    assert score_region((6, 4, 2), 3, {PR: 2, GB: 1, FR: 2}) == (
        (FR, 2, 1, 6), (PR, 2, 1, 6), (GB, 1, 2, 4))
