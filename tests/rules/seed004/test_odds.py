"""Exact odds: hand-computed cases, sums, agreement with Monte Carlo and with finer classes."""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guerra.rules.dice import Dice, RandomDice
from guerra.rules.events import Event
from guerra.rules.explore import distribution, play
from guerra.rules.flowchart import Node, RefusedError
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.choices import Choices, Commitments, policy
from guerra.rules.seed004.declaration import initial_state
from guerra.rules.seed004.model import AllyForce, Neutral, Situation
from guerra.rules.seed004.odds import OUTCOMES, Odds, odds, odds_from_state
from guerra.rules.seed004.procedure import SEED004, Seed004
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import AT, ES, PR, SEA, attacker, declare, defender, situation
from tests.rules.strategies import choices, commitments, declarable

# |d1 - d2| for two dice: 0..5 with 6, 10, 8, 6, 4, 2 chances in 36.
DIFFERENCE = {0: Fraction(6, 36), 1: Fraction(10, 36), 2: Fraction(8, 36),
              3: Fraction(6, 36), 4: Fraction(4, 36), 5: Fraction(2, 36)}

LARGE = situation(
    attacker(armies=3, fleets=2, army_training=1, alliance_tiles=2),
    defender(armies=2, fleets=2, forts=1, navy_training=2, control_markers=2, alliance_tiles=1),
    region=SEA, a_allies=[AllyForce(ES, 2, 2), AllyForce(AT, 1, 1)],
    d_allies=[AllyForce(PR, 2, 1)],
)


def test_odds_against_an_even_neutral_match_a_hand_computation() -> None:
    # 3 armies vs defence 3: only the dice differences decide.
    tie = sum(p * p for p in DIFFERENCE.values())
    result = odds(situation(attacker(armies=3), neutral=Neutral(3)))
    assert result.tie == tie == Fraction(16, 81)
    assert result.attacker_wins == result.defender_wins == (1 - tie) / 2 == Fraction(65, 162)
    assert result.ended_before_land == 0


def test_odds_of_a_land_battle_with_a_fort_match_a_hand_computation() -> None:
    # A: 3 armies; D: 1 army + 1 fort (+2) = 3 as well: the same as the even neutral.
    result = odds(situation(attacker(armies=3), defender(armies=1, forts=1)))
    assert result == Odds(Fraction(65, 162), Fraction(16, 81), Fraction(65, 162), Fraction(0))


def test_odds_of_an_attack_that_cannot_reach_the_land_battle() -> None:
    result = odds(situation(attacker(armies=0, fleets=2), defender(fleets=1), region=SEA))
    assert result.ended_before_land == 1 and result.total == 1


def test_odds_follow_the_choices_and_the_commitments() -> None:
    base = odds(LARGE)
    declined = odds(LARGE, commitments={})  # every ally declines
    assert base != declined
    no_fight = odds(LARGE, choices=Choices(attacker_fights_naval=False))
    assert no_fight.attacker_wins < base.attacker_wins  # D then gets naval support for sure
    assert base.total == declined.total == no_fight.total == 1


def test_odds_refuse_what_the_rules_refuse() -> None:
    with pytest.raises(RefusedError) as poor:
        odds(situation(attacker(gold=1)))
    assert poor.value.reason.count == 1
    assert poor.value.reason.msgid == (
        "Declaring an attack costs 2 gold: {power} has only {count} gold.")
    with pytest.raises(RefusedError) as greedy:
        odds(LARGE, choices=Choices(attacker_naval_tiles=5))
    assert greedy.value.reason.msgid == "{power} holds only {count} Alliance tile for this region."


def test_odds_from_an_attack_in_progress() -> None:
    s = situation(attacker(armies=3), defender(armies=1, forts=1))
    waiting = declare(s, (6, 2), (1, 1)).state  # A won; D must choose its loss
    assert isinstance(waiting, AttackState) and waiting.cursor.node == "land_loss_choice"
    assert odds_from_state(waiting).attacker_wins == 1
    fresh = declare(situation(a_allies=[AllyForce(ES, 1, 0)])).state
    assert isinstance(fresh, AttackState) and fresh.cursor.node == "allies"
    # From the allies' box, Spagna declining (as on timeout, A3): 1 army against 1 army on land
    # (no sea), the even battle of the neutral case above: 65/162, 16/81, 65/162.
    assert odds_from_state(fresh, commitments={}) == Odds(Fraction(65, 162), Fraction(16, 81),
                                                          Fraction(65, 162), Fraction(0))
    # Spagna committing its army (the default of `odds`): A 2 + a, D 1 + d, with a and d the
    # differences (weights 6, 10, 8, 6, 4, 2 in 36). A wins when a >= d: 16/81 + 65/162 =
    # 97/162; a tie when d = a + 1: (6*10 + 10*8 + 8*6 + 6*4 + 4*2)/1296 = 220/1296 = 55/324;
    # D wins otherwise: 1 - 194/324 - 55/324 = 75/324 = 25/108.
    assert odds_from_state(fresh) == Odds(Fraction(97, 162), Fraction(55, 324),
                                          Fraction(25, 108), Fraction(0))


def test_the_exact_fractions_are_reported_as_strings_too() -> None:
    data = odds(situation(attacker(armies=3), neutral=Neutral(3))).to_dict()
    assert data["tie"] == pytest.approx(16 / 81)
    assert data["exact"] == {"attacker_wins": "65/162", "tie": "16/81",
                             "defender_wins": "65/162", "ended_before_land": "0"}


class FinerSeed004(Seed004):
    """Keeps every 7 apart at sea and every face apart on land: slower, same answer."""

    def odds_key(self, node: Node, faces: tuple[int, ...]) -> object:
        if node.id == g.NAVAL_BATTLE:
            return tuple((abs(faces[i] - faces[i + 1]), faces[i] + faces[i + 1] == 7)
                         for i in (0, 2))
        if node.id in (g.LAND_BATTLE, g.NEUTRAL_BATTLE):
            return faces
        return super().odds_key(node, faces)


FINER = FinerSeed004()


def _finer_odds(
    s: Situation, chosen: Choices, committed: Commitments | None
) -> dict[str, Fraction]:
    state = initial_state(s)
    assert isinstance(state, AttackState)
    opened, _ = FINER.open(state)
    return distribution(FINER, opened, policy(chosen, committed))


@pytest.mark.parametrize("s", [
    situation(attacker(armies=2, army_training=1), defender(armies=1, forts=1)),
    situation(attacker(armies=2, alliance_tiles=1), neutral=Neutral(3, "gold")),
])
def test_merging_faces_by_difference_is_exact_on_land(s: Situation) -> None:
    finer = _finer_odds(s, Choices(), None)
    assert odds(s) == Odds(*(finer.get(o, Fraction(0)) for o in OUTCOMES))


def test_merging_the_sevens_at_sea_is_exact() -> None:
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=2), region=SEA,
                  a_allies=[AllyForce(ES, 1, 1)])
    finer = _finer_odds(s, Choices(), None)
    assert odds(s) == Odds(*(finer.get(o, Fraction(0)) for o in OUTCOMES))


def monte_carlo(s: Situation, chosen: Choices, committed: Commitments | None, runs: int,
                seed: int) -> dict[str, float]:
    dice = RandomDice(seed)
    counts = dict.fromkeys(OUTCOMES, 0)
    for _ in range(runs):
        outcome = play(SEED004, s, policy(chosen, committed), dice).state.outcome
        assert outcome is not None
        counts[outcome] += 1
    return {name: count / runs for name, count in counts.items()}


def assert_agree(exact: Odds, sampled: dict[str, float], runs: int) -> None:
    for name in OUTCOMES:
        p = float(getattr(exact, name))
        # Five standard deviations: with a fixed seed this never flakes, yet a wrong
        # enumeration (a mis-weighted class) shows at once.
        assert abs(sampled[name] - p) <= 5 * math.sqrt(p * (1 - p) / runs) + 1 / runs, name


@pytest.mark.parametrize("s", [LARGE, situation(attacker(armies=2), neutral=Neutral(2, "vp"))])
def test_odds_agree_with_a_seeded_monte_carlo_run(s: Situation) -> None:
    assert_agree(odds(s), monte_carlo(s, Choices(), None, 3000, seed=4), 3000)


SLOW = settings(max_examples=8, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(st.data(), declarable())
def test_odds_sum_to_one_and_agree_with_monte_carlo(data: st.DataObject, s: Situation) -> None:
    chosen, committed = data.draw(choices(s)), data.draw(commitments(s))
    exact = odds(s, committed, chosen)
    assert exact.total == 1
    assert all(0 <= getattr(exact, name) <= 1 for name in OUTCOMES)
    assert_agree(exact, monte_carlo(s, chosen, committed, 500, seed=11), 500)


def test_the_odds_name_every_outcome_of_the_procedure() -> None:
    ends = {g.ENDED, g.ENDED_WITHOUT_LAND}
    assert {n.id for n in SEED004.nodes if n.kind.value == "end"} == ends
    assert set(OUTCOMES) == {"attacker_wins", "tie", "defender_wins", "ended_before_land"}


class UnsharedSeed004(Seed004):
    """Enumerates the dice after every roll again, whatever state it reached: slower, same
    answer (see `Procedure.odds_memo_key`)."""

    def __init__(self) -> None:
        super().__init__()
        self.land_rolls = 0
        # What L2's totals read at the land battle: the units each power holds and the naval
        # support; one entry per different situation the land battle was reached in.
        self.before_land: set[object] = set()

    def odds_memo_key(self, state: AttackState) -> Hashable | None:
        return None

    def step_once(
        self, state: AttackState, dice: Dice
    ) -> tuple[AttackState, tuple[Event, ...]] | None:
        if state.cursor.node == g.LAND_BATTLE:
            self.land_rolls += 1
            self.before_land.add((state.holdings, state.naval_support))
        return super().step_once(state, dice)


class CountingSeed004(UnsharedSeed004):
    """Shares as the procedure does, counting the land battles it rolls."""

    def odds_memo_key(self, state: AttackState) -> Hashable | None:
        return Seed004.odds_memo_key(self, state)


def _odds_with(procedure: Seed004, s: Situation, chosen: Choices | None = None,
               committed: Commitments | None = None) -> dict[str, Fraction]:
    state = initial_state(s)
    assert isinstance(state, AttackState)
    opened, _ = procedure.open(state)
    return distribution(procedure, opened, policy(chosen or Choices(), committed))


@SLOW
@given(st.data(), declarable())
def test_sharing_the_odds_of_states_alike_after_the_dice_is_exact(
    data: st.DataObject, s: Situation
) -> None:
    chosen, committed = data.draw(choices(s)), data.draw(commitments(s))
    assert _odds_with(SEED004, s, chosen, committed) == _odds_with(
        UnsharedSeed004(), s, chosen, committed)


def test_the_land_battle_is_enumerated_once_per_state_the_naval_battle_leaves() -> None:
    shared, unshared = CountingSeed004(), UnsharedSeed004()
    assert _odds_with(shared, LARGE) == _odds_with(unshared, LARGE)
    # Without sharing: one land battle (36 classes of dice) per class of naval dice (36
    # classes: |d1 - d2| of each side's pair, 6 x 6), since every naval result reaches it.
    assert unshared.land_rolls == 36 * 36
    # With sharing, once per state the naval battle can leave (the units left, the support):
    # who won it (attacker, tie, defender) times who lost an extra fleet to a 7 (nobody,
    # attacker, defender), at most 9, each rolled 36 times (one per class of land dice).
    assert 1 < len(unshared.before_land) <= 9
    assert shared.land_rolls == 36 * len(unshared.before_land)
