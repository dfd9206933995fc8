"""“Le mie partite” in the browser (issue 31): a player's list puts a game at the top, live, when
it becomes the player's turn; the tab says "(1) Tocca a te — Guerra" while a page awaits the
player, and goes back when it does not; a finished game is in the history, with its standings
one tap away. On a phone nothing scrolls sideways and every target is a finger wide."""

from __future__ import annotations

import dataclasses
import re

from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from guerra.game import services
from guerra.game.models import Game, GameStatus, Scenario
from guerra.rules.game.state import Standing
from tests.browser.conftest import new_user, sideways
from tests.browser.test_live_browser import LIVE, open_board, start_game
from tests.game.play_helpers import edit_state, finish_auction

AWAITED_TITLE = "(1) Tocca a te — Guerra"
QUICK = "Europa 1700 — partenza rapida"


def finished_game() -> Game:
    """Bruno's game of last week: Gran Bretagna second of three (its standings set as G60-G62
    leave them, the game's row finished)."""
    anna, carla, bruno = (User.objects.get(username=n) for n in ("anna", "carla", "bruno"))
    game = services.game_create(user=bruno, scenario=Scenario.objects.get(name=QUICK),
                                name="Pace di Utrecht", is_private=True, power="Gran Bretagna")
    services.game_join(game_id=game.pk, user=anna, power="Francia")
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    services.game_start(game_id=game.pk, user=bruno)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    ranks = {"Francia": (1, 31), "Gran Bretagna": (2, 24), "Prussia": (3, 9)}
    edit_state(game, lambda s: dataclasses.replace(s, standings=tuple(
        Standing(power, rank, vp, 0, False, 0, 0) for power, (rank, vp) in ranks.items())))
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, ended_at=timezone.now(),
                                           deadline=None)
    return game


# The Notification API as a page sees it, recorded: what was asked and shown (a headless browser
# shows nothing), and a tab that counts as in the background.
NOTIFICATIONS = """
window.asked = 0; window.shown = [];
class Recorded { constructor(title, options) { window.shown.push([title, options.body]); } }
Recorded.permission = "default";
Recorded.requestPermission = () => { window.asked += 1; Recorded.permission = "granted";
                                     return Promise.resolve("granted"); };
window.Notification = Recorded;
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


def test_a_game_moves_to_the_top_when_it_becomes_the_player_s_turn(player, shot):
    anna = player("anna")
    bruno = player("bruno", phone=True)
    new_user("carla")
    game, _seats = start_game()  # Francia (anna) to play
    older = finished_game()
    waiting = services.game_create(user=User.objects.get(username="bruno"),
                                   scenario=Scenario.objects.get(name=QUICK), name="Sala d'attesa",
                                   is_private=True, power="Spagna")

    bruno.add_init_script(NOTIFICATIONS)
    bruno.goto("/partite/mie/")
    expect(bruno.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    sections = bruno.locator(".my-games-section h2")
    expect(sections).to_have_text(["Tocca agli altri", "In attesa di giocatori", "Storico"])
    expect(bruno.locator(".my-game-others")).to_contain_text("Tocca alla Francia.")
    assert bruno.title() == "Le mie partite · Guerra"
    shot(bruno, "phone-my-games-awaiting-others")
    # Nothing asked of the browser until bruno turns the notifications on.
    assert bruno.evaluate("window.asked") == 0
    bruno.get_by_role("button", name="Avvisami nel browser").click()
    expect(bruno.locator("[data-notify-toggle]")).to_have_text(
        "Avvisi nel browser attivi: disattiva")
    assert bruno.evaluate("[window.asked, localStorage.getItem('guerra-notify')]") == [1, "1"]

    open_board(anna, game)
    expect(anna).to_have_title(AWAITED_TITLE)
    expect(anna.locator('link[rel="icon"]')).to_have_attribute(
        "href", re.compile(r"favicon-awaited"))
    anna.evaluate("window.scrollTo(0, 0)")
    anna.screenshot(path=str(shot(anna, "desktop-board-your-turn").with_name("board-top.png")))
    for _action in range(2):  # her two actions, passed: Gran Bretagna's turn
        with anna.expect_response(f"**/partite/{game.pk}/passa/"):
            anna.locator("#turn-box form[action$='/passa/'] button").click()
    expect(anna).to_have_title("Guerra in diretta · Guerra", timeout=LIVE)

    # Bruno's list, without a reload: the game is at the top, awaiting him, and the tab says so.
    top = bruno.locator(".my-game").first
    expect(top).to_have_attribute("data-game", str(game.pk), timeout=LIVE)
    expect(top).to_contain_text("Tocca a te: fai le tue azioni")
    expect(bruno.locator(".my-games-section h2").first).to_have_text("Tocca a te")
    expect(bruno).to_have_title(AWAITED_TITLE)
    # In the background, the browser says so once.
    assert bruno.evaluate("window.shown") == [
        ["Tocca a te — Guerra", "Una partita aspetta la tua decisione."]]
    assert sideways(bruno) == 0
    for target in (top.locator(".my-game-name"),
                   bruno.locator(".my-game-finished .button").first,
                   bruno.locator(".topbar .my-games-link")):
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, target
    shot(bruno, "phone-my-games-your-turn")

    # The history: the finished game with bruno's place, its standings one tap away.
    history = bruno.locator("#storico .my-game")
    expect(history).to_have_count(1)
    expect(history).to_contain_text("Pace di Utrecht")
    expect(history).to_contain_text("2° su 3, 24 PV")
    expect(history).to_contain_text("ha vinto la Francia")
    history.get_by_role("link", name="Classifica finale").click()
    expect(bruno).to_have_url(f"{bruno.url.split('/partite/')[0]}/partite/{older.pk}/classifica/")
    expect(bruno.locator("main")).to_contain_text("Francia")
    assert sideways(bruno) == 0
    shot(bruno, "phone-standings-from-history")

    # The desktop list of anna: the game awaiting Gran Bretagna, the history, no waiting room.
    anna.goto("/partite/mie/")
    expect(anna.locator(".my-game-others")).to_contain_text("Tocca alla Gran Bretagna.")
    expect(anna.locator(f'.my-game[data-game="{waiting.pk}"]')).to_have_count(0)
    shot(anna, "desktop-my-games")

    # A page of the game without the turn panel says it too.
    bruno.goto(f"/partite/{game.pk}/mercato/")
    expect(bruno).to_have_title(AWAITED_TITLE)
    assert sideways(bruno) == 0
    shot(bruno, "phone-market-your-turn")
