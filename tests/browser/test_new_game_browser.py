"""The new-game form in a browser: a change of scenario re-draws it (its powers and its combat
system) and keeps everything typed and chosen before it."""

import re

from playwright.sync_api import expect

from guerra.game.models import Game, Scenario
from tests.browser.conftest import settled, sideways

QUICK_START = "Europa 1700 — partenza rapida"


def test_a_change_of_scenario_keeps_name_time_power_system_and_privacy(player, shot):
    # The scenario chosen last fights with the ten-sided dice: its re-drawn form says so.
    Scenario.objects.filter(name=QUICK_START).update(procedure="d10")
    anna = player("anna")
    anna.goto("/partite/nuova/")
    expect(anna.locator("#id_name")).to_have_value(re.compile(r"^Partita n\. \d+$"))
    anna.fill("#id_name", "Guerra per lettera")
    anna.select_option("#id_pace", "mail")
    anna.select_option("#id_power", "Russia")
    anna.select_option("#id_procedure", "seed004")
    anna.check("#id_is_private")

    anna.select_option("#id_scenario", label=QUICK_START)
    expect(anna.locator("#id_procedure option").first).to_have_text(
        "Dadi a dieci, a coppie (dello scenario)")  # the form was re-drawn
    settled(anna)
    expect(anna.locator("#id_name")).to_have_value("Guerra per lettera")
    expect(anna.locator("#id_pace")).to_have_value("mail")
    expect(anna.locator("#id_power")).to_have_value("Russia")
    expect(anna.locator("#id_procedure")).to_have_value("seed004")
    expect(anna.locator("#id_is_private")).to_be_checked()
    shot(anna, "new-game-desktop")

    anna.click("#new-game button.primary")
    anna.wait_for_url(re.compile(r"/partite/\d+/$"))
    game = Game.objects.get(name="Guerra per lettera")
    assert (game.scenario.name, game.deadline_seconds, game.procedure, game.is_private) == (
        QUICK_START, 24 * 3600, "seed004", True)
    assert list(game.seats.values_list("power", flat=True)) == ["Russia"]


def test_on_a_phone_the_form_fits_and_new_games_are_named_by_their_number(player, shot):
    """Two games left with the default name are not two "Partita di bruno" in "Le mie
    partite": each is named by its own number."""
    bruno = player("bruno", phone=True)
    for _ in range(2):
        bruno.goto("/partite/nuova/")
        bruno.click("#new-game button.primary")
        bruno.wait_for_url(re.compile(r"/partite/\d+/$"))
    bruno.goto("/partite/nuova/")
    shot(bruno, "new-game-phone")
    assert sideways(bruno) == 0
    names = sorted(Game.objects.values_list("pk", "name"))
    assert len(names) == 2
    assert names == [(pk, f"Partita n. {pk}") for pk, _name in names]
    bruno.goto("/partite/mie/")
    for _pk, name in names:
        expect(bruno.locator("body")).to_contain_text(name)


def test_the_browser_s_favicon_ico_is_the_site_s_icon(player):
    """Every browser asks for /favicon.ico: it was a 404 in the console."""
    anna = player("anna")
    response = anna.goto("/favicon.ico")
    assert response is not None and response.ok
    assert response.headers["content-type"].startswith("image/svg+xml")


def test_staff_end_a_running_game_from_its_admin_page(player, shot):
    """The admin's page of a running game offers only what can still change: its status goes
    to "conclusa" (never back to waiting for players), wars and rounds are shown as text."""
    from django.contrib.auth.models import User

    from guerra.game import services

    capo = player("capo", staff=True)
    User.objects.filter(username="capo").update(is_superuser=True)
    anna, bruno = (User.objects.create_user(name) for name in ("anna", "bruno"))
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK_START),
                                name="In corso", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)

    capo.goto(f"/admin/game/game/{game.pk}/change/")
    options = capo.locator("#id_status option").all_inner_texts()
    assert options == ["in corso", "conclusa"]
    expect(capo.locator(".field-wars .readonly")).to_have_text("3")
    expect(capo.locator("#id_wars")).to_have_count(0)
    shot(capo, "admin-running-game-desktop")
    capo.set_viewport_size({"width": 390, "height": 844})
    shot(capo, "admin-running-game-phone")
    capo.select_option("#id_status", "finished")
    capo.click("input[name=_save]")
    expect(capo.locator(".messagelist")).to_contain_text("In corso")
    game.refresh_from_db()
    assert game.status == "finished" and game.ended_at is not None
