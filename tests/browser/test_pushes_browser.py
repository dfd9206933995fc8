"""What one player does shows on the other players' open pages, without a reload: the gold and
the unrest of a tax on every board (issue 25: the other pages kept the old gold), a declared
attack on the attack list."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import new_user, settled
from tests.browser.test_attack_browser import declare_from_the_board
from tests.browser.test_live_browser import LIVE, not_reloaded, open_board, start_game
from tests.game.play_helpers import give_turn


def test_G41_a_tax_shows_its_gold_and_unrest_on_every_open_board(player, shot):
    anna, bruno = player("anna"), player("bruno", phone=True)
    new_user("carla")
    game, seats = start_game()  # Francia's turn
    francia = seats["Francia"]
    open_board(anna, game)
    open_board(bruno, game)
    panel = bruno.locator(f"#power-{francia.pk}")
    expect(panel.locator(".gold")).to_have_text("10 ori")
    expect(panel.locator(".unrest")).to_have_text("0")

    settled(anna)
    anna.select_option("#turn-box select[name=oro]", "6")
    anna.click("#turn-box button:has-text('Riscuoti le tasse')")
    expect(panel.locator(".gold")).to_have_text("16 ori", timeout=LIVE)
    expect(panel.locator(".unrest")).to_have_text("3")
    expect(bruno.locator("#event-log")).to_contain_text("3 punti di insoddisfazione")
    assert not_reloaded(bruno)
    panel.screenshot(path=str(shot(bruno, "phone-after-the-tax").with_name("panel.png")))


def test_G34_a_declared_attack_shows_on_every_open_attack_list(player, shot):
    anna, bruno = player("anna"), player("bruno")
    new_user("carla")
    game, _seats = start_game()
    open_board(bruno, game)
    anna.goto(f"/partite/{game.pk}/attacchi/")
    expect(anna.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    anna.evaluate("window.notReloaded = true")
    expect(anna.locator("#attack-list")).to_contain_text("Ancora nessun attacco")

    give_turn(game, "Gran Bretagna")  # behind the scenes: the pages re-fetch on the next push
    bruno.reload()
    expect(bruno.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    declare_from_the_board(bruno, "Nord America", "Francia")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url(re.compile(r"/attacchi/1/$"))
    row = anna.locator("#attack-list tbody tr")
    expect(row).to_have_count(1, timeout=LIVE)
    expect(row).to_contain_text("Nord America")
    assert not_reloaded(anna)
    shot(anna, "attack-list-live")
