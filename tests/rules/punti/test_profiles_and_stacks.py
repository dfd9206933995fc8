"""E1 (profiles, scenario data), E2 (primary stacks) and E3 (who may reinforce, from the game's
`Engagement`)."""

from __future__ import annotations

import pytest

from guerra.rules.events import GoldChanged, UnitLost
from guerra.rules.flowchart import Refused
from guerra.rules.forces import AllyForce, Engagement, LinkedForce, Neutral
from guerra.rules.jsonvalue import DataError
from guerra.rules.punti.model import Candidate
from guerra.rules.punti.procedure import situation_of
from guerra.rules.punti.profiles import DEFAULT_PROFILES, Profile, read_profiles
from tests.rules.punti.helpers import (
    AT,
    ES,
    FR,
    LAND,
    PR,
    RU,
    SV,
    A,
    D,
    P,
    attacker,
    declare,
    defender,
    left,
    of_type,
    opened,
    run,
    situation,
)


def test_E1_default_profiles_are_the_rules() -> None:
    assert DEFAULT_PROFILES.army == Profile(2, 3, 2, 2, 1)
    assert DEFAULT_PROFILES.fleet == Profile(2, 2, 2, 3, 0)
    assert DEFAULT_PROFILES.fort == Profile(0, 5, 3, 0, 0)


def test_E1_scenario_data_takes_the_defaults_for_what_it_leaves_out() -> None:
    data = P.read_data({"profiles": {"army": {"defence": 4, "range": 0}}})
    assert data == {"profiles": {
        "army": {"attack": 2, "defence": 4, "health": 2, "speed": 2, "range": 0},
        "fleet": {"attack": 2, "defence": 2, "health": 2, "speed": 3, "range": 0},
        "fort": {"attack": 0, "defence": 5, "health": 3, "speed": 0, "range": 0}}}
    assert P.read_data({}) == {"profiles": DEFAULT_PROFILES.to_dict()}


@pytest.mark.parametrize("data", [
    {"profiles": {"tank": {}}}, {"profiles": {"army": {"armour": 1}}},
    {"profiles": {"army": {"health": 0}}}, {"profiles": {"army": {"range": 4}}},
    {"profiles": {"army": {"attack": 21}}}, {"profiles": {"army": {"attack": -1}}},
    {"profiles": {"army": {"attack": 1.5}}}, {"profiles": {"army": {"attack": True}}},
    {"profiles": {"army": 3}}, {"cards": []},
])
def test_E1_bad_scenario_data_is_refused_in_one_italian_line(data: dict[str, object]) -> None:
    with pytest.raises(DataError) as error:
        P.read_data(data)
    text = error.value.message.render()
    assert "\n" not in text and text != error.value.message.render("en")


def test_E1_profiles_change_health_and_dice() -> None:
    strong = read_profiles({"army": {"attack": 3, "health": 4}})
    state = opened(situation(attacker(armies=2), profiles=strong))
    assert [u.health for u in state.units] == [4, 4, 4]
    assert P.dice_spec(P.node("attack_roll"), state).count == 6


def test_E1_damage_lives_only_for_the_battle() -> None:
    # 1 hit on one of two armies (health 2 each): it stands, damaged, and nothing is lost;
    # the counter-attack (3 dice, none above speed 2) neither.
    played = run(situation(attacker(armies=1), defender(armies=2)), 3, 1, 1, 1, 1)
    assert left(played.state)["D1"] == (1, "standing")
    assert not of_type(played.events, UnitLost)
    again = opened(situation(attacker(armies=1), defender(armies=1)))
    assert left(again)["D1"] == (2, "standing")


def test_E2_primary_stacks_are_named_armies_then_fleets_then_forts() -> None:
    state = opened(situation(attacker(armies=2, fleets=1, forts=3),
                             defender(armies=1, fleets=1, forts=1)))
    assert [(u.id, u.kind, u.side) for u in state.units] == [
        ("A1", "army", A), ("A2", "army", A), ("A3", "fleet", A),
        ("D1", "army", D), ("D2", "fleet", D), ("D3", "fort", D)]
    assert all(u.primary and u.source == LAND.name for u in state.units)


def test_E2_a_neutral_fights_as_armies() -> None:
    state = opened(situation(neutral=Neutral(3, "gold")))
    assert [(u.id, u.kind, u.power) for u in state.units[1:]] == [
        ("N1", "army", None), ("N2", "army", None), ("N3", "army", None)]


def test_D3_declaring_costs_two_gold_and_a_poor_attacker_is_refused() -> None:
    played = run(situation(), 1, 1, 1, 1, 1)
    assert of_type(played.events, GoldChanged)[0] == GoldChanged(FR, -2, "D3")
    assert isinstance(declare(situation(attacker(gold=1))), Refused)


def engagement(**fields: object) -> Engagement:
    values: dict[str, object] = {
        "region": LAND, "attacker": attacker(armies=1), "defender": defender(),
        "allies": ((A, AllyForce(ES, 1, 1)), (D, AllyForce(SV, 2, 0))),
        "linked": ((A, LinkedForce(FR, "Austria", 2, 1)), (D, LinkedForce(PR, None, 1, 0)),
                   (D, LinkedForce(RU, "Boemia", 0, 2))),
        "links": ("Austria", "Boemia"), "homes_linked": (PR, RU),
        "turn_order": (FR, RU, ES, SV, PR)}
    values.update(fields)
    return Engagement(**values)  # type: ignore[arg-type]


def test_E3_allies_in_the_region_and_armies_next_door_may_reinforce() -> None:
    s = situation_of(engagement())
    assert s.candidates == (
        Candidate(ES, A, LAND.name, 1, 1), Candidate(SV, D, LAND.name, 2, 0),
        Candidate(FR, A, "Austria", 2, 0), Candidate(PR, D, None, 1, 0))
    assert s.links == ("Austria", "Boemia") and s.home_linked
    assert s.turn_order == (FR, RU, ES, SV, PR)


def test_E3_units_that_fought_this_round_may_not_reinforce() -> None:
    s = situation_of(engagement(engaged=((ES, LAND.name, 1, 0), (FR, "Austria", 1, 0),
                                          (PR, None, 1, 0))))
    assert s.candidates == (Candidate(ES, A, LAND.name, 0, 1), Candidate(SV, D, LAND.name, 2, 0),
                            Candidate(FR, A, "Austria", 1, 0))


def test_E3_range_0_keeps_armies_in_their_own_region() -> None:
    s = situation_of(engagement(procedure_data={"profiles": {"army": {"range": 0}}}))
    assert all(c.source == LAND.name for c in s.candidates)
    assert s.profiles.army.range == 0


def test_E3_an_army_reaches_as_many_land_links_as_its_range() -> None:
    far = (A, LinkedForce(ES, "Boemia", 3, 0, distance=2))
    linked = (*engagement().linked, far)
    reach_one = situation_of(engagement(linked=linked))
    assert Candidate(ES, A, "Boemia", 3, 0) not in reach_one.candidates
    reach_two = situation_of(engagement(linked=linked,
                                        procedure_data={"profiles": {"army": {"range": 2}}}))
    assert Candidate(ES, A, "Boemia", 3, 0) in reach_two.candidates


def test_E3_nobody_reinforces_against_a_neutral_and_profiles_come_from_the_scenario() -> None:
    s = situation_of(engagement(defender=None, neutral=Neutral(2), allies=(), linked=(),
                                procedure_data={"profiles": {"fort": {"defence": 6}}}))
    assert s.candidates == () and s.profiles.fort.defence == 6
    assert not s.home_linked


def test_E3_the_defenders_home_linked_or_not() -> None:
    assert not situation_of(engagement(homes_linked=(PR,))).home_linked
    assert situation_of(engagement(homes_linked=(AT, RU))).retreat_options() == (
        None, "Austria", "Boemia")
