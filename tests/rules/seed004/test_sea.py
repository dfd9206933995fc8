"""S1-S4: who gets naval support."""

from __future__ import annotations

from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.events import NavalSupport
from guerra.rules.seed004.inputs import AllyAnswer, NavalDecision
from guerra.rules.seed004.model import AllyForce
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import (
    ES,
    FR,
    RU,
    SEA,
    accepted,
    attacker,
    declare,
    defender,
    pairs,
    run,
    situation,
)

NAVAL_NODES = {"attacker_naval_choice", "defender_naval_choice", "naval_tiles", "naval_battle"}


def test_S1_a_region_without_sea_has_no_naval_step() -> None:
    s = situation(attacker(fleets=3), defender(fleets=3))  # landlocked
    played = run(s, (1, 1), (1, 1))
    assert not NAVAL_NODES & set(played.state.cursor.path)
    assert played.state.naval_support is None
    assert NavalSupport(None, None, "S1") in played.events


def test_S2_committed_allied_fleets_count_as_fleets() -> None:
    s = situation(attacker(fleets=0), defender(fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 0, 1)])
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, _commit(state, ES, 0, 1), pairs())).state
    assert state.cursor.node == "attacker_naval_choice"  # both sides have fleets


def test_S2_uncommitted_allied_fleets_do_not_count() -> None:
    s = situation(attacker(fleets=0), defender(fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 0, 1)])
    played = run(s, (1, 1), (1, 1), commitments={})
    assert NavalSupport("defender", RU, "S3") in played.events


def test_S3_only_one_side_with_fleets_gets_support_without_combat() -> None:
    played = run(situation(attacker(fleets=2), defender(fleets=0), region=SEA), (1, 1), (1, 1))
    assert NavalSupport("attacker", FR, "S3") in played.events
    assert "naval_battle" not in played.state.cursor.path


def test_S3_no_side_with_fleets_nobody_gets_support() -> None:
    played = run(situation(region=SEA), (1, 1), (1, 1))
    assert NavalSupport(None, None, "S3") in played.events
    assert played.state.naval_support is None



def test_S4_the_attacker_declines_and_the_defender_gets_support() -> None:
    played = run(situation(attacker(fleets=1), defender(fleets=1), region=SEA), (1, 1), (1, 1),
                 choices=Choices(attacker_fights_naval=False))
    assert NavalSupport("defender", RU, "S4") in played.events
    assert "defender_naval_choice" not in played.state.cursor.path


def test_S4_the_defender_refuses_and_the_attacker_gets_support() -> None:
    played = run(situation(attacker(fleets=1), defender(fleets=1), region=SEA), (1, 1), (1, 1),
                 choices=Choices(defender_accepts_naval=False))
    assert NavalSupport("attacker", FR, "S4") in played.events
    assert "naval_battle" not in played.state.cursor.path


def test_S4_both_willing_the_naval_battle_is_fought() -> None:
    s = situation(attacker(fleets=1), defender(fleets=1), region=SEA)
    state = accepted(declare(s)).state
    assert (state.cursor.node, state.awaiting) == ("attacker_naval_choice", (FR,))
    state = accepted(SEED004.advance(state, NavalDecision(FR, state.step, True), pairs())).state
    assert (state.cursor.node, state.awaiting) == ("defender_naval_choice", (RU,))
    result = accepted(SEED004.advance(state, NavalDecision(RU, state.step, True),
                                      pairs((6, 6), (1, 2), (1, 1), (1, 1))))
    assert "naval_battle" in result.state.cursor.path
    assert result.state.naval is not None


def _commit(state: AttackState, power: str, armies: int, fleets: int) -> AllyAnswer:
    return AllyAnswer(power, state.step, armies, fleets)
