"""Attacks in real browsers, with the server's own dice and nobody reloading.

Gran Bretagna (bruno) and Prussia (carla) in alliance A, Francia (anna) in alliance B, as war
1's auction makes them; Gran Bretagna plays first.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from guerra.game import services
from guerra.game.models import Attack, DiceRoll, Game, Holding, Scenario, Seat
from tests.browser.conftest import new_user, settled
from tests.game.play_helpers import finish_auction

LIVE = 15_000  # ms: how long a live update may take before the test gives up


def start_game() -> Game:
    anna, carla, bruno = (User.objects.get(username=n) for n in ("anna", "carla", "bruno"))
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    game = services.game_create(
        user=anna,
        scenario=scenario,
        name="Guerra di successione",
        is_private=False,
        power="Francia",
    )
    services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Gran Bretagna", "Francia"), ("Prussia", None)])
    game.refresh_from_db()
    return game


def live(page: Page, url: str) -> None:
    """Open a page of the game and wait for its websocket; mark the document to prove later
    that what changed on it changed without a reload."""
    page.goto(url)
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    page.evaluate("window.notReloaded = true")


def live_here(page: Page) -> None:
    """`live` for the page the browser has just been taken to (a redirect after a form): its
    websocket open and the document marked, without loading it a second time."""
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    page.evaluate("window.notReloaded = true")


def not_reloaded(page: Page) -> bool:
    return bool(page.evaluate("window.notReloaded === true"))


def declare_from_the_board(page: Page, region: str, target: str) -> None:
    page.click("a:has-text('Dichiara un attacco')")
    # A new page: htmx listens to the region's select only once the page has loaded (a choice
    # made before that fetches nothing).
    page.wait_for_url("**/attacco/")
    page.wait_for_load_state("load")
    value = page.eval_on_selector(
        "#id_regione",
        "(s, name) => [...s.options].find(o => o.text.startsWith(name)).value",
        region,
    )
    page.select_option("#id_regione", value)
    expect(page.locator("#id_obiettivo")).to_be_visible()
    settled(page)
    page.select_option("#id_obiettivo", label=target)
    expect(page.locator("table.odds").first).to_be_visible()
    settled(page)


def test_attacker_and_defender_play_through_the_naval_and_the_land_battle(player, shot):
    bruno = player("bruno")
    anna = player("anna", phone=True)
    new_user("carla")
    game = start_game()
    board = f"/partite/{game.pk}/"

    live(bruno, board)
    shot(bruno, "board-your-turn")
    declare_from_the_board(bruno, "Nord America", "Francia")
    expect(bruno.locator(".declare-summary")).to_contain_text("Costa 2 ori")
    shot(bruno, "declare-with-odds")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url(re.compile(r"/attacchi/1/$"))
    attack_url = bruno.url
    live_here(bruno)
    expect(bruno.locator("#decision")).to_contain_text("Affrontare il combattimento navale?")
    assert Seat.objects.get(game=game, power="Gran Bretagna").gold == 8
    shot(bruno, "attacker-decides-the-sea")

    live(anna, attack_url)
    expect(anna.locator("#decision")).to_have_count(0)
    expect(anna.locator(".attack-status")).to_contain_text("Gran Bretagna")
    shot(anna, "defender-waits")

    settled(bruno)
    panel = f"/partite/{game.pk}/attacchi/1/pannello/"
    panel_fetches: dict[str, int] = {"anna": 0, "bruno": 0}
    for name, page in (("anna", anna), ("bruno", bruno)):
        page.on("request", lambda request, name=name: panel_fetches.__setitem__(
            name, panel_fetches[name] + (urlsplit(request.url).path == panel)))
    bruno.click("button:has-text('Affronta il combattimento navale')")
    expect(anna.locator("#decision")).to_contain_text("Lo accetti?", timeout=LIVE)
    assert not_reloaded(anna)
    settled(bruno)
    bruno.wait_for_timeout(300)
    # Bruno's decision answered with the fresh panel: the push of that step fetches it for Anna
    # only, not again for him.
    assert panel_fetches == {"anna": 1, "bruno": 0}
    shot(anna, "defender-decides")
    settled(anna)
    anna.click("button:has-text('Accetta il combattimento navale')")

    # Gran Bretagna holds an Alliance tile for North America: M2 asks it (live) how many go
    # to sea. Then the server rolls the naval and the land battle.
    expect(bruno.locator("#decision")).to_contain_text("Tessere Alleanza in mare", timeout=LIVE)
    assert not_reloaded(bruno)
    shot(bruno, "attacker-tiles-at-sea")
    settled(bruno)
    bruno.click("#decision button:has-text('Conferma')")
    expect(bruno.locator("#node-naval_battle .dice-faces")).to_have_count(2, timeout=LIVE)
    expect(bruno.locator("#node-land_battle .dice-faces")).to_have_count(2, timeout=LIVE)

    attack = Attack.objects.get(game=game)
    if not attack.finished:
        # L4: Francia lost the land battle with an army and a fort there; it chooses.
        expect(anna.locator("#decision")).to_contain_text("un'armata o un fortino", timeout=LIVE)
        shot(anna, "defender-chooses-the-loss")
        settled(anna)
        anna.click("button:has-text('Perdi un fortino')")
    for page in (bruno, anna):
        expect(page.locator(".attack-status")).to_contain_text("L'attacco è concluso", timeout=LIVE)
        assert not_reloaded(page)
    expect(anna.locator("#node-ended")).to_have_attribute("aria-current", "step")
    shot(bruno, "attack-over-attacker")
    shot(anna, "attack-over-defender")

    attack.refresh_from_db()
    assert attack.finished
    assert attack.dice.count() == 8

    # History: step through the attack box by box.
    bruno.goto(attack_url + "?passo=1")
    expect(bruno.locator(".attack-status")).to_contain_text("casella 1 di")
    bruno.click("a:has-text('Casella successiva')")
    expect(bruno.locator(".attack-status")).to_contain_text("casella 2 di")
    shot(bruno, "history-step-2")

    # The board shows the result, and the dice can be checked once staff end the game.
    bruno.goto(board)
    holding = Holding.objects.get(seat__power="Francia", region__name="Nord America")
    expect(bruno.locator("#board")).to_contain_text(f"Francia: {holding.armies} armat")
    # Leave the live page first: with Redis the end of the game reaches it and reloads it.
    bruno.goto("about:blank")
    services.game_end(game_id=game.pk, user=User.objects.create_user("capo", is_staff=True))
    bruno.goto(f"/partite/{game.pk}/dadi/")
    rolls = DiceRoll.objects.filter(game=game).count()  # the setup's draws and the attack's 8
    expect(bruno.locator("#verdict")).to_contain_text(f"corrispondono: {rolls} su {rolls}")
    shot(bruno, "dice-check")


def test_the_ally_is_invited_live_commits_an_army_and_everyone_sees_the_end(player, shot):
    bruno = player("bruno")
    carla = player("carla", phone=True)
    anna = player("anna")
    game = start_game()
    board = f"/partite/{game.pk}/"

    live(carla, board)  # the ally is on the board page, not on the attack's
    live(bruno, board)
    declare_from_the_board(bruno, "Stati Tedeschi", "Francia")
    expect(bruno.locator(".declare-summary")).to_contain_text("Alleati invitati: Prussia")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url(re.compile(r"/attacchi/1/$"))
    attack_url = bruno.url
    live_here(bruno)
    live(anna, attack_url)

    prompt = carla.locator("#prompt-1")
    expect(prompt).to_contain_text("Un alleato chiede il tuo aiuto", timeout=LIVE)
    expect(prompt).to_contain_text("Con tutte le tue unità")
    expect(prompt).to_contain_text("Senza le tue unità")
    expect(prompt.locator(".deadline")).to_contain_text("mancano")
    assert not_reloaded(carla)
    shot(carla, "ally-invited")
    expect(anna.locator("#node-allies")).to_contain_text("Prussia")
    shot(anna, "defender-sees-the-invitation-pending")

    settled(carla)
    prompt.locator(".prompt-form input[name=armies]").fill("1")
    prompt.locator("button:has-text('Impegna queste unità')").click()
    expect(carla.locator("#prompt-1")).to_have_count(0, timeout=LIVE)

    expect(bruno.locator("#node-allies")).to_contain_text(
        "La Prussia si unisce all'attaccante con 1 armata", timeout=LIVE
    )
    assert not_reloaded(bruno)
    attack = Attack.objects.get(game=game)
    if not attack.finished:
        expect(anna.locator("#decision")).to_contain_text("un'armata o un fortino", timeout=LIVE)
        settled(anna)
        anna.click("button:has-text('Perdi un\\'armata')")
    for page in (bruno, anna):
        expect(page.locator(".attack-status")).to_contain_text("L'attacco è concluso", timeout=LIVE)
        assert not_reloaded(page)
    # The ally's board shows the result of the land battle without a reload.
    attack.refresh_from_db()
    prussia = Holding.objects.get(seat__power="Prussia", region__name="Stati Tedeschi")
    expect(carla.locator("#regions")).to_contain_text("Stati Tedeschi", timeout=LIVE)
    expect(carla.locator("#board")).to_contain_text(
        f"Prussia: {prussia.armies} armat", timeout=LIVE
    )
    assert not_reloaded(carla)
    shot(bruno, "attacker-result")
    shot(anna, "defender-result")
    shot(carla, "ally-result")


def test_a_socket_dropped_mid_attack_catches_up_when_it_comes_back(player, shot):
    bruno = player("bruno")
    anna = player("anna")
    new_user("carla")
    game = start_game()
    live(bruno, f"/partite/{game.pk}/")
    declare_from_the_board(bruno, "Nord America", "Francia")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url(re.compile(r"/attacchi/1/$"))
    attack_url = bruno.url
    live_here(bruno)
    live(anna, attack_url)

    anna.evaluate("window.guerraLive.disconnect()")
    expect(anna.locator("[data-live-status]")).to_have_attribute("data-state", "closed")
    settled(bruno)
    bruno.click("button:has-text('Affronta il combattimento navale')")
    expect(bruno.locator("#node-attacker_naval_choice")).to_contain_text(
        "vuole il combattimento navale"
    )
    # The push went out while anna's socket was down: her page still shows the old step.
    anna.wait_for_timeout(500)
    expect(anna.locator("#decision")).to_have_count(0)
    shot(anna, "socket-down-page-behind")

    anna.evaluate("window.guerraLive.connect()")
    expect(anna.locator("#decision")).to_contain_text("Lo accetti?", timeout=LIVE)
    expect(anna.locator("#node-attacker_naval_choice")).to_contain_text(
        "vuole il combattimento navale"
    )
    assert not_reloaded(anna)
    shot(anna, "socket-back-page-current")
