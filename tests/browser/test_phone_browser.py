"""The game on a phone (390 x 844, touch) and on a desktop: every page fits a phone's width with
every target a finger can hit (44 x 44 px) and every select's choice readable, the attack's
flowchart opens at its current box (on a phone, the path taken as a list as well), the rule
codes hide behind a toggle, and the tab has its icon. The map: test_map_browser.py; the live
status: test_live_status_browser.py (both share this module's fixtures).

Gran Bretagna (bruno) and Prussia (carla) in alliance A, Francia (anna) in alliance B, as war
1's auction makes them; Gran Bretagna plays first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from guerra.game import services
from guerra.game.models import Attack, Game, Region, Scenario, Seat
from guerra.game.models.state import load_state
from guerra.rules.game.machine import pending
from tests.browser.conftest import new_user, settled, sideways, signed_in
from tests.browser.test_attack_browser import start_game
from tests.browser.test_d10_browser import REGION, start_d10_game
from tests.game.play_helpers import finish_auction, give_turn, state_of

LIVE = 15_000  # ms
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def login(
    browser: Browser, live_server_url: str, transactional_db: None
) -> Iterator[Callable[[str, dict[str, Any]], Page]]:
    """login(name, PHONE or DESKTOP): a blank page logged in as `name` (one user, many
    devices)."""
    contexts: list[BrowserContext] = []

    def open_as(name: str, device: dict[str, Any]) -> Page:
        user = User.objects.filter(username=name).first() or new_user(name)
        context = browser.new_context(base_url=live_server_url, **device)
        contexts.append(context)
        signed_in(context, user, live_server_url)
        return context.new_page()

    yield open_as
    for context in contexts:
        context.close()


def inner_scrollers(page: Page) -> list[str]:
    """The parts of the page that scroll sideways on their own (a table in a scrolling box),
    but the flowchart, which is meant to."""
    return list(page.evaluate("""() => [...document.querySelectorAll("body *")].filter(e => {
        const x = getComputedStyle(e).overflowX;
        return (x === "auto" || x === "scroll") && e.scrollWidth > e.clientWidth + 1
          && !e.closest(".chart-scroll, .chart-path, .map-frame");
      }).map(e => e.tagName.toLowerCase() + "." + e.className)"""))


def declare(game: Game, attacker: str, region: str, target: str) -> Attack:
    user = Seat.objects.get(game=game, power=attacker).user
    key = f"power-{Seat.objects.get(game=game, power=target).pk}"
    place = Region.objects.get(game=game, name=region)
    return services.attack_declare(game_id=game.pk, user=user, region_id=place.pk, target=key)


def finished_game() -> Game:
    """A short game of anna (Francia) and bruno (Spagna): one war of one round of passes."""
    anna, bruno = (User.objects.get(username=n) for n in ("anna", "bruno"))
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    Scenario.objects.filter(pk=scenario.pk).update(wars=1, rounds_per_war=1)
    scenario.refresh_from_db()
    game = services.game_create(user=anna, scenario=scenario, name="Guerra lampo",
                                is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Spagna")])
    for name in ("anna", "anna", "bruno", "bruno"):
        user = User.objects.get(username=name)
        services.action_pass(game_id=game.pk, user=user, step=state_of(game).step)
    game.refresh_from_db()
    return game


def detail(shot: Callable[[Page, str], Path], page: Page, selector: str, name: str,
           *, top: bool = False) -> None:
    """Beside the full page, a picture of one element (a phone's page is very tall), and with
    `top` one of what the window shows first."""
    path = shot(page, name)
    if top:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(path.with_name(f"{path.stem}-top.png")))
    page.locator(selector).first.screenshot(path=str(path.with_name(f"{path.stem}-detail.png")))


def live(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open",
                                                                  timeout=LIVE)
    settled(page)


# What a phone must offer on every page: nothing wider than the window, and every target a
# finger can hit (44 x 44 CSS pixels), but a link inside running text. A link is inside running
# text when its block (its nearest ancestor not laid out inline) holds words of its own: a text
# node with a letter, reached from the block through inline elements only, none of them
# interactive. A checkbox or a radio button is tapped through its label: the larger counts.
SMALL_TARGETS = """() => {
  const TAPPABLE = "a[href], button, input, select, textarea, summary";
  const inline = (e) => getComputedStyle(e).display === "inline";
  function inRunningText(link) {
    if (link instanceof SVGElement || !inline(link)) return false;
    let block = link.parentElement;
    while (block && inline(block)) block = block.parentElement;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!/\\p{L}/u.test(t.data) || link.contains(t)) continue;
      let e = t.parentElement, words = true;
      for (; e !== block; e = e.parentElement) {
        if (!inline(e) || e.matches(TAPPABLE)) { words = false; break; }
      }
      if (words) return true;
    }
    return false;
  }
  const small = [];
  for (const e of document.querySelectorAll(TAPPABLE)) {
    if (e.type === "hidden" || !e.checkVisibility({visibilityProperty: true})) continue;
    if (getComputedStyle(e).pointerEvents === "none") continue;  // not a target: a tap passes
    // The map's regions while a tap zooms the map in wherever it lands: the map is the target.
    if (e instanceof SVGElement && e.closest("[data-map-frame]")?.dataset.tap === "zoom") continue;
    let boxes = [e.getBoundingClientRect()];
    if (e.type === "checkbox" || e.type === "radio") {
      boxes = boxes.concat([...e.labels].map((l) => l.getBoundingClientRect()));
    }
    boxes = boxes.filter((r) => r.width > 1 && r.height > 1);  // a visually hidden input
    if (!boxes.length || e.tagName === "A" && inRunningText(e)) continue;
    const w = Math.max(...boxes.map((r) => r.width)), h = Math.max(...boxes.map((r) => r.height));
    if (w < 43.5 || h < 43.5) {
      const text = (e.textContent || e.value || e.name || "").trim().replace(/\\s+/g, " ");
      const size = `${Math.round(w)}x${Math.round(h)}`;
      small.push(`${e.tagName.toLowerCase()} "${text.slice(0, 30)}" ${size}`);
    }
  }
  return small;
}"""


# A select shows its choice on one line: a choice wider than the select (its text measured in
# the select's font, beside its padding and arrow) must be written whole under it.
CUT_CHOICES = """() => [...document.querySelectorAll("select")].filter(s => {
  if (!s.checkVisibility() || s.selectedIndex < 0) return false;
  const style = getComputedStyle(s), probe = document.createElement("span");
  probe.style.cssText = `position: absolute; white-space: pre; font: ${style.font}`;
  probe.textContent = s.options[s.selectedIndex].text;
  document.body.append(probe);
  const wide = probe.getBoundingClientRect().width;
  probe.remove();
  const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  const said = s.nextElementSibling;
  return wide > room && !(said?.matches(".whole-choice") && said.checkVisibility()
    && said.textContent === s.options[s.selectedIndex].text);
}).map(s => s.options[s.selectedIndex].text)"""


class Tour:
    """Visits pages on a phone and on a desktop, each player's pages in their own two
    browsers (opened once), and notes what does not fit a phone."""

    def __init__(self, login: Callable[[str, dict[str, Any]], Page],
                 shot: Callable[[Page, str], Path]) -> None:
        self.login, self.shot = login, shot
        self.pages: dict[tuple[str, str], Page] = {}
        self.faults: dict[str, object] = {}
        self.folder: Path | None = None
        self.count = 1

    def picture(self, page: Page, name: str) -> None:
        """The whole page, one CSS pixel a pixel (a phone's page is long: a quicker picture)."""
        if self.folder is None:
            self.folder = self.shot(page, name).parent
            return
        self.count += 1
        path = self.folder / f"{self.count:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True, scale="css")

    def page(self, name: str, device: str) -> Page:
        if (name, device) not in self.pages:
            self.pages[name, device] = self.login(name, PHONE if device == "phone" else DESKTOP)
        return self.pages[name, device]

    def visit(self, name: str, url: str, who: str = "bruno") -> None:
        for device in ("phone", "desktop"):
            page = self.page(who, device)
            page.goto(url)
            page.wait_for_load_state("load")
            settled(page)
            if sideways(page) > 0:
                self.faults[f"{name}-{device}: wider by"] = sideways(page)
            if device == "phone":
                if inner_scrollers(page):
                    self.faults[f"{name}: scrolls inside"] = inner_scrollers(page)
                if small := page.evaluate(SMALL_TARGETS):
                    self.faults[f"{name}: small targets"] = small
                if cut := page.evaluate(CUT_CHOICES):
                    self.faults[f"{name}: choices cut"] = cut
            # After the measures: a whole-page picture resizes the window for a moment.
            self.picture(page, f"{name}-{device}")


def finish(attack: Attack) -> Attack:
    """Let the attack's deadlines pass until it ends: each awaited answer takes its default."""
    for _ in range(30):
        attack.refresh_from_db()
        if attack.finished:
            return attack
        services.game_expire(game_id=attack.game_id, now=timezone.now() + timedelta(days=1))
    raise AssertionError("the attack did not end")


def awaited_user(game: Game) -> str:
    game.refresh_from_db()
    waiting = pending(load_state(game))
    return Seat.objects.get(game=game, power=waiting.powers[0]).user.username


def test_every_page_fits_a_phone_with_targets_a_finger_can_hit(login, shot):
    """Every page at 390 x 844: nothing scrolls sideways, no target under 44 x 44 px."""
    tour = Tour(login, shot)
    for name in ("anna", "bruno", "carla", "dario"):  # their pages open when first visited
        new_user(name)
    tour.visit("lobby", "/")
    tour.visit("new-game", "/partite/nuova/")
    full = Scenario.objects.get(name="Europa 1700")
    bruno, anna, carla = (User.objects.get(username=n) for n in ("bruno", "anna", "carla"))
    waiting = services.game_create(user=bruno, scenario=full, name="In attesa",
                                   is_private=False, power="Gran Bretagna")
    services.game_join(game_id=waiting.pk, user=anna, power="Francia")
    tour.visit("waiting-room", f"/partite/{waiting.pk}/")
    services.game_join(game_id=waiting.pk, user=carla, power="Prussia")
    setup = services.game_start(game_id=waiting.pk, user=bruno)
    tour.visit("board-setup", f"/partite/{setup.pk}/", awaited_user(setup))
    quick = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    auction = services.game_create(user=anna, scenario=quick, name="All'asta",
                                   is_private=False, power="Francia")
    services.game_join(game_id=auction.pk, user=bruno, power="Gran Bretagna")
    auction = services.game_start(game_id=auction.pk, user=anna)
    tour.visit("board-auction", f"/partite/{auction.pk}/", awaited_user(auction))

    game = start_game()
    board = f"/partite/{game.pk}/"
    tour.visit("board-turn", board)
    region = Region.objects.get(game=game, name="Nord America")
    francia = Seat.objects.get(game=game, power="Francia")
    tour.visit("declare", f"{board}attacco/?regione={region.pk}&obiettivo=power-{francia.pk}")
    tour.visit("market", board + "mercato/")
    give_turn(game, "Gran Bretagna")
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    tour.visit("attack", f"{board}attacchi/{attack.number}/")
    tour.visit("attack-finished", f"{board}attacchi/{finish(attack).number}/")
    tour.visit("attacks", board + "attacchi/")
    tour.visit("dice", board + "dadi/")
    give_turn(game, "Gran Bretagna")  # Prussia, its ally in the German States, is asked to help
    declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    tour.visit("board-ally-asked", board, "carla")
    expect(tour.page("carla", "phone").locator(".prompt").first).to_be_visible()

    d10 = start_d10_game()
    give_turn(d10, "Gran Bretagna")
    attack = declare(d10, "Gran Bretagna", REGION, "Francia")
    tour.visit("d10-attack", f"/partite/{d10.pk}/attacchi/{attack.number}/")
    tour.visit("d10-attack-finished", f"/partite/{d10.pk}/attacchi/{finish(attack).number}/")

    over = finished_game()
    tour.visit("war-report", f"/partite/{over.pk}/guerre/1/")
    tour.visit("standings", f"/partite/{over.pk}/classifica/")
    tour.visit("board-over", f"/partite/{over.pk}/")
    for device in ("phone", "desktop"):
        tour.page("bruno", device).context.clear_cookies()
    tour.visit("login", "/account/accedi/")
    tour.visit("signup", "/account/registrati/")
    tour.visit("how-to-play", reverse("rules_page"))
    for system in ("seed004", "d10"):
        tour.visit(f"flowchart-{system}", reverse("rules_flowchart", args=[system]))
    assert not tour.faults, "\n".join(f"{k}: {v}" for k, v in tour.faults.items())


CURRENT_BOX_IN_FRAME = """() => {
  const frame = document.querySelector(".attack-chart .chart-scroll");
  const box = frame.querySelector('.box.current[aria-current="step"]');
  const f = frame.getBoundingClientRect(), b = box.getBoundingClientRect();
  return {
    id: box.id, larger: frame.scrollWidth > frame.clientWidth,
    // The frame is no taller than the window: scrolled to it, the page shows the box.
    fits: frame.getBoundingClientRect().height <= window.innerHeight,
    inside: b.left >= f.left && b.right <= f.left + frame.clientWidth
      && b.top >= f.top && b.bottom <= f.top + frame.clientHeight,
    scrolled: [frame.scrollLeft, frame.scrollTop],
  };
}"""


# On a phone the path taken is also a list, box after box, in a frame of its own that opens at
# the current box (the last of the list).
PATH_LIST = """() => {
  const list = document.querySelector(".attack-chart .chart-path");
  const steps = [...list.querySelectorAll(":scope > li")];
  const current = list.querySelector(".box.current");
  const l = list.getBoundingClientRect(), c = current.getBoundingClientRect();
  return {
    shown: list.checkVisibility(), nodes: steps.map(s => s.dataset.node),
    current: current.dataset.node, last: steps.at(-1) === current,
    inside: c.top >= l.top - 1 && c.bottom <= l.top + list.clientHeight + 1,
  };
}"""


def test_the_attack_flowchart_opens_scrolled_to_its_current_box(login, shot):
    phone = login("bruno", PHONE)
    desktop = login("bruno", DESKTOP)
    anna = login("anna", PHONE)
    new_user("carla")
    game = start_game()
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    url = f"/partite/{game.pk}/attacchi/{attack.number}/"
    for page, name in ((phone, "phone"), (desktop, "desktop")):
        live(page, url)
        found = page.evaluate(CURRENT_BOX_IN_FRAME)
        detail(shot, page, ".attack-chart", f"attacker-decides-{name}")
        assert found["id"] == "node-attacker_naval_choice"
        assert found["inside"] and found["fits"], found
    assert phone.evaluate(CURRENT_BOX_IN_FRAME)["larger"]  # the phone's chart needs scrolling

    # The current box moves on live (anna's page is swapped in place): the chart follows it.
    live(anna, url)
    settled(phone)
    phone.click("button:has-text('Affronta il combattimento navale')")
    expect(anna.locator("#decision")).to_contain_text("Lo accetti?", timeout=LIVE)
    settled(anna)
    found = anna.evaluate(CURRENT_BOX_IN_FRAME)
    detail(shot, anna, ".attack-chart", "defender-decides-phone")
    assert found["id"] != "node-attacker_naval_choice"
    assert found["inside"] and found["fits"], found

    path = anna.evaluate(PATH_LIST)
    assert path["shown"] and path["last"] and path["inside"], path
    assert path["nodes"][0] == "declared" and path["current"] == found["id"].removeprefix("node-")
    assert not desktop.evaluate(PATH_LIST)["shown"]  # a desktop's chart shows the whole path

    # History, box 1 of the attack: the first box, at the chart's top left.
    phone.goto(url + "?passo=1")
    found = phone.evaluate(CURRENT_BOX_IN_FRAME)
    assert found["inside"], found
    assert phone.evaluate(PATH_LIST)["nodes"] == ["declared"]
    detail(shot, phone, ".attack-chart", "history-box-1-phone")

    # A finished attack opens at its last box, the whole path listed before it (issue 25: it
    # opened scrolled to the middle of the chart, the column of the path cut off).
    finish(attack)
    live(phone, url)
    found, path = phone.evaluate(CURRENT_BOX_IN_FRAME), phone.evaluate(PATH_LIST)
    assert found["id"] == "node-ended" and found["inside"], found
    assert path["current"] == "ended" and path["last"] and path["inside"], path
    assert len(path["nodes"]) >= 4 and "attacker_naval_choice" in path["nodes"], path
    detail(shot, phone, ".chart-path", "finished-phone")


def test_the_rule_codes_hide_behind_a_toggle_remembered_on_the_device(login, shot):
    page = login("bruno", DESKTOP)
    phone = login("bruno", PHONE)
    new_user("anna")
    new_user("carla")
    game = start_game()
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    url = f"/partite/{game.pk}/attacchi/{attack.number}/"
    live(page, url)
    codes = page.locator(".chart .rule-code")
    toggle = page.get_by_label("mostra le regole")
    assert codes.count() > 5
    expect(toggle).not_to_be_checked()
    expect(codes.first).to_be_hidden()
    detail(shot, page, ".attack-chart", "rules-hidden")
    toggle.check()
    expect(codes.first).to_be_visible()
    naval_choice = page.locator("#node-attacker_naval_choice .rule-code")
    expect(naval_choice).to_have_text(re.compile(r"^[A-Z]\d+"))
    detail(shot, page, ".attack-chart", "rules-shown")
    page.reload()
    expect(page.get_by_label("mostra le regole")).to_be_checked()
    expect(page.locator(".chart .rule-code").first).to_be_visible()
    # A live refresh swaps the chart: the choice stays.
    page.evaluate("document.body.dispatchEvent(new CustomEvent('live:all'))")
    settled(page)
    expect(page.locator(".chart .rule-code").first).to_be_visible()
    expect(page.get_by_label("mostra le regole")).to_be_checked()
    page.get_by_label("mostra le regole").uncheck()
    expect(page.locator(".chart .rule-code").first).to_be_hidden()
    # Another device (its own storage) starts with them hidden.
    live(phone, url)
    expect(phone.locator(".chart .rule-code").first).to_be_hidden()
    expect(phone.get_by_label("mostra le regole")).not_to_be_checked()


def test_the_favicon_is_linked_from_every_page_and_served(login, live_server_url, shot):
    page = login("anna", DESKTOP)
    for url in ("/", "/account/accedi/"):
        page.goto(url)
        href = page.eval_on_selector("link[rel=icon]", "l => l.href")
        response = page.request.get(href)
        assert response.status == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert b"<svg" in response.body()
    page.set_content(f'<body style="background:#f6f0e1"><img src="{href}" width="128">'
                     f'<img src="{href}" width="32"><img src="{href}" width="16"></body>')
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    shot(page, "favicon")
