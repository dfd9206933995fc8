"""The live status on a desktop and on a phone (390 px wide, touch): it keeps clear of the
prompts, and tells a dropped connection within 5 seconds, then reconnects.

Gran Bretagna (bruno) and Prussia (carla) in alliance A, Francia (anna) in alliance B, as war
1's auction makes them; Gran Bretagna plays first.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import new_user
from tests.browser.test_attack_browser import start_game
from tests.browser.test_phone_browser import (
    DESKTOP,
    LIVE,
    PHONE,
    declare,
    detail,
    live,
    login,
)

__all__ = ["login"]  # the fixture, shared with the phone's tests


def overlaps(page: Page, selector: str) -> list[str]:
    """The elements matching `selector` that the live status overlaps."""
    return list(page.evaluate("""(selector) => {
      const dot = document.querySelector("[data-live-status]").getBoundingClientRect();
      return [...document.querySelectorAll(selector)].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width && dot.left < r.right && r.left < dot.right
          && dot.top < r.bottom && r.top < dot.bottom;
      }).map(e => e.id || e.className || e.tagName);
    }""", selector))


PROMPTS = ".prompt, #decision, #turn-box, h1, .crumbs, .board-head"


def test_the_live_status_keeps_clear_of_the_prompts_on_desktop_and_phone(login, shot):
    carla_phone = login("carla", PHONE)
    carla_desktop = login("carla", DESKTOP)
    bruno_phone = login("bruno", PHONE)
    bruno_desktop = login("bruno", DESKTOP)
    new_user("anna")
    # Two tables: one where Prussia is invited to an attack (its prompt on every page), one
    # where Gran Bretagna decides on its attack's page.
    game = start_game()
    board = f"/partite/{game.pk}/"
    declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    other = start_game()
    attack = declare(other, "Gran Bretagna", "Nord America", "Francia")
    url = f"/partite/{other.pk}/attacchi/{attack.number}/"
    pages = [(carla_phone, board, "ally-phone"), (carla_desktop, board, "ally-desktop"),
             (bruno_phone, url, "attacker-phone"), (bruno_desktop, url, "attacker-desktop")]
    for page, where, name in pages:
        live(page, where)
        if page in (carla_phone, carla_desktop):
            expect(page.locator("#prompt-1")).to_contain_text("Un alleato chiede il tuo aiuto")
        else:
            expect(page.locator("#decision")).to_contain_text("combattimento navale")
        shot(page, name)
        assert overlaps(page, PROMPTS) == [], name
        # The longest words it says: the connection lost.
        page.evaluate("window.guerraLive.disconnect()")
        expect(page.locator("[data-live-status]")).to_contain_text("Connessione persa")
        path = shot(page, f"{name}-dropped")
        page.screenshot(path=str(path.with_name(f"{path.stem}-top.png")))
        assert overlaps(page, PROMPTS) == [], name


def test_a_dropped_connection_says_so_within_5_seconds_then_reconnects(login, shot):
    phone = login("anna", PHONE)
    desktop = login("anna", DESKTOP)
    new_user("bruno")
    new_user("carla")
    game = start_game()
    status_of = {page: page.locator("[data-live-status]") for page in (phone, desktop)}

    # The phone loses its network: the browser says it goes offline.
    live(phone, f"/partite/{game.pk}/")
    phone.context.set_offline(True)
    expect(status_of[phone]).to_contain_text("Connessione persa", timeout=5_000)
    detail(shot, phone, "[data-live-status]", "offline", top=True)
    phone.context.set_offline(False)
    expect(status_of[phone]).to_have_attribute("data-state", "open", timeout=LIVE)
    expect(status_of[phone]).to_have_text("In diretta")

    # A connection that dies in silence (no close, no answer to the pings): the heartbeat.
    silent = {"on": False}

    def route(ws: Any) -> None:
        if silent["on"]:
            return  # a mute network: the socket opens (a mock), and nothing ever comes
        server = ws.connect_to_server()
        ws.on_message(lambda message: None if silent["on"] else server.send(message))
        server.on_message(lambda message: None if silent["on"] else ws.send(message))

    desktop.route_web_socket(re.compile(r"/ws/partite/\d+/$"), route)
    live(desktop, f"/partite/{game.pk}/")
    silent["on"] = True
    expect(status_of[desktop]).to_contain_text("Connessione persa", timeout=5_000)
    detail(shot, desktop, "[data-live-status]", "silent-network", top=True)
    silent["on"] = False
    # Reconnecting backs off (up to 15 s and a half between tries while the network is mute).
    expect(status_of[desktop]).to_have_attribute("data-state", "open", timeout=40_000)
    expect(status_of[desktop]).to_have_text("In diretta")
