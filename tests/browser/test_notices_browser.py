"""The page "Notifiche" in the browser (issue 31), on a desktop and on a phone: reached from the
menu, the switches saved, a bad address refused in Italian, a good one told its link is on its
way; on a phone nothing scrolls sideways and every control is a finger wide."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import sideways

# Every control of the page's forms: at least 44 x 44 CSS px on a phone (a checkbox counts with
# its label, which a tap on it toggles).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main input:not([type=checkbox]):not([type=hidden]), main .check label')]
  .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
  .filter(([_, r]) => r.height < 44 || r.width < 44)
  .map(([html, r]) => html + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


def check_the_page(page: Page, shot, name: str) -> None:
    page.goto("/")
    page.click("a.notices-link")
    expect(page.locator("h1")).to_have_text("Notifiche")
    assert page.title() == "Notifiche · Guerra"
    shot(page, f"{name}-notices")
    page.click("label[for=id_digest]")
    page.click("#notice-switches button")
    expect(page.locator(".messages")).to_contain_text(
        "Le tue preferenze sulle notifiche sono salvate.")
    expect(page.locator("#id_digest")).to_be_checked()
    page.fill("#id_address", "anna@esempio")
    page.evaluate("document.querySelector('#id_address').type = 'text'")  # past the browser's check
    page.click("#notice-address button")
    expect(page.locator("#notice-address")).to_contain_text("Scrivi un indirizzo e-mail valido")
    shot(page, f"{name}-notices-bad-address")
    page.fill("#id_address", "anna@esempio.it")
    page.click("#notice-address button")
    expect(page.locator(".messages")).to_contain_text("Abbiamo inviato un collegamento a "
                                                      "anna@esempio.it")
    shot(page, f"{name}-notices-link-sent")


def test_the_notices_page_on_a_desktop(player, shot):
    check_the_page(player("anna"), shot, "desktop")


def test_the_notices_page_on_a_phone(player, shot):
    page = player("anna", phone=True)
    check_the_page(page, shot, "phone")
    assert sideways(page) == 0  # (it waits for the style sheet, which the targets need too)
    assert page.evaluate(SMALL_TARGETS) == []
