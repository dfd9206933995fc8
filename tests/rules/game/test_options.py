"""G29-G39: the options a power is offered (options.py), which the pages draw their buttons
from and the robot picks from. Every listing is written out whole, by hand, from the rules and
tiny()'s board: Stati Tedeschi (no sea) - Baltico (sea) by land; Francia's home links to Stati
Tedeschi only; Caraibi and Nord America are American colonies, Africa a colony outside the
block (and the trade hub). Francia and Gran Bretagna are allies (A), Prussia the other side."""

from __future__ import annotations

import dataclasses

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Attack, Build, Colonise, TakeTile, Trade, UnitMove
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.movement import Route
from guerra.rules.game.options import (
    attacks,
    builds,
    counters,
    destinations,
    menu,
    tiles,
    turn_options,
    unit_moves,
)
from guerra.rules.game.robot import Robot
from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import GameState, Pieces, TurnState
from guerra.rules.i18n import Message
from tests.rules.game.helpers import in_rounds
from tests.rules.game.scenarios import AF, BA, CA, FR, GB, NA, PR, ST, tiny

STEP = 7  # a step other than 0, so that an option made for the wrong step shows
LAND = Route(by_sea=False, voyage=False)
SEA = Route(by_sea=True, voyage=False)
VOYAGE = Route(by_sea=True, voyage=True)
# tiny()'s counters: 1 numbered (3) in Stati Tedeschi, 2 numbered (4) in Baltico,
# 3 population in Caraibi, 4 trade in Caraibi, 6 population in Nord America,
# 7 numbered (5) in Stati Tedeschi, 10 trade in Africa.


def _at_step(state: GameState) -> GameState:
    return dataclasses.replace(state, step=STEP, opened_at=STEP)


def _with_mercenaries(**changes: object) -> GameState:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("mercenaries", 4, gold=2)))
    return _at_step(in_rounds(scenario=scenario, pieces=[Pieces(FR, ST, markers=1)],
                              **changes))  # type: ignore[arg-type]


def _reasons(state: GameState, power: str) -> dict[str, str | None]:
    return {name: None if why is None else why.render("en") for name, why in menu(state, power)}


# --- G30: Build ---------------------------------------------------------------------------


def test_G30_builds_offer_an_army_a_fleet_and_a_fort_where_there_is_a_marker() -> None:
    state = _at_step(in_rounds(pieces=[Pieces(FR, None, armies=1), Pieces(FR, ST, markers=1),
                                       Pieces(FR, BA, armies=1)]))
    # Baltico holds an army but no marker, home holds no fort: one fort, in Stati Tedeschi.
    assert builds(state, FR) == (Build(FR, STEP, "army"), Build(FR, STEP, "fleet"),
                                 Build(FR, STEP, "fort", ST))


def test_G30_builds_offer_nothing_of_a_kind_the_supply_has_run_out_of() -> None:
    # Default supply: 14 armies, 2 forts; all of them on the board already.
    state = _at_step(in_rounds(pieces=[Pieces(FR, ST, armies=14, forts=2, markers=1)]))
    assert builds(state, FR) == (Build(FR, STEP, "fleet"),)


def test_G40_mercenaries_offer_every_build_paid_in_gold_too() -> None:
    state = _with_mercenaries(Francia={"tiles": (("mercenaries", 1),)})
    plain = (Build(FR, STEP, "army"), Build(FR, STEP, "fleet"), Build(FR, STEP, "fort", ST))
    paid = tuple(dataclasses.replace(b, with_gold=True) for b in plain)
    assert builds(state, FR) == plain + paid


def test_G40_mercenaries_alone_pay_a_build_without_population() -> None:
    state = _with_mercenaries(population=0, Francia={"tiles": (("mercenaries", 1),)})
    assert builds(state, FR) == (Build(FR, STEP, "army", with_gold=True),
                                 Build(FR, STEP, "fleet", with_gold=True),
                                 Build(FR, STEP, "fort", ST, with_gold=True))


def test_G40_mercenaries_used_in_this_war_offer_no_build_in_gold() -> None:
    state = _with_mercenaries(Francia={"tiles": (("mercenaries", 1),),
                                       "spent": (("mercenaries", 1),)})
    assert builds(state, FR) == (Build(FR, STEP, "army"), Build(FR, STEP, "fleet"),
                                 Build(FR, STEP, "fort", ST))
    # Two held, one used: one use is left this war.
    again = _with_mercenaries(population=0, Francia={"tiles": (("mercenaries", 2),),
                                                     "spent": (("mercenaries", 1),)})
    assert [b.kind for b in builds(again, FR)] == ["army", "fleet", "fort"]


def test_G40_mercenaries_need_their_two_gold() -> None:
    # 1 gold < 2: no build in gold; no population: no build at all.
    state = _with_mercenaries(population=0, gold=1, Francia={"tiles": (("mercenaries", 1),)})
    assert builds(state, FR) == ()


# --- G31-G33: Move ------------------------------------------------------------------------


def test_G32_an_army_goes_by_its_land_links_and_home() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1)])
    # Caraibi, Nord America, Africa: Stati Tedeschi has no sea to leave by.
    assert destinations(state, FR, "army", ST) == ((None, LAND), (BA, LAND))


def test_G32_a_fleet_goes_to_every_place_with_sea_but_its_own() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, fleets=1)])
    # Home and Baltico are Europe; the three colonies are ocean voyages (G33).
    assert destinations(state, FR, "fleet", BA) == ((None, SEA), (CA, VOYAGE), (NA, VOYAGE),
                                                    (AF, VOYAGE))


def test_G31_destinations_only_for_a_unit_that_is_there_and_moves() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, fleets=1, forts=1)])
    assert destinations(state, FR, "army", BA) == ()  # a fleet but no army in Baltico
    assert destinations(state, FR, "fort", BA) == ()  # forts never move
    assert destinations(state, FR, "fleet", ST) == ()  # nothing of Francia there
    assert destinations(state, PR, "fleet", BA) == ()  # Francia's fleet, not Prussia's


def test_G31_unit_moves_list_every_unit_of_the_power_and_where_it_may_go() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(FR, BA, armies=2, fleets=1),
                              Pieces(PR, CA, fleets=1)])
    assert unit_moves(state, FR) == (
        (UnitMove("army", ST, None), LAND), (UnitMove("army", ST, BA), LAND),
        # The army in Baltico goes home by sea on Francia's fleet there, or by land.
        (UnitMove("army", BA, None), SEA), (UnitMove("army", BA, ST), LAND),
        (UnitMove("fleet", BA, None), SEA), (UnitMove("fleet", BA, CA), VOYAGE),
        (UnitMove("fleet", BA, NA), VOYAGE), (UnitMove("fleet", BA, AF), VOYAGE),
    )
    assert unit_moves(state, GB) == ()


# --- G34: Attack --------------------------------------------------------------------------


def _battlefield(**changes: object) -> GameState:
    """Francia with an army in Stati Tedeschi beside Prussia (its enemy) and Gran Bretagna (its
    ally), and a fleet in Baltico beside Prussia; counters 1 and 7 (numbered) in Stati
    Tedeschi, 2 (numbered) in Baltico, 3 (population) in Caraibi."""
    return _at_step(in_rounds(
        pieces=[Pieces(FR, None, armies=3), Pieces(FR, ST, armies=1), Pieces(FR, BA, fleets=1),
                Pieces(PR, ST, markers=1), Pieces(PR, BA, armies=1), Pieces(GB, ST, armies=1),
                Pieces(FR, CA, markers=1), Pieces(PR, CA, fleets=1)],
        face_up=(1, 2, 3, 7), **changes))  # type: ignore[arg-type]


def test_G34_attacks_list_every_enemy_and_numbered_counter_where_the_power_has_units() -> None:
    state = _battlefield()
    # Stati Tedeschi: Prussia and both numbered counters, not the ally Gran Bretagna (D1).
    # Baltico: Prussia by sea; not counter 2, fought by armies only (N0).
    # Caraibi: a marker is no unit to attack with (D2). Home: no region (G2).
    assert attacks(state, FR) == (
        Attack(FR, STEP, ST, defender=PR), Attack(FR, STEP, ST, counter=1),
        Attack(FR, STEP, ST, counter=7), Attack(FR, STEP, BA, defender=PR),
    )


def test_G34_attacks_of_the_other_side() -> None:
    state = _battlefield()
    # Prussia's army in Baltico: Francia and counter 2; its fleet in Caraibi: Francia's marker.
    assert attacks(state, PR) == (Attack(PR, STEP, BA, defender=FR),
                                  Attack(PR, STEP, BA, counter=2),
                                  Attack(PR, STEP, CA, defender=FR))


def test_G34_no_attack_without_two_gold_to_declare_it() -> None:
    assert attacks(_battlefield(gold=1), FR) == ()


# --- G36-G38: Tile, Colonise, Trade ---------------------------------------------------------


def test_G38_tiles_list_what_the_power_can_pay_for() -> None:
    # tiny()'s market: Alliance Baltico (free), Bank 5, Army Training 3, Reform 4, Company 4.
    state = _at_step(in_rounds(gold=4))
    assert tiles(state, FR) == (TakeTile(FR, STEP, "alliance:Baltico"),
                                TakeTile(FR, STEP, "army_training"), TakeTile(FR, STEP, "reform"),
                                TakeTile(FR, STEP, "company:Caraibi"))


def test_G38_tiles_leave_out_those_no_copy_is_left_of() -> None:
    state = _at_step(in_rounds(gold=4)).with_market("army_training", -2).with_market("reform", -1)
    assert tiles(state, FR) == (TakeTile(FR, STEP, "alliance:Baltico"),
                                TakeTile(FR, STEP, "company:Caraibi"))


def test_G38_no_second_tile_in_a_turn_but_another_power_is_offered_its_own() -> None:
    state = _at_step(in_rounds(gold=3, turn=TurnState(FR, done=1, tile_taken=True)))
    assert tiles(state, FR) == ()
    # Prussia does not play now; what it could take is listed with a turn of its own.
    assert tiles(state, PR) == (TakeTile(PR, STEP, "alliance:Baltico"),
                                TakeTile(PR, STEP, "army_training"))


def test_G36_G37_counters_list_the_population_and_trade_counters_face_up() -> None:
    state = _at_step(in_rounds(face_up=(1, 3, 4, 6, 10), pieces=[Pieces(FR, AF, fleets=1)]))
    assert counters(state, FR) == (Colonise(FR, STEP, 3), Trade(FR, STEP, 4),
                                   Colonise(FR, STEP, 6), Trade(FR, STEP, 10))
    # Prussia has no fleet in Africa: it may colonise, not trade.
    assert counters(state, PR) == (Colonise(PR, STEP, 3), Colonise(PR, STEP, 6))


def test_G29_counters_none_after_a_colonise_or_trade_in_this_turn() -> None:
    state = _at_step(in_rounds(face_up=(3, 4), pieces=[Pieces(FR, AF, fleets=1)],
                               turn=TurnState(FR, done=1, special=True)))
    assert counters(state, FR) == ()
    assert counters(state, GB) == (Colonise(GB, STEP, 3),)  # not its turn: a fresh one


# --- G29/G39: the menu of a turn ------------------------------------------------------------


def test_G29_the_menu_offers_every_action_that_can_be_taken() -> None:
    state = _battlefield(Francia={"gold": 10})
    state = dataclasses.replace(state, face_up=(1, 3, 4))
    state = state.with_pieces(FR, AF, fleets=1)
    assert menu(state, FR) == (("build", None), ("move", None), ("attack", None),
                               ("pass", None), ("tile", None), ("colonise", None),
                               ("trade", None))


def test_G39_the_menu_says_why_each_action_cannot_be_taken() -> None:
    state = in_rounds(gold=0, population=0, turn=TurnState(FR, done=1, tile_taken=True,
                                                          special=True))
    assert _reasons(state, FR) == {
        "build": "Building costs 1 population: Francia has 0.",
        "move": "No unit of Francia can move.",
        "attack": "Declaring an attack costs 2 gold.",
        "pass": None,
        "tile": "Only one Tile action per turn.",
        "colonise": "Only one Colonise or Trade action per turn.",
        "trade": "Only one Colonise or Trade action per turn.",
    }
    assert [name for name, _why in menu(state, FR)] == [
        "build", "move", "attack", "pass", "tile", "colonise", "trade"]


def test_G39_the_menu_tells_a_missing_target_from_missing_gold() -> None:
    # Exactly 2 gold pays a declaration: what is missing is something to attack.
    state = in_rounds(gold=2, pieces=[Pieces(FR, CA, markers=1), Pieces(PR, CA, fleets=1)])
    assert _reasons(state, FR)["attack"] == (
        "Francia has no army or fleet in a region with something to attack.")
    assert _reasons(in_rounds(gold=1), FR)["attack"] == "Declaring an attack costs 2 gold."


def test_G39_the_menu_gives_the_reason_a_counter_cannot_be_taken() -> None:
    # Population 0 and no fleet in Africa: counter 3 (population) and 4 (trade) face up.
    state = in_rounds(population=0, face_up=(1, 3, 4))
    reasons = _reasons(state, FR)
    assert (reasons["colonise"], reasons["trade"]) == (
        "Colonising costs 1 population: Francia has none.",
        "Trade needs a fleet of Francia in Africa.")


def test_G39_the_menu_says_when_no_counter_of_the_kind_is_face_up() -> None:
    state = in_rounds(face_up=(1, 2))  # numbered counters only
    reasons = _reasons(state, FR)
    assert (reasons["colonise"], reasons["trade"]) == (
        "No population counter is face up on the map.", "No trade counter is face up on the map.")
    # A Trade possible is no Colonise, and the other way round.
    trade_only = in_rounds(face_up=(4,), pieces=[Pieces(FR, AF, fleets=1)])
    assert (_reasons(trade_only, FR)["colonise"], _reasons(trade_only, FR)["trade"]) == (
        "No population counter is face up on the map.", None)
    colonise_only = in_rounds(face_up=(3,))
    assert (_reasons(colonise_only, FR)["colonise"], _reasons(colonise_only, FR)["trade"]) == (
        None, "No trade counter is face up on the map.")


def test_G39_the_menu_of_a_power_whose_turn_it_is_not() -> None:
    state = in_rounds()
    entries = menu(state, PR)
    assert [name for name, _why in entries] == [
        "build", "move", "attack", "pass", "tile", "colonise", "trade"]
    whys = {why for _name, why in entries}
    assert len(whys) == 1
    why = whys.pop()
    assert isinstance(why, Message) and why.render("en") == "It is not Prussia's turn to act."
    # Outside the rounds nobody acts.
    auction = dataclasses.replace(state, phase="auction")
    assert {why.render("en") for _n, why in menu(auction, FR) if why is not None} == {
        "It is not Francia's turn to act."}
    assert all(why is not None for _n, why in menu(auction, FR))


def test_G38_the_menu_says_when_no_tile_left_can_be_paid_for() -> None:
    # 2 gold: Army Training (3), Reform (4), Company (4), Bank (5) are too dear; the free
    # Alliance tile is gone.
    state = in_rounds(gold=2).with_market("alliance:Baltico", -1)
    assert _reasons(state, FR)["tile"] == (
        "No tile left in the market that Francia can pay for now.")


# --- G29-G39: everything at once, for the pages ---------------------------------------------


def test_G29_G39_turn_options_hold_what_each_listing_answers_at_every_turn_of_a_game() -> None:
    """The pages read the menu and the listings from one `turn_options`: the same values as
    asking each listing alone, at every action of a robot's game (and for a power whose turn
    it is not, the same menu)."""
    dice = RandomDice(5)
    started = start_game(tiny(), (FR, PR, GB), dice)
    assert isinstance(started, Accepted)
    state, robot, turns = started.state, Robot(5), 0
    while not state.finished:
        waiting = pending(state)
        if waiting.kind == "action":
            turns += 1
            for power in (FR, PR, GB):
                found = turn_options(state, power)
                assert found.menu == menu(state, power)
                assert (found.builds, found.moves, found.attacks, found.counters) == (
                    builds(state, power), unit_moves(state, power), attacks(state, power),
                    counters(state, power))
        outcome = advance(state, robot.choose(state), dice)
        state = outcome.state if isinstance(outcome, Accepted) else state
    assert turns > 20  # a whole game's turns, not a handful
