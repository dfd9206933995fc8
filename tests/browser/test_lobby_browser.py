"""Two players in two browsers: one creates a game, the other joins, the game starts."""

import re

from playwright.sync_api import expect

from guerra.game.models import Game, GameStatus


def test_two_players_create_join_start_and_both_see_the_board(player, shot):
    # Both log in through the login form, which leaves them on the lobby.
    anna = player("anna", form=True)
    bruno = player("bruno", phone=True, form=True)
    shot(anna, "lobby")

    anna.click("text=Nuova partita")
    anna.fill("#id_name", "Guerra di successione")
    anna.select_option("#id_power", "Francia")
    shot(anna, "new-game")
    anna.click("#new-game button.primary")
    anna.wait_for_url(re.compile(r"/partite/\d+/$"))
    expect(anna.locator("h1")).to_have_text("Guerra di successione")
    expect(anna.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    anna.evaluate("window.notReloaded = true")
    game_url = anna.url

    bruno.reload()
    expect(bruno.locator(".game-list")).to_contain_text("Guerra di successione")
    shot(bruno, "lobby-with-game")
    bruno.click("text=Guerra di successione")
    expect(bruno.locator(".power-picker")).not_to_contain_text("Francia")
    shot(bruno, "choose-power")
    bruno.click(".power-picker button:has-text('Gran Bretagna')")
    expect(bruno.locator(".seat-list")).to_contain_text("Gran Bretagna — bruno")

    # The creator's waiting room shows the newcomer without a reload.
    expect(anna.locator(".seat-list")).to_contain_text("Gran Bretagna — bruno", timeout=15_000)
    assert anna.evaluate("window.notReloaded === true")
    shot(anna, "waiting-room")
    anna.click("#start-form button.primary")
    expect(anna.locator(".map")).to_be_visible()
    assert Game.objects.get(name="Guerra di successione").status == GameStatus.RUNNING

    expect(anna.locator(".map .region-shape")).to_have_count(11)
    expect(anna.locator(".power-panel")).to_have_count(2)
    expect(anna.locator("#board")).to_contain_text("10 ori")
    shot(anna, "board")

    bruno.goto(game_url)
    expect(bruno.locator(".map .region-shape")).to_have_count(11)
    expect(bruno.locator(".power-panel.mine")).to_contain_text("Gran Bretagna")
    # Every power's unrest is public, as on the board game's track.
    expect(bruno.locator(".unrest")).to_have_count(2)
    shot(bruno, "board-phone")


def test_an_anonymous_visitor_is_sent_to_log_in(browser, live_server_url, transactional_db, shot):
    context = browser.new_context(base_url=live_server_url)
    page = context.new_page()
    page.goto("/partite/nuova/")
    expect(page).to_have_url(re.compile(r"/account/accedi/\?next="))
    expect(page.locator("h1")).to_have_text("Accedi")
    shot(page, "login")
    context.close()
