"""A private message shows its addressee a notice on whatever page of the game they are (issue
25: its only cue was a counter in the board's contact list): "Nuovo messaggio privato dalla
Francia", with a link to the conversation, until dismissed. The writer and the others see none."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from guerra.game.models import Game, Seat
from tests.browser.conftest import new_user, settled
from tests.browser.test_live_browser import LIVE, open_board, start_game


def open_page(page: Page, path: str) -> None:
    page.goto(path)
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")


def write(page: Page, to: Seat, text: str) -> None:
    """Send a private message from the board, as a player does."""
    page.click(f'[data-contact="{to.pk}"]')
    expect(page.locator(f'#chat-private-log[data-with="{to.pk}"]')).to_be_visible()
    settled(page)
    page.fill("#chat-private-text", text)
    page.press("#chat-private-text", "Enter")
    expect(page.locator("#chat-private-log")).to_contain_text(text)


def notices_shown(page: Page):
    return page.locator(".private-notice:visible")


def test_a_private_message_shows_a_notice_on_whatever_page_the_addressee_is(player, shot):
    anna, bruno, carla = player("anna"), player("bruno", phone=True), player("carla")
    game, seats = start_game()
    francia, britain = seats["Francia"], seats["Gran Bretagna"]
    open_board(anna, game)
    open_page(bruno, f"/partite/{game.pk}/attacchi/")  # a page without the chats
    open_page(carla, f"/partite/{game.pk}/mercato/")

    write(anna, britain, "Trattiamo la pace?")
    notice = bruno.locator(f'[data-notice-from="{francia.pk}"]')
    expect(notice).to_be_visible(timeout=LIVE)
    expect(notice).to_have_text(re.compile(r"^\s*Nuovo messaggio privato dalla Francia\s*×\s*$"))
    shot(bruno, "phone-notice-on-the-attack-list")
    # The notice fits the phone's width and its link and button are easy to tap.
    box = notice.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for target in (notice.locator("a"), notice.locator("button")):
        size = target.bounding_box()
        assert size is not None and size["height"] >= 44 and size["width"] >= 44
    # The writer is not told of their own message; the third player hears nothing of it.
    expect(notices_shown(anna)).to_have_count(0)
    expect(notices_shown(carla)).to_have_count(0)

    # The link opens the conversation on the board; the notice has been answered.
    notice.locator("a").click()
    expect(bruno).to_have_url(re.compile(rf"/partite/{game.pk}/#chat-privata-{francia.pk}$"))
    expect(bruno.locator(f'#chat-private-log[data-with="{francia.pk}"]')).to_contain_text(
        "Trattiamo la pace?")
    expect(notices_shown(bruno)).to_have_count(0)
    shot(bruno, "phone-conversation-opened-from-the-notice")

    # With the conversation open, a new message is in sight: no notice for it.
    anna.fill("#chat-private-text", "Rispondi pure con calma.")
    anna.press("#chat-private-text", "Enter")
    expect(bruno.locator("#chat-private-log")).to_contain_text("Rispondi pure con calma.",
                                                               timeout=LIVE)
    expect(notices_shown(bruno)).to_have_count(0)


def test_a_notice_on_the_board_opens_the_conversation_in_place_and_can_be_dismissed(
    player, shot
):
    anna, carla = player("anna"), player("carla")
    new_user("bruno")
    game, seats = start_game()
    francia, prussia = seats["Francia"], seats["Prussia"]
    open_board(anna, game)
    open_board(carla, game)

    write(anna, prussia, "Attacchiamo insieme?")
    notice = carla.locator(f'[data-notice-from="{francia.pk}"]')
    expect(notice).to_be_visible(timeout=LIVE)
    shot(carla, "desktop-notice-on-the-board")
    notice.locator("button").click()  # dismissed: gone, and nothing else changes
    expect(notices_shown(carla)).to_have_count(0)
    assert Game.objects.get(pk=game.pk).status == "running"

    anna.fill("#chat-private-text", "Allora?")
    anna.press("#chat-private-text", "Enter")
    expect(notice).to_be_visible(timeout=LIVE)
    notice.locator("a").click()  # the board has the contacts: the conversation opens here
    expect(carla.locator(f'#chat-private-log[data-with="{francia.pk}"]')).to_contain_text(
        "Allora?")
    assert carla.evaluate("window.notReloaded === true")
    expect(notices_shown(carla)).to_have_count(0)
