"""E1 in the scenario's admin page: punti's unit profiles as a table, saved into
`Scenario.combat_data` only when valid (Italian messages, nothing saved otherwise)."""

from __future__ import annotations

import html

import pytest

from guerra.game.models import Scenario
from guerra.game.procedures.punti.data import PuntiDataForm
from tests.game.admin.test_admin import admin_client_, change_url, inline_post_data
from tests.game.scenarios.punti_data import DEFAULTS, profiles, punti

__all__ = ["admin_client_", "punti"]  # fixtures, used by name

pytestmark = pytest.mark.usefixtures("punti")


def posted(scenario: Scenario, **cells: int) -> dict[str, object]:
    """The change form with no inline row, the profiles as shown (E1's defaults) but for
    `cells` ("army_attack": 3)."""
    data: dict[str, object] = dict(inline_post_data(scenario, parts=()))
    for kind, fields in DEFAULTS.items():
        for name, value in fields.items():
            data[f"combat-punti-{kind}_{name}"] = value
    data.update({f"combat-punti-{cell}": value for cell, value in cells.items()})
    return data


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_E1_the_change_form_shows_the_profiles_as_a_table(admin_client_, scenario):
    scenario.combat_data = {"punti": profiles(fleet={"speed": 5})}
    scenario.save()
    page = text(admin_client_.get(change_url(scenario)))
    assert 'id="combat-punti"' in page
    assert "<h2>Punti d'attacco e difesa</h2>" in page
    for header in ("Unità", "Punti d'attacco", "Punti di difesa", "Salute", "Velocità",
                   "Gittata"):
        assert f'<th scope="col">{header}</th>' in page
    for row in ("Armata", "Flotta", "Fortino"):
        assert f'<th scope="row">{row}</th>' in page
    assert 'name="combat-punti-fleet_speed" value="5"' in page
    assert 'name="combat-punti-fort_defence" value="5"' in page  # E1's default


def test_E1_profiles_edited_in_the_admin_are_saved(admin_client_, scenario):
    response = admin_client_.post(change_url(scenario),
                                  posted(scenario, army_attack=3, fort_health=4))
    assert response.status_code == 302, text(response)[:2000]
    scenario.refresh_from_db()
    assert scenario.combat_data == {"punti": profiles(army={"attack": 3}, fort={"health": 4})}


def test_E1_profiles_set_back_to_the_defaults_are_dropped(admin_client_, scenario):
    scenario.combat_data = {"punti": profiles(army={"attack": 3})}
    scenario.save()
    response = admin_client_.post(change_url(scenario), posted(scenario))
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.combat_data == {}


def test_E1_a_health_of_0_is_refused_in_italian_and_nothing_is_saved(admin_client_, scenario):
    scenario.combat_data = {"punti": profiles(army={"attack": 3})}
    scenario.save()
    data = posted(scenario, army_health=0, army_attack=4)
    data["description"] = "cambiata"
    response = admin_client_.post(change_url(scenario), data)
    assert response.status_code == 200
    page = text(response)
    assert "I dati di un sistema di combattimento contengono errori" in page
    assert "maggiore o uguale a 1" in page
    scenario.refresh_from_db()
    assert scenario.combat_data == {"punti": profiles(army={"attack": 3})}
    assert scenario.description != "cambiata"


@pytest.mark.parametrize("value", ["", "due", "21", "-1"])
def test_E1_a_cell_that_is_not_a_number_in_bounds_is_refused(admin_client_, scenario, value):
    response = admin_client_.post(change_url(scenario), posted(scenario, army_attack=value))
    assert response.status_code == 200
    assert "I dati di un sistema di combattimento contengono errori" in text(response)
    assert Scenario.objects.get(pk=scenario.pk).combat_data == {}


def test_E1_what_the_procedure_refuses_is_shown_in_its_words(admin_client_, scenario,
                                                              monkeypatch):
    """The table's bounds are E1's; what passes them still goes through `read_data`."""
    monkeypatch.setattr(PuntiDataForm, "to_data",
                        lambda self, cleaned: {"profiles": {"cavalry": {}}})
    response = admin_client_.post(change_url(scenario), posted(scenario, army_attack=3))
    assert response.status_code == 200
    assert "cavalry" in text(response)
    assert Scenario.objects.get(pk=scenario.pk).combat_data == {}


def test_a_post_without_the_table_keeps_the_profiles(admin_client_, scenario):
    """A page opened before the combat system had its table posts none of its cells."""
    scenario.combat_data = {"punti": profiles(army={"attack": 3})}
    scenario.save()
    response = admin_client_.post(change_url(scenario), inline_post_data(scenario, parts=()))
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.combat_data == {"punti": profiles(army={"attack": 3})}


def test_E1_stored_profiles_the_rules_no_longer_accept_show_the_defaults(admin_client_,
                                                                          scenario):
    Scenario.objects.filter(pk=scenario.pk).update(
        combat_data={"punti": {"profiles": {"army": {"health": 0}}}})
    response = admin_client_.get(change_url(scenario))
    assert response.status_code == 200
    assert 'name="combat-punti-army_health" value="2"' in text(response)
