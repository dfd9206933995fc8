"""A whole game in four browsers, from the lobby to the final standings: the setup draft, the
alliance auction, two rounds of two actions, the war's end and the standings, every decision
clicked on the pages, nobody reloading. A short "Europa 1700": one war of two rounds, one unit
each to place."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from guerra.game.models import Game, GameStatus, Scenario
from guerra.game.models.state import load_state
from guerra.rules.game.machine import pending
from tests.browser.conftest import settled

LIVE = 15_000  # ms


def live_here(page: Page) -> None:
    """The board on the page, its websocket open; the document marked to prove later that
    what changed on it changed without a reload."""
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    page.evaluate("window.notReloaded = true")


def awaited(game: Game) -> tuple[str, str]:
    """(kind, power) of the decision the game waits for now."""
    game.refresh_from_db()
    waiting = pending(load_state(game))
    return waiting.kind, waiting.powers[0] if waiting.powers else ""


def moved_on(game: Game, step: int) -> None:
    """Wait until the game's state has passed `step` (the click's POST has landed)."""
    for _ in range(300):
        game.refresh_from_db()
        if game.step > step:
            return
        time.sleep(0.05)
    raise AssertionError(f"the game stayed at step {step}")


def wait_for_turn(page: Page) -> None:
    expect(page.locator("#turn-box .awaited")).to_contain_text("È il tuo turno.", timeout=LIVE)
    settled(page)


def test_four_players_play_a_whole_short_game_without_reloading(player, shot):
    Scenario.objects.filter(name="Europa 1700").update(
        wars=1, rounds_per_war=2, setup_units=1, setup_counters=2
    )
    anna = player("anna")
    bruno = player("bruno", phone=True)
    carla = player("carla")
    dario = player("dario", phone=True)
    pages = {"Francia": anna, "Gran Bretagna": bruno, "Prussia": carla, "Spagna": dario}

    # The lobby: anna creates the game, the others take their powers from the open games.
    anna.goto("/")
    anna.click("text=Nuova partita")
    anna.select_option("#id_scenario", label="Europa 1700")  # re-renders the form: first
    settled(anna)
    anna.fill("#id_name", "Guerra breve")
    anna.select_option("#id_power", "Francia")
    anna.click("#new-game button.primary")
    anna.wait_for_url(re.compile(r"/partite/\d+/$"))
    board = anna.url.removeprefix(anna.url.split("/partite/")[0])
    for power, page in pages.items():
        if page is anna:
            continue
        page.goto("/")
        page.click("text=Guerra breve")
        page.click(f".power-picker button:has-text('{power}')")
        expect(page.locator(".seat-list")).to_contain_text(power)
    expect(anna.locator(".seat-list")).to_contain_text("Spagna", timeout=LIVE)
    anna.click("#start-form button.primary")
    expect(anna.locator(".map")).to_be_visible()
    game = Game.objects.get(name="Guerra breve")
    # Anna's start took her to the board; the others' waiting rooms heard the game start and
    # reloaded into the board on their own: none is loaded again.
    for page in pages.values():
        expect(page.locator(".map")).to_be_visible(timeout=LIVE)
        live_here(page)

    # G13: each power places its unit, one at a time, in seating order.
    placed = 0
    while awaited(game)[0] == "place":
        power = awaited(game)[1]
        page = pages[power]
        wait_for_turn(page)
        expect(page.locator("#turn-box .setup")).to_contain_text("Preparazione")
        if placed == 0:
            shot(page, "setup-placement")
        step = game.step
        # One form per kind left in the supply: the first kind, at its first legal place.
        page.locator("#turn-box .setup button").first.click()
        moved_on(game, step)
        placed += 1
    assert placed == 4

    # G21-G27: the auction. Openers propose the first two powers at 0, everyone else passes.
    shots = 0
    while awaited(game)[0] in ("propose", "call"):
        kind, power = awaited(game)
        page = pages[power]
        wait_for_turn(page)
        step = game.step
        if kind == "propose":
            expect(page.locator("#turn-box .auction-forms")).to_contain_text("Offerta")
            page.locator("#turn-box .auction-forms button:has-text('Proponi')").click()
        else:
            if shots < 2:
                # The auction as the caller sees it, and as a watcher sees it on a phone.
                shot(page, "auction-your-call")
                watcher = bruno if page is not bruno else dario
                expect(watcher.locator("#turn-box .proposal")).to_contain_text("contro",
                                                                             timeout=LIVE)
                shot(watcher, "auction-watching")
                shots += 1
            page.locator("#turn-box form[action$='/asta/passo/'] button").click()
        moved_on(game, step)
    game.refresh_from_db()
    assert game.phase == "rounds"
    for power, page in pages.items():
        # New alliances: the page heard them through its websocket, without a reload.
        expect(page.locator(".alliance-title").first).to_have_text("Alleanza A", timeout=LIVE)
        assert page.evaluate("window.notReloaded === true"), power

    # G28-G35: two rounds of two actions: a Build when the player can, else a Pass.
    actions = 0
    pictured: set[str] = set()
    while awaited(game)[0] == "action":
        power = awaited(game)[1]
        page = pages[power]
        wait_for_turn(page)
        build = page.locator("#turn-box .action-build button")
        if power not in pictured:  # each player's first action: desktop and phone alike
            shot(page, f"turn-{power.replace(' ', '-').lower()}")
            pictured.add(power)
        step = game.step
        if build.count() and actions % 3 == 0:
            build.click()
        else:
            page.locator("#turn-box .action-pass button").click()
        moved_on(game, step)
        actions += 1
    assert actions == 4 * 2 * 2

    # G50-G62: the war's end and the game's end reach every page (a new page: it reloads).
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    for page in pages.values():
        expect(page.locator("#turn-box")).to_contain_text("La partita è finita.", timeout=LIVE)
    anna.click("#turn-box a:has-text('Resoconto della guerra 1')")
    expect(anna.locator("h1")).to_contain_text("Fine della guerra 1")
    expect(anna.locator("table.report")).to_contain_text("Francia")
    shot(anna, "war-report")
    bruno.goto(board + "guerre/1/")
    expect(bruno.locator(".score-grid")).to_contain_text("Stati Tedeschi")
    shot(bruno, "war-report-phone")
    for page, name in ((carla, "standings"), (dario, "standings-phone")):
        page.goto(board)
        page.click("#turn-box a:has-text('Classifica finale')")
        expect(page.locator("h1")).to_have_text("Classifica finale")
        expect(page.locator(".winner")).to_contain_text(re.compile("Vittoria|parità"))
        # Each power's line: the wars, then (dashed) to the table's total after the penalties.
        expect(page.locator("svg.vp-chart polyline")).to_have_count(8)
        expect(page.locator("svg.vp-chart")).to_contain_text("finale")
        shot(page, name)
    dario.goto(board + "dadi/")
    expect(dario.locator("#verdict")).to_contain_text("corrispondono")
