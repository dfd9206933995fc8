"""Players' choices given in advance (case files, odds): a policy answering every decision.

Defaults are those of attack-rules.md's case files, which are also the timeout defaults:
the attacker fights the naval battle, the defender accepts it, no tile goes to sea, every
loss is an army while there is one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from guerra.rules.explore import Policy
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, LossKind, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER, AllyForce
from guerra.rules.seed004.state import AttackState


@dataclass(frozen=True)
class Choices:
    attacker_fights_naval: bool = True
    defender_accepts_naval: bool = True
    attacker_naval_tiles: int = 0
    defender_naval_tiles: int = 0
    # Per power, the kinds it picks at each loss decision it really faces, in order; a loss
    # with only one possible kind is taken without using an entry. Missing: an army.
    land_losses: tuple[tuple[str, tuple[LossKind, ...]], ...] = ()

    def loss_kind(self, power: str, index: int) -> LossKind:
        kinds = dict(self.land_losses).get(power, ())
        return kinds[index] if index < len(kinds) else "army"


Commitments = Mapping[str, tuple[int, int]]  # ally -> (armies, fleets) it commits


def policy(choices: Choices, commitments: Commitments | None = None) -> Policy[AttackState]:
    """The input each awaited power gives. Without `commitments`, every invited ally commits
    all the units it has in the region; with them, an ally not listed declines."""

    def answer(state: AttackState, power: str) -> object:
        node, step = state.cursor.node, state.cursor.step
        if node == g.ALLIES:
            if commitments is None:
                ally = _invitation(state, power)
                return AllyAnswer(power, step, ally.armies, ally.fleets)
            armies, fleets = commitments.get(power, (0, 0))
            return AllyAnswer(power, step, armies, fleets)
        if node == g.ATTACKER_NAVAL_CHOICE:
            return NavalDecision(power, step, choices.attacker_fights_naval)
        if node == g.DEFENDER_NAVAL_CHOICE:
            return NavalDecision(power, step, choices.defender_accepts_naval)
        if node == g.NAVAL_TILES:
            attacking = power == state.main_power(ATTACKER)
            tiles = choices.attacker_naval_tiles if attacking else choices.defender_naval_tiles
            return NavalTiles(power, step, tiles)
        if node == g.LAND_LOSS_CHOICE:
            # Each visit of the box is one decision; the current visit is already in the path.
            index = state.cursor.path.count(g.LAND_LOSS_CHOICE) - 1
            return LossChoice(power, step, choices.loss_kind(power, index))
        raise LookupError(f"no choice for {power} at {node}")

    return answer


def _invitation(state: AttackState, power: str) -> AllyForce:
    ally = state.situation.invitation(power)
    if ally is None:
        raise LookupError(f"{power} was not invited")
    return ally


def random_policy(rng: random.Random) -> Policy[AttackState]:
    """A seeded random player's answers (the game's robot, benchmarks, invariant tests):
    any legal choice at every box."""

    def answer(state: AttackState, power: str) -> object:
        node, step = state.cursor.node, state.cursor.step
        if node == g.ALLIES:
            ally = _invitation(state, power)
            return AllyAnswer(power, step, rng.randint(0, ally.armies),
                              rng.randint(0, ally.fleets))
        if node in (g.ATTACKER_NAVAL_CHOICE, g.DEFENDER_NAVAL_CHOICE):
            return NavalDecision(power, step, rng.random() < 0.7)
        if node == g.NAVAL_TILES:
            force = state.situation.main(ATTACKER if power == state.main_power(ATTACKER)
                                         else DEFENDER)
            return NavalTiles(power, step, rng.randint(0, force.alliance_tiles if force else 0))
        if node == g.LAND_LOSS_CHOICE:
            kind: LossKind = "fort" if rng.random() < 0.3 else "army"
            return LossChoice(power, step, kind)
        raise LookupError(f"no choice for {power} at {node}")

    return answer
