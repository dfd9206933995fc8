"""A spectator in a real browser: someone without a seat watches an attack of a public game live
and reads nothing secret (the alliance's chat, an answer given in secret).

Gran Bretagna (bruno) and Prussia (carla) in alliance A, Francia (anna) in alliance B; both
main players hold an Alliance tile for North America, so that M2 asks both in secret how many
go to sea.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from guerra.game.models import Game
from tests.browser.conftest import new_user, settled, sideways
from tests.browser.test_attack_browser import LIVE, live, not_reloaded, start_game
from tests.game.attack_helpers import declare
from tests.game.play_helpers import set_power, state_of

SECRET_TALK = "Sbarchiamo all'alba, non ditelo a nessuno"
TOLD = "La Gran Bretagna usa 1 tessera Alleanza in mare."


def caught_up(page: Page, game: Game) -> None:
    """The attack panel shows the game's latest step (its push has been heard and fetched)."""
    step = Game.objects.get(pk=game.pk).step
    expect(page.locator("#attack-panel")).to_have_attribute("data-step", str(step),
                                                            timeout=LIVE)


def test_a_spectator_watches_an_attack_live_and_reads_nothing_secret(player, shot):
    bruno, anna = player("bruno"), player("anna")
    dario, elena = player("dario"), player("elena", phone=True)  # the spectators
    new_user("carla")
    game = start_game()
    tiles = state_of(game).power("Francia").tiles
    set_power(game, "Francia", tiles=tuple(sorted((*tiles, ("alliance:Nord America", 1)))))
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    board, attack_url = f"/partite/{game.pk}/", attack.get_absolute_url()

    # Bruno tells his alliance a secret.
    live(bruno, board)
    bruno.fill(".chat-form input[name=text]", SECRET_TALK)
    bruno.press(".chat-form input[name=text]", "Enter")
    expect(bruno.locator("#negotiation")).to_contain_text(SECRET_TALK, timeout=LIVE)

    live(elena, board)
    expect(elena.locator(".watching-note")).to_contain_text("Stai guardando questa partita")
    expect(elena.locator("#watchers")).to_contain_text("spettator")
    assert sideways(elena) == 0
    shot(elena, "phone-spectator-board")
    live(dario, attack_url)
    expect(dario.locator(".watching-note")).to_be_visible()
    expect(dario.locator("#decision")).to_have_count(0)
    shot(dario, "spectator-attack-declared")

    # The attacker decides the sea: the spectator's flowchart follows, without a reload.
    live(bruno, attack_url)
    settled(bruno)
    bruno.click("button:has-text('Affronta il combattimento navale')")
    expect(dario.locator("#node-attacker_naval_choice")).to_contain_text(
        "vuole il combattimento navale", timeout=LIVE)
    assert not_reloaded(dario)
    live(anna, attack_url)
    settled(anna)
    anna.click("button:has-text('Accetta il combattimento navale')")

    # M2: Gran Bretagna's tiles at sea are secret until Francia has chosen too.
    expect(bruno.locator("#decision")).to_contain_text("Tessere Alleanza in mare", timeout=LIVE)
    settled(bruno)
    bruno.fill("#decision input[name=tiles]", "1")
    bruno.click("#decision button:has-text('Conferma')")
    expect(bruno.locator("#decision")).to_have_count(0, timeout=LIVE)  # his answer is in
    caught_up(dario, game)
    expect(dario.locator("#node-naval_tiles .awaiting")).to_have_text("▶ Francia")
    assert TOLD not in dario.content() and "usa 1 tessera" not in dario.content()
    expect(dario.locator("#decision")).to_have_count(0)
    shot(dario, "spectator-secret-answer-pending")
    settled(anna)
    anna.click("#decision button:has-text('Conferma')")
    expect(dario.locator("#node-naval_tiles")).to_contain_text(TOLD, timeout=LIVE)
    assert not_reloaded(dario)
    shot(dario, "spectator-tiles-told")

    # Nothing of the alliance's talk anywhere the spectators look, after every refresh.
    caught_up(dario, game)
    for page in (dario, elena):
        assert SECRET_TALK not in page.content()
    assert "chi guarda la partita non li legge" in elena.content()
    elena.goto(attack_url)
    assert sideways(elena) == 0
    shot(elena, "phone-spectator-attack")
    dario.goto(board)
    assert SECRET_TALK not in dario.content()
    shot(dario, "spectator-board")

    # The lobby offers the game to watch.
    elena.goto("/")
    expect(elena.locator(".watch-list")).to_contain_text("Guerra di successione")
    assert sideways(elena) == 0
    shot(elena, "phone-lobby-games-to-watch")
