"""The odds of "punti" (procedures/punti.md: "Monte Carlo, with the sample size and a 95%
interval"): `punti_odds` (the simulator) against `engine_odds` (the engine playing every
battle), their precision, their seed, and the policy answering up to the next roll."""

from __future__ import annotations

from guerra.rules.flowchart import Accepted
from guerra.rules.forces import Force, Neutral
from guerra.rules.odds import Estimate
from guerra.rules.punti import graph as g
from guerra.rules.punti.inputs import CounterAttack
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.odds import SAMPLES, engine_odds, punti_odds, to_first_roll
from guerra.rules.punti.procedure import policy
from guerra.rules.punti.state import PuntiState
from tests.rules.punti.helpers import AT, ES, FR, LAND, RU, A, D, P, d6, opened, situation

LARGE = situation(
    Force(FR, gold=5, armies=4, fleets=1), Force(RU, armies=3, forts=1, control_markers=1),
    candidates=(Candidate(ES, A, LAND.name, 2, 1), Candidate(FR, A, "Austria", 2, 0),
                Candidate(AT, D, "Austria", 2, 0)),
    turn_order=(FR, RU, ES, AT))
NEUTRAL = situation(Force(FR, gold=5, armies=3, fleets=1), neutral=Neutral(3, "gold"))
EVEN = situation(Force(FR, gold=5, armies=3), Force(RU, armies=2, fleets=1, control_markers=1),
                 links=())


def agree(simulated: Estimate, engine: Estimate) -> None:
    """Two seeded estimates of the same odds: within their two 95% margins of each other."""
    for outcome in ("attacker_wins", "defender_wins"):
        gap = abs(float(simulated.share(outcome)) - float(engine.share(outcome)))
        assert gap <= simulated.margin(outcome) + engine.margin(outcome), (outcome, gap)


def test_E6_E11_the_simulators_odds_agree_with_the_engines() -> None:
    for s, answer in ((LARGE, policy()), (LARGE, policy(name_all=False, agree=False)),
                      (NEUTRAL, policy()), (EVEN, policy())):
        state = opened(s)
        simulated = punti_odds(state, answer)
        engine = engine_odds(state, answer, samples=1_500)
        assert simulated.samples == SAMPLES and engine.samples == 1_500
        agree(simulated, engine)


def test_E6_E11_odds_within_one_point_and_the_same_every_time() -> None:
    state = opened(LARGE)
    found = punti_odds(state, policy())
    assert found.samples == 10_000
    assert 0.1 < float(found.share("attacker_wins")) < 0.9  # a real contest
    assert all(found.margin(outcome) <= 0.01 for outcome in ("attacker_wins", "defender_wins"))
    assert punti_odds(state, policy()) == found
    assert punti_odds(state, policy(), samples=300).samples == 300


def counter_box(s: Situation) -> PuntiState:
    """The attack played with the dice 1, 1, ... (no hit) to the counter-attack's question."""
    played = P.declare(s, d6(*[1] * 8))
    assert isinstance(played, Accepted)
    assert played.state.cursor.node == g.COUNTER_ATTACK, played.state.cursor
    return played.state


def test_E10_the_policys_answer_at_the_counter_attack_is_honoured() -> None:
    """From the counter-attack's box the policy's answer is played: a refusal ends the attack
    there, an acceptance goes on to the roll. Neither changes who holds the region: E10 comes
    only while the primary defender holds it, and hits the attacker only."""
    state = counter_box(EVEN)
    base = policy()

    def refusing(s: PuntiState, power: str) -> object:
        if s.cursor.node == g.COUNTER_ATTACK:
            return CounterAttack(power, s.step, False)
        return base(s, power)

    assert to_first_roll(state, refusing).cursor.finished
    assert to_first_roll(state, base).cursor.node == g.COUNTER_ROLL
    assert punti_odds(state, refusing).share("defender_wins") == 1
    assert punti_odds(state, base).share("defender_wins") == 1
