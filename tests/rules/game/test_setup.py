"""G1, G4, G10-G14: who takes part, what each power starts with, the setup draw."""

from __future__ import annotations

import dataclasses
from collections import Counter

from guerra.rules.dice import RandomDice
from guerra.rules.game.events import CountersDrawn, SeatingDrawn, SetupMarker, UnitPlaced
from guerra.rules.game.inputs import Deadline, PlaceUnit
from guerra.rules.game.machine import pending, start_game
from guerra.rules.game.scenario import FixedPosition, FixedTile, PowerSpec, StartValues, UnitKind
from guerra.rules.game.setup import draw_counters, setup_markers
from guerra.rules.game.state import GameState
from tests.rules.game.helpers import PrefixDice, no, of_type, ok, play, refused, started
from tests.rules.game.scenarios import (
    AF,
    ALL_POWERS,
    BA,
    CA,
    FR,
    GB,
    NA,
    PR,
    ST,
    europa,
    tiny,
)


def test_G1_only_seated_powers_take_part() -> None:
    state = started(europa(), (FR, PR, GB)).state
    assert sorted(state.seating) == sorted((FR, PR, GB))
    assert {p.power for p in state.board} <= {FR, PR, GB}
    assert not state.is_power("Spagna")


def test_G1_a_game_needs_two_to_seven_powers() -> None:
    reason = no(start_game(tiny(), (FR,), RandomDice(0)))
    assert reason.msgid == "A game needs from 2 to 7 powers."
    reason = no(start_game(tiny(), (FR, "Atlantide"), RandomDice(0)))
    assert reason.param("power") == "Atlantide"
    assert ok(start_game(europa(), ALL_POWERS, RandomDice(0))).state.seating


def test_G4_every_power_starts_with_10_gold_5_population_no_unrest_no_vp_no_tiles() -> None:
    state = started(europa(), ALL_POWERS).state
    for power in state.powers:
        assert (power.gold, power.population, power.unrest, power.vp, power.tiles) == (
            10, 5, 0, 0, ())


def test_G10_seating_order_is_drawn_from_the_games_dice() -> None:
    # Fisher-Yates over (Francia, Prussia, Gran Bretagna), the scenario's order: a die of 1
    # for the last place picks index 0 (swap 3rd and 1st: GB, PR, FR), then a 1 for the
    # second place picks index 0 (swap 2nd and 1st: PR, GB, FR).
    result = ok(start_game(tiny(), (FR, PR, GB), PrefixDice([1, 1])))
    assert result.state.seating == (PR, GB, FR)
    assert of_type(result.events, SeatingDrawn) == [SeatingDrawn((PR, GB, FR))]
    # Faces 3 then 2 pick the last index each time: nothing moves.
    assert ok(start_game(tiny(), (FR, PR, GB), PrefixDice([3, 2]))).state.seating == (FR, PR, GB)


def test_G11_war_1_counters_are_the_first_of_the_shuffled_pool_and_lie_face_up() -> None:
    result = started(tiny())
    state = result.state
    drawn = of_type(result.events, CountersDrawn)
    assert len(drawn) == 1 and len(state.face_up) == 4  # tiny(): four counters per war
    assert drawn[0].counters == state.face_up
    assert drawn[0].regions == tuple(state.scenario.counter_by_id[c].region
                                     for c in state.face_up)
    # Ten in the default scenario; the rest of the pool is still to draw.
    default = started(europa(), ALL_POWERS).state
    assert len(default.face_up) == 10
    assert len(default.face_up) + len(default.pool) + 35 == 65


def test_G11_the_shuffle_is_a_permutation_of_the_pool() -> None:
    shuffles = {started(tiny(), seed=seed).state.face_up for seed in range(20)}
    assert len(shuffles) > 10  # different games draw different counters


def test_G12_each_power_draws_counters_and_marks_their_regions() -> None:
    result = started(tiny())
    state = result.state
    marks = of_type(result.events, SetupMarker)
    assert len(marks) == 3 * 2  # tiny(): two counters each
    assert [m.power for m in marks] == [p for p in state.seating for _ in range(2)]
    for power in state.seating:
        expected = Counter(m.region for m in marks if m.power == power)
        assert Counter({p.region: p.markers for p in state.of_power(power)}) == expected
    drawn = {m.counter for m in marks}
    assert not drawn & set(state.pool) and not drawn & set(state.face_up)  # they left the game


def test_G12_two_counters_of_one_region_give_two_markers_there() -> None:
    for seed in range(200):
        result = started(europa(), ALL_POWERS, seed=seed)
        marks = Counter((m.power, m.region) for m in of_type(result.events, SetupMarker))
        (power, region), count = marks.most_common(1)[0]
        if count >= 2:
            assert result.state.pieces(power, region).markers == count
            return
    raise AssertionError("no power drew two counters of one region in 200 games")


def _placing(seed: int = 0) -> GameState:
    state = started(tiny(), seed=seed).state
    assert state.phase == "setup"
    return state


def test_G13_powers_place_their_units_one_at_a_time_in_seating_order() -> None:
    state = _placing()
    order = []
    for _ in range(2 * 3):  # tiny(): two units each
        power = pending(state).powers[0]
        order.append(power)
        state = play(state, PlaceUnit(power, state.step, "army", None)).state
    assert order == list(state.seating) * 2
    assert state.phase == "auction"
    assert all(state.pieces(p, None).armies == 2 for p in state.seating)


def test_G13_fleets_only_where_there_is_sea_forts_only_in_a_region() -> None:
    state = _placing()
    power = pending(state).powers[0]
    reason = refused(state, PlaceUnit(power, state.step, "fleet", ST))
    assert reason.msgid == "{region} has no sea: no fleet can be placed there."
    reason = refused(state, PlaceUnit(power, state.step, "fort", None))
    assert reason.msgid == "A fort is placed in a region, never at home."
    choices: tuple[tuple[UnitKind, str | None], ...] = (("fleet", BA), ("fleet", None),
                                                        ("fort", ST))
    for kind, where in choices:
        placed = play(state, PlaceUnit(power, state.step, kind, where)).state
        assert placed.pieces(power, where).count(kind) == 1
        assert placed.power(power).population == 5  # placing costs no population


def test_G13_a_placement_not_made_in_time_puts_an_army_at_home() -> None:
    state = _placing()
    power = pending(state).powers[0]
    result = play(state, Deadline(state.step))
    assert of_type(result.events, UnitPlaced) == [UnitPlaced(power, "army", None, True)]
    assert result.state.pieces(power, None).armies == 1
    assert pending(result.state).powers[0] == state.seating[1]


def test_G13_only_the_power_whose_placement_it_is_may_place() -> None:
    state = _placing()
    other = state.seating[1]
    reason = refused(state, PlaceUnit(other, state.step, "army", None))
    assert reason.msgid == "No decision is awaited from {power} now: {awaited} decides."


def test_G14_fixed_positions_skip_the_draw_and_the_placement() -> None:
    scenario = tiny(fixed_positions=(
        FixedPosition(FR, ST, armies=2, forts=1, markers=1),
        FixedPosition(PR, BA, armies=1, fleets=2, markers=2),
        FixedPosition(GB, CA, fleets=1, markers=1),
        FixedPosition("Spagna", NA, armies=9),  # not seated: ignored (G1)
    ), fixed_tiles=(FixedTile(FR, "bank"),))
    scenario = dataclasses.replace(scenario, powers=(*scenario.powers, PowerSpec("Spagna")))
    result = started(scenario)
    state = result.state
    assert not of_type(result.events, SetupMarker)
    assert state.phase == "auction"  # no placement: straight to war 1's auction
    assert state.pieces(FR, ST).armies == 2 and state.pieces(FR, ST).forts == 1
    assert state.pieces(PR, BA).fleets == 2 and state.pieces(PR, BA).markers == 2
    assert not state.is_power("Spagna") and not state.of_power("Spagna")
    assert state.power(FR).held("bank") == 1 and state.copies_left("bank") == 1
    assert len(state.face_up) == 4  # G11 still draws war 1's counters


def test_G13_a_placement_not_made_in_time_puts_a_fleet_when_no_army_is_left() -> None:
    state = _placing()
    power = pending(state).powers[0]
    state = state.with_pieces(power, BA, armies=14)  # default supply: 14 armies, all out
    result = play(state, Deadline(state.step))
    assert of_type(result.events, UnitPlaced) == [UnitPlaced(power, "fleet", None, True)]
    assert result.state.pieces(power, None).fleets == 1


def test_G13_a_placement_not_made_in_time_with_nothing_left_is_skipped() -> None:
    state = _placing()
    power = pending(state).powers[0]
    # Default supply: 14 armies and 7 fleets, all on the map.
    state = state.with_pieces(power, BA, armies=14, fleets=7)
    result = play(state, Deadline(state.step))
    assert not of_type(result.events, UnitPlaced)
    assert result.state.board == state.board
    assert (result.state.placed, pending(result.state).powers) == (1, (state.seating[1],))


def test_G14_fixed_tiles_of_one_kind_add_up() -> None:
    scenario = tiny(fixed_positions=(FixedPosition(FR, ST, armies=1),),
                    fixed_tiles=(FixedTile(FR, "bank"), FixedTile(FR, "bank")))
    state = started(scenario).state
    assert state.power(FR).held("bank") == 2 and state.copies_left("bank") == 0


def test_G1_two_powers_play_and_eight_are_too_many() -> None:
    assert ok(start_game(tiny(), (FR, PR), RandomDice(0))).state.seating
    reason = no(start_game(europa(), (*ALL_POWERS, "Atlantide"), RandomDice(0)))
    assert reason.render("en") == "A game needs from 2 to 7 powers."


def test_G1_a_power_sits_once_and_must_be_of_the_scenario() -> None:
    assert no(start_game(tiny(), (FR, FR, PR), RandomDice(0))).render("en") == (
        "A power cannot sit twice.")
    assert no(start_game(tiny(), (FR, PR, "Atlantide"), RandomDice(0))).render("en") == (
        "“Atlantide” is not a power of this scenario.")


def test_G20_a_war_draws_what_is_left_of_the_pool_and_nothing_from_an_empty_one() -> None:
    state = dataclasses.replace(started(tiny()).state, pool=(5, 9, 12), face_up=(1,))
    drawn, events = draw_counters(state)  # tiny(): four counters per war, three left
    assert (drawn.pool, drawn.face_up) == ((), (1, 5, 9, 12))
    assert events == (CountersDrawn(1, (5, 9, 12), (AF, CA, ST)),)
    assert draw_counters(drawn) == (drawn, ())


def test_G12_the_draw_stops_when_the_pool_or_the_markers_run_out() -> None:
    state = dataclasses.replace(started(tiny()).state, seating=(FR, PR, GB), board=(),
                                pool=(1, 2, 3))
    # Francia has one marker left (21 in the supply, 20 on the map): it draws one counter;
    # Prussia draws two (tiny(): two each), which empties the pool; Gran Bretagna none.
    state = state.with_pieces(FR, NA, markers=20)
    marked, events = setup_markers(state)
    assert events == (SetupMarker(FR, ST, 1), SetupMarker(PR, BA, 2), SetupMarker(PR, CA, 3))
    assert marked.pool == () and marked.markers_left(FR) == 0
    assert not marked.of_power(GB)


def test_G13_a_placement_names_a_region_of_the_game_and_a_unit_left() -> None:
    state = _placing()
    power = pending(state).powers[0]
    assert refused(state, PlaceUnit(power, state.step, "army", "Atlantide")).render("en") == (
        "“Atlantide” is not a region of this game.")
    assert refused(state, PlaceUnit(power, state.step, "cannon", None)).render(  # type: ignore[arg-type]
        "en") == "Place an army, a fleet or a fort."
    full = state.with_pieces(power, ST, forts=2)  # default supply: 2 forts
    assert refused(full, PlaceUnit(power, full.step, "fort", ST)).render("en") == (
        f"{power} has no unit of that kind left in its supply.")


def test_G13_a_fleet_is_placed_where_there_is_sea_and_the_event_says_where() -> None:
    state = _placing()
    power = pending(state).powers[0]
    assert refused(state, PlaceUnit(power, state.step, "fleet", ST)).render("en") == (
        "Stati Tedeschi has no sea: no fleet can be placed there.")
    result = play(state, PlaceUnit(power, state.step, "fleet", BA))
    assert of_type(result.events, UnitPlaced) == [UnitPlaced(power, "fleet", BA, False)]


def test_G4_the_start_values_are_scenario_data() -> None:
    scenario = tiny(start=StartValues(gold=7, population=4, unrest=1, vp=2))
    state = started(scenario).state
    assert {(p.gold, p.population, p.unrest, p.vp) for p in state.powers} == {(7, 4, 1, 2)}


def test_G5_a_game_on_land_links_to_an_unknown_region_does_not_start() -> None:
    broken = tiny(land_links=((ST, "Atlantide"),))
    assert no(start_game(broken, (FR, PR), RandomDice(0))).render("en") == (
        "The land link Stati Tedeschi – Atlantide names an unknown region.")
