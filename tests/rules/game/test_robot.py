"""The seeded random player (robot.py): what it offers itself to choose from at each decision
(G13 placements, G22-G24 calls, G29-G43 turns), read through a random source whose draws the
test scripts, so that every expected input is worked out by hand."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from guerra.rules.dice import Dice, RandomDice
from guerra.rules.events import Event
from guerra.rules.flowchart import Refused
from guerra.rules.game.inputs import (
    Attack,
    Build,
    CallPass,
    Colonise,
    Move,
    Pass,
    PlaceUnit,
    PlayTile,
    Propose,
    Raise,
    TakeTile,
    Tax,
    Transfer,
    UnitMove,
)
from guerra.rules.game.machine import advance, start_game
from guerra.rules.game.movement import Route
from guerra.rules.game.robot import Robot, play_game
from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import AuctionState, GameState, Pieces, Proposal, TurnState
from tests.rules.game.helpers import in_rounds, ok, started
from tests.rules.game.scenarios import AF, BA, CA, FR, GB, NA, PR, ST, tiny

STEP = 5


class Scripted(random.Random):
    """A random source that answers from scripts and writes down what it was asked:
    `random()` the next float, `choice`/`choices` the item at the next index, `randint` the
    next integer; `shuffle` leaves the list as it is."""

    def __init__(self, floats: Sequence[float] = (), picks: Sequence[int] = (),
                 ints: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.floats, self.picks, self.ints = list(floats), list(picks), list(ints)
        self.asked: list[tuple[str, Any]] = []

    def random(self) -> float:
        self.asked.append(("random", None))
        return self.floats.pop(0)

    def choice(self, seq: Any) -> Any:
        self.asked.append(("choice", tuple(seq)))
        return seq[self.picks.pop(0)]

    def choices(self, population: Any, weights: Any = None, *, cum_weights: Any = None,
                k: int = 1) -> list[Any]:
        self.asked.append(("choices", (tuple(population), tuple(weights or ()))))
        return [population[self.picks.pop(0)]]

    def randint(self, a: int, b: int) -> int:
        self.asked.append(("randint", (a, b)))
        return self.ints.pop(0)

    def shuffle(self, x: Any) -> None:
        self.asked.append(("shuffle", tuple(x)))

    def done(self) -> bool:
        return not (self.floats or self.picks or self.ints)


def _placing() -> GameState:
    state = started(tiny()).state
    return dataclasses.replace(state, step=STEP, opened_at=STEP)


# --- G13: placements ----------------------------------------------------------------------


def test_G13_the_robot_places_a_fleet_only_where_there_is_sea() -> None:
    state = _placing()
    power = state.seating[0]
    rng = Scripted(picks=[2, 3])  # the fleet, then Nord America
    assert Robot(rng).choose(state) == PlaceUnit(power, STEP, "fleet", NA)
    # Armies weigh double; a fleet goes home or to any region with sea (not Stati Tedeschi).
    assert rng.asked == [("choice", ("army", "army", "fleet", "fort")),
                         ("choice", (None, BA, CA, NA, AF))]


def test_G13_the_robot_places_a_fort_only_in_a_region_and_an_army_anywhere() -> None:
    state = _placing()
    power = state.seating[0]
    rng = Scripted(picks=[3, 0, 0, 1])
    robot = Robot(rng)
    assert robot.choose(state) == PlaceUnit(power, STEP, "fort", ST)
    assert robot.choose(state) == PlaceUnit(power, STEP, "army", ST)
    assert rng.asked[1] == ("choice", (ST, BA, CA, NA, AF))  # a fort: never at home
    assert rng.asked[3] == ("choice", (None, ST, BA, CA, NA, AF))


def test_G13_the_robot_places_only_what_is_left_in_the_supply() -> None:
    state = _placing()
    power = state.seating[0]
    # Default supply: 14 armies, all on the board already.
    state = state.with_pieces(power, None, armies=14)
    rng = Scripted(picks=[0, 0])
    assert Robot(rng).choose(state) == PlaceUnit(power, STEP, "fleet", None)
    assert rng.asked[0] == ("choice", ("fleet", "fort"))


# --- G22-G24: the auction -------------------------------------------------------------------


def _calling(power: str, *, gold: int = 10, bid: int = 0, proposal: Proposal | None = None,
             slots: tuple[tuple[str, Any], ...] = ()) -> GameState:
    """The auction of war 1, seating Francia, Prussia, Gran Bretagna; `power` is called."""
    table = AuctionState(seating=(FR, PR, GB), first_opener=FR, opener=power, slots=slots,
                         proposal=proposal, bid=bid, caller=power if proposal else None,
                         leader=FR if proposal else None)
    state = in_rounds(gold=gold)
    return dataclasses.replace(state, phase="auction", turn=None, alliances=(), auction=table,
                               step=STEP, opened_at=STEP)


def test_G22_the_robot_opens_with_the_first_two_unplaced_powers_and_a_bid_up_to_2() -> None:
    rng = Scripted(ints=[2])
    assert Robot(rng).choose(_calling(PR)) == Propose(PR, STEP, FR, PR, 2)
    assert rng.asked == [("randint", (0, 2)), ("shuffle", (FR, PR, GB))]


def test_G22_the_robot_names_the_last_power_and_the_alliance_it_joins() -> None:
    state = _calling(GB, gold=1, slots=((FR, "A"), (GB, "B")))
    assert Robot(Scripted(ints=[1], picks=[0])).choose(state) == Propose(GB, STEP, PR, None, 1)
    rng = Scripted(ints=[0], picks=[1])
    assert Robot(rng).choose(state) == Propose(GB, STEP, None, PR, 0)
    assert rng.asked == [("randint", (0, 1)), ("shuffle", (PR,)), ("choice", ("A", "B"))]


def test_G24_the_robot_passes_three_calls_in_four() -> None:
    proposal = Proposal(FR, PR)
    state = _calling(GB, bid=1, proposal=proposal)
    assert Robot(Scripted(floats=[0.74])).choose(state) == CallPass(GB, STEP)
    # 0.75 is no pass: the robot raises by 1 (a draw below 0.5 keeps the proposal).
    assert Robot(Scripted(floats=[0.75, 0.49])).choose(state) == Raise(GB, STEP, 2)
    rng = Scripted(floats=[0.75, 0.5])
    assert Robot(rng).choose(state) == Propose(GB, STEP, FR, PR, 2)
    assert rng.asked == [("random", None), ("shuffle", (FR, PR, GB)), ("random", None)]


def test_G24_the_robot_passes_when_it_cannot_raise_above_the_bid() -> None:
    state = _calling(GB, gold=3, bid=3, proposal=Proposal(FR, PR))
    assert Robot(Scripted(floats=[0.99])).choose(state) == CallPass(GB, STEP)
    richer = _calling(GB, gold=4, bid=3, proposal=Proposal(FR, PR))
    assert Robot(Scripted(floats=[0.99, 0.1])).choose(richer) == Raise(GB, STEP, 4)


# --- G29-G43: a turn ------------------------------------------------------------------------

LAND = Route(by_sea=False, voyage=False)
SEA = Route(by_sea=True, voyage=False)
VOYAGE = Route(by_sea=True, voyage=True)
MINISTRY = TileSpec("war_ministry", 3, gold=4, unrest=1)
MERCENARIES = TileSpec("mercenaries", 4, gold=2)
# A turn where only Pass is left: no unit, no population to build, Tile and Colonise taken.
BARE = TurnState(FR, done=1, tile_taken=True, special=True)
ONLY_PASS = ("choices", ((Pass(FR, STEP),), (0.5,)))


def _turn(turn: TurnState = BARE, **changes: Any) -> GameState:
    scenario = tiny(tiles=(*tiny().tiles, MINISTRY, MERCENARIES))
    state = in_rounds(scenario=scenario, turn=turn, **changes)
    return dataclasses.replace(state, step=STEP, opened_at=STEP)


def test_G29_the_robot_weighs_every_kind_of_action_it_may_take() -> None:
    # Francia: 4 gold, an army in Stati Tedeschi beside Prussia; population counter 3 face up.
    state = _turn(TurnState(FR), gold=4, face_up=(3,),
                  pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1)])
    attack = Attack(FR, STEP, ST, defender=PR)
    move = Move(FR, STEP, (UnitMove("army", ST, BA),))
    # random(): no War Ministry (0.5), no second unit (0.4); picks: the attack, the move to
    # Baltico, the fleet, Army Training, the counter, then the third of the weighted choices.
    rng = Scripted(floats=[0.5, 0.4], picks=[0, 1, 1, 1, 0, 2])
    assert Robot(rng).choose(state) == Build(FR, STEP, "fleet")
    assert rng.done()
    assert rng.asked == [
        ("random", None),
        ("choice", (attack,)),
        ("choice", ((UnitMove("army", ST, None), LAND), (UnitMove("army", ST, BA), LAND))),
        ("random", None),
        ("choice", (Build(FR, STEP, "army"), Build(FR, STEP, "fleet"))),
        # 4 gold: the free Alliance, Army Training (3), Reform, Company and War Ministry (4),
        # Mercenaries (2); no Bank (5).
        ("choice", (TakeTile(FR, STEP, "alliance:Baltico"), TakeTile(FR, STEP, "army_training"),
                    TakeTile(FR, STEP, "reform"), TakeTile(FR, STEP, "company:Caraibi"),
                    TakeTile(FR, STEP, "war_ministry"), TakeTile(FR, STEP, "mercenaries"))),
        ("choice", (Colonise(FR, STEP, 3),)),
        ("choices", ((attack, move, Build(FR, STEP, "fleet"),
                      TakeTile(FR, STEP, "army_training"), Colonise(FR, STEP, 3),
                      Pass(FR, STEP)), (3.0, 2.5, 2.0, 1.0, 1.5, 0.5))),
    ]


def test_G29_the_robot_takes_no_second_tile_or_counter_in_a_turn() -> None:
    state = _turn(TurnState(FR, done=1, tile_taken=True, special=True), gold=4, face_up=(3,))
    rng = Scripted(picks=[0, 1])
    assert Robot(rng).choose(state) == Pass(FR, STEP)
    assert rng.asked == [("choice", (Build(FR, STEP, "army"), Build(FR, STEP, "fleet"))),
                         ("choices", ((Build(FR, STEP, "army"), Pass(FR, STEP)), (2.0, 0.5)))]


def test_G40_the_robot_plays_its_war_ministry_at_the_start_of_a_turn_half_the_time() -> None:
    holding = {"tiles": (("war_ministry", 1),)}
    fresh = TurnState(FR, tile_taken=True, special=True)
    state = _turn(fresh, population=0, gold=4, Francia=holding)
    rng = Scripted(floats=[0.49])
    assert Robot(rng).choose(state) == PlayTile(FR, STEP, "war_ministry")
    assert rng.asked == [("random", None)]
    rng = Scripted(floats=[0.5], picks=[0])
    assert Robot(rng).choose(state) == Pass(FR, STEP)
    assert rng.asked == [("random", None), ONLY_PASS]


def test_G40_the_robot_plays_a_war_ministry_only_when_it_may() -> None:
    fresh = TurnState(FR, tile_taken=True, special=True)
    cases = (
        # after the first action of the turn: no draw at all
        (dataclasses.replace(fresh, done=1), {"tiles": (("war_ministry", 1),)}, []),
        # one played this turn already
        (dataclasses.replace(fresh, ministry=True), {"tiles": (("war_ministry", 1),)}, []),
        # used in this war
        (fresh, {"tiles": (("war_ministry", 1),), "spent": (("war_ministry", 1),)}, [0.1]),
    )
    for turn, holding, floats in cases:
        state = _turn(turn, population=0, gold=4, Francia=holding)
        rng = Scripted(floats=floats, picks=[0])
        assert Robot(rng).choose(state) == Pass(FR, STEP), (turn, holding)
        assert rng.done() and rng.asked[-1] == ONLY_PASS


def test_G40_the_robot_plays_no_tile_without_an_extra_action() -> None:
    # Mercenaries (G40) pay a Build in gold: with 4 gold and no population, the only builds.
    state = _turn(TurnState(FR, tile_taken=True, special=True), population=0, gold=4,
                  Francia={"tiles": (("mercenaries", 1),)})
    rng = Scripted(floats=[0.1], picks=[1, 1])
    assert Robot(rng).choose(state) == Pass(FR, STEP)
    paid = (Build(FR, STEP, "army", with_gold=True), Build(FR, STEP, "fleet", with_gold=True))
    assert rng.asked == [("random", None), ("choice", paid),
                         ("choices", ((paid[1], Pass(FR, STEP)), (2.0, 0.5)))]


def test_G41_the_robot_taxes_2_gold_one_time_in_five_when_short_of_gold() -> None:
    state = _turn(population=0, gold=1, Francia={"unrest": 7})
    assert Robot(Scripted(floats=[0.19])).choose(state) == Tax(FR, STEP, 2)
    rng = Scripted(floats=[0.2], picks=[0])
    assert Robot(rng).choose(state) == Pass(FR, STEP)
    assert rng.asked == [("random", None), ONLY_PASS]


def test_G41_the_robot_taxes_neither_with_2_gold_nor_with_8_unrest() -> None:
    for changes in ({"gold": 2}, {"gold": 1, "Francia": {"unrest": 8}}):
        rng = Scripted(picks=[0])
        assert Robot(rng).choose(_turn(population=0, **changes)) == Pass(FR, STEP), changes
        assert rng.asked == [ONLY_PASS]


def test_G43_the_robot_gives_1_gold_to_another_power_now_and_then_when_rich() -> None:
    state = _turn(population=0, gold=7)
    rng = Scripted(floats=[0.04], picks=[1])
    assert Robot(rng).choose(state) == Transfer(FR, STEP, GB, 1)
    assert rng.asked == [("random", None), ("choice", (PR, GB))]
    rng = Scripted(floats=[0.05], picks=[0])
    assert Robot(rng).choose(state) == Pass(FR, STEP)
    assert rng.asked == [("random", None), ONLY_PASS]
    rng = Scripted(picks=[0])
    assert Robot(rng).choose(_turn(population=0, gold=6)) == Pass(FR, STEP)
    assert rng.asked == [ONLY_PASS]


def _moving(*pieces: Pieces, floats: Sequence[float], picks: Sequence[int]
            ) -> tuple[object, Scripted]:
    """The robot's Move (the first weighted choice) for Francia's pieces, Prussia far off."""
    rng = Scripted(floats=floats, picks=[*picks, 0])
    return Robot(rng).choose(_turn(population=0, gold=1, pieces=pieces)), rng


def test_G31_the_robot_moves_a_second_unit_from_elsewhere_two_times_in_five() -> None:
    units = (Pieces(FR, ST, armies=1), Pieces(FR, BA, fleets=1))
    # Moves: the army to home or Baltico, the fleet to home, Caraibi, Nord America, Africa.
    moved, rng = _moving(*units, floats=[0.9, 0.39], picks=[0, 2])
    assert moved == Move(FR, STEP, (UnitMove("army", ST, None), UnitMove("fleet", BA, None)))
    assert rng.asked[1] == ("choice", (
        (UnitMove("army", ST, None), LAND), (UnitMove("army", ST, BA), LAND),
        (UnitMove("fleet", BA, None), SEA), (UnitMove("fleet", BA, CA), VOYAGE),
        (UnitMove("fleet", BA, NA), VOYAGE), (UnitMove("fleet", BA, AF), VOYAGE)))
    moved, _rng = _moving(*units, floats=[0.9, 0.4], picks=[0])
    assert moved == Move(FR, STEP, (UnitMove("army", ST, None),))


def test_G31_the_robot_moves_no_unit_twice_but_another_unit_of_the_same_place() -> None:
    same = Pieces(FR, ST, armies=1)
    moved, _rng = _moving(same, floats=[0.9, 0.1], picks=[0, 1])
    assert moved == Move(FR, STEP, (UnitMove("army", ST, None),))
    # An army and a fleet in Baltico: the army home by sea, the fleet to Caraibi.
    both = Pieces(FR, BA, armies=1, fleets=1)
    moved, _rng = _moving(both, floats=[0.9, 0.1], picks=[0, 3])
    assert moved == Move(FR, STEP, (UnitMove("army", BA, None), UnitMove("fleet", BA, CA)))


def test_G31_the_robot_with_one_possible_move_makes_it_alone() -> None:
    # An army in Baltico without a fleet: only the land link to Stati Tedeschi.
    moved, rng = _moving(Pieces(FR, BA, armies=1), floats=[0.9], picks=[0])
    assert moved == Move(FR, STEP, (UnitMove("army", BA, ST),))
    assert rng.done()


# --- whole games ----------------------------------------------------------------------------


def test_G1_a_robot_game_with_a_power_not_in_the_scenario_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^“Atlantide” is not a power of this scenario\.$"):
        play_game(tiny(), (FR, "Atlantide"), RandomDice(0), seed=0)


def _drive(state: GameState, events: list[Event], robot: Robot, dice: Dice
           ) -> tuple[GameState, int, int, list[Event]]:
    inputs = refusals = 0
    while not state.finished:
        outcome = advance(state, robot.choose(state), dice)
        inputs += 1
        if isinstance(outcome, Refused):
            refusals += 1
            continue
        state = outcome.state
        events.extend(outcome.events)
    return state, inputs, refusals, events


def test_G20_a_robot_game_counts_the_inputs_it_sent_and_those_refused() -> None:
    dice = RandomDice(22)
    first = ok(start_game(tiny(), (FR, PR, GB), dice))
    state, inputs, refusals, events = _drive(first.state, list(first.events), Robot(22), dice)
    played = play_game(tiny(), (FR, PR, GB), RandomDice(22), seed=22)
    assert refusals >= 2  # seed 22: an army's Move by sea refused twice on the way
    assert (played.state, played.inputs, played.refused, played.events) == (
        state, inputs, refusals, tuple(events))
    # The same seeds play the same game; without the events kept, only the start's are.
    quiet = play_game(tiny(), (FR, PR, GB), RandomDice(22), seed=22, keep_events=False)
    assert (quiet.state, quiet.inputs, quiet.events) == (state, inputs, first.events)


def test_G20_a_robot_game_stops_at_its_limit_of_inputs() -> None:
    played = play_game(tiny(), (FR, PR, GB), RandomDice(4), seed=4)
    assert play_game(tiny(), (FR, PR, GB), RandomDice(4), seed=4,
                     limit=played.inputs).state == played.state
    limit = played.inputs - 1
    with pytest.raises(RuntimeError, match=rf"^the game did not end after {limit} inputs$"):
        play_game(tiny(), (FR, PR, GB), RandomDice(4), seed=4, limit=limit)


def test_G20_a_robot_seeded_with_a_number_plays_as_one_seeded_with_its_random() -> None:
    state = _placing()
    by_number = Robot(11)
    by_random = Robot(random.Random(11))
    # Ten placements alike: a Robot on another random source would differ.
    assert [by_number.choose(state) for _ in range(10)] == [
        by_random.choose(state) for _ in range(10)]
