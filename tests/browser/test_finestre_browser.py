"""A game played with "Finestre di risposta" (procedures/finestre.md) in real browsers, four
players each on their own page: every call of the windows where a card is played clicked by the
player whose call it is, arriving live on its page (no reload); the windows where every call is a
pass posted, call by call, from each caller's page as its "Passo" form posts it, without waiting
for the form to show (some fifty calls: clicking each took half of the suite's longest test;
tests/game/procedures/test_finestre_play.py posts every call through the pages' forms). The
table and the hands are those of tests/game/procedures/finestre_helpers.py: Francia (anna) and
Prussia (carla) against Gran Bretagna (bruno) and Austria (dario), all committed in the German
States.

First attack: Gran Bretagna announces Assalto; Francia counters it with a Contrordine, Austria
counters the counter (W4); Francia fights from its fort (W5); its Cambio al comando hands the
command to Prussia (W6), so the tactic is announced again (W4.2: none); Gran Bretagna's
Imboscata (W7); dice 6 and 1 (W11); Austria's Rinforzo (W12); Prussia's Salvataggio (W14);
Prussia loses its fleet (W15). Second attack: Francia's Ritirata ends it at W8.

The game is anna's, made in the "Nuova partita" form with "Finestre di risposta" chosen, on a
"Europa 1700 — partenza rapida" of one war of one round; after the attacks it is played on to
its final standings on the players' pages (tests/browser/form_to_standings.py).

The hands. The web tests replace the situation's hands (`dealt`, a monkeypatch of
`from_engagement`), which cannot reach the server's process; here the test writes them into the
game's combat memory (`GameState.combat_memory`, as guerra/rules/finestre/hands.py keeps it:
the draw pile and discards as the game dealt them at the war's start, each power's hand
replaced) before each declaration, so the server deals the attack from it as in play.

The dice are the server's own, from the game's secret seed: the test chooses a seed (as
test_punti_browser.py does) whose first two rolls after the setup and the war's deal are 6
and 1, W11's attacker's and defender's dice.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import re
import time
from collections.abc import Mapping, Sequence

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from guerra.game import services
from guerra.game.models import Attack, Game, Scenario
from guerra.game.scenarios.rules import scenario_rules
from guerra.rules.dice import HmacDice, die_face
from guerra.rules.finestre.hands import Memory
from guerra.rules.game.combat import memory_of, with_memory
from guerra.rules.game.machine import start_game
from guerra.rules.game.state import GameState
from tests.browser.conftest import sideways, signed_in
from tests.browser.form_to_standings import (
    created_through_the_form,
    played_to_its_end,
)
from tests.browser.test_attack_browser import LIVE, live, not_reloaded
from tests.game.attack_helpers import declare
from tests.game.play_helpers import edit_state, finish_auction, set_pieces, state_of
from tests.game.procedures.finestre_helpers import FIRST_HANDS, REGION, SECOND_HANDS

SEATS = (("anna", "Francia"), ("bruno", "Gran Bretagna"), ("carla", "Prussia"),
         ("dario", "Austria"))
STANDING_DICE = (6, 1)  # W11: the attacker's die, then the defender's
PHONE_WIDTH = 390


def seed_for_the_path(scenario: Scenario) -> tuple[str, int]:
    """The first of a fixed list of seeds whose first roll after the setup (and the war's
    deal, W1) is a 6 and the next a 1; and that first roll's number."""
    rules = dataclasses.replace(scenario_rules(scenario), procedure="finestre")
    for n in itertools.count():
        seed = hashlib.sha256(f"finestre-browser-{n}".encode()).hexdigest()
        dice = HmacDice(bytes.fromhex(seed), 0)
        start_game(rules, [power for _name, power in SEATS], dice)
        first = dice.next_roll
        if tuple(die_face(bytes.fromhex(seed), first + k) for k in range(2)) == STANDING_DICE:
            return seed, first
    raise AssertionError("unreachable")


def hold(game: Game, hands: Mapping[str, Sequence[str]]) -> None:
    """Every seated power holds exactly its cards of `hands` (none when it is not named), in
    the game's combat memory; the draw pile and the discards stay as they are."""

    def change(state: GameState) -> GameState:
        memory = Memory.read(memory_of(state))
        assert memory.deck, "the war's start dealt no hands"
        memory.hands = [(power, list(hands.get(power, ()))) for power in state.seating]
        return with_memory(state, memory.to_json())

    edit_state(game, change)


def start_finestre_game(monkeypatch: pytest.MonkeyPatch, pages: dict[str, Page], shot) -> Game:
    """finestre_helpers.py's table, with the seed of `seed_for_the_path`, in a game anna
    creates in the "Nuova partita" form, choosing "Finestre di risposta"."""
    game = created_through_the_form(pages["Francia"], shot, name="Finestre", power="Francia",
                                     procedure="finestre", system="Finestre di risposta")
    anna, *others = (User.objects.get(username=name) for name, _power in SEATS)
    assert game.scenario is not None
    seed, first_roll = seed_for_the_path(game.scenario)
    digest = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    monkeypatch.setattr(Game, "new_seed", staticmethod(lambda: (seed, digest)))
    for user, (_name, power) in zip(others, SEATS[1:], strict=True):
        services.game_join(game_id=game.pk, user=user, power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for _name, power in SEATS:
        set_pieces(game, power, None, armies=0, fleets=0)
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=3)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1, fleets=1)
    set_pieces(game, "Austria", REGION, armies=2)
    game.refresh_from_db()
    assert game.next_roll == first_roll, "the setup rolled dice the seed's search did not expect"
    return game


def advanced(attack: Attack, step: int) -> Attack:
    """The attack once the server has taken the decision made at `step`."""
    deadline = time.monotonic() + LIVE / 1000
    while time.monotonic() < deadline:
        attack.refresh_from_db()
        if attack.step != step:
            return attack
        time.sleep(0.03)
    raise AssertionError(f"the decision at step {step} was never taken")


def click(pages: dict[str, Page], attack: Attack, power: str, kind: str, button: str) -> Attack:
    """`power` clicks `button` of its decision `kind`, arrived live on its page; when it is
    more than a pass, no other page offers that decision at that moment."""
    attack.refresh_from_db()
    assert attack.awaiting == [power], (attack.node, attack.awaiting, power)
    page = pages[power]
    step = attack.step  # a form of an earlier call may still be on the page a moment
    form = page.locator(f"#decision form:has(input[name=kind][value={kind}])"
                        f":has(input[name=step][value='{step}'])")
    target = form.locator(f"button:has-text('{button}')").first
    target.wait_for(state="visible", timeout=LIVE)  # (no page snapshot at each poll)
    if button != "Passo":  # (a pass is the same; checking each would double the test's time)
        for other, seen in pages.items():
            if other != power:
                expect(seen.locator(f"#decision input[name=kind][value={kind}]")).to_have_count(0)
    target.click()
    return advanced(attack, step)


# A "Passo" form as its page posts it (the page's own session and CSRF token), not followed to
# the attack's page: the status, 302 when the call was taken.
PASS = """async ([url, step]) => {
  const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  const body = new URLSearchParams({kind: "finestre_call", step: String(step), card: "0",
                                    csrfmiddlewaretoken: token});
  const answer = await fetch(url, {method: "POST", body, redirect: "manual"});
  return answer.type === "opaqueredirect" ? 302 : answer.status;
}"""


def quiet(pages: dict[str, Page], attack: Attack, node: str) -> list[str]:
    """W3: every call of the window `node`, each a pass posted from its caller's page; the
    callers in order."""
    url = reverse("attack_decide", args=[attack.game_id, attack.number])
    callers: list[str] = []
    attack.refresh_from_db()
    while attack.node == node and not attack.finished:
        power, step = str(attack.awaiting[0]), attack.step
        callers.append(power)
        assert pages[power].evaluate(PASS, [url, step]) == 302, (node, power)
        attack = advanced(attack, step)
    assert callers, f"no call at {node}"
    return callers


def window(pages: dict[str, Page], attack: Attack, node: str,
           plays: dict[str, str] | None = None) -> list[str]:
    """W3: every call of the window `node` until it closes, each clicked in its caller's
    page: a power plays its card of `plays` (once), every other call is "Passo"."""
    plays = dict(plays or {})
    callers: list[str] = []
    attack.refresh_from_db()
    while attack.node == node and not attack.finished:
        power = str(attack.awaiting[0])
        callers.append(power)
        card = plays.pop(power, None)
        click(pages, attack, power, "finestre_call", f"Gioca {card}" if card else "Passo")
    assert not plays, f"never called: {plays}"
    return callers


FIRST_BOXES = (
    ("W4", "Finestra W4: Gran Bretagna passa · Francia Contrordine · Prussia passa · "
           "Austria Contrordine"),
    ("W4", "Restano in gioco: Contrordine"),
    ("W4", "Annullate: Contrordine"),
    ("W4", "Finestra W4.2:"),
    ("W4", "la Francia gioca Contrordine (W4)"),
    ("W4", "l'Austria gioca Contrordine (W4)"),
    ("W6", "Francia Cambio al comando (Prussia)"),
    ("W6", "La Prussia prende il comando della sua parte al posto della Francia."),
    ("W7a", "Restano in gioco: Imboscata"),
    ("W7a", "la Gran Bretagna gioca Imboscata (W7a)"),
    ("standing", "Forze in campo (W11): l'attaccante 11 (dado 6), il difensore 4 (dado 1)."),
    ("W12", "Restano in gioco: Rinforzo"),
    ("resolve", "Totali dopo i modificatori: 13 a 4: vince l'attaccante."),
    ("resolve", "Perdite prima dello scampo: l'attaccante 0, il difensore 2."),
    ("W14a", "Restano in gioco: Salvataggio"),
    ("W14d", "Perdite dopo lo scampo: l'attaccante 0, il difensore 1."),
)
# What each hand holds after the first attack: its cards not played.
LEFT = {"Gran Bretagna": ("Contrordine", "Salvataggio"), "Francia": ("Artiglieria",),
        "Prussia": ("Contrordine",), "Austria": ()}
# The board's log (its last 50 events): the first attack's end, the second attack. (The first
# attack's earlier lines are in its boxes, FIRST_BOXES.)
LOG = ("l'Austria gioca Rinforzo (W12)", "la Prussia gioca Salvataggio (W14a)",
       "La Prussia perde 1 flotta.", "la Francia gioca Ritirata (W8a)")


def no_sideways_scroll(page: Page, shot, name: str) -> None:
    """`page` narrowed to a phone's width (390 × 844) does not scroll sideways; a picture of it
    there. (A page loaded wide keeps its path list, hidden then, at its top: what a phone
    loads is `the_path_list_opens_at_its_end`.)"""
    size = page.viewport_size
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    assert sideways(page) == 0, name
    shot(page, f"{name}-phone")
    if size is not None:
        page.set_viewport_size(size)


# On a phone the path taken is a list of the boxes in a frame of its own, which opens at its
# last box (static/js/game.js), every box before it above.
PATH_END = """() => {
  const list = document.querySelector(".attack-chart .chart-path");
  const last = [...list.querySelectorAll(":scope > li")].at(-1);
  const l = list.getBoundingClientRect(), b = last.getBoundingClientRect();
  return {shown: list.checkVisibility(), node: last.dataset.node, scrolled: list.scrollTop,
          inside: b.top >= l.top - 1 && b.bottom <= l.top + list.clientHeight + 1,
          wide: document.documentElement.scrollWidth};
}"""


def the_path_list_opens_at_its_end(browser: Browser, origin: str, attack: Attack, name: str,
                                   shot) -> None:
    """A finished attack loaded on `name`'s phone: its path list shows its last box,
    "L'attacco è finito", the page no wider than the phone."""
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 844},
                                  base_url=origin)
    try:
        signed_in(context, User.objects.get(username=name), origin)
        phone = context.new_page()
        phone.goto(attack.get_absolute_url())
        found = phone.evaluate(PATH_END)
        assert found["shown"] and found["node"] == "ended" and found["inside"], found
        assert found["scrolled"] > 0 and found["wide"] <= PHONE_WIDTH, found
        shot(phone, "first-end-on-a-phone")
    finally:
        context.close()


def own_hand_only(page: Page, power: str, hands: Mapping[str, Sequence[str]]) -> None:
    """The page shows its player's own hand and the others' sizes only, never their cards."""
    mine = hands[power]
    panel = page.locator(".finestre-own").first
    expect(panel).to_contain_text(f"La tua mano: {len(mine)} cart", timeout=LIVE)
    for card in mine:
        expect(panel).to_contain_text(card)
    sizes = panel.locator(".finestre-sizes")
    for other, cards in hands.items():
        if other != power:
            expect(sizes).to_contain_text(f"{other} {len(cards)}")
    for card in {card for cards in hands.values() for card in cards} - set(mine):
        expect(panel).not_to_contain_text(card)  # another's card, never shown here


def the_first_end_as_seen(page: Page, power: str) -> None:
    expect(page.locator(".attack-status")).to_contain_text("vince", timeout=LIVE)
    for node, words in FIRST_BOXES:
        expect(page.locator(f"#node-{node}")).to_contain_text(re.compile(re.escape(words), re.I))
    expect(page.locator("#decision")).to_have_count(0)
    assert not_reloaded(page), power
    own_hand_only(page, power, {p: LEFT[p] for _n, p in SEATS})


def test_W3_to_W16_four_players_play_finestre_attacks_to_their_end(player, shot, monkeypatch,
                                                                   browser, live_server_url):
    pages = {power: player(name) for name, power in SEATS}
    game = start_finestre_game(monkeypatch, pages, shot)
    hold(game, FIRST_HANDS)
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    for page in pages.values():
        live(page, attack.get_absolute_url())
    expect(pages["Gran Bretagna"].locator(".finestre-own")).to_contain_text("Imboscata")
    shot(pages["Gran Bretagna"], "tactic")

    # W4: Assalto; Francia's Contrordine, Austria's Contrordine against it: the tactic stands.
    click(pages, attack, "Gran Bretagna", "finestre_tactic", "Assalto")
    callers = window(pages, attack, "W4", {"Francia": "Contrordine", "Austria": "Contrordine"})
    assert callers == ["Gran Bretagna", "Francia", "Prussia", "Austria"] * 2
    # W5: from the fort; W6: Francia's Cambio al comando hands the command to Prussia.
    click(pages, attack, "Francia", "finestre_position", "Dai fortini")
    assert sorted(quiet(pages, attack, "W5")) == sorted(power for _name, power in SEATS)
    expect(pages["Francia"].locator("#decision")).to_contain_text("Cambio al comando",
                                                                  timeout=LIVE)
    shot(pages["Francia"], "cambio")
    click(pages, attack, "Francia", "finestre_call", "Gioca Cambio al comando: Prussia")
    quiet(pages, attack, "W6")
    # W4.2: the tactic again (none), then W6.2; W7: Gran Bretagna's Imboscata.
    click(pages, attack, "Gran Bretagna", "finestre_tactic", "Nessuna")
    quiet(pages, attack, "W4")
    quiet(pages, attack, "W6")
    window(pages, attack, "W7a", {"Gran Bretagna": "Imboscata"})
    for node in ("W7d", "W8a", "W8d", "W9a", "W9d", "W10a", "W10d"):
        quiet(pages, attack, node)
    # W11's dice, W12: Austria's Rinforzo; W14: Prussia's Salvataggio; W15: a fleet lost.
    window(pages, attack, "W12", {"Austria": "Rinforzo"})
    window(pages, attack, "W14a", {"Prussia": "Salvataggio"})
    quiet(pages, attack, "W14d")
    expect(pages["Prussia"].locator("#decision")).to_contain_text("Flotta", timeout=LIVE)
    shot(pages["Prussia"], "loss")
    click(pages, attack, "Prussia", "finestre_loss", "Flotta")
    assert attack.finished and attack.outcome == "attacker_wins", attack.outcome
    for power, page in pages.items():
        the_first_end_as_seen(page, power)
    shot(pages["Austria"], "first-end")
    no_sideways_scroll(pages["Austria"], shot, "first-end")
    the_path_list_opens_at_its_end(browser, live_server_url, attack, "dario", shot)
    prussia = state_of(game).pieces("Prussia", REGION)
    assert (prussia.armies, prussia.fleets) == (1, 0)

    # The second attack: Francia's Ritirata ends it at W8.
    hold(game, SECOND_HANDS)
    second = declare(game, "Gran Bretagna", REGION, "Francia")
    assert second.number == 2
    for page in pages.values():
        live(page, second.get_absolute_url())
    click(pages, second, "Gran Bretagna", "finestre_tactic", "Assalto")
    quiet(pages, second, "W4")
    click(pages, second, "Francia", "finestre_position", "Non dai fortini")
    for node in ("W5", "W6", "W7a", "W7d"):
        quiet(pages, second, node)
    window(pages, second, "W8a", {"Francia": "Ritirata"})
    assert second.finished and second.node == "ended_by_retreat", second.node
    for power, page in pages.items():
        expect(page.locator("body")).to_contain_text(
            "Combattimento finito per una Ritirata", timeout=LIVE)
        expect(page.locator("#node-W8a")).to_contain_text("Restano in gioco: Ritirata")
        assert not_reloaded(page), power
    shot(pages["Francia"], "second-end")
    assert state_of(game).pieces("Francia", REGION).armies == 2  # W8: no dice, no losses

    # The log, in Italian, on every board; the hands there as on the attack's page.
    for power, page in pages.items():
        page.goto(f"/partite/{game.pk}/")
        log = page.locator("#event-log")
        for line in LOG:
            expect(log).to_contain_text(re.compile(re.escape(line), re.I))
        own_hand_only(page, power, {"Francia": (), "Gran Bretagna": ("Rinforzo",),
                                    "Prussia": (), "Austria": ()})
        no_sideways_scroll(page, shot, f"board-{power}")

    # The game played on to its end: the actions left passed, the final standings.
    assert played_to_its_end(game, pages, shot, desktop="Prussia", phone="Austria") > 0


def test_W2_staff_add_a_card_to_the_deck_in_the_scenarios_admin_page(player, shot):
    """The deck editor, a row per card: a "Cavalleria" (+3) typed into a blank row is saved;
    on a phone the list scrolls sideways in its own frame, never the page."""
    capo = player("capo", staff=True)
    User.objects.filter(username="capo").update(is_superuser=True)
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    capo.goto(f"/admin/game/scenario/{scenario.pk}/change/")
    deck = capo.locator("#combat-finestre")
    expect(deck.locator("thead")).to_contain_text("Nome")
    expect(deck.locator("select[name='combat-finestre-2_kind'] option:checked")).to_have_text(
        "Modificatore")
    row = "combat-finestre-8"
    capo.fill(f"input[name='{row}_name']", "Cavalleria")
    capo.fill(f"input[name='{row}_copies']", "2")
    capo.select_option(f"select[name='{row}_kind']", label="Modificatore")
    capo.click("input[name=_continue]")  # no value: refused on its row
    expect(deck.locator(".errorlist")).to_contain_text("Un Modificatore ha bisogno del suo valore")
    deck.screenshot(path=str(shot(capo, "deck-refused").with_suffix(".deck.png")))
    capo.fill(f"input[name='{row}_value']", "3")
    capo.click("input[name=_continue]")
    expect(capo.locator(".messagelist")).to_be_visible()
    expect(capo.locator(f"input[name='{row}_name']")).to_have_value("Cavalleria")
    deck.screenshot(path=str(shot(capo, "deck-saved").with_suffix(".deck.png")))
    scenario.refresh_from_db()
    assert scenario.combat_data["finestre"]["deck"][-1] == {
        "name": "Cavalleria", "copies": 2, "kind": "modifier", "value": 3}
    capo.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    capo.reload()
    assert sideways(capo) == 0
    deck.scroll_into_view_if_needed()
    capo.screenshot(path=str(shot(capo, "deck-phone").with_suffix(".deck.png")))
