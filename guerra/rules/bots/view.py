"""The game as one power may know it: what a computer player reads, so that it decides as a
person at the table could, never from what the rules keep secret.

Masked: the order of the counters still to draw (their set stays: every counter is known, not
when it comes up), the combat system's game-long secrets (`Procedure.memory_known_to`: other
hands of cards), and what other powers have answered in secret in the attack under way
(`Procedure.seen_by`).
"""

from __future__ import annotations

import dataclasses

from guerra.rules.flowchart import get_procedure
from guerra.rules.game.combat import memory_of, with_memory
from guerra.rules.game.state import GameState


def known_to(state: GameState, power: str) -> GameState:
    """`state` with what `power` may not know masked; the same value when nothing is."""
    procedure = get_procedure(state.scenario.procedure)
    if list(state.pool) != sorted(state.pool):
        state = dataclasses.replace(state, pool=tuple(sorted(state.pool)))
    memory = memory_of(state)
    if memory:
        state = with_memory(state, procedure.memory_known_to(memory, power))
    if state.attack is not None:
        seen = procedure.seen_by(state.attack.state, power)
        if seen is not state.attack.state:
            state = dataclasses.replace(state, attack=dataclasses.replace(state.attack,
                                                                          state=seen))
    return state
