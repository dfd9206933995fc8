"""One game the Stratega may be in, drawn from what its power knows: its play-outs run on such
a sample, never on the game itself, so no play-out reads what the rules keep secret.

From the game as the power knows it (`view.known_to`), a sample:
- puts the counters still to draw in an order drawn from the bot's dice (the view keeps
  their set, sorted);
- deals what the combat system keeps secret through the game and the power has not seen
  (`Procedure.memory_sampled`: finestre's cards in the other hands and the draw pile, W1), in
  the game's memory and in the attack under way alike;
- leaves another side's secret answers unmade: the view shows them as not yet given, and
  the play-outs answer them with their bots' policy.

Each sample is drawn from `rng` alone, so a seed gives the same samples whatever the secrets
of the real game are.
"""

from __future__ import annotations

import dataclasses
import random

from guerra.rules.flowchart import get_procedure
from guerra.rules.game.combat import memory_of, with_memory
from guerra.rules.game.state import GameState


def sample(state: GameState, power: str, rng: random.Random) -> GameState:
    """A game `power` may be in, given `state` as it knows it (`view.known_to`)."""
    pool = list(state.pool)
    rng.shuffle(pool)
    state = dataclasses.replace(state, pool=tuple(pool))
    name = state.scenario.procedure  # a game's attacks all run its combat system
    attack = state.attack
    running = attack.state if attack is not None else None
    memory, dealt = get_procedure(name).memory_sampled(
        state.scenario.combat_data_of(name), memory_of(state), running, power, rng)
    state = with_memory(state, memory)
    if attack is not None and dealt is not None and dealt is not running:
        state = dataclasses.replace(state, attack=dataclasses.replace(attack, state=dealt))
    return state
