"""Exact odds of an attack: every die enumerated, naval and land battles together.

Totals depend on each pair of dice only through |d1 - d2| (and a 7 only costs units), so the
engine rolls one representative pair per class of equal difference with the class's exact
weight (see `Seed004.odds_key`): 36 combinations per battle instead of 1296.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from guerra.rules.explore import distribution
from guerra.rules.flowchart import RefusedError
from guerra.rules.jsontype import JSON
from guerra.rules.seed004 import battles
from guerra.rules.seed004.choices import Choices, Commitments, policy
from guerra.rules.seed004.declaration import initial_state
from guerra.rules.seed004.model import Situation
from guerra.rules.seed004.procedure import OUTCOMES, SEED004
from guerra.rules.seed004.state import AttackState

DEFAULTS = Choices()


@dataclass(frozen=True)
class Odds:
    """The result of the land battle (a neutral's too), or the attack ending before it (M8)."""

    attacker_wins: Fraction
    tie: Fraction
    defender_wins: Fraction
    ended_before_land: Fraction

    @property
    def total(self) -> Fraction:
        return self.attacker_wins + self.tie + self.defender_wins + self.ended_before_land

    def to_dict(self) -> dict[str, JSON]:
        """Floats for reading, exact fractions as strings for checking."""
        values = {name: getattr(self, name) for name in OUTCOMES}
        data: dict[str, JSON] = {name: float(value) for name, value in values.items()}
        data["exact"] = {name: str(value) for name, value in values.items()}
        return data


def odds_from_state(
    state: AttackState, choices: Choices = DEFAULTS, commitments: Commitments | None = None
) -> Odds:
    """The odds from an attack in progress (e.g. shown while a player decides)."""
    found = distribution(SEED004, state, policy(choices, commitments))
    return Odds(*(found.get(name, Fraction(0)) for name in OUTCOMES))


def naval_odds_from_state(
    state: AttackState, choices: Choices = DEFAULTS, commitments: Commitments | None = None
) -> Odds:
    """The odds of the naval battle itself (M3/M4): who wins it, a tie, or, in the place of
    `ended_before_land`, no naval battle at all (S1-S4 skip it, or a side declines it)."""

    def naval_outcome(state: AttackState) -> str | None:
        if state.naval is not None:
            return battles.OUTCOMES[state.naval.winner]
        if state.land is not None or state.cursor.outcome is not None:
            return "ended_before_land"
        return None

    found = distribution(SEED004, state, policy(choices, commitments), naval_outcome)
    return Odds(*(found.get(name, Fraction(0)) for name in OUTCOMES))


def odds(
    situation: Situation, commitments: Commitments | None = None, choices: Choices = DEFAULTS
) -> Odds:
    """The odds of declaring this attack. `commitments` maps each invited ally to the
    (armies, fleets) it commits; None: every invited ally commits all it has in the region.
    A refused declaration or choice raises `RefusedError` with the reason."""
    state = initial_state(situation)
    if not isinstance(state, AttackState):
        raise RefusedError(state)
    opened, _events = SEED004.open(state)
    return odds_from_state(opened, choices, commitments)
