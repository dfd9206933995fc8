"""A seeded random player: any legal input for whatever the game awaits.

It plays whole games for the invariant tests and the benchmark, and shows that the machine
never stalls: every decision it meets has at least one legal answer. Its choices come from
`options`, so it only ever sends inputs the machine accepts (the tests check that too).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from guerra.rules.dice import Dice
from guerra.rules.events import Event
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Refused, get_procedure
from guerra.rules.game import options
from guerra.rules.game.inputs import (
    CallPass,
    Move,
    Pass,
    PlaceUnit,
    PlayTile,
    Propose,
    Raise,
    Tax,
    Transfer,
    UnitMove,
)
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.scenario import ScenarioRules, UnitKind
from guerra.rules.game.state import GameState, Proposal
from guerra.rules.game.tiles import held_effects, unused


class Robot:
    """One seeded random player for every power (the powers do not conspire)."""

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._attack: dict[str, Policy[Any]] = {}  # per procedure, made when first needed

    def choose(self, state: GameState, power: str | None = None) -> object:
        """An input for the decision the game awaits from `power` (the first power awaited
        when None), or a free action before it."""
        waiting = pending(state)
        power = power if power is not None else waiting.powers[0]
        if waiting.kind == "attack":
            assert state.attack is not None
            name = state.scenario.procedure
            if name not in self._attack:
                self._attack[name] = get_procedure(name).random_policy(self.rng)
            return self._attack[name](state.attack.state, power)
        if waiting.kind == "place":
            return self._place(state, power)
        if waiting.kind in ("propose", "call"):
            return self._call(state, power)
        return self._act(state, power)

    def _place(self, state: GameState, power: str) -> PlaceUnit:
        kinds: list[UnitKind] = [k for k in ("army", "army", "fleet", "fort")
                                 if state.supply_left(power, k) > 0]
        kind = self.rng.choice(kinds)
        regions = [r.name for r in state.scenario.regions if kind != "fleet" or r.has_sea]
        places: list[str | None] = list(regions) if kind == "fort" else [None, *regions]
        return PlaceUnit(power, state.step, kind, self.rng.choice(places))

    def _call(self, state: GameState, power: str) -> object:
        table = state.auction
        assert table is not None
        gold = state.power(power).gold
        if table.proposal is not None and (self.rng.random() < 0.75 or table.bid >= gold):
            return CallPass(power, state.step)
        bid = table.bid + 1 if table.proposal is not None else self.rng.randint(0, min(gold, 2))
        unplaced = list(table.unplaced)
        self.rng.shuffle(unplaced)
        if table.proposal is not None and self.rng.random() < 0.5:
            return Raise(power, state.step, bid)
        if len(unplaced) == 1:
            side = self.rng.choice(("A", "B"))
            proposal = Proposal(unplaced[0], None) if side == "A" else Proposal(None, unplaced[0])
        else:
            proposal = Proposal(unplaced[0], unplaced[1])
        return Propose(power, state.step, proposal.a, proposal.b, bid)

    def _act(self, state: GameState, power: str) -> object:
        rng = self.rng
        turn = state.turn
        assert turn is not None
        if not turn.ministry and turn.done == 0 and rng.random() < 0.5:
            for key, effect, _n in held_effects(state, power):
                if effect.extra_action and unused(state, power, key):
                    return PlayTile(power, state.step, key)
        holder = state.power(power)
        if holder.gold < 2 and holder.unrest < 8 and rng.random() < 0.2:
            return Tax(power, state.step, 2)
        if holder.gold > 6 and rng.random() < 0.05:
            others = [p for p in state.seating if p != power]
            return Transfer(power, state.step, rng.choice(others), 1)
        choices: list[tuple[float, object]] = []
        attacks = options.attacks(state, power)
        if attacks:
            choices.append((3.0, rng.choice(attacks)))
        move = self._move(state, power)
        if move is not None:
            choices.append((2.5, move))
        builds = options.builds(state, power)
        if builds:
            choices.append((2.0, rng.choice(builds)))
        tiles = options.tiles(state, power) if not turn.tile_taken else ()
        if tiles:
            choices.append((1.0, rng.choice(tiles)))
        counters = options.counters(state, power) if not turn.special else ()
        if counters:
            choices.append((1.5, rng.choice(counters)))
        choices.append((0.5, Pass(power, state.step)))
        weights = [w for w, _c in choices]
        return rng.choices([c for _w, c in choices], weights=weights)[0]

    def _move(self, state: GameState, power: str) -> Move | None:
        moves = options.unit_moves(state, power)
        if not moves:
            return None
        first, _route = self.rng.choice(moves)
        chosen: list[UnitMove] = [first]
        # Sometimes a second unit from elsewhere (checked whole by the machine).
        if len(moves) > 1 and self.rng.random() < 0.4:
            second, _r = self.rng.choice(moves)
            if second.source != first.source or second.kind != first.kind:
                chosen.append(second)
        return Move(power, state.step, tuple(chosen))


@dataclass(frozen=True)
class PlayedGame:
    state: GameState
    inputs: int
    refused: int
    events: tuple[Event, ...]


def play_game(scenario: ScenarioRules, powers: Sequence[str], dice: Dice, seed: int,
              *, limit: int = 100_000, keep_events: bool = True) -> PlayedGame:
    """A whole game, setup to winner, every decision answered by a seeded `Robot`. A refused
    input (a robot's two-unit Move may be refused as a whole) is answered again."""
    started = start_game(scenario, powers, dice)
    if isinstance(started, Refused):
        raise ValueError(started.reason.render("en"))
    state, events = started.state, list(started.events)
    robot = Robot(seed)
    inputs = refused = 0
    while not state.finished:
        if inputs >= limit:
            raise RuntimeError(f"the game did not end after {limit} inputs")
        outcome = advance(state, robot.choose(state), dice)
        inputs += 1
        if isinstance(outcome, Refused):
            refused += 1
            continue
        state = outcome.state
        if keep_events:
            events.extend(outcome.events)
    return PlayedGame(state, inputs, refused, tuple(events))
