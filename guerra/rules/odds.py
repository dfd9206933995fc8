"""Odds of any procedure from any state: exact where enumerating the dice is cheap, otherwise a
Monte Carlo estimate with its sample size and a 95% interval.

The procedure chooses per situation (`Procedure.odds_cost`, about a tenth of a millisecond a
unit): a cost at or below `EXACT_ODDS_LIMIT` (or None, always cheap) is enumerated exactly by
`explore.distribution`; above it, `MONTE_CARLO_SAMPLES` battles are played with seeded random
dice, which puts every outcome within about one percentage point (95% interval). The seed is
fixed, so the same state gives the same estimate in every process, and a page can cache it
per (attack, step) like an exact figure.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from guerra.rules.dice import RandomDice
from guerra.rules.explore import Policy, distribution
from guerra.rules.flowchart import FlowchartError, Procedure, Refused, RefusedError, S

EXACT_ODDS_LIMIT = 20_000
MONTE_CARLO_SAMPLES = 10_000  # a 95% interval of at most ±1 point
MONTE_CARLO_SEED = 1700  # fixed: the same state, the same estimate, in every process
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Estimate:
    """The probability of each outcome: exact fractions, or sample frequencies (`samples`
    battles played). Outcomes never reached are absent (probability 0)."""

    shares: tuple[tuple[str, Fraction], ...]
    samples: int | None = None  # None: exact

    @property
    def exact(self) -> bool:
        return self.samples is None

    def share(self, outcome: str) -> Fraction:
        return dict(self.shares).get(outcome, Fraction(0))

    def interval(self, outcome: str) -> tuple[float, float]:
        """The 95% interval of an outcome's probability (Wilson's score interval, which stays
        inside 0-1 even for outcomes seldom or never seen); a point for exact odds."""
        p = float(self.share(outcome))
        if self.samples is None:
            return (p, p)
        n = self.samples
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        # Exactly 0 (or 1) at the bound an outcome never (always) seen touches: the two
        # terms are equal there, but their floating-point difference need not be 0.
        low = 0.0 if p == 0 else max(0.0, centre - half)
        high = 1.0 if p == 1 else min(1.0, centre + half)
        return (low, high)

    def margin(self, outcome: str) -> float:
        """Half the width of the 95% interval (0 for exact odds)."""
        low, high = self.interval(outcome)
        return (high - low) / 2


Outcome = Callable[[Any], str | None]


def estimate(procedure: Procedure[S, Any], state: S, policy: Policy[S], *,
             settled_outcome: Outcome | None = None, samples: int | None = None) -> Estimate:
    """The odds from `state` with the players answering as `policy` does: exact when the
    procedure says enumeration is cheap, a Monte Carlo estimate otherwise (or when `samples`
    asks for one)."""
    cost = procedure.odds_cost(state)
    if samples is None and (cost is None or cost <= EXACT_ODDS_LIMIT):
        found = distribution(procedure, state, policy, settled_outcome)
        return Estimate(tuple(sorted(found.items())))
    return monte_carlo(procedure, state, policy, samples or MONTE_CARLO_SAMPLES,
                       settled_outcome=settled_outcome)


def monte_carlo(procedure: Procedure[S, Any], state: S, policy: Policy[S], samples: int, *,
                settled_outcome: Outcome | None = None) -> Estimate:
    """`samples` battles played from `state` with seeded random dice, stopping each as soon as
    its outcome is settled."""
    if samples < 1:
        raise ValueError("a Monte Carlo estimate needs at least one sample")
    outcome_of = settled_outcome or procedure.settled_outcome
    dice = RandomDice(random.Random(MONTE_CARLO_SEED))
    counts: dict[str, int] = {}
    for _ in range(samples):
        outcome = _play_out(procedure, state, policy, dice, outcome_of)
        counts[outcome] = counts.get(outcome, 0) + 1
    return Estimate(tuple(sorted((k, Fraction(v, samples)) for k, v in counts.items())),
                    samples)


def _play_out(procedure: Procedure[S, Any], state: S, policy: Policy[S], dice: RandomDice,
              outcome_of: Outcome) -> str:
    while True:
        settled = outcome_of(state)
        if settled is not None:
            return settled
        stepped = procedure.step_once(state, dice)
        if stepped is not None:
            state = stepped[0]
            continue
        awaiting = state.cursor.awaiting
        if not awaiting:
            raise FlowchartError(f"{procedure.name}: stuck at {state.cursor.node}")
        submitted = procedure.submit(state, policy(state, awaiting[0]))
        if isinstance(submitted, Refused):
            raise RefusedError(submitted.reason)
        state = submitted.state


def defaults(procedure: Procedure[S, Any]) -> Policy[S]:
    """The policy of the deadlines: every awaited power answers its box's default."""
    return procedure.default_input
