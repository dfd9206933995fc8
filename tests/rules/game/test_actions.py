"""G2, G3, G29, G30, G35-G39: a turn of two actions, and the actions but Move and Attack."""

from __future__ import annotations

import dataclasses

from guerra.rules.events import GoldChanged
from guerra.rules.game.events import (
    ActionPassed,
    Built,
    CivilDisorder,
    CounterTaken,
    TileTaken,
    TurnBegan,
    UnrestReduced,
)
from guerra.rules.game.inputs import (
    Attack,
    Build,
    Colonise,
    Deadline,
    Pass,
    PlaceUnit,
    TakeTile,
    Trade,
)
from guerra.rules.game.machine import pending
from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import GameState, Pieces, TurnState
from tests.rules.game.helpers import in_rounds, of_type, play, refused, steps
from tests.rules.game.scenarios import AF, BA, CA, FR, GB, NA, PR, ST, tiny

# tiny()'s counters: 3 population in Caraibi, 4 trade in Caraibi, 6 population in Nord
# America, 10 trade in Africa, 11 trade in Nord America, 1 numbered (3) in Stati Tedeschi.


def test_G2_a_home_is_no_region_and_cannot_be_attacked() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, None, armies=3)])
    reason = refused(state, Attack(FR, state.step, PR, defender=PR))
    assert reason.msgid == "“{region}” is not a region of this game."


def test_G2_a_home_holds_armies_and_fleets_but_no_fort() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=1)])
    built = steps(state, Build(FR, 0, "army"), Build(FR, 0, "fleet"))
    assert built.pieces(FR, None) == Pieces(FR, None, armies=1, fleets=1)
    assert refused(state, Build(FR, state.step, "fort", None)).msgid == (
        "A fort is built in a region.")


def test_G3_nothing_beyond_the_supply_and_lost_units_go_back_to_it() -> None:
    full = in_rounds(pieces=[Pieces(FR, None, armies=10), Pieces(FR, ST, armies=4)])
    assert full.supply_left(FR, "army") == 0
    reason = refused(full, Build(FR, full.step, "army"))
    assert reason.msgid == "{power} has no {unit} left in its supply."
    fewer = full.with_pieces(FR, ST, armies=-1)  # e.g. a loss in an attack
    assert fewer.supply_left(FR, "army") == 1
    assert play(fewer, Build(FR, fewer.step, "army")).state.pieces(FR, None).armies == 11


def test_G29_a_turn_is_two_actions_then_the_next_slot_plays() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1)])
    first = play(state, Pass(FR, state.step))
    assert first.state.turn == TurnState(FR, done=1)
    second = play(first.state, Pass(FR, first.state.step))
    assert second.state.turn == TurnState(PR)
    assert of_type(second.events, TurnBegan) == [TurnBegan(PR, 1)]


def test_G29_the_last_slot_of_a_round_hands_over_to_the_first_of_the_next_round() -> None:
    state = in_rounds(turn=TurnState(GB, done=1))
    result = play(state, Pass(GB, state.step))
    assert (result.state.round, result.state.turn) == (2, TurnState(FR))


def test_G29_special_actions_at_most_once_per_turn() -> None:
    state = in_rounds(face_up=(3, 6), pieces=[Pieces(FR, AF, fleets=1)])
    colonised = steps(state, Colonise(FR, 0, 3))
    assert refused(colonised, Colonise(FR, colonised.step, 6)).msgid == (
        "Only one Colonise or Trade action per turn.")
    tile = steps(state, TakeTile(FR, 0, "bank"))
    assert refused(tile, TakeTile(FR, tile.step, "army_training")).msgid == (
        "Only one Tile action per turn.")
    assert steps(tile, Colonise(FR, 0, 3)).turn == TurnState(PR)  # a Tile and a Colonise


def test_G29_a_turn_not_played_in_time_passes_its_remaining_actions() -> None:
    state = in_rounds(turn=TurnState(FR, done=1))
    result = play(state, Deadline(state.step))
    assert of_type(result.events, CivilDisorder) == [CivilDisorder(FR, 1)]
    assert result.state.turn == TurnState(PR)
    # The power plays on in later turns.
    later = steps(result.state, Pass(PR, 0), Pass(PR, 0), Pass(GB, 0), Pass(GB, 0))
    assert pending(later).powers == (FR,)


def test_G29_only_the_power_whose_turn_it_is_acts() -> None:
    state = in_rounds()
    assert refused(state, Pass(PR, state.step)).msgid == (
        "No decision is awaited from {power} now: {awaited} decides.")
    assert refused(state, PlaceUnit(FR, state.step, "army", None)).msgid == (
        "This input does not answer the decision awaited now.")


def test_G30_an_army_or_fleet_appears_at_home_for_one_population() -> None:
    state = in_rounds()
    result = play(state, Build(FR, state.step, "fleet"))
    assert result.state.pieces(FR, None).fleets == 1
    assert result.state.power(FR).population == 4
    assert of_type(result.events, Built) == [Built(FR, "fleet", None, 1, 0)]
    assert refused(state, Build(FR, state.step, "army", ST)).msgid == (
        "Armies and fleets are built at home.")


def test_G30_a_fort_appears_only_where_the_power_has_a_control_marker() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=1), Pieces(FR, BA, armies=2)])
    assert play(state, Build(FR, state.step, "fort", ST)).state.pieces(FR, ST).forts == 1
    assert refused(state, Build(FR, state.step, "fort", BA)).msgid == (
        "A fort is built only where {power} has a control marker.")


def test_G30_without_population_nothing_is_built() -> None:
    state = in_rounds(population=0)
    reason = refused(state, Build(FR, state.step, "army"))
    assert reason.render() == "Costruire costa 1 popolazione: la Francia ne ha 0."


def test_G35_pass_does_nothing_but_uses_an_action() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1)])
    result = play(state, Pass(FR, state.step))
    assert of_type(result.events, ActionPassed) == [ActionPassed(FR)]
    assert result.state.board == state.board and result.state.powers == state.powers


def test_G36_colonise_takes_a_population_counter_for_one_population() -> None:
    state = in_rounds(face_up=(3, 4, 6))
    result = play(state, Colonise(FR, state.step, 6))  # Nord America: no unit needed there
    assert result.state.pieces(FR, NA).markers == 1
    assert result.state.power(FR).population == 4
    assert result.state.face_up == (3, 4)  # the counter left the game
    assert of_type(result.events, CounterTaken) == [CounterTaken(FR, 6, NA, "colonise", 1)]
    assert refused(state, Colonise(FR, state.step, 4)).msgid == (
        "There is no such population counter face up on the map.")


def test_G36_colonise_needs_population_and_a_marker_in_the_supply() -> None:
    state = in_rounds(face_up=(3,), population=0)
    assert refused(state, Colonise(FR, state.step, 3)).msgid == (
        "Colonising costs 1 population: {power} has none.")
    spent = in_rounds(face_up=(3,), pieces=[Pieces(FR, ST, markers=21)])
    assert refused(spent, Colonise(FR, spent.step, 3)).msgid == (
        "{power} has no control marker left in its supply.")


def test_G37_trade_needs_a_fleet_in_africa_and_costs_nothing_else() -> None:
    state = in_rounds(face_up=(4, 11))
    reason = refused(state, Trade(FR, state.step, 4))
    assert reason.render() == "Per commerciare serve una flotta della Francia in Africa."
    ready = in_rounds(face_up=(4, 11), pieces=[Pieces(FR, AF, fleets=1)])
    result = play(ready, Trade(FR, ready.step, 4))
    assert result.state.pieces(FR, CA).markers == 1
    assert result.state.powers == ready.powers  # no cost
    assert result.state.face_up == (11,)
    assert refused(ready, Trade(FR, ready.step, 3)).msgid == (
        "There is no such trade counter face up on the map.")


def test_G38_a_tile_is_taken_from_the_market_for_its_cost() -> None:
    state = in_rounds()
    result = play(state, TakeTile(FR, state.step, "bank"))
    assert result.state.power(FR).gold == 5 and result.state.power(FR).held("bank") == 1
    assert result.state.copies_left("bank") == 1
    assert of_type(result.events, GoldChanged) == [GoldChanged(FR, -5, "G38")]
    assert of_type(result.events, TileTaken) == [TileTaken(FR, "bank", "Bank", None)]


def test_G38_a_power_may_hold_several_tiles_of_one_kind_until_the_market_runs_out() -> None:
    state = in_rounds(gold=20)
    state = steps(state, TakeTile(FR, 0, "bank"), Pass(FR, 0), Pass(PR, 0), Pass(PR, 0),
                  Pass(GB, 0), Pass(GB, 0), TakeTile(FR, 0, "bank"))
    assert state.power(FR).held("bank") == 2 and state.copies_left("bank") == 0
    state = steps(state, Pass(FR, 0), Pass(PR, 0), Pass(PR, 0), Pass(GB, 0), Pass(GB, 0))
    assert refused(state, TakeTile(FR, state.step, "bank")).msgid == (
        "No copy of this tile is left in the market.")


def test_G39_a_refused_action_costs_nothing_and_the_turn_still_has_it() -> None:
    state = in_rounds(gold=3)
    reason = refused(state, TakeTile(FR, state.step, "bank"))  # costs 5
    assert reason.render() == (
        "Questo costa 5 ori e la Francia ne ha 3: prima riscuoti le tasse (2 ori per "
        "1 punto di insoddisfazione).")
    assert state.turn == TurnState(FR)  # unchanged: refused() checked the whole state
    assert play(state, TakeTile(FR, state.step, "army_training")).state.turn == TurnState(
        FR, done=1, tile_taken=True)


def test_G39_a_stale_or_repeated_decision_is_refused() -> None:
    state = in_rounds()
    after = play(state, Pass(FR, state.step)).state
    assert refused(after, Pass(FR, state.step)).msgid.startswith("This was sent for step")
    assert refused(after, Pass(FR, after.step + 1)).msgid.startswith("This was sent for step")


def test_tiny_scenario_counters_are_as_the_tests_read_them() -> None:
    counters = tiny().counter_by_id
    assert [(c.region, c.kind) for c in (counters[3], counters[4], counters[6], counters[10],
                                         counters[11])] == [
        (CA, "population"), (CA, "trade"), (NA, "population"), (AF, "trade"),
        (NA, "trade")]


def test_G3_the_supply_refusal_names_the_kind_of_unit() -> None:
    full = in_rounds(pieces=[Pieces(FR, ST, armies=14, forts=2, markers=1),
                             Pieces(FR, BA, fleets=7)])  # default supply: 14 / 7 / 2
    for kind, label in (("army", "armies"), ("fleet", "fleets"), ("fort", "forts")):
        region = ST if kind == "fort" else None
        reason = refused(full, Build(FR, full.step, kind, region))  # type: ignore[arg-type]
        assert reason.render("en") == f"Francia has no {label} left in its supply.", kind


def test_G30_only_armies_fleets_and_forts_are_built_and_forts_in_a_region() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=1)])
    assert refused(state, Build(FR, state.step, "cannon")).render(  # type: ignore[arg-type]
        "en") == "Build an army, a fleet or a fort."
    assert refused(state, Build(FR, state.step, "fort", "Atlantide")).render("en") == (
        "A fort is built in a region.")


def test_G30_a_fort_costs_one_population_too() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, markers=1)])
    result = play(state, Build(FR, state.step, "fort", ST))
    assert result.state.power(FR).population == 4
    assert of_type(result.events, Built) == [Built(FR, "fort", ST, 1, 0)]


def _mercenaries(**changes: object) -> GameState:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("mercenaries", 4, gold=2)))
    return in_rounds(scenario=scenario, **changes)  # type: ignore[arg-type]


def test_G40_a_build_paid_by_mercenaries_costs_2_gold_and_no_population() -> None:
    # Two tiles held, one used already in this war: the second is used now.
    state = _mercenaries(Francia={"tiles": (("mercenaries", 2),),
                                  "spent": (("mercenaries", 1),)})
    result = play(state, Build(FR, state.step, "fleet", with_gold=True))
    assert result.events[:2] == (GoldChanged(FR, -2, "G40"), Built(FR, "fleet", None, 0, 2))
    holder = result.state.power(FR)
    assert (holder.gold, holder.population, holder.spent) == (8, 5, (("mercenaries", 2),))
    assert result.state.pieces(FR, None).fleets == 1


def test_G42_a_build_in_gold_short_of_gold_is_refused_with_the_taxation() -> None:
    state = _mercenaries(gold=1, Francia={"tiles": (("mercenaries", 1),)})
    assert refused(state, Build(FR, state.step, "army", with_gold=True)).render("en") == (
        "This costs 2 gold and Francia has 1: tax first (1 gold for 1 unrest point).")


def test_G38_no_such_tile_and_a_tile_paid_in_population() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("colonial_office", 3, population=1),
                           TileSpec("war_ministry", 3, gold=4, unrest=1)))
    state = in_rounds(scenario=scenario, population=0)
    assert refused(state, TakeTile(FR, state.step, "atlantis")).render("en") == (
        "There is no such tile in the market.")
    assert refused(state, TakeTile(FR, state.step, "colonial_office")).render("en") == (
        "This tile costs 1 population: Francia has 0.")
    rich = in_rounds(scenario=scenario, population=1)
    office = play(rich, TakeTile(FR, rich.step, "colonial_office"))
    holder = office.state.power(FR)
    assert (holder.gold, holder.population, holder.unrest, holder.tiles) == (
        10, 0, 0, (("colonial_office", 1),))
    assert office.events == (TileTaken(FR, "colonial_office", "Colonial Office", None),)
    ministry = play(rich, TakeTile(FR, rich.step, "war_ministry")).state.power(FR)
    assert (ministry.gold, ministry.population, ministry.unrest) == (6, 1, 1)


def test_G38_a_second_tile_of_a_kind_adds_to_the_first() -> None:
    state = in_rounds(Francia={"tiles": (("army_training", 1), ("bank", 1))})
    after = play(state, TakeTile(FR, state.step, "bank")).state
    assert after.power(FR).tiles == (("army_training", 1), ("bank", 2))


def test_G38_a_free_tile_pays_nothing_and_names_its_region() -> None:
    state = in_rounds(gold=0)
    result = play(state, TakeTile(FR, state.step, "alliance:Baltico"))
    assert result.events == (TileTaken(FR, "alliance:Baltico", "Alliance", BA),)
    assert result.state.power(FR).gold == 0


def test_G36_only_a_population_counter_face_up_is_colonised() -> None:
    state = in_rounds(face_up=(3, 4, 6))
    for counter in (4, 99, 11):  # a trade counter, no counter, one not face up
        assert refused(state, Colonise(FR, state.step, counter)).render("en") == (
            "There is no such population counter face up on the map.")
    for counter in (3, 99, 10):
        assert refused(state, Trade(FR, state.step, counter)).render("en") == (
            "There is no such trade counter face up on the map.")


def test_G37_trade_needs_a_marker_in_the_supply_too() -> None:
    state = in_rounds(face_up=(4,), pieces=[Pieces(FR, AF, fleets=1, markers=21)])
    assert refused(state, Trade(FR, state.step, 4)).render("en") == (
        "Francia has no control marker left in its supply.")


def test_G37_trade_names_every_region_whose_fleet_allows_it() -> None:
    hubs = tiny(regions=tuple(dataclasses.replace(r, trade_hub=r.name in (CA, AF))
                              for r in tiny().regions))
    state = in_rounds(scenario=hubs, face_up=(4,))
    assert refused(state, Trade(FR, state.step, 4)).render("en") == (
        "Trade needs a fleet of Francia in Caraibi / Africa.")
    at_ca = in_rounds(scenario=hubs, face_up=(4,), pieces=[Pieces(FR, CA, fleets=1)])
    result = play(at_ca, Trade(FR, at_ca.step, 4))
    assert of_type(result.events, CounterTaken) == [CounterTaken(FR, 4, CA, "trade", 0)]
    none = tiny(regions=tuple(dataclasses.replace(r, trade_hub=False) for r in tiny().regions))
    state = in_rounds(scenario=none, face_up=(4,))
    assert refused(state, Trade(FR, state.step, 4)).render("en") == (
        "Trade needs a fleet of Francia in —.")


def test_G40_colonial_office_colonises_for_no_population() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("colonial_office", 3, population=1)))
    state = in_rounds(scenario=scenario, face_up=(3,),
                      Francia={"tiles": (("colonial_office", 1),)})
    result = play(state, Colonise(FR, state.step, 3))
    assert result.state.power(FR).population == 5
    assert of_type(result.events, CounterTaken) == [CounterTaken(FR, 3, CA, "colonise", 0)]


def test_G36_the_last_control_marker_of_the_supply_still_colonises() -> None:
    # Default supply: 21 markers; 20 on the map leave one.
    state = in_rounds(face_up=(3,), pieces=[Pieces(FR, ST, markers=20)])
    assert play(state, Colonise(FR, state.step, 3)).state.markers_left(FR) == 0


def test_G30_a_build_cost_of_two_population_is_scenario_data() -> None:
    state = in_rounds(scenario=tiny(build_cost=2), population=1)
    reason = refused(state, Build(FR, state.step, "army"))
    assert reason.render("en") == "Building costs 2 population: Francia has 1."
    assert reason.render() == "Costruire costa 2 popolazione: la Francia ne ha 1."
    assert play(in_rounds(scenario=tiny(build_cost=2), population=2),
                Build(FR, 0, "army")).state.power(FR).population == 0


def test_G38_a_tile_costing_two_population_says_so() -> None:
    state = in_rounds(scenario=tiny(tiles=(TileSpec("colonial_office", 3, population=2),)),
                      population=1)
    reason = refused(state, TakeTile(FR, state.step, "colonial_office"))
    assert reason.render("en") == "This tile costs 2 population: Francia has 1."
    assert reason.render() == "Questa tessera costa 2 popolazione: la Francia ne ha 1."


def test_G38_the_payment_comes_before_the_tile_and_its_effect() -> None:
    state = in_rounds(Francia={"unrest": 5})
    result = play(state, TakeTile(FR, state.step, "reform"))
    assert result.events == (GoldChanged(FR, -4, "G38"),
                             TileTaken(FR, "reform", "Government Reform", None),
                             UnrestReduced(FR, 3))


def test_G36_the_last_population_point_still_colonises() -> None:
    state = in_rounds(face_up=(3,), population=1)
    assert play(state, Colonise(FR, state.step, 3)).state.power(FR).population == 0


def test_G30_the_refusals_of_a_build_name_the_power() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, armies=1)])
    assert refused(state, Build(FR, state.step, "fort", BA)).render("en") == (
        "A fort is built only where Francia has a control marker.")
    assert refused(state, Build(FR, state.step, "army", with_gold=True)).render("en") == (
        "Francia has no unused Mercenaries tile in this war.")
