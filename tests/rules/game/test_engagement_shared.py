"""What every combat procedure may read of the board around an attack and of the round (G32),
the effects a procedure with reinforcements from next door reports (G34), and each combat
system's scenario data in a game's saved state. Nothing here knows a procedure by name but
seed004, the default, which reads none of it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from guerra.rules.events import (
    LOGGED_EFFECTS,
    UnitLost,
    UnitLostElsewhere,
    UnitsEngaged,
    UnrestGained,
)
from guerra.rules.forces import ATTACKER, DEFENDER, Engagement, LinkedForce
from guerra.rules.game.combat import apply_effects, engagement
from guerra.rules.game.inputs import Attack, Pass
from guerra.rules.game.scenario_file import read_scenario
from guerra.rules.game.state import AttackInProgress, GameState, Pieces, Side
from guerra.rules.jsonvalue import DataError
from guerra.rules.registry import procedures
from tests.rules.game.helpers import in_rounds, play, steps
from tests.rules.game.scenarios import (
    AT,
    BA,
    EC,
    ES,
    FR,
    GB,
    PR,
    RU,
    ST,
    europa,
    tiny,
)

# Five powers of the default board, two sides: Francia and Austria against Prussia, Russia and
# Great Britain. The homes of Francia, Prussia, Austria and Great Britain are linked to Stati
# Tedeschi; Russia's is not. Stati Tedeschi is linked to Baltico and Europa Centrale.
SLOTS: tuple[tuple[str, Side], ...] = ((FR, "A"), (PR, "B"), (AT, "A"), (RU, "B"), (GB, "B"))
BOARD = (
    Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, forts=1),
    Pieces(PR, BA, armies=2), Pieces(RU, BA, fleets=1), Pieces(AT, EC, armies=1),
    Pieces(RU, EC, forts=1),  # a fort only: nothing that could reinforce
    Pieces(FR, None, armies=3), Pieces(PR, None, armies=1, fleets=1), Pieces(GB, None, armies=2),
    Pieces(RU, None, armies=4),  # its home is not linked to Stati Tedeschi
)


def board_state(**changes: object) -> GameState:
    state = in_rounds(scenario=europa(), pieces=BOARD, alliances=SLOTS)
    return dataclasses.replace(state, **changes)  # type: ignore[arg-type]


def declared(state: GameState, attack: Attack) -> Engagement:
    found = engagement(state, attack)
    assert isinstance(found, Engagement)
    return found


def test_G32_the_engagement_names_the_linked_regions_alphabetically() -> None:
    found = declared(board_state(), Attack(FR, 0, ST, defender=PR))
    assert found.links == (BA, EC)  # "Baltico" before "Europa Centrale"
    # Russia's home is linked to Baltico, Europa Centrale and Impero Ottomano only.
    assert found.homes_linked == (FR, PR, AT, GB)  # seating order


def test_G32_linked_forces_are_the_linked_regions_then_the_linked_homes_nearest_first() -> None:
    found = declared(board_state(), Attack(FR, 0, ST, defender=PR))
    assert found.linked == (
        (DEFENDER, LinkedForce(PR, BA, armies=2)),
        (DEFENDER, LinkedForce(RU, BA, fleets=1)),
        (ATTACKER, LinkedForce(AT, EC, armies=1)),
        (ATTACKER, LinkedForce(FR, None, armies=3)),
        (DEFENDER, LinkedForce(PR, None, armies=1, fleets=1)),
        (DEFENDER, LinkedForce(GB, None, armies=2)),
        # Two links away: Russia's home is linked to Baltico.
        (DEFENDER, LinkedForce(RU, None, armies=4, distance=2)),
    )


def test_G32_linked_forces_reach_three_land_links_and_say_how_far() -> None:
    found = declared(board_state(), Attack(FR, 0, ST, defender=PR))
    assert all(1 <= force.distance <= 3 for _side, force in found.linked)
    distances = [force.distance for _side, force in found.linked]
    assert distances == sorted(distances)  # nearest first
    near = {(force.power, force.region) for _side, force in found.linked if force.distance == 1}
    assert (RU, None) not in near  # Russia's home touches Baltico, not Stati Tedeschi


def test_G32_a_linked_home_of_a_power_out_of_the_war_is_named_but_brings_nothing() -> None:
    # Austria and Russia hold no slot.
    slots: tuple[tuple[str, Side], ...] = ((FR, "A"), (PR, "B"), (GB, "A"))
    state = in_rounds(scenario=europa(), pieces=(*BOARD, Pieces(AT, None, armies=2)),
                      alliances=slots)
    found = declared(state, Attack(FR, 0, ST, defender=PR))
    assert found.homes_linked == (FR, PR, GB)  # the game's powers are the seated ones
    assert [(side, force.power, force.region) for side, force in found.linked] == [
        (DEFENDER, PR, BA), (ATTACKER, FR, None), (DEFENDER, PR, None), (ATTACKER, GB, None)]


def test_G32_an_attack_on_a_neutral_marker_names_the_links_but_no_linked_force() -> None:
    state = board_state(face_up=(1,))  # counter 1: Stati Tedeschi, defence 3
    found = declared(state, Attack(FR, 0, ST, counter=1))
    assert (found.links, found.homes_linked, found.linked) == ((BA, EC), (FR, PR, AT, GB), ())


def test_G34_units_engaged_are_recorded_and_subtracted_nowhere() -> None:
    engaged = ((FR, ST, 1, 0), (PR, None, 1, 1))
    found = declared(board_state(engaged=engaged), Attack(FR, 0, ST, defender=PR))
    assert found.engaged == engaged
    assert (found.attacker.armies, found.defender and found.defender.armies) == (1, 1)
    assert (DEFENDER, LinkedForce(PR, None, armies=1, fleets=1)) in found.linked


def running(state: GameState) -> AttackInProgress:
    return AttackInProgress(1, FR, ST, state=None, defender=PR)  # type: ignore[arg-type]


def test_G34_units_engaged_are_added_to_the_round_s_record() -> None:
    state = board_state(engaged=((AT, EC, 1, 0),))
    after = apply_effects(state, running(state), (
        UnitsEngaged(FR, ST, 1, 0, "E2"), UnitsEngaged(PR, None, 1, 1, "E5")))
    assert after.engaged == ((AT, EC, 1, 0), (FR, ST, 1, 0), (PR, None, 1, 1))
    assert after.board == state.board  # recorded, nothing moved


def test_G34_a_unit_lost_elsewhere_leaves_its_own_place() -> None:
    state = board_state()
    after = apply_effects(state, running(state), (
        UnitLostElsewhere(PR, "army", 1, BA, "E8"), UnrestGained(PR, 1, "E11"),
        UnitLostElsewhere(PR, "fleet", 1, None, "E8"), UnrestGained(PR, 1, "E11"),
        UnitLost(PR, "army", 1, "E8")))
    assert after.pieces(PR, BA) == Pieces(PR, BA, armies=1)
    assert after.pieces(PR, None) == Pieces(PR, None, armies=1)
    assert after.pieces(PR, ST) == Pieces(PR, ST, forts=1)  # UnitLost: the attacked region
    assert after.power(PR).unrest == 2


def test_G34_a_unit_lost_elsewhere_that_is_not_there_is_an_error() -> None:
    state = board_state()
    with pytest.raises(ValueError):
        apply_effects(state, running(state), (UnitLostElsewhere(AT, "army", 1, BA, "E8"),))


def test_G28_the_units_engaged_are_forgotten_when_a_round_begins() -> None:
    state = in_rounds(scenario=tiny(rounds=4))
    state = dataclasses.replace(state, engaged=((FR, ST, 1, 0),))
    state = steps(state, Pass(FR, 0), Pass(FR, 0), Pass(PR, 0), Pass(PR, 0), Pass(GB, 0))
    assert state.engaged == ((FR, ST, 1, 0),)  # the same round, other turns
    assert play(state, Pass(GB, state.step)).state.engaged == ()  # round 2


def test_engaged_units_round_trip_and_an_older_state_reads_none() -> None:
    state = board_state(engaged=((FR, ST, 1, 0), (PR, None, 2, 1)))
    data = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(data) == state
    assert isinstance(data, dict)
    del data["engaged"]  # saved before the field existed
    assert GameState.from_dict(data).engaged == ()


def test_a_unit_lost_elsewhere_is_told_in_italian() -> None:
    assert UnitLostElsewhere(ES, "army", 1, BA, "E8").describe().render("it") == (
        "La Spagna perde 1 armata nel Baltico.")
    assert UnitLostElsewhere(PR, "army", 2, EC, "E8").describe().render("it") == (
        "La Prussia perde 2 armate in Europa Centrale.")
    assert UnitLostElsewhere(FR, "fleet", 1, None, "E8").describe().render("it") == (
        "La Francia perde 1 flotta in madrepatria.")
    assert UnitLostElsewhere(ES, "army", 1, BA, "E8").describe().render("en") == (
        "Spagna loses 1 army in Baltico.")


def test_a_unit_lost_elsewhere_is_logged_and_units_engaged_are_not() -> None:
    assert UnitLostElsewhere.type in LOGGED_EFFECTS
    assert UnitsEngaged.type not in LOGGED_EFFECTS
    for procedure in procedures():
        assert UnitsEngaged.type not in procedure.logged_events, procedure.name


PROFILES = '{"profiles":{"army":{"attack":3}}}'


def test_G1_a_scenario_s_combat_data_rides_in_the_game_s_saved_state() -> None:
    scenario = dataclasses.replace(europa(), combat_data=(("punti", PROFILES),))
    state = in_rounds(scenario=scenario, pieces=BOARD, alliances=SLOTS)
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back.scenario.combat_data == (("punti", PROFILES),)
    assert back.scenario.combat_data_of("punti") == {"profiles": {"army": {"attack": 3}}}
    assert back.scenario.combat_data_of("seed004") == {}


def test_G34_the_engagement_carries_the_data_of_the_game_s_own_combat_system() -> None:
    scenario = dataclasses.replace(europa(), procedure="d10",
                                   combat_data=(("punti", PROFILES), ("d10", '{"x":1}')))
    state = in_rounds(scenario=scenario, pieces=BOARD, alliances=SLOTS)
    assert declared(state, Attack(FR, 0, ST, defender=PR)).procedure_data == {"x": 1}
    plain = board_state()
    assert declared(plain, Attack(FR, 0, ST, defender=PR)).procedure_data == {}


def test_G1_a_scenario_file_naming_an_unknown_combat_system_is_refused() -> None:
    with pytest.raises(DataError) as refused:
        read_scenario({"powers": [{"name": FR}], "combat_data": {"scacchi": {}}})
    assert refused.value.message.render("it") == "Procedura sconosciuta: “scacchi”."


def test_G1_data_for_a_combat_system_that_has_none_is_refused() -> None:
    with pytest.raises(DataError) as refused:
        read_scenario({"powers": [{"name": FR}], "combat_data": {"seed004": {"x": 1}}})
    assert refused.value.message.render("it") == (
        "Il sistema di combattimento “seed004” non ha dati propri.")
    # An empty entry is no data: accepted, and kept as such.
    read = read_scenario({"powers": [{"name": FR}], "combat_data": {"seed004": {}}})
    assert read.combat_data_of("seed004") == {}


def test_G1_combat_data_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(DataError):
        read_scenario({"powers": [{"name": FR}], "combat_data": {"seed004": [1]}})
    with pytest.raises(DataError):
        read_scenario({"powers": [{"name": FR}], "combat_data": ["seed004"]})
