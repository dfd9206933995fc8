"""Each combat system's own part of a scenario ("combat_data"; punti's unit profiles, E1):
exported and imported with it, checked by its procedure, copied into a game when it starts."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command

from guerra.game import services
from guerra.game.models import Scenario
from guerra.game.models.state import load_state
from guerra.game.scenarios.io import (
    ScenarioFileError,
    dumps,
    export_scenario,
    import_scenario,
)
from guerra.game.scenarios.rules import scenario_rules
from tests.game.scenarios.punti_data import DEFAULTS, profiles, punti

__all__ = ["punti"]  # the fixture, used by name

pytestmark = pytest.mark.usefixtures("punti")


def renamed(scenario: Scenario, name: str, combat_data: object) -> dict[str, object]:
    data = export_scenario(scenario)
    data["name"] = name
    data["combat_data"] = combat_data
    return data


def test_E1_the_profiles_are_exported_and_imported_with_the_scenario(scenario):
    scenario.combat_data = {"punti": profiles(army={"attack": 3}, fort={"health": 4})}
    scenario.save()
    data = export_scenario(scenario)
    assert data["combat_data"] == {"punti": profiles(army={"attack": 3}, fort={"health": 4})}
    data["name"] = "Europa 1756"
    copy_of, replaced = import_scenario(data)
    assert not replaced
    assert copy_of.combat_data == scenario.combat_data
    again = export_scenario(copy_of)
    assert dumps({**again, "name": scenario.name}) == dumps(export_scenario(scenario))


def test_a_scenario_without_combat_data_exports_none(scenario):
    assert scenario.combat_data == {}
    assert "combat_data" not in export_scenario(scenario)


def test_E1_an_imported_profile_takes_the_defaults_for_what_it_leaves_out(scenario):
    imported, _ = import_scenario(
        renamed(scenario, "Europa 1756", {"punti": {"profiles": {"army": {"range": 0}}}}))
    assert imported.combat_data == {"punti": profiles(army={"range": 0})}


def test_E1_profiles_equal_to_the_defaults_are_not_kept(scenario):
    imported, _ = import_scenario(
        renamed(scenario, "Europa 1756", {"punti": {"profiles": copy.deepcopy(DEFAULTS)}}))
    assert imported.combat_data == {}
    assert "combat_data" not in export_scenario(imported)


BAD = {
    "a_health_of_0": (
        {"punti": {"profiles": {"army": {"health": 0}}}},
        "scenario › combat_data › punti: ", "profiles.army.health"),
    "an_unknown_kind_of_unit": (
        {"punti": {"profiles": {"cavalry": {"attack": 1}}}},
        "scenario › combat_data › punti: ", "cavalry"),
    "a_range_of_4": (
        {"punti": {"profiles": {"fleet": {"range": 4}}}},
        "scenario › combat_data › punti: ", "profiles.fleet.range"),
    "an_unknown_combat_system": (
        {"scacchi": {}}, "scenario › combat_data: «scacchi» deve essere il nome di un sistema "
        "di combattimento", "“punti”"),
    "data_for_a_system_that_has_none": (
        {"seed004": {"x": 1}}, "scenario › combat_data › seed004: ",
        "Il sistema di combattimento “seed004” non ha dati propri."),
    "profiles_that_are_not_an_object": (
        {"punti": [1, 2]}, "scenario › combat_data › punti: ", "un oggetto"),
    "combat_data_that_is_a_list": (
        ["punti"], "scenario: «combat_data» deve essere un oggetto {…} con una voce", "{…}"),
}


@pytest.mark.parametrize("name", BAD)
def test_E1_bad_combat_data_is_refused_in_italian_and_changes_nothing(scenario, name):
    combat_data, start, detail = BAD[name]
    scenario.combat_data = {"punti": profiles(army={"attack": 5})}
    scenario.save()
    before = dumps(export_scenario(scenario))
    data = renamed(scenario, scenario.name, combat_data)  # replacing the scenario
    with pytest.raises(ScenarioFileError) as error:
        import_scenario(data)
    text = str(error.value)
    assert text.startswith(start) and detail in text, text
    assert "\n" not in text
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before


def test_E1_the_import_command_fails_with_one_italian_line_on_bad_profiles(
        scenario, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(renamed(scenario, "Europa 1756",
                                      {"punti": {"profiles": {"army": {"health": 0}}}})))
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_scenario", str(bad))
    assert exit_info.value.code == 1
    err = capsys.readouterr().err.strip()
    assert "combat_data › punti" in err and "profiles.army.health" in err
    assert "\n" not in err and "Traceback" not in err
    assert not Scenario.objects.filter(name="Europa 1756").exists()


def test_E1_the_scenario_s_rules_carry_its_profiles(scenario):
    scenario.combat_data = {"punti": profiles(army={"speed": 4})}
    scenario.save()
    rules = scenario_rules(scenario)
    assert rules.combat_data_of("punti") == profiles(army={"speed": 4})
    assert rules.combat_data_of("seed004") == {}


def started_game(scenario, make_user, procedure="punti"):
    game = services.game_create(user=make_user("anna"), scenario=scenario, name="Prova",
                                is_private=False, power="Francia", procedure=procedure)
    services.game_join(game_id=game.pk, user=make_user("bruno"), power="Gran Bretagna")
    return services.game_start(game_id=game.pk, user=game.created_by)


def test_E1_a_game_keeps_the_profiles_it_started_with(scenario, make_user):
    scenario.combat_data = {"punti": profiles(army={"attack": 4})}
    scenario.save()
    game = started_game(scenario, make_user)
    state = load_state(game)
    assert state.scenario.procedure == "punti"
    assert state.scenario.combat_data_of("punti") == profiles(army={"attack": 4})

    scenario.combat_data = {"punti": profiles(army={"attack": 1})}  # edited afterwards
    scenario.save()
    game.refresh_from_db()
    assert load_state(game).scenario.combat_data_of("punti") == profiles(army={"attack": 4})
