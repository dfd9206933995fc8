"""The odds of a "punti" attack: always a Monte Carlo estimate (procedures/punti.md: the damage
spreads are too many to enumerate), with its sample size and a 95% interval.

The reinforcements (E4-E5) roll no dice: they are answered once, as the policy says, before
the battles are sampled, so each sample plays the battle only (the rolls, the damage, the
retreat, the counter-attack). `SAMPLES` battles keep every outcome within about 2.2 points
(95% interval) and a page's odds within a fraction of a second (bench/rules_bench.py).
"""

from __future__ import annotations

from guerra.rules.explore import Policy
from guerra.rules.flowchart import NodeKind, Refused, RefusedError
from guerra.rules.odds import Estimate, estimate
from guerra.rules.punti.procedure import PUNTI_PROCEDURE
from guerra.rules.punti.state import PuntiState

SAMPLES = 2_000


class _NoDice:
    """The reinforcements roll nothing: a die asked for is a bug."""

    def roll(self, sides: int = 6) -> int:
        raise AssertionError("a punti box rolled before the attack roll")


def to_first_roll(state: PuntiState, policy: Policy[PuntiState]) -> PuntiState:
    """`state` answered by `policy` up to the attack roll (or the end)."""
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
    answering as `policy` does: a seeded Monte Carlo estimate of `samples` battles."""
    return estimate(PUNTI_PROCEDURE, to_first_roll(state, policy), policy, samples=samples)
