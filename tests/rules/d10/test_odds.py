"""Exact odds of "d10" (`exchange.win_counts`, `odds.estimate`) against enumerations and
models written here, and the Monte Carlo estimate where exact odds would cost too much."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import factorial, prod

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guerra.rules import odds as odds_module
from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.case import odds
from guerra.rules.d10.exchange import classes, win_counts
from guerra.rules.d10.model import Situation
from guerra.rules.d10.procedure import D10, policy
from guerra.rules.d10.state import D10State
from guerra.rules.explore import distribution
from guerra.rules.flowchart import RefusedError
from guerra.rules.forces import Neutral
from guerra.rules.odds import EXACT_ODDS_LIMIT, Estimate, estimate, monte_carlo
from tests.rules.d10.helpers import (
    AT,
    ES,
    GB,
    PR,
    A,
    D,
    accepted,
    ally,
    attacker,
    declare,
    defender,
    opened,
    situation,
)

# The same 25 situations every run (derandomize): a random draw of the largest allies made the
# independent model enumerate millions of faces now and then, 20 s of a run instead of 1.
FEW = settings(max_examples=25, deadline=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow])


def wins(attacking: tuple[int, ...], defending: tuple[int, ...]) -> int:
    """P2 as written: sort both sides, pair by rank, count the attacking side's higher rolls."""
    pairs = zip(sorted(attacking, reverse=True), sorted(defending, reverse=True), strict=False)
    return sum(1 for a, d in pairs if a > d)


def brute_force(attackers: int, defenders: int, sides: int) -> tuple[int, ...]:
    """Every face of every die, one by one."""
    counts = Counter(
        wins(faces[:attackers], faces[attackers:])
        for faces in itertools.product(range(1, sides + 1), repeat=attackers + defenders))
    return tuple(counts[w] for w in range(min(attackers, defenders) + 1))


# --- one exchange -------------------------------------------------------------------------------


def test_P2_win_counts_of_small_exchanges_worked_out_by_hand() -> None:
    # One die each: the attacker's is higher in (100 - 10) / 2 = 45 of 100 faces.
    assert win_counts(1, 1) == (55, 45)
    # Two against one: the higher of two beats d unless both are <= d: sum (100 - d^2) over
    # d = 1..10 is 1000 - 385 = 615.
    assert win_counts(2, 1) == (385, 615)
    # One against two: a beats both when both are below a: sum (a - 1)^2 = 285.
    assert win_counts(1, 2) == (715, 285)


@pytest.mark.parametrize(("attackers", "defenders"),
                         [(a, d) for a in range(1, 5) for d in range(1, 5) if a + d <= 5])
def test_P2_win_counts_agree_with_every_face_of_ten_sided_dice(attackers: int,
                                                                defenders: int) -> None:
    assert win_counts(attackers, defenders) == brute_force(attackers, defenders, 10)


@pytest.mark.parametrize(("attackers", "defenders", "sides"),
                         [(a, d, s) for a in range(1, 6) for d in range(1, 6) for s in (2, 3, 4)
                          if a + d <= 7])
def test_P2_win_counts_agree_with_every_face_of_smaller_dice(attackers: int, defenders: int,
                                                             sides: int) -> None:
    assert win_counts(attackers, defenders, sides) == brute_force(attackers, defenders, sides)


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (3, 2), (2, 5), (6, 6), (9, 3)])
def test_P2_each_odds_class_is_what_its_faces_give_and_the_classes_sum_to_one(
        attackers: int, defenders: int) -> None:
    found = classes(attackers, defenders)
    assert sum(p for _faces, p in found) == 1
    for won, (faces, probability) in enumerate(found):
        assert len(faces) == attackers + defenders
        assert all(1 <= face <= 10 for face in faces)
        assert wins(faces[:attackers], faces[attackers:]) == won
        assert probability == Fraction(win_counts(attackers, defenders)[won],
                                       10 ** (attackers + defenders))


# --- a whole attack -------------------------------------------------------------------------------


def test_exact_odds_of_small_attacks_worked_out_by_hand() -> None:
    one_each = odds(situation(attacker(armies=1), defender(armies=1)))
    assert one_each.exact and dict(one_each.shares) == {
        "attacker_wins": Fraction(9, 20), "defender_wins": Fraction(11, 20)}
    # One die cannot wipe out two units: a single pair is made.
    assert dict(odds(situation(attacker(armies=1), defender(armies=2))).shares) == {
        "defender_wins": 1}
    # Two against one: 615/1000. A defending ally changes nothing: it arrives only when the
    # defender survived, and then nobody attacks it.
    two = situation(attacker(armies=2), defender(armies=1), allies=[ally(PR, D, 1)])
    assert odds(two).share("attacker_wins") == Fraction(123, 200)
    # An attacking ally after a lost first exchange: 123/200 + 77/200 * 9/20.
    helped = situation(attacker(armies=2), defender(armies=1), allies=[ally(ES, A, 1)])
    assert odds(helped).share("attacker_wins") == Fraction(3153, 4000)
    assert odds(helped, {}).share("attacker_wins") == Fraction(123, 200)  # Spagna stays out


def test_exact_odds_against_a_neutral() -> None:
    # An army and a fleet against defence 1: two dice against one, 615/1000.
    s = situation(attacker(armies=1, fleets=1, forts=3), neutral=Neutral(1, "gold"))
    assert odds(s).share("attacker_wins") == Fraction(123, 200)


def test_exact_odds_from_an_attack_in_progress() -> None:
    s = situation(attacker(armies=1), defender(armies=1), allies=[ally(ES, A, 1)])
    state = accepted(declare(s, 1, 1)).state  # Francia lost; Spagna is asked
    found = estimate(D10_PROCEDURE, state, policy())
    assert dict(found.shares) == {"attacker_wins": Fraction(9, 20),
                                  "defender_wins": Fraction(11, 20)}


def test_odds_refuse_what_the_rules_refuse() -> None:
    with pytest.raises(RefusedError):
        odds(situation(attacker(gold=1), defender()))


# An independent model of P1-P6 for the outcome alone: only how many units each side has
# matters (every unit rolls one die), so an exchange is a distribution of pairs won, counted
# here over sorted faces with their multiplicities.


@cache
def exchange_odds(attackers: int, defenders: int) -> dict[int, Fraction]:
    def sorted_faces(n: int) -> list[tuple[tuple[int, ...], int]]:
        found = []
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), n):
            ways = factorial(n) // prod(factorial(c) for c in Counter(faces).values())
            found.append((faces, ways))
        return found

    total = 10 ** (attackers + defenders)
    result: Counter[int] = Counter()
    for a_faces, a_ways in sorted_faces(attackers):
        for d_faces, d_ways in sorted_faces(defenders):
            result[wins(a_faces, d_faces)] += a_ways * d_ways
    return {w: Fraction(n, total) for w, n in result.items()}


def model(s: Situation) -> Fraction:
    """P(attacker_wins), every ally arriving with all it has."""
    defending = (s.neutral.defense if s.neutral is not None
                 else s.defender.armies + s.defender.fleets + s.defender.forts)

    def after(exchanges: list[int], defending: int, allies: tuple[tuple[str, int], ...]
              ) -> Fraction:
        if defending == 0:
            return Fraction(1)
        if not exchanges:
            if not allies:
                return Fraction(0)
            (side, units), rest = allies[0], allies[1:]
            if units == 0:
                return after([], defending, rest)
            if side == D:
                return after([], defending + units, rest)
            return after([units], defending, rest)
        share = Fraction(0)
        for won, p in exchange_odds(exchanges[0], defending).items():
            share += p * after([], defending - won, allies)
        return share

    allies = tuple((r.side, r.armies + r.fleets) for r in s.reinforcements)
    return after([s.attacker.armies + s.attacker.fleets], defending, allies)


@st.composite
def small_situations(draw: st.DrawFn) -> Situation:
    a = attacker(armies=draw(st.integers(0, 2)), fleets=draw(st.integers(0, 1)),
                 forts=draw(st.integers(0, 1)))
    if a.armies + a.fleets == 0:
        a = attacker(armies=1)
    if draw(st.integers(0, 4)) == 0:
        return situation(a, neutral=Neutral(draw(st.integers(0, 3))))
    d = defender(armies=draw(st.integers(0, 2)), fleets=draw(st.integers(0, 1)),
                 forts=draw(st.integers(0, 1)))
    names = draw(st.lists(st.sampled_from([ES, PR, AT, GB]), unique=True, max_size=3))
    allies = [ally(name, draw(st.sampled_from([A, D])), draw(st.integers(0, 2)),
                   draw(st.integers(0, 1))) for name in names]
    return situation(a, d, allies=allies)


@FEW
@given(small_situations())
def test_exact_odds_agree_with_an_independent_model_of_the_exchanges(s: Situation) -> None:
    found = odds(s)
    assert found.exact
    assert sum(share for _name, share in found.shares) == 1
    assert found.share("attacker_wins") == model(s)
    assert set(dict(found.shares)) <= {"attacker_wins", "defender_wins"}


MIXED = situation(attacker(armies=2, fleets=1), defender(armies=2, forts=1),
                  allies=[ally(PR, D, 1), ally(ES, A, 2)])


def test_the_odds_of_a_whole_attack_lie_within_the_95_percent_interval_of_a_monte_carlo_run(
) -> None:
    exact = odds(MIXED)
    assert exact.exact
    sampled = monte_carlo(D10_PROCEDURE, opened(MIXED), policy(), 4000)
    assert sampled.samples == 4000 and not sampled.exact
    for outcome in ("attacker_wins", "defender_wins"):
        low, high = sampled.interval(outcome)
        assert low <= float(exact.share(outcome)) <= high, (outcome, low, high)
    assert sum(share for _name, share in sampled.shares) == 1


def test_above_the_exact_limit_the_odds_are_a_monte_carlo_estimate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    exact = odds(MIXED)
    monkeypatch.setattr(odds_module, "EXACT_ODDS_LIMIT", 0)
    sampled = odds(MIXED)
    assert not sampled.exact and sampled.samples == odds_module.MONTE_CARLO_SAMPLES
    for outcome in ("attacker_wins", "defender_wins"):
        low, high = sampled.interval(outcome)
        assert low < float(exact.share(outcome)) < high
        assert 0 < sampled.margin(outcome) < 0.01  # 10,000 battles: within a point
    # Seeded: the same state gives the same estimate every time.
    again = monte_carlo(D10_PROCEDURE, opened(MIXED), policy(), 300)
    assert again == monte_carlo(D10_PROCEDURE, opened(MIXED), policy(), 300)


def test_a_large_attack_costs_more_than_the_limit_and_is_estimated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    big = situation(attacker(armies=9, fleets=6), defender(armies=9, fleets=6, forts=5),
                    allies=[ally(ES, A, 9, 6), ally(PR, D, 9, 6), ally(AT, A, 9, 6),
                            ally(GB, A, 9, 6)])
    state = opened(big)
    assert D10_PROCEDURE.odds_cost(state) > EXACT_ODDS_LIMIT
    monkeypatch.setattr(odds_module, "MONTE_CARLO_SAMPLES", 200)
    found = odds(big)
    assert found.samples == 200
    assert sum(share for _name, share in found.shares) == 1


def test_a_small_attack_costs_less_than_the_limit() -> None:
    assert D10_PROCEDURE.odds_cost(opened(MIXED)) <= EXACT_ODDS_LIMIT
    assert D10_PROCEDURE.odds_cost(opened(MIXED)) > 0


# --- Estimate ----------------------------------------------------------------------------------


def test_the_interval_of_exact_odds_is_a_point() -> None:
    found = Estimate((("attacker_wins", Fraction(9, 20)), ("defender_wins", Fraction(11, 20))))
    assert found.interval("attacker_wins") == (0.45, 0.45)
    assert found.margin("defender_wins") == 0
    assert found.interval("tie") == (0.0, 0.0)


def test_a_monte_carlo_interval_is_wilsons_score_interval() -> None:
    # Half of 100 battles: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n) with
    # z = 1.96 gives 0.5 ± 0.0962.
    half = Estimate((("attacker_wins", Fraction(1, 2)),), samples=100)
    low, high = half.interval("attacker_wins")
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert half.margin("attacker_wins") == pytest.approx(0.0962, abs=1e-4)
    # Never seen in 100: from 0 to z² / (n + z²) = 3.8415 / 103.8415.
    never = half.interval("defender_wins")
    assert never[0] == 0.0 and never[1] == pytest.approx(0.03699, abs=1e-5)


@pytest.mark.parametrize("samples", [100, 2000, 10_000, 12_345])
def test_an_outcome_never_or_always_seen_has_an_interval_from_exactly_0_or_to_exactly_1(
        samples: int) -> None:
    always = Estimate((("attacker_wins", Fraction(1)),), samples=samples)
    assert always.interval("attacker_wins")[1] == 1.0
    assert always.interval("defender_wins")[0] == 0.0
    # Wilson's bound on the other side: z² / (n + z²).
    assert always.interval("defender_wins")[1] == pytest.approx(3.8415 / (samples + 3.8415),
                                                                rel=1e-4)


class Unshared(D10):
    """d10 with no odds shared between states: every exchange enumerated on its own."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "d10_unshared"

    def odds_memo_key(self, state: D10State) -> None:
        return None


@FEW
@given(st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(0, 1)),
       st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)))
def test_sharing_the_odds_of_exchanges_alike_changes_no_fraction(
        sides: tuple[int, int, int], allies: tuple[int, int, int]) -> None:
    """The memo key keeps only the dice about to be rolled and who is still to ask: the exact
    fractions with it are those of enumerating every state on its own, whether the allies
    arrive with everything or stay out."""
    (a, d, fleets), (first, second, third) = sides, allies
    s = situation(attacker(armies=a), defender(armies=d, fleets=fleets),
                  allies=(ally(ES, A, armies=first), ally(PR, D, armies=second),
                          ally(AT, A, armies=third)))
    start = opened(s)
    unshared = Unshared()
    for arrivals in (None, {}):
        shared = distribution(D10_PROCEDURE, start, policy(arrivals))
        alone = distribution(unshared, start, policy(arrivals))
        assert shared == alone
        assert sum(shared.values()) == 1
