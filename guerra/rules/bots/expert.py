"""The Esperto: a heuristic computer player that weighs every choice by what the game scores.

It reads only the game it is given (`levels.decide` hands it the game as its power may know
it, `view.known_to`) and answers whatever the game awaits from its power with an input the
machine checks like anyone's:

- a setup placement (G13), its turn's actions (G29-G43): `expert_turn`;
- an auction call (G21-G27): `expert_auction`;
- any decision of an attack, in any combat system: `expert_combat`.

Its yardstick is `value.worth` (VP to come, gold, unrest penalties, units, what its armies
could win, less its rivals'); its dice for play-outs are its own seeded ones, so a game of
bots is reproducible.
"""

from __future__ import annotations

import random

from guerra.rules.bots import expert_auction, expert_combat, expert_turn
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState


class Expert:
    """The Esperto for any power, its choices drawn from `seed`."""

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.turn = expert_turn.TurnMind()

    def choose(self, state: GameState, power: str) -> object:
        """The input `power` sends now (a decision awaited from it, or a free action before
        it), from `state` as `power` may know it."""
        waiting = pending(state)
        if waiting.kind == "attack":
            return expert_combat.answer(state, power, self.rng)
        if waiting.kind == "place":
            return expert_turn.place(state, power)
        if waiting.kind in ("propose", "call"):
            return expert_auction.call(state, power)
        return self.turn.act(state, power, self.rng.randrange(1 << 30))
