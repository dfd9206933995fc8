"""Trying a choice out on the game as the power knows it, with the rules' own functions: an
action of its turn applied as the machine would (no die rolled), an attack declared or
answered and played to its end with seeded dice, every later decision of it answered by a
policy (the power's first answer worth weighing, everyone else's default).

Nothing here is sent to the game: these are the Esperto's thoughts, on its own copies.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from guerra.rules import frozen
from guerra.rules.dice import RandomDice
from guerra.rules.events import Event
from guerra.rules.flowchart import ProcedureState, Refused, get_procedure
from guerra.rules.game import actions, combat, movement
from guerra.rules.game.inputs import Attack, Build, Colonise, Move, Pass, TakeTile, Trade
from guerra.rules.game.refusal import Rejected
from guerra.rules.game.state import GameState, TurnState
from guerra.rules.i18n import Message

Answer = Callable[[ProcedureState, str], object]
STEPS_LIMIT = 200  # answers in one attack after which a play-out gives up


def after(state: GameState, order: object) -> GameState | None:
    """The board after one action of the turn that rolls no die (a Move as if no storm
    struck), or None when the rules refuse it."""
    turn = state.turn or TurnState(getattr(order, "power", ""))
    result: tuple[GameState, object] | Message
    if isinstance(order, Pass):
        return state
    if isinstance(order, Build):
        result = actions.build(state, order)
    elif isinstance(order, Move):
        checked = movement.check_move(state, order.power, order.moves)
        return None if isinstance(checked, Message) else checked[0]
    elif isinstance(order, TakeTile):
        result = actions.take_tile(state, turn, order)
    elif isinstance(order, Colonise | Trade):
        result = actions.take_counter(state, turn, order)
    else:
        return None
    return None if isinstance(result, Message) else result[0]


def policy_for(state: GameState, power: str) -> Answer:
    """In a play-out `power` gives its first answer worth weighing (`Procedure.bot_answers`),
    everyone else the default of their deadline."""
    procedure = get_procedure(state.scenario.procedure)

    def answer(attack: ProcedureState, who: str) -> object:
        if who == power:
            found = procedure.bot_answers(attack, who)
            if found:
                return found[0]
        return procedure.default_input(attack, who)

    return answer


def finish(state: GameState, answer: Answer, dice: RandomDice) -> GameState | None:
    """The attack under way played to its end, its effects applied to the board once at
    the end (None if the rules refuse an answer, its default included)."""
    running = state.attack
    if running is None:
        return state
    procedure = get_procedure(state.scenario.procedure)
    attack = running.state
    events: list[Event] = []
    for _step in range(STEPS_LIMIT):
        if attack.cursor.finished:
            ended = frozen.replace(running, state=attack)
            return combat.apply_effects(frozen.replace(state, attack=ended), ended,
                                        tuple(events))
        who = attack.cursor.awaiting[0]
        outcome = procedure.advance(attack, answer(attack, who), dice)
        if isinstance(outcome, Refused):
            outcome = procedure.advance(attack, procedure.default_input(attack, who), dice)
            if isinstance(outcome, Refused):
                return None
        attack = outcome.state
        events += outcome.events
    return None


def attack_results(state: GameState, attack: Attack, answer: Answer, seeds: range
                   ) -> list[GameState]:
    """The boards after the attack, once per seed of `seeds` (empty if it is refused)."""
    def declared(dice: RandomDice) -> GameState | None:
        done = combat.declare(state, attack, dice)
        return None if isinstance(done, Message) else done[0]

    return _results(declared, answer, seeds)


def answer_results(state: GameState, given: object, answer: Answer, seeds: range
                   ) -> list[GameState]:
    """The boards after answering the attack under way with `given`, once per seed."""
    def answered(dice: RandomDice) -> GameState | None:
        done = combat.answer(state, given, dice)
        return None if isinstance(done, Rejected) else done[0]

    return _results(answered, answer, seeds)


def _results(first: Callable[[RandomDice], GameState | None], answer: Answer, seeds: range
             ) -> list[GameState]:
    """`first` step, then the attack to its end, once per seed (empty if `first` is refused)."""
    found = []
    for seed in seeds:
        dice = RandomDice(random.Random(seed))
        started = first(dice)
        if started is None:
            return []
        ended = finish(started, answer, dice)
        if ended is not None:
            found.append(ended)
    return found
