"""G28-G29: the action rounds. Every power takes one turn per round in slot order; a turn is
two actions (three with a War Ministry) and ends when its last action has ended, an attack
included; a turn whose deadline passes passes what is left (civil disorder)."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import Event
from guerra.rules.game import actions, combat, movement
from guerra.rules.game.events import CivilDisorder, RoundBegan, TurnBegan
from guerra.rules.game.inputs import (
    Attack,
    Build,
    Colonise,
    Move,
    Pass,
    PlayTile,
    TakeTile,
    Trade,
)
from guerra.rules.game.state import GameState, TurnState
from guerra.rules.i18n import Message, _

Done = tuple[GameState, tuple[Event, ...]]
Action = Build | Move | Attack | Pass | TakeTile | Colonise | Trade


def rounds_in_war(state: GameState) -> int:
    return state.scenario.rounds_for(len(state.seating))


def begin_rounds(state: GameState) -> Done:
    return _begin_turn(frozen.replace(state, round=1), 0)


def _begin_turn(state: GameState, index: int) -> Done:
    power = state.slot_order()[index]
    events: list[Event] = []
    if index == 0:
        events.append(RoundBegan(state.war, state.round, rounds_in_war(state)))
        state = frozen.replace(state, engaged=())  # a new round: every unit may fight
    events.append(TurnBegan(power, state.round))
    return frozen.replace(state, turn=TurnState(power)), tuple(events)


def settle(state: GameState) -> Done:
    """When the turn's last action has ended (an attack included), the next turn begins;
    after the last turn of the last round, `turn` is None and the phase is over."""
    turn = state.turn
    if turn is None or state.attack_under_way or turn.done < turn.actions:
        return state, ()
    order = state.slot_order()
    index = order.index(turn.power) + 1
    if index < len(order):
        return _begin_turn(state, index)
    if state.round < rounds_in_war(state):
        return _begin_turn(frozen.replace(state, round=state.round + 1), 0)
    return frozen.replace(state, turn=None), ()


def act(state: GameState, order: Action, dice: Dice) -> Done | Message:
    """One action of the current turn (G29); the turn's slots for special actions are used
    only by an action that was accepted (G39)."""
    turn = state.turn
    assert turn is not None
    result: Done | Message
    tile_taken, special = turn.tile_taken, turn.special
    if isinstance(order, Build):
        result = actions.build(state, order)
    elif isinstance(order, Move):
        result = movement.do_move(state, order.power, order.moves, dice)
    elif isinstance(order, Attack):
        result = combat.declare(state, order, dice)
    elif isinstance(order, Pass):
        result = actions.pass_action(state, order.power)
    elif isinstance(order, TakeTile):
        result = actions.take_tile(state, turn, order)
        tile_taken = True
    else:
        result = actions.take_counter(state, turn, order)
        special = True
    if isinstance(result, Message):
        return result
    state, events = result
    done = frozen.replace(turn, done=turn.done + 1, tile_taken=tile_taken, special=special)
    return frozen.replace(state, turn=done), events


def play(state: GameState, order: PlayTile) -> Done | Message:
    turn = state.turn
    if turn is None or turn.power != order.power:
        return _("A tile is played in one's own turn.")
    return actions.play_tile(state, turn, order)


def civil_disorder(state: GameState) -> Done:
    """G29: the deadline passed: the turn's remaining actions are passed."""
    turn = state.turn
    assert turn is not None
    left = turn.actions - turn.done
    state = frozen.replace(state, turn=frozen.replace(turn, done=turn.actions))
    return state, (CivilDisorder(turn.power, left),)
