"""G20: the phase sequence, as data, and what happens when a phase begins or is over.

setup -> for each war: counters, auction, rounds, income, scoring, end of war -> game over.
Automatic phases are over as soon as they have run; the setup, the auction and the rounds
wait for players. No phase ends while an attack is under way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from guerra.rules.dice import Dice
from guerra.rules.events import Event
from guerra.rules.game import combat, rounds, scoring, setup
from guerra.rules.game.auction import following, open_auction
from guerra.rules.game.economy import income_phase
from guerra.rules.game.events import PhaseBegan, WarEnded
from guerra.rules.game.state import GameState, Phase

Done = tuple[GameState, tuple[Event, ...]]

WAR_PHASES: tuple[Phase, ...] = ("counters", "auction", "rounds", "income", "scoring",
                                 "end_of_war")


def next_phase(state: GameState) -> tuple[Phase, int]:
    """The phase after the current one, and its war."""
    if state.phase == "setup":
        return WAR_PHASES[0], 1
    index = WAR_PHASES.index(state.phase) + 1
    if index < len(WAR_PHASES):
        return WAR_PHASES[index], state.war
    if state.war < state.scenario.wars:
        return WAR_PHASES[0], state.war + 1
    return "game_over", state.war


def _counters(state: GameState, dice: Dice) -> Done:
    """G20.1: ten new counters; war 1's were drawn at setup (G11). The war begins: the combat
    system's memory too (hands of cards dealt with the game's dice; most systems: nothing)."""
    state, drawn = (state, ()) if state.war == 1 else setup.draw_counters(state)
    state, dealt = combat.war_begins(state, dice)
    return state, (*drawn, *dealt)


def _auction(state: GameState, dice: Dice) -> Done:
    """G23: war 1's first opener is the first power in seating order; each later war's is
    the power after the previous war's."""
    if state.first_opener is None:
        opener = state.seating[0]
    else:
        opener = following(state.seating, state.first_opener)
    auction = open_auction(state.seating, opener)
    return dataclasses.replace(state, first_opener=opener, auction=auction), ()


def _end_of_war(state: GameState, dice: Dice) -> Done:
    """G20.6: once-per-war tiles turn back face up; alliances and slots lapse."""
    powers = tuple(dataclasses.replace(p, spent=()) for p in state.powers)
    state = dataclasses.replace(state, powers=powers, alliances=(), auction=None, round=0)
    return state, (WarEnded(state.war),)


ENTER: dict[Phase, Callable[[GameState, Dice], Done]] = {
    "counters": _counters,
    "auction": _auction,
    "rounds": lambda state, dice: rounds.begin_rounds(state),
    "income": lambda state, dice: income_phase(state),
    "scoring": lambda state, dice: scoring.scoring_phase(state),
    "end_of_war": _end_of_war,
    "game_over": lambda state, dice: scoring.end_of_game(state),
}

def _always(state: GameState) -> bool:
    return True


OVER: dict[Phase, Callable[[GameState], bool]] = {
    "setup": lambda state: setup.placer(state) is None,
    "auction": lambda state: len(state.alliances) == len(state.seating),
    "rounds": lambda state: state.turn is None,
    "game_over": lambda state: False,
}


def over(state: GameState) -> bool:
    return not state.attack_under_way and OVER.get(state.phase, _always)(state)


def run_on(state: GameState, dice: Dice) -> Done:
    """Settle the turn, then enter phase after phase until one waits for players."""
    state, events = rounds.settle(state)
    collected = list(events)
    while over(state):
        phase, war = next_phase(state)
        state = dataclasses.replace(state, phase=phase, war=war)
        collected.append(PhaseBegan(phase, war))
        state, events = ENTER[phase](state, dice)
        collected += events
    return state, tuple(collected)
