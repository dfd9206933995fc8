"""Scenarios in the admin: inlines validated as a whole, import and export."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from guerra.game.models import Scenario, StartingPosition
from guerra.game.scenario_io import dumps, export_scenario


@pytest.fixture
def admin_client_(make_user):
    user = make_user("capo", staff=True)
    user.is_superuser = True
    user.save()
    c = Client()
    c.force_login(user)
    return c


def inline_post_data(scenario, change_positions=None):
    """The change form as the browser would send it, optionally with edited positions."""
    data = {
        field: getattr(scenario, field)
        for field in [
            "name",
            "description",
            "wars",
            "rounds_per_war",
            "starting_gold",
            "control_markers_per_power",
            "armies_per_power",
            "fleets_per_power",
            "forts_per_power",
            "ally_deadline_seconds",
        ]
    }
    groups = {
        "powers": (scenario.powers.all(), ["name", "colour", "order"]),
        "regions": (
            scenario.regions.all(),
            ["name", "has_sea", "vp_first", "vp_second", "vp_third", "order", "label_x", "label_y"],
        ),
        "neutrals": (scenario.neutrals.all(), ["region", "defence", "reward_kind", "amount"]),
        "tiles": (scenario.tiles.all(), ["kind", "region", "count"]),
        "starting_positions": (
            scenario.starting_positions.all(),
            ["power", "region", "armies", "fleets", "forts", "control_markers"],
        ),
        "starting_tiles": (scenario.starting_tiles.all(), ["power", "tile", "count"]),
    }
    for prefix, (queryset, fields) in groups.items():
        rows = list(queryset)
        data[f"{prefix}-TOTAL_FORMS"] = len(rows)
        data[f"{prefix}-INITIAL_FORMS"] = len(rows)
        for i, row in enumerate(rows):
            data[f"{prefix}-{i}-id"] = row.pk
            data[f"{prefix}-{i}-scenario"] = scenario.pk
            for field in fields:
                value = (
                    getattr(row, field + "_id", None)
                    if field in {"region", "power", "tile"}
                    else getattr(row, field)
                )
                if isinstance(value, bool):
                    if value:
                        data[f"{prefix}-{i}-{field}"] = "on"
                elif value is not None:
                    data[f"{prefix}-{i}-{field}"] = value
    for (i, field), value in (change_positions or {}).items():
        data[f"starting_positions-{i}-{field}"] = value
    return data


def change_url(scenario):
    return reverse("admin:game_scenario_change", args=[scenario.pk])


def test_the_unchanged_form_saves(admin_client_, scenario):
    before = dumps(export_scenario(scenario))
    response = admin_client_.post(change_url(scenario), inline_post_data(scenario))
    assert response.status_code == 302, response.context["errors"] if response.context else ""
    assert dumps(export_scenario(Scenario.objects.get())) == before


def test_no_fleet_in_a_region_without_sea(admin_client_, scenario):
    landlocked = scenario.regions.get(name="Europa Centrale")
    index = next(
        i for i, p in enumerate(scenario.starting_positions.all()) if p.region_id == landlocked.pk
    )
    response = admin_client_.post(
        change_url(scenario), inline_post_data(scenario, {(index, "fleets"): 2})
    )
    assert response.status_code == 200
    assert "Europa Centrale non ha il mare" in response.content.decode()
    assert not StartingPosition.objects.filter(region=landlocked, fleets__gt=0).exists()


def test_starting_positions_must_fit_the_supply(admin_client_, scenario):
    response = admin_client_.post(
        change_url(scenario), inline_post_data(scenario, {(0, "armies"): 30})
    )
    assert response.status_code == 200
    assert "più della sua riserva di 12" in response.content.decode()
    assert StartingPosition.objects.filter(armies=30).count() == 0


def test_a_neutral_defence_outside_1_to_9_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario)
    data["neutrals-0-defence"] = 12
    response = admin_client_.post(change_url(scenario), data)
    assert response.status_code == 200
    assert not scenario.neutrals.filter(defence=12).exists()


def test_scenario_names_are_unique(admin_client_, scenario):
    response = admin_client_.post(
        reverse("admin:game_scenario_add"),
        {
            **inline_post_data(scenario),
            "name": "Europa 1700",
            **{
                f"{p}-TOTAL_FORMS": 0
                for p in [
                    "powers",
                    "regions",
                    "neutrals",
                    "tiles",
                    "starting_positions",
                    "starting_tiles",
                ]
            },
            **{
                f"{p}-INITIAL_FORMS": 0
                for p in [
                    "powers",
                    "regions",
                    "neutrals",
                    "tiles",
                    "starting_positions",
                    "starting_tiles",
                ]
            },
        },
    )
    assert response.status_code == 200
    assert Scenario.objects.count() == 1


def test_the_export_action_downloads_the_json(admin_client_, scenario):
    response = admin_client_.post(
        reverse("admin:game_scenario_changelist"),
        {"action": "export_json", "_selected_action": [scenario.pk]},
    )
    assert response["Content-Type"].startswith("application/json")
    assert json.loads(response.content) == export_scenario(scenario)


def test_the_import_page_creates_and_reports_bad_files(admin_client_, scenario):
    url = reverse("admin:game_scenario_import")
    assert admin_client_.get(url).status_code == 200
    data = export_scenario(scenario)
    data["name"] = "Europa 1756"
    upload = SimpleUploadedFile("s.json", dumps(data).encode(), "application/json")
    response = admin_client_.post(url, {"file": upload})
    assert response.status_code == 302
    assert Scenario.objects.filter(name="Europa 1756").exists()

    data["neutrals"][0]["defence"] = 0
    data["name"] = "Europa 1763"
    upload = SimpleUploadedFile("s.json", dumps(data).encode(), "application/json")
    response = admin_client_.post(url, {"file": upload})
    assert response.status_code == 400
    assert "da 1 a 9" in response.content.decode()
    assert not Scenario.objects.filter(name="Europa 1763").exists()


def test_the_import_page_is_for_staff_only(client, make_user, scenario):
    c = Client()
    c.force_login(make_user("anna"))
    response = c.get(reverse("admin:game_scenario_import"))
    assert response.status_code == 302  # the admin's own login page


def test_staff_see_games_without_the_secret_seed(admin_client_, running_game):
    response = admin_client_.get(reverse("admin:game_game_change", args=[running_game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert running_game.dice_seed_hash in html
    assert running_game.dice_seed not in html


def test_staff_read_attacks_and_dice_but_cannot_change_them(admin_client_, running_game):
    from guerra.game.models import Neutral

    from .attack_helpers import declare

    neutral = Neutral.objects.filter(game=running_game, region__name="Nord America")[0]
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    listing = admin_client_.get(reverse("admin:game_attack_changelist"))
    assert listing.status_code == 200 and "Nord America" in listing.content.decode()
    assert admin_client_.get(reverse("admin:game_diceroll_changelist")).status_code == 200
    page = admin_client_.get(reverse("admin:game_attack_change", args=[attack.pk]))
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
