"""Scenarios as JSON: the default one, the round trip, and files that must change nothing."""

import copy
import json
import sqlite3
import subprocess
import sys

import pytest
from django.core.management import call_command

from guerra.game.models import Scenario, ScenarioPower
from guerra.game.scenarios.io import (
    DEFAULT_SCENARIO_FILE,
    QUICK_START_SCENARIO_FILE,
    ScenarioFileError,
    dumps,
    export_scenario,
    import_scenario,
    parse,
)
from guerra.game.scenarios.rules import scenario_rules
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.scenario import scenario_problems
from guerra.rules.i18n import Message
from guerra.settings import BASE_DIR

CLASSIC = "Europa 1700"
QUICK_START = "Europa 1700 — partenza rapida"
SHIPPED = {CLASSIC: DEFAULT_SCENARIO_FILE, QUICK_START: QUICK_START_SCENARIO_FILE}


def shipped_data(name=QUICK_START):
    return json.loads(SHIPPED[name].read_text(encoding="utf-8"))


def test_the_default_scenario_is_there_after_migrate(scenario):
    assert set(Scenario.objects.values_list("name", flat=True)) == {CLASSIC, QUICK_START}
    for each in Scenario.objects.all():
        assert each.powers.count() == 7
        assert each.regions.count() == 11
        landlocked = set(each.regions.filter(has_sea=False).values_list("name", flat=True))
        assert landlocked == {"Stati Tedeschi", "Europa Centrale"}
        assert each.neutrals.count() == 65
    assert scenario.name == QUICK_START
    assert scenario.starting_positions.exists()
    assert not Scenario.objects.get(name=CLASSIC).starting_positions.exists()


def test_every_power_starts_with_the_same_forces(scenario):
    totals = {}
    for position in scenario.starting_positions.select_related("power"):
        row = totals.setdefault(position.power.name, [0, 0, 0, 0])
        for i, field in enumerate(["armies", "fleets", "forts", "control_markers"]):
            row[i] += getattr(position, field)
    assert len(totals) == 7
    assert {tuple(v) for v in totals.values()} == {(6, 3, 2, 4)}


@pytest.mark.parametrize("name", [CLASSIC, QUICK_START])
def test_export_import_export_gives_the_same_json(db, name):
    scenario = Scenario.objects.get(name=name)
    first = dumps(export_scenario(scenario))
    replaced_scenario, replaced = import_scenario(parse(first))
    assert replaced
    assert replaced_scenario.pk == scenario.pk
    assert dumps(export_scenario(replaced_scenario)) == first


@pytest.mark.parametrize("name", [CLASSIC, QUICK_START])
def test_the_shipped_file_is_what_export_prints(db, name):
    exported = dumps(export_scenario(Scenario.objects.get(name=name)))
    assert exported == SHIPPED[name].read_text(encoding="utf-8")


def test_import_with_a_new_name_creates_a_third_scenario(scenario):
    data = shipped_data()
    data["name"] = "Europa 1740"
    created, replaced = import_scenario(data)
    assert not replaced
    assert Scenario.objects.count() == 3
    assert created.regions.count() == 11


NEW_KEYS = {
    "top": [
        "rounds_per_war_many",
        "many_players",
        "starting_population",
        "population_growth",
        "build_cost",
        "storms",
        "counters_per_war",
        "setup_counters",
        "setup_units",
        "land_links",
    ],
    "powers": ["article", "bare_in", "home_links"],
    "regions": ["article", "bare_in", "europe", "american", "trade_hub"],
    "neutrals": ["kind"],
    "tiles": ["cost"],
}


def old_format(data):
    """The file as the first version of the format wrote it: none of the keys added since, only
    numbered counters, only the three tile kinds it knew."""
    data = copy.deepcopy(data)
    for key in NEW_KEYS["top"]:
        data.pop(key)
    for group in ("powers", "regions", "neutrals", "tiles"):
        for item in data[group]:
            for key in NEW_KEYS[group]:
                item.pop(key)
    data["neutrals"] = [n for n in data["neutrals"] if n["defence"]]
    known = {"alliance", "army_training", "navy_training"}
    data["tiles"] = [t for t in data["tiles"] if t["kind"] in known]
    return data


def test_an_old_file_imports_with_the_defaults(db):
    data = old_format(shipped_data())
    data.update(name="Europa 1700 (vecchio formato)", rounds_per_war=4)
    data.update(control_markers_per_power=12, armies_per_power=12, fleets_per_power=8)
    data["forts_per_power"] = 4
    for tile in data["tiles"]:
        tile["count"] = 2 if tile["kind"] == "alliance" else 7
    created, replaced = import_scenario(data)
    assert not replaced
    assert (created.rounds_per_war, created.armies_per_power, created.forts_per_power) == (4, 12, 4)
    assert (created.rounds_per_war_many, created.many_players) == (5, 6)
    assert (created.starting_population, created.population_growth, created.build_cost) == (5, 3, 1)
    assert created.storms is True
    assert (created.counters_per_war, created.setup_counters, created.setup_units) == (10, 5, 5)
    assert not created.land_links.exists()
    assert set(created.powers.values_list("article", flat=True)) == {""}
    assert not ScenarioPower.objects.filter(scenario=created, home_links__isnull=False).exists()
    regions = created.regions.all()
    assert {(r.europe, r.american, r.trade_hub, r.article, r.bare_in) for r in regions} == {
        (True, False, False, "", False)
    }
    assert set(created.neutrals.values_list("kind", flat=True)) == {"numbered"}
    assert created.neutrals.count() == 38
    assert set(created.tiles.values_list("cost_gold", "cost_population", "cost_unrest")) == {
        (0, 0, 0)
    }
    assert scenario_problems(scenario_rules(created)) == []


def test_a_key_missing_from_a_file_takes_the_default_also_when_replacing(scenario):
    Scenario.objects.filter(pk=scenario.pk).update(starting_population=9, storms=False)
    data = shipped_data()
    del data["starting_population"], data["storms"]
    replaced_scenario, replaced = import_scenario(data)
    assert replaced
    assert (replaced_scenario.starting_population, replaced_scenario.storms) == (5, True)


def _broken(change, name=QUICK_START):
    data = shipped_data(name)
    change(data)
    return data


def _counter(data, kind):
    return next(n for n in data["neutrals"] if n["kind"] == kind)


def _tile(data, kind):
    return next(t for t in data["tiles"] if t["kind"] == kind)


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
        "Posizioni iniziali della Gran Bretagna: 45 armate, più della riserva di 14.",
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
    "an_unknown_counter_kind": (
        lambda d: d["neutrals"][0].update(kind="oro"),
        "«kind» deve essere «numbered», «population» o «trade»",
    ),
    "a_population_counter_with_a_defence": (
        lambda d: _counter(d, "population").update(defence=2),
        "Una pedina popolazione o commercio non ha difesa.",
    ),
    "a_trade_counter_with_a_reward": (
        lambda d: _counter(d, "trade").update(reward="gold", amount=2),
        "Una pedina popolazione o commercio non ha ricompensa.",
    ),
    "a_land_link_to_an_unknown_region": (
        lambda d: d["land_links"].append(["Baltico", "Atlantide"]),
        "«Atlantide» non è tra le regioni",
    ),
    "a_land_link_of_one_region": (
        lambda d: d["land_links"].append(["Baltico"]),
        "un collegamento via terra dev’essere una lista di due nomi di regioni",
    ),
    "a_land_link_to_itself": (
        lambda d: d["land_links"].append(["Baltico", "Baltico"]),
        "Una regione non è collegata a se stessa.",
    ),
    "a_land_link_twice_whichever_way_round": (
        lambda d: d["land_links"].append(["Europa Centrale", "Stati Tedeschi"]),
        "Queste due regioni sono già collegate.",
    ),
    "a_home_link_to_an_unknown_region": (
        lambda d: d["powers"][0]["home_links"].append("Atlantide"),
        "«Atlantide» non è tra le regioni",
    ),
    "home_links_that_are_not_a_list": (
        lambda d: d["powers"][0].update(home_links="Baltico"),
        "«home_links» deve essere una lista di nomi di regioni",
    ),
    "an_unknown_article": (
        lambda d: d["powers"][0].update(article="el"),
        "powers[1]: article: Il valore 'el' non è una scelta valida.",
    ),
    "an_unknown_tile_kind": (
        lambda d: d["tiles"][0].update(kind="castle"),
        "uno tra: alliance, army_training, navy_training, company, bank",
    ),
    "a_company_without_its_region": (
        lambda d: _tile(d, "company").update(region=None),
        "Una tessera Alleanza o Compagnia indica la sua regione.",
    ),
    "a_bank_with_a_region": (
        lambda d: _tile(d, "bank").update(region="Baltico"),
        "Solo le tessere Alleanza e Compagnia indicano una regione.",
    ),
    "a_negative_cost": (
        lambda d: d["tiles"][0]["cost"].update(gold=-1),
        "tiles[1] › cost: «gold» deve essere un numero intero da 0 a 999.",
    ),
    "storms_as_a_word": (lambda d: d.update(storms="sì"), "«storms» deve essere true o false"),
    "a_colony_with_vp_for_third_place": (
        lambda d: d["regions"][5].update(vp=[4, 2, 1]),
        "Una colonia dà punti vittoria a due posti",
    ),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_refused_in_italian_and_changes_nothing(scenario, name):
    change, expected = BAD_FILES[name]
    before = dumps(export_scenario(scenario))
    with pytest.raises(ScenarioFileError) as error:
        import_scenario(_broken(change))
    assert expected in str(error.value)
    assert "\n" not in str(error.value)
    assert Scenario.objects.count() == 2
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before


def test_the_rules_own_check_refuses_a_file_too(scenario, monkeypatch):
    """Whatever the rules find wrong with the whole (`scenario_problems`) refuses the import."""
    problem = Message("{region} has no sea: no fleet can be placed there.", (("region", "X"),))
    monkeypatch.setattr("guerra.game.scenarios.checks.scenario_problems", lambda rules: [problem])
    before = dumps(export_scenario(scenario))
    with pytest.raises(ScenarioFileError) as error:
        import_scenario(shipped_data())
    assert str(error.value) == render_rules_message(problem)
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before


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


def _command(database, *args):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "DJANGO_SETTINGS_MODULE": "guerra.settings",
            "PATH": "/usr/bin:/bin",
            "DATABASE_URL": f"sqlite:///{database}",
        },
    )


@pytest.fixture
def command_db(db, tmp_path):
    """A database of the test's own for manage.py, as migrate leaves it: a copy of the test
    database (SQLite's backup API, from a connection of its own: what is committed there is the
    migrated rows), else a migrate of its own (PostgreSQL, or SQLite in memory)."""
    from django.db import connection

    path = tmp_path / "commands.sqlite3"
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        source = sqlite3.connect(connection.settings_dict["NAME"])
        target = sqlite3.connect(path)
        source.backup(target)
        source.close()
        target.close()
    else:
        assert _command(path, "migrate", "-v0").returncode == 0
    return path


def test_the_commands_round_trip_and_a_bad_file_fails_with_one_italian_line(command_db, tmp_path):
    exported = _command(command_db, "export_scenario", "Europa 1700")
    assert exported.returncode == 0
    assert json.loads(exported.stdout) == shipped_data(CLASSIC)
    good = tmp_path / "good.json"
    good.write_text(exported.stdout, encoding="utf-8")
    imported = _command(command_db, "import_scenario", str(good))
    assert imported.returncode == 0
    assert "sostituito" in imported.stdout
    assert _command(command_db, "export_scenario", "Europa 1700").stdout == exported.stdout

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_broken(lambda d: d["neutrals"][0].update(defence=12), CLASSIC)))
    failed = _command(command_db, "import_scenario", str(bad))
    assert failed.returncode == 1
    assert failed.stderr.strip().count("\n") == 0
    assert "Traceback" not in failed.stderr
    assert "da 1 a 9" in failed.stderr
    assert _command(command_db, "export_scenario", "Europa 1700").stdout == exported.stdout


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
    assert baltic.has_sea and baltic.vp_first == 6
    assert running_game.seats.get(power="Francia").colour == "#0072B2"
