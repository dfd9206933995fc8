"""A game position as the Esperto's yardstick (`value`) reads it: what is left of the game
(`outlook`: the scorings and incomes to come, what gold is worth), the markers by region, and
the board grouped by power and by region, computed once per position (`Reading`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from guerra.rules.game.state import GameState, Pieces

LATER = 0.85  # a later scoring's weight against the next one
BEFORE_INCOME = ("setup", "counters", "auction", "rounds")
BEFORE_SCORING = (*BEFORE_INCOME, "income")


@dataclass(frozen=True)
class Outlook:
    """What is left of the game: the weight of the region scorings to come (the next one 1),
    the worth of one gold now and at each income to come, and the share of the game left."""

    scorings: float
    gold: float
    incomes: tuple[float, ...]
    left: float


def outlook(state: GameState) -> Outlook:
    wars, war = state.scenario.wars, state.war
    rounds = state.scenario.rounds_for(len(state.seating))
    scorings = wars - war + (1 if state.phase in BEFORE_SCORING else 0)
    if state.finished:
        scorings = 0
    incomes_left = wars - war + (1 if state.phase in BEFORE_INCOME else 0)
    if state.finished:
        incomes_left = 0
    this_war = rounds - max(0, state.round - 1) if state.phase in BEFORE_INCOME else 0
    rounds_left = this_war + (wars - war) * rounds
    gold = min(0.5, max(0.03, 0.045 * rounds_left))
    # Gold of an income is spent in the war after it: the last income only breaks ties.
    incomes = tuple(0.45 if war + i < wars else 0.03 for i in range(incomes_left))
    total = wars * rounds
    return Outlook(sum(LATER**i for i in range(scorings)), gold, incomes,
                   rounds_left / total if total else 0.0)


def markers_by_region(state: GameState) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for pieces in state.board:
        if pieces.region is not None and pieces.markers:
            found.setdefault(pieces.region, {})[pieces.power] = pieces.markers
    return found


@dataclass(frozen=True)
class Reading:
    """What the potential reads of one position, computed once."""

    state: GameState
    view: Outlook
    markers: Mapping[str, Mapping[str, int]]

    @cached_property
    def by_power(self) -> dict[str | None, tuple[Pieces, ...]]:
        """Each power's pieces, in the board's order."""
        return _grouped(self.state.board, "power")

    @cached_property
    def by_region(self) -> dict[str | None, tuple[Pieces, ...]]:
        """The pieces in each region (None: at home), in the board's order."""
        return _grouped(self.state.board, "region")

    @cached_property
    def tiles(self) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        """The tiles each power holds."""
        return tuple((p.name, p.tiles) for p in self.state.powers)


def _grouped(board: tuple[Pieces, ...], by: str) -> dict[str | None, tuple[Pieces, ...]]:
    found: dict[str | None, list[Pieces]] = {}
    for pieces in board:
        found.setdefault(getattr(pieces, by), []).append(pieces)
    return {name: tuple(them) for name, them in found.items()}


def reading(state: GameState) -> Reading:
    return Reading(state, outlook(state), markers_by_region(state))
