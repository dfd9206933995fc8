"""The two ends of a game the combat systems' browser tests play (test_finestre_browser.py,
test_piano_browser.py): the game created through the "Nuova partita" form with its combat
system chosen in the form's select, on a short "Europa 1700 — partenza rapida" (one war of
one round); and, once the attacks are over, the game played on to its final standings on the
players' pages: every action left passed with the turn box's "Passa" on a page never
reloaded, the war's end and the game's reaching every page by the game's own push (no player
reloads or navigates: the game's end is another page, which live.js loads by itself when the
push says the game's status changed), and the final standings opened from there."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Page, ViewportSize, expect

from guerra.game.models import Game, GameStatus, Scenario
from tests.browser.conftest import settled, sideways
from tests.browser.test_attack_browser import LIVE, live_here, not_reloaded
from tests.browser.test_whole_game_browser import awaited, moved_on, wait_for_turn

QUICK_START = "Europa 1700 — partenza rapida"
PHONE: ViewportSize = {"width": 390, "height": 844}


def created_through_the_form(page: Page, shot, *, name: str, power: str, procedure: str,
                             system: str) -> Game:
    """`page`'s player creates the game `name` in the form, seated as `power`, fighting with
    `procedure` (`system`, its name in the select); a picture of the form filled in."""
    Scenario.objects.filter(name=QUICK_START).update(wars=1, rounds_per_war=1)
    page.goto("/partite/nuova/")
    page.select_option("#id_scenario", label=QUICK_START)  # re-draws the form: first
    settled(page)
    page.fill("#id_name", name)
    page.select_option("#id_power", power)
    page.select_option("#id_procedure", procedure)
    expect(page.locator("#id_procedure option:checked")).to_have_text(system)
    shot(page, "new-game")
    page.click("#new-game button.primary")
    page.wait_for_url(re.compile(r"/partite/\d+/$"))
    game = Game.objects.get(name=name)
    assert (game.procedure, game.scenario.name if game.scenario else None) == (
        procedure, QUICK_START)
    return game


def played_to_its_end(game: Game, pages: dict[str, Page], shot, *, desktop: str,
                      phone: str) -> int:
    """The game, its attacks over, played on in `pages` (a page per power): every action
    left passed with "Passa" on its player's page, then the war's end and the game's on
    every page by the game's push; the final standings opened from the turn box by the
    `desktop` power's page and by the `phone` power's at a phone's width. The number of
    actions passed."""
    board = f"/partite/{game.pk}/"
    for page in pages.values():
        if urlsplit(page.url).path != board:
            page.goto(board)
        live_here(page)
    passed = 0
    while awaited(game)[0] == "action":
        page = pages[awaited(game)[1]]
        wait_for_turn(page)
        assert not_reloaded(page)  # each turn came to the page live
        step = game.step
        page.locator("#turn-box .action-pass button").click()
        moved_on(game, step)
        passed += 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, (game.status, awaited(game))
    for power, page in pages.items():  # (the test opens nothing: the push brings them)
        expect(page.locator("[data-live-stage^='finished-']")).to_have_count(1, timeout=LIVE)
        expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
        box = page.locator("#turn-box")
        expect(box).to_contain_text("La partita è finita.")
        expect(box.locator("a:has-text('Resoconto della guerra 1')")).to_be_visible()
        expect(box.locator("a:has-text('Classifica finale')")).to_be_visible()
        assert urlsplit(page.url).path == board, power
    for power, name in ((desktop, "standings"), (phone, "standings-phone")):
        page = pages[power]
        if power == phone:
            page.set_viewport_size(PHONE)
        page.click("#turn-box a:has-text('Classifica finale')")
        expect(page.locator("h1")).to_have_text("Classifica finale")
        expect(page.locator(".winner")).to_contain_text(re.compile("Vittoria|parità"))
        expect(page.locator("svg.vp-chart polyline")).to_have_count(2 * len(pages))
        assert sideways(page) == 0, name
        shot(page, name)
    return passed
