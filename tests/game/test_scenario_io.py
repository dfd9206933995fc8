"""Scenarios as JSON: the default one, the round trip, and files that must change nothing."""

import copy
import json
import subprocess
import sys

import pytest
from django.core.management import call_command

from guerra.game.models import Scenario, ScenarioPower
from guerra.game.scenario_io import (
    DEFAULT_SCENARIO_FILE,
    ScenarioFileError,
    dumps,
    export_scenario,
    import_scenario,
    parse,
)
from guerra.settings import BASE_DIR


def default_data():
    return json.loads(DEFAULT_SCENARIO_FILE.read_text(encoding="utf-8"))


def test_the_default_scenario_is_there_after_migrate(scenario):
    assert scenario.powers.count() == 7
    assert scenario.regions.count() == 11
    landlocked = set(scenario.regions.filter(has_sea=False).values_list("name", flat=True))
    assert landlocked == {"Stati Tedeschi", "Europa Centrale"}
    assert scenario.neutrals.exists()
    assert scenario.starting_positions.exists()


def test_every_power_starts_with_the_same_forces(scenario):
    totals = {}
    for position in scenario.starting_positions.select_related("power"):
        row = totals.setdefault(position.power.name, [0, 0, 0, 0])
        for i, field in enumerate(["armies", "fleets", "forts", "control_markers"]):
            row[i] += getattr(position, field)
    assert len(totals) == 7
    assert len({tuple(v) for v in totals.values()}) == 1


def test_export_import_export_gives_the_same_json(scenario):
    first = dumps(export_scenario(scenario))
    replaced_scenario, replaced = import_scenario(parse(first))
    assert replaced
    assert replaced_scenario.pk == scenario.pk
    assert dumps(export_scenario(replaced_scenario)) == first


def test_the_shipped_file_is_what_export_prints(scenario):
    assert json.loads(dumps(export_scenario(scenario))) == default_data()


def test_import_with_a_new_name_creates_a_second_scenario(scenario):
    data = default_data()
    data["name"] = "Europa 1740"
    created, replaced = import_scenario(data)
    assert not replaced
    assert Scenario.objects.count() == 2
    assert created.regions.count() == 11


def _broken(change):
    data = default_data()
    change(data)
    return data


BAD_FILES = {
    "missing_name": (lambda d: d.pop("name"), "manca il campo «name»"),
    "fleet_in_a_region_without_sea": (
        lambda d: d["starting_positions"][0].update(region="Stati Tedeschi", fleets=1),
        "non ha il mare",
    ),
    "defence_of_ten": (lambda d: d["neutrals"][0].update(defence=10), "da 1 a 9"),
    "defence_of_zero": (lambda d: d["neutrals"][0].update(defence=0), "da 1 a 9"),
    "two_powers_with_one_name": (
        lambda d: d["powers"].append(dict(d["powers"][0])),
        "compare due volte",
    ),
    "two_regions_with_one_name": (
        lambda d: d["regions"].append(copy.deepcopy(d["regions"][0])),
        "compare due volte",
    ),
    "unknown_power": (
        lambda d: d["starting_positions"][0].update(power="Svezia"),
        "«Svezia» non è tra",
    ),
    "more_armies_than_the_supply": (
        lambda d: d["starting_positions"][0].update(armies=40),
        "più della sua riserva",
    ),
    "more_tiles_than_the_box": (
        lambda d: d["starting_tiles"][0].update(count=5),
        "la scatola ne contiene",
    ),
    "a_negative_count": (lambda d: d["starting_positions"][0].update(armies=-1), "numero intero"),
    "a_bad_colour": (lambda d: d["powers"][0].update(colour="rosso"), "colore"),
    "an_unknown_reward": (lambda d: d["neutrals"][0].update(reward="argento"), "«gold»"),
    "a_string_for_a_number": (lambda d: d.update(wars="tre"), "numero intero"),
    "vp_growing_with_place": (lambda d: d["regions"][0].update(vp=[1, 2, 3]), "punti vittoria"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_refused_in_italian_and_changes_nothing(scenario, name):
    change, expected = BAD_FILES[name]
    before = dumps(export_scenario(scenario))
    with pytest.raises(ScenarioFileError) as error:
        import_scenario(_broken(change))
    assert expected in str(error.value)
    assert Scenario.objects.count() == 1
    assert dumps(export_scenario(Scenario.objects.get())) == before


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"{ non json", "non è JSON valido"),
        (b"[1, 2]", "un solo oggetto"),
        (b'{"name": "x"}', "Formato del file sconosciuto"),
        ("\xff\xfe".encode("latin-1"), "non è testo UTF-8"),
    ],
)
def test_a_file_that_is_not_a_scenario_is_refused(text, expected):
    with pytest.raises(ScenarioFileError, match=expected):
        parse(text)


def _command(*args):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "DJANGO_SETTINGS_MODULE": "guerra.settings",
            "PATH": "/usr/bin:/bin",
            "DATABASE_URL": "sqlite:////" + str(BASE_DIR / "artifacts/commands.sqlite3")[1:],
        },
    )


@pytest.fixture
def command_db():
    (BASE_DIR / "artifacts").mkdir(exist_ok=True)
    path = BASE_DIR / "artifacts/commands.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    assert _command("migrate", "-v0").returncode == 0
    yield path
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def test_the_commands_round_trip_and_a_bad_file_fails_with_one_italian_line(command_db, tmp_path):
    exported = _command("export_scenario", "Europa 1700")
    assert exported.returncode == 0
    assert json.loads(exported.stdout) == default_data()
    good = tmp_path / "good.json"
    good.write_text(exported.stdout, encoding="utf-8")
    imported = _command("import_scenario", str(good))
    assert imported.returncode == 0
    assert "sostituito" in imported.stdout
    assert _command("export_scenario", "Europa 1700").stdout == exported.stdout

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_broken(lambda d: d["neutrals"][0].update(defence=12))))
    failed = _command("import_scenario", str(bad))
    assert failed.returncode == 1
    assert failed.stderr.strip().count("\n") == 0
    assert "Traceback" not in failed.stderr
    assert "da 1 a 9" in failed.stderr
    assert _command("export_scenario", "Europa 1700").stdout == exported.stdout


def test_export_of_an_unknown_scenario_says_so(db, capsys):
    with pytest.raises(SystemExit) as exit_info:
        call_command("export_scenario", "Atlantide")
    assert exit_info.value.code == 1
    assert "Nessuno scenario si chiama «Atlantide»" in capsys.readouterr().err


def test_deleting_a_scenario_keeps_games_started_from_it(running_game, scenario):
    scenario.delete()
    running_game.refresh_from_db()
    assert running_game.scenario is None
    assert running_game.regions.count() == 11


def test_the_scenario_is_copied_so_editing_it_does_not_touch_a_running_game(running_game, scenario):
    ScenarioPower.objects.filter(scenario=scenario, name="Francia").update(colour="#123456")
    scenario.regions.filter(name="Baltico").update(has_sea=False, vp_first=99)
    baltic = running_game.regions.get(name="Baltico")
    assert baltic.has_sea and baltic.vp_first == 5
    assert running_game.seats.get(power="Francia").colour == "#0072B2"
