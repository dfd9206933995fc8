"""K1-K2 as scenario data: the ratings and integrity of "piano" as a table in the scenario's
admin page (saved only when valid, Italian messages, nothing saved otherwise), exported and
imported with the scenario, copied into a game when it starts."""

from __future__ import annotations

import html

from guerra.game import services
from guerra.game.models import Scenario
from guerra.game.models.state import load_state
from guerra.game.procedures import adapter
from guerra.game.procedures.piano.data import PianoDataForm, RatingsIn
from guerra.game.scenarios.io import dumps, export_scenario, import_scenario
from tests.game.admin.test_admin import admin_client_, change_url, inline_post_data

__all__ = ["admin_client_"]  # the fixture, used by name

DEFAULT_TABLE = {"army": (4, 2, 2, 4, 2), "fleet": (2, 3, 5, 3, 2), "fort": (5, 1, 1, 5, 3)}
COLUMNS = ("disciplina", "astuzia", "rapidita", "forza", "integrity")
CHANGED = {"ratings": {"army": [4, 2, 2, 4], "fleet": [2, 3, 6, 3], "fort": [5, 1, 1, 5]},
           "integrity": {"army": 2, "fleet": 2, "fort": 4}}


def posted(scenario: Scenario, **cells: object) -> dict[str, object]:
    """The change form with no inline row, the table as shown (the defaults) but for
    `cells` ("fleet_rapidita": 6)."""
    data: dict[str, object] = dict(inline_post_data(scenario, parts=()))
    for kind, values in DEFAULT_TABLE.items():
        for column, value in zip(COLUMNS, values, strict=True):
            data[f"combat-piano-{kind}_{column}"] = value
    data.update({f"combat-piano-{cell}": value for cell, value in cells.items()})
    return data


def read(response) -> str:
    return html.unescape(response.content.decode())


def test_K1_K2_the_change_form_shows_the_ratings_as_a_table(admin_client_, scenario):
    assert adapter("piano").data_form is PianoDataForm
    scenario.combat_data = {"piano": CHANGED}
    scenario.save()
    page = read(admin_client_.get(change_url(scenario)))
    assert 'id="combat-piano"' in page and "<h2>Piano e dadi</h2>" in page
    for header in ("Disciplina", "Astuzia", "Rapidità", "Forza", "Integrità"):
        assert f'<th scope="col">{header}</th>' in page, header
    for row in ("Armata", "Flotta", "Fortino"):
        assert f'<th scope="row">{row}</th>' in page
    assert 'name="combat-piano-fleet_rapidita" value="6"' in page
    assert 'name="combat-piano-fort_integrity" value="4"' in page
    assert 'name="combat-piano-army_forza" value="4"' in page  # K1's default


def test_K1_K2_ratings_edited_in_the_admin_are_saved_and_defaults_dropped(admin_client_,
                                                                         scenario):
    response = admin_client_.post(change_url(scenario),
                                  posted(scenario, fleet_rapidita=6, fort_integrity=4))
    assert response.status_code == 302, read(response)[:2000]
    scenario.refresh_from_db()
    assert scenario.combat_data == {"piano": CHANGED}
    response = admin_client_.post(change_url(scenario), posted(scenario))
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.combat_data == {}


def test_K1_a_rating_out_of_1_to_6_is_refused_in_italian_and_nothing_is_saved(admin_client_,
                                                                             scenario):
    scenario.combat_data = {"piano": CHANGED}
    scenario.save()
    for value in (0, 7, "", "tre"):
        data = posted(scenario, army_astuzia=value, fleet_rapidita=4)
        data["description"] = "cambiata"
        response = admin_client_.post(change_url(scenario), data)
        assert response.status_code == 200, value
        page = read(response)
        assert "I dati di un sistema di combattimento contengono errori" in page, value
        scenario.refresh_from_db()
        assert scenario.combat_data == {"piano": CHANGED} and scenario.description != "cambiata"
    response = admin_client_.post(change_url(scenario), posted(scenario, army_integrity=10))
    assert "minore o uguale a 9" in read(response)  # K2's bounds (the rules' 1-9)


def test_K1_K2_the_ratings_are_exported_imported_and_copied_into_a_game(scenario, make_user):
    scenario.combat_data = {"piano": CHANGED}
    scenario.save()
    data = export_scenario(scenario)
    assert data["combat_data"] == {"piano": CHANGED}
    data["name"] = "Europa 1756"
    copy_of, replaced = import_scenario(data)
    assert not replaced and copy_of.combat_data == scenario.combat_data
    assert dumps({**export_scenario(copy_of), "name": scenario.name}) == \
        dumps(export_scenario(scenario))
    game = services.game_create(user=make_user("anna"), scenario=copy_of, name="Prova",
                                is_private=False, power="Francia", procedure="piano")
    services.game_join(game_id=game.pk, user=make_user("bruno"), power="Gran Bretagna")
    game = services.game_start(game_id=game.pk, user=game.created_by)
    rules = load_state(game).scenario
    assert rules.combat_data_of("piano") == CHANGED
    rows = {row["kind"]: row for row in RatingsIn()[rules]}  # the rules page quotes them
    assert rows["fleet"]["rapidita"] == 6 and rows["fort"]["integrity"] == 4
