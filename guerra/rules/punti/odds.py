"""The odds of a "punti" attack: always a Monte Carlo estimate (procedures/punti.md: the damage
spreads are too many to enumerate), with its sample size and a 95% interval.

The boxes before the next roll (the reinforcements, E4-E5, or a decision awaited now) roll no
dice: the engine answers them once, as the policy says (`to_first_roll`); from that roll on,
`guerra.rules.punti.simulate` plays the battles on plain ints, each later decision at its
default (E8's spread, E9's place, E10: counter-attack), as every policy the odds are asked with
answers them (`procedure.policy`, the web adapter's). `SAMPLES` battles keep every outcome
within about one point (95% interval) in some tens of milliseconds (bench/rules_bench.py).
`engine_odds` is the same estimate with the engine playing every battle, a thousand times
slower: the simulator's check (tests/rules/punti/test_simulate.py).
"""

from __future__ import annotations

from guerra.rules.explore import Policy
from guerra.rules.flowchart import NodeKind, Refused, RefusedError
from guerra.rules.odds import Estimate, estimate
from guerra.rules.punti import simulate
from guerra.rules.punti.procedure import PUNTI_PROCEDURE
from guerra.rules.punti.state import PuntiState

SAMPLES = 10_000  # a 95% interval of at most ±1 point


class _NoDice:
    """The boxes before a roll roll nothing: a die asked for is a bug."""

    def roll(self, sides: int = 6) -> int:
        raise AssertionError("a punti box rolled before a roll box")


def to_first_roll(state: PuntiState, policy: Policy[PuntiState]) -> PuntiState:
    """`state` answered by `policy` up to the next roll (the attack's or the counter-attack's)
    or the end."""
    procedure = PUNTI_PROCEDURE
    while not state.cursor.finished and \
            procedure.node(state.cursor.node).kind is not NodeKind.ROLL:
        stepped = procedure.step_once(state, _NoDice())
        if stepped is not None:
            state = stepped[0]
            continue
        submitted = procedure.submit(state, policy(state, state.cursor.awaiting[0]))
        if isinstance(submitted, Refused):
            raise RefusedError(submitted.reason)
        state = submitted.state
    return state


def punti_odds(state: PuntiState, policy: Policy[PuntiState], samples: int = SAMPLES
               ) -> Estimate:
    """The odds from `state` (a declared attack opened, or one under way) with the players
    answering as `policy` does up to the next roll, and by default after it: a seeded Monte
    Carlo estimate of `samples` battles (`simulate.estimate`)."""
    return simulate.estimate(to_first_roll(state, policy), samples)


def engine_odds(state: PuntiState, policy: Policy[PuntiState], samples: int = SAMPLES
                ) -> Estimate:
    """`punti_odds` with the engine playing every battle (`guerra.rules.odds.estimate`):
    about a millisecond a battle."""
    return estimate(PUNTI_PROCEDURE, to_first_roll(state, policy), policy, samples=samples)
