"""Scenario files a probe crafted to crash the import: each is refused in one Italian line, by
the parser, the management command and the admin's import page alike, and changes nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from guerra.game.models import Scenario
from guerra.game.scenarios.io import (
    QUICK_START_SCENARIO_FILE,
    ScenarioFileError,
    dumps,
    export_scenario,
    import_scenario,
    parse,
)

QUICK_START = "Europa 1700 — partenza rapida"


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(QUICK_START_SCENARIO_FILE.read_text(encoding="utf-8"))
    return data


def text_with(change) -> bytes:
    data = shipped()
    change(data)
    return json.dumps(data, ensure_ascii=True).encode()


def lone_surrogate_in_a_region(data):
    data["regions"][0]["name"] = "\ud800"


def lone_surrogate_in_a_key(data):
    data["regions"][0]["\udc00"] = 1


def duplicated_starting_position(data):
    data["starting_positions"].append(copy.deepcopy(data["starting_positions"][0]))
    data["starting_positions"][-1].update(armies=0, fleets=0, forts=0, control_markers=0)


def duplicated_starting_tile(data):
    data["starting_tiles"].append(dict(data["starting_tiles"][0], count=0))


# (file text, what the Italian line says)
HOSTILE = {
    "nested_lists": (b"[" * 100_000 + b"]" * 100_000, "annidato troppo in profondità"),
    "nested_objects": (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "annidato troppo in profondità"),
    "nested_in_a_field": (
        text_with(lambda d: d.update(description="@")).replace(
            b'"@"', b"[" * 50_000 + b"]" * 50_000
        ),
        "annidato troppo in profondità",
    ),
    "a_number_of_5000_digits": (
        text_with(lambda d: d.update(wars="@")).replace(b'"@"', b"9" * 5000),
        "numero troppo lungo",
    ),
    "a_lone_surrogate_in_a_name": (text_with(lone_surrogate_in_a_region), "Unicode"),
    "a_lone_surrogate_in_a_key": (text_with(lone_surrogate_in_a_key), "Unicode"),
    "nul_in_a_power_name": (
        text_with(lambda d: d["powers"][0].update(name="Francia\x00")),
        "caratteri di controllo",
    ),
    "a_control_character_in_the_name": (
        text_with(lambda d: d.update(name="Europa\x1b[31m")),
        "caratteri di controllo",
    ),
    "a_duplicated_starting_position": (
        text_with(duplicated_starting_position),
        "una seconda posizione iniziale della Gran Bretagna negli Stati Tedeschi",
    ),
    "a_duplicated_starting_tile": (
        text_with(duplicated_starting_tile),
        "è già data alla ",
    ),
    "utf16": ('{"format": "guerra-scenario/1"}'.encode("utf-16"), "non è testo UTF-8"),
}


@pytest.fixture
def before(scenario):
    return dumps(export_scenario(scenario))


def assert_unchanged(scenario, before):
    assert Scenario.objects.count() == 2
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_file_is_refused_in_one_italian_line_and_changes_nothing(
    scenario, before, name
):
    text, expected = HOSTILE[name]
    with pytest.raises(ScenarioFileError) as refused:
        import_scenario(parse(text))
    message = str(refused.value)
    assert expected in message
    assert "\n" not in message and len(message) < 500
    assert_unchanged(scenario, before)


def test_a_lone_surrogate_given_to_the_import_directly_is_refused(scenario, before):
    data = shipped()
    data["powers"][1]["name"] = "Prussia\ud800"
    with pytest.raises(ScenarioFileError, match="caratteri di controllo"):
        import_scenario(data)
    assert_unchanged(scenario, before)


def test_a_duplicated_starting_position_given_to_the_import_directly_is_refused(scenario, before):
    data = shipped()
    duplicated_starting_position(data)
    with pytest.raises(ScenarioFileError, match="una seconda posizione iniziale della "):
        import_scenario(data)
    assert_unchanged(scenario, before)


def test_an_emoji_written_as_a_surrogate_pair_is_fine(scenario):
    data = shipped()
    data["name"] = "Europa 1700 \U0001f3f0"
    text = json.dumps(data, ensure_ascii=True).encode()
    assert b"\\ud83c\\udff0" in text
    created, replaced = import_scenario(parse(text))
    assert created.name == "Europa 1700 \U0001f3f0" and not replaced


@pytest.mark.parametrize("name", ["nested_lists", "a_number_of_5000_digits",
                                  "a_lone_surrogate_in_a_name", "a_duplicated_starting_position"])
def test_the_command_refuses_a_hostile_file_in_one_line(scenario, before, tmp_path, capsys, name):
    text, expected = HOSTILE[name]
    path = tmp_path / "hostile.json"
    path.write_bytes(text)
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_scenario", str(path))
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert expected in err and err.strip().count("\n") == 0 and "Traceback" not in err
    assert_unchanged(scenario, before)


@pytest.mark.parametrize("name", ["nested_objects", "a_number_of_5000_digits",
                                  "a_lone_surrogate_in_a_key", "nul_in_a_power_name",
                                  "a_duplicated_starting_tile"])
def test_the_admin_import_page_refuses_a_hostile_file_with_a_400(
    scenario, before, make_user, name
):
    staff = make_user("capo", staff=True)
    staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    text, expected = HOSTILE[name]
    upload = SimpleUploadedFile("hostile.json", text, "application/json")
    response = client.post(reverse("admin:game_scenario_import"), {"file": upload})
    assert response.status_code == 400
    assert expected in response.content.decode()
    assert_unchanged(scenario, before)
