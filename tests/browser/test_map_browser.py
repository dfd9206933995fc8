"""The map in a browser, on a desktop and on a phone (390 px wide, touch): its words and pieces
stay inside their regions, and it zooms and pans in its frame until its smallest piece or number
reads at 12 px (issue 25: at 390 px the whole map's text was 5 px tall), without the page ever
scrolling sideways.

Gran Bretagna (bruno) and Prussia (carla) in alliance A, Francia (anna) in alliance B.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from guerra.game.models import Region
from tests.browser.conftest import new_user, settled, sideways
from tests.browser.test_attack_browser import start_game
from tests.browser.test_phone_browser import DESKTOP, PHONE, detail, live, login
from tests.game.play_helpers import set_pieces, show_counter

__all__ = ["login"]  # the fixture, shared with the phone's tests

OUTSIDE_THEIR_REGION = """() => {
  const out = [];
  for (const region of document.querySelectorAll(".map .region")) {
    const shape = region.querySelector(".region-shape");
    const back = shape.getScreenCTM().inverse();
    const parts = region.querySelectorAll(
      ".region-name, .region-vp, .counters, .neutral");
    for (const part of parts) {
      const r = part.getBoundingClientRect();
      const corners = [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1],
                       [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]];
      for (const [x, y] of corners) {
        const p = new DOMPoint(x, y).matrixTransform(back);
        if (!shape.isPointInFill(p)) {
          out.push(region.dataset.region + ": " + (part.textContent || "").trim().slice(0, 30));
          break;
        }
      }
    }
  }
  return out;
}"""


def test_the_map_keeps_names_and_counters_inside_their_regions(login, shot):
    desktop = login("anna", DESKTOP)
    phone = login("anna", PHONE)
    new_user("bruno")
    new_user("carla")
    game = start_game()
    # Crowded small regions: every power with every kind of piece, neutral counters too.
    for region in ("India", "Indie Orientali", "Caraibi", "Mediterraneo"):
        for power in ("Francia", "Gran Bretagna", "Prussia"):
            set_pieces(game, power, region, armies=2, fleets=1, forts=1, markers=1)
    for region in ("India", "Caraibi"):
        show_counter(game, region, reward="gold")
    live(desktop, f"/partite/{game.pk}/")
    detail(shot, desktop, ".map-wrap", "map-desktop")
    expect(desktop.locator(".map .region[data-region='India'] .counters")).to_have_count(3)
    assert desktop.evaluate(OUTSIDE_THEIR_REGION) == []

    # The phone: the map's words are too small at 390 px, so the regions' list comes first,
    # its units in tables of a readable size; the map follows, still tidy.
    live(phone, f"/partite/{game.pk}/")
    assert phone.evaluate(OUTSIDE_THEIR_REGION) == []
    regions = phone.locator("#regions").bounding_box()
    board = phone.locator("#board").bounding_box()
    assert regions is not None and board is not None
    assert regions["y"] < board["y"]
    india = phone.locator(".region-card", has_text="India").first
    expect(india.locator("table.holdings")).to_contain_text("Gran Bretagna")
    size = india.locator("table.holdings td").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 13
    detail(shot, phone, "#regions", "regions-first-phone")
    detail(shot, phone, ".map-wrap", "map-phone")



# The map's pieces and numbers as drawn on the screen: the smallest text's size in CSS px.
SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll(
    ".map .counters text, .map .neutral text, .map .region-vp, .map .home text")].map(t => {
  const m = t.getScreenCTM();
  return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
}))"""

IN_VIEW = """(name) => {
  const frame = document.querySelector("[data-map-frame]").getBoundingClientRect();
  const r = document.querySelector(`.map .region[data-region="${name}"] .region-shape`)
    .getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
}"""


def zoom_of(page: Page) -> float:
    return float(page.locator("[data-map-frame]").get_attribute("data-zoom") or 0)


def test_the_map_zooms_on_a_phone_until_its_pieces_read_at_12_px(login, shot):
    phone = login("anna", PHONE)
    desktop = login("anna", DESKTOP)
    new_user("bruno")
    new_user("carla")
    game = start_game()
    for power in ("Francia", "Gran Bretagna", "Prussia"):  # India's block at its smallest
        set_pieces(game, power, "India", armies=2, fleets=1, forts=1, markers=1)
    india = Region.objects.get(game=game, name="India")
    live(phone, f"/partite/{game.pk}/")
    frame = phone.locator("[data-map-frame]")
    zoom_in = phone.get_by_role("button", name="Ingrandisci la mappa")
    zoom_out = phone.get_by_role("button", name="Rimpicciolisci la mappa")
    frame.scroll_into_view_if_needed()
    assert zoom_of(phone) == 1 and phone.evaluate(SMALLEST_TEXT) < 6  # the whole map: tiny
    expect(zoom_out).to_be_disabled()
    folder = shot(phone, "whole-map-phone").parent

    # A tap on India: the map grows to its readable size around India, and the page stays.
    phone.locator(".map .region[data-region='India'] .region-shape").tap()
    expect(zoom_in).to_be_disabled()
    assert phone.evaluate(SMALLEST_TEXT) >= 12
    assert phone.evaluate(IN_VIEW, "India"), "the map zoomed in away from India"
    assert "#" not in phone.url and sideways(phone) == 0
    assert frame.evaluate("f => f.scrollWidth > 4 * f.clientWidth")
    # (A full-page picture would resize the window, and the frame with it: the frame alone.)
    frame.screenshot(path=str(folder / "india-zoomed-phone.png"))

    # A live refresh redraws the map: the zoom and the place looked at stay.
    phone.evaluate("document.body.dispatchEvent(new CustomEvent('live:all'))")
    settled(phone)
    expect(phone.locator("[data-map-frame][data-ready]")).to_have_count(1)
    assert zoom_in.is_disabled() and phone.evaluate(IN_VIEW, "India")

    # Zoomed in, a tap on a region opens its card; "−" halves the zoom down to the whole map.
    phone.locator(".map .region[data-region='India'] .region-shape").tap()
    expect(phone).to_have_url(f"{phone.url.split('#')[0]}#region-{india.pk}")
    full = zoom_of(phone)
    zoom_out.click()
    assert abs(zoom_of(phone) - full / 2) < 0.02
    while zoom_out.is_enabled():
        zoom_out.click()
    assert zoom_of(phone) == 1 and sideways(phone) == 0

    # A desktop has the buttons too (its map is wider: fewer steps to the readable size); a
    # click on a region opens its card.
    live(desktop, f"/partite/{game.pk}/")
    desktop.get_by_role("button", name="Ingrandisci la mappa").click()
    assert zoom_of(desktop) > 1 and sideways(desktop) == 0
    while desktop.get_by_role("button", name="Ingrandisci la mappa").is_enabled():
        desktop.get_by_role("button", name="Ingrandisci la mappa").click()
    assert desktop.evaluate(SMALLEST_TEXT) >= 12
    detail(shot, desktop, ".map-wrap", "zoomed-desktop")
    desktop.locator(".map .region[data-region='Baltico'] .region-shape").click()
    expect(desktop).to_have_url(desktop.url.split("#")[0] + "#region-"
                                + str(Region.objects.get(game=game, name="Baltico").pk))
