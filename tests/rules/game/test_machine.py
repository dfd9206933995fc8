"""The game machine (machine.py): who is awaited (G13, G24, G29, an attack's boxes), the steps
an input must name (G39: a stale or repeated input is refused and costs nothing), the free
actions (G41, G43) and the deadlines (G13, G27, G29)."""

from __future__ import annotations

import dataclasses

from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Refused
from guerra.rules.game.events import CivilDisorder, UnitPlaced
from guerra.rules.game.inputs import Attack, Deadline, Pass, PlaceUnit, Propose, Tax, Transfer
from guerra.rules.game.machine import Pending, advance, pending
from guerra.rules.game.state import GameState, Pieces, TurnState
from tests.rules.game.helpers import in_rounds, of_type, play, refused, started
from tests.rules.game.scenarios import FR, GB, PR, ST, tiny


def _later(state: GameState, opened_at: int, step: int) -> GameState:
    return dataclasses.replace(state, opened_at=opened_at, step=step)


def _to_rounds() -> GameState:
    """tiny() from the start to war 1's first turn, every decision left to its deadline."""
    state = started(tiny()).state
    while state.phase != "rounds":
        state = play(state, Deadline(state.step)).state
    return state


# --- who is awaited -------------------------------------------------------------------------


def test_G13_pending_names_the_placer_and_nobody_once_all_is_placed() -> None:
    state = _later(started(tiny()).state, 2, 4)
    assert pending(state) == Pending("place", (state.seating[0],), 2)
    done = dataclasses.replace(state, placed=6)  # tiny(): 2 units for each of 3 powers
    assert pending(done) == Pending("place", (), 2)


def test_G24_pending_tells_a_proposal_from_a_call() -> None:
    state = _to_rounds()
    first = started(tiny()).state
    while first.phase == "setup":
        first = play(first, Deadline(first.step)).state
    assert first.auction is not None
    opener = first.auction.opener
    assert pending(first) == Pending("propose", (opener,), first.step)
    a, b = first.auction.unplaced[:2]
    calling = play(first, Propose(opener, first.step, a, b, 0)).state
    caller = calling.auction.caller if calling.auction else None
    assert caller is not None and caller != opener
    assert pending(calling) == Pending("call", (caller,), calling.step)
    finished = dataclasses.replace(state, phase="auction")  # every power has its slot
    assert pending(finished) == Pending("propose", (), state.opened_at)


def test_G29_pending_names_the_power_whose_turn_it_is_and_nobody_between_phases() -> None:
    state = _later(in_rounds(turn=TurnState(PR)), 3, 5)
    assert pending(state) == Pending("action", (PR,), 3)
    assert pending(dataclasses.replace(state, turn=None)) == Pending("over", (), 3)
    assert pending(dataclasses.replace(state, phase="income")) == Pending("over", (), 3)


def test_G34_pending_during_an_attack_names_the_attacks_own_step() -> None:
    # Gran Bretagna attacks Prussia beside its ally Francia, who is asked to help (A1).
    state = in_rounds(pieces=[Pieces(GB, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(FR, ST, armies=1)], turn=TurnState(GB))
    state = _later(state, 40, 40)
    declared = play(state, Attack(GB, 40, ST, defender=PR)).state
    assert declared.attack is not None
    attack_step = declared.attack.state.step
    assert attack_step != declared.step  # the attack counts its own steps
    assert pending(declared) == Pending("attack", (FR,), attack_step)


# --- steps --------------------------------------------------------------------------------


def test_G39_a_decision_names_a_step_since_its_decision_opened() -> None:
    state = _later(in_rounds(), 3, 5)
    for step in (3, 4, 5):
        after = play(state, Pass(FR, step)).state
        assert (after.step, after.opened_at) == (6, 6)
    for step in (2, 6):
        outcome = advance(state, Pass(FR, step), RandomDice(0))
        assert isinstance(outcome, Refused) and outcome.code == "stale"
        assert outcome.reason.render("en") == (
            f"This was sent for step {step} of the game, which is now at step 5: "
            "reload the page.")
    assert refused(state, Pass(FR, "5")).param("given") == "5"  # type: ignore[arg-type]


def test_G41_a_free_action_names_the_current_step_exactly_and_opens_no_decision() -> None:
    state = _later(in_rounds(), 3, 5)
    taxed = play(state, Tax(FR, 5, 2)).state
    assert (taxed.step, taxed.opened_at) == (6, 3)  # the turn's decision is still open
    for step in (3, 4, 6):
        outcome = advance(state, Tax(FR, step, 2), RandomDice(0))
        assert isinstance(outcome, Refused) and outcome.code == "stale"
    assert play(taxed, Pass(FR, 3)).state.turn == TurnState(FR, done=1)


def test_G41_only_a_power_of_the_game_takes_a_free_action() -> None:
    state = in_rounds()
    assert refused(state, Tax("Atlantide", state.step, 2)).render("en") == (
        "“Atlantide” is not a power of this game.")
    assert refused(state, Transfer("Atlantide", state.step, FR, 1)).render("en") == (
        "“Atlantide” is not a power of this game.")


def test_G41_a_power_taxes_when_its_call_comes_in_the_auction() -> None:
    state = started(tiny()).state
    while state.phase == "setup":
        state = play(state, Deadline(state.step)).state
    awaited = pending(state).powers[0]
    other = next(p for p in state.seating if p != awaited)
    taxed = play(state, Tax(awaited, state.step, 2)).state
    assert taxed.power(awaited).gold == state.power(awaited).gold + 2
    assert refused(state, Tax(other, state.step, 2)).render("en") == (
        "A power taxes in its own turn, or when its call comes in the auction.")


def test_G29_who_is_not_awaited_is_told_who_is() -> None:
    state = in_rounds()
    outcome = advance(state, Pass(GB, state.step), RandomDice(0))
    assert isinstance(outcome, Refused) and outcome.code == "not_yours"
    assert outcome.reason.render("en") == "No decision is awaited from Gran Bretagna now: " \
        "Francia decides."
    unknown = advance(state, Pass("Atlantide", state.step), RandomDice(0))
    assert isinstance(unknown, Refused) and unknown.code == "invalid"
    assert unknown.reason.render("en") == "“Atlantide” is not a power of this game."


def test_G39_an_input_that_is_no_decision_is_refused() -> None:
    state = in_rounds()
    assert refused(state, "Pass").render("en") == (
        "This input does not answer the decision awaited now.")


def test_G62_nothing_is_accepted_once_the_game_is_over() -> None:
    state = dataclasses.replace(in_rounds(), phase="game_over", turn=None)
    for given in (Pass(FR, state.step), Tax(FR, state.step, 2), Deadline(state.step)):
        assert refused(state, given).render("en") == "The game is over."


# --- deadlines ----------------------------------------------------------------------------


def test_G29_a_deadline_in_the_rounds_is_civil_disorder_even_after_an_auction() -> None:
    state = _to_rounds()
    assert state.auction is not None  # the war's auction is still on the record
    power = pending(state).powers[0]
    result = play(state, Deadline(state.step))
    assert of_type(result.events, CivilDisorder) == [CivilDisorder(power, 2)]


def test_G39_a_deadline_names_an_open_decision_and_something_awaited() -> None:
    state = _later(in_rounds(), 3, 5)
    assert refused(state, Deadline(2)).msgid.startswith("This was sent for step")
    idle = dataclasses.replace(state, turn=None)
    assert refused(idle, Deadline(5)).render("en") == "Nothing is awaited now."


def test_G13_a_placement_is_no_answer_in_the_rounds_nor_an_action_in_the_setup() -> None:
    state = started(tiny()).state
    power = pending(state).powers[0]
    assert refused(state, Pass(power, state.step)).render("en") == (
        "This input does not answer the decision awaited now.")
    placed = play(state, PlaceUnit(power, state.step, "army", None))
    assert of_type(placed.events, UnitPlaced) == [UnitPlaced(power, "army", None, False)]


def test_G20_no_decision_is_taken_between_phases() -> None:
    state = dataclasses.replace(in_rounds(), turn=None)  # the rounds are over
    assert refused(state, Pass(FR, state.step)).render("en") == (
        "This input does not answer the decision awaited now.")
