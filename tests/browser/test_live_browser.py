"""Players in separate browsers, nobody reloads: allies chat, the enemy hears nothing, a board
change shows up everywhere, and a dropped socket catches up when it comes back."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from playwright.sync_api import Page, WebSocket, expect

from guerra.game import services
from guerra.game.models import Game, Scenario, Seat
from guerra.game.services import log_event
from tests.browser.conftest import new_user, settled
from tests.game.play_helpers import finish_auction

LIVE = 15_000  # ms: how long a live update may take before the test gives up


def start_game() -> tuple[Game, dict[str, Seat]]:
    """Francia (anna) and Prussia (carla) in alliance A (1) against Gran Bretagna (bruno)."""
    anna, carla, bruno = (User.objects.get(username=n) for n in ("anna", "carla", "bruno"))
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    game = services.game_create(
        user=anna, scenario=scenario, name="Guerra in diretta", is_private=False, power="Francia"
    )
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
    seats = {s.power: s for s in Seat.objects.filter(game=game)}
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    game.refresh_from_db()
    return game, seats


def open_board(page: Page, game: Game, frames: list[str | bytes] | None = None) -> None:
    if frames is not None:
        received = frames

        def listen(socket: WebSocket) -> None:
            # Not `received.append` itself: Playwright sets an attribute on its handlers.
            socket.on("framereceived", lambda frame: received.append(frame))  # noqa: PLW0108

        page.on("websocket", listen)
    page.goto(f"/partite/{game.pk}/")
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    # Set on this document only: a reload would lose it.
    page.evaluate("window.notReloaded = true")


def shot_detail(shot, page: Page, selector: str, name: str) -> None:
    """A full-page screenshot, and beside it one of the element that matters (phones are tall)."""
    path = shot(page, name)
    page.locator(selector).screenshot(path=str(path.with_name(f"{path.stem}-detail.png")))


def not_reloaded(page: Page) -> bool:
    return bool(page.evaluate("window.notReloaded === true"))


def gold_of(page: Page, seat: Seat):
    return page.locator(f"#power-{seat.pk} .gold")


def change_gold_behind_the_scenes(game: Game, seat: Seat, gold: int) -> None:
    """A change made in the test process: its push stays in this process (the in-memory
    channel layer is per process), so only a client that re-fetches on its own can see it."""
    with transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(gold=gold)
        log_event(Game.objects.get(pk=game.pk), "gold_changed", {"power": seat.power})


def test_allies_chat_live_the_enemy_hears_nothing_and_the_board_refreshes(player, shot):
    anna, carla = player("anna"), player("carla")
    bruno = player("bruno", phone=True)
    game, seats = start_game()
    bruno_frames: list[str | bytes] = []
    open_board(anna, game)
    open_board(carla, game)
    open_board(bruno, game, bruno_frames)
    shot(anna, "anna-board-live")

    # Anna writes to her alliance; Carla reads it at once.
    anna.fill("#chat-alliance-1-text", "Attacchiamo all alba, parola Tulipano")
    anna.press("#chat-alliance-1-text", "Enter")
    expect(anna.locator("#chat-alliance-1")).to_contain_text("parola Tulipano")
    expect(anna.locator("#chat-alliance-1-text")).to_have_value("")
    expect(carla.locator("#chat-alliance-1")).to_contain_text("parola Tulipano", timeout=LIVE)
    # The logs only grow: each post and each push appends what is new, once.
    carla.fill("#chat-alliance-1-text", "Ricevuto")
    carla.press("#chat-alliance-1-text", "Enter")
    for page in (anna, carla):
        expect(page.locator("#chat-alliance-1 .chat-line")).to_have_count(2, timeout=LIVE)
        expect(page.locator("#chat-alliance-1 .chat-line").last).to_contain_text("Ricevuto")
    carla.locator("#negotiation").scroll_into_view_if_needed()
    shot(carla, "carla-reads-the-alliance-chat")

    # Bruno, the enemy, has no such chat on his page.
    expect(bruno.locator("#chat-alliance-1")).to_have_count(0)
    expect(bruno.locator("#chat-alliance-2")).to_have_count(1)
    assert "Tulipano" not in bruno.content()

    # A private word from Anna to Bruno: his contact shows it unread; Carla sees nothing.
    anna.click(f'[data-contact="{seats["Gran Bretagna"].pk}"]')
    expect(anna.locator("#chat-private-log")).to_be_visible()
    settled(anna)
    anna.fill("#chat-private-text", "Trattiamo la pace?")
    anna.press("#chat-private-text", "Enter")
    expect(anna.locator("#chat-private-log")).to_contain_text("Trattiamo la pace?")
    from_anna = bruno.locator(f'[data-contact="{seats["Francia"].pk}"]')
    expect(from_anna).to_contain_text("1 messaggio", timeout=LIVE)
    expect(from_anna).to_have_class("contact unread")
    shot_detail(shot, bruno, "#negotiation", "bruno-has-an-unread-message")
    from_anna.click()
    expect(bruno.locator("#chat-private-log")).to_contain_text("Trattiamo la pace?")
    expect(from_anna).to_have_class("contact active")
    shot_detail(shot, bruno, "#negotiation", "bruno-reads-the-private-message")
    expect(carla.locator(f'[data-contact="{seats["Francia"].pk}"]')).to_contain_text("0 messaggi")

    # Staff correct Prussia's gold on the server: every screen shows it, none reloads.
    staff = player("capo", staff=True)
    open_board(staff, game)
    staff.select_option("#correct-seat", str(seats["Prussia"].pk))
    staff.fill("#correct-gold", "3")
    staff.fill("#correct-vp", "2")
    staff.fill("#correct-note", "errore di conteggio")
    staff.click("#staff-tools button")
    done = staff.locator("#staff-tools .done")
    expect(done).to_contain_text("Correzione registrata per la Prussia")
    staff.locator("#staff-tools").scroll_into_view_if_needed()
    shot(staff, "staff-correction")
    for page in (anna, carla, bruno, staff):
        expect(gold_of(page, seats["Prussia"])).to_have_text("3 ori", timeout=LIVE)
        expect(page.locator("#event-log .event").first).to_contain_text(
            "Lo staff corregge la Prussia: oro 10 → 3", timeout=LIVE
        )
    carla.locator("#board").scroll_into_view_if_needed()
    shot(carla, "board-refreshed")
    shot_detail(shot, bruno, "#board", "board-refreshed-phone")

    # A refused message shows the server's Italian reason beside the form.
    carla.evaluate("document.querySelector('#chat-alliance-1-text').removeAttribute('required')")
    carla.fill("#chat-alliance-1-text", "   ")
    carla.press("#chat-alliance-1-text", "Enter")
    expect(carla.locator("#chat-alliance-1-error")).to_contain_text(
        "Scrivi qualcosa prima di inviare."
    )
    carla.locator("#negotiation").scroll_into_view_if_needed()
    shot(carla, "refused-message")

    for page in (anna, carla, bruno, staff):
        assert not_reloaded(page)
    # Not a byte about alliance 1 reached Bruno's socket, though pushes did.
    pushes = [json.loads(f) for f in bruno_frames if isinstance(f, str)]
    assert any(p.get("type") == "push" for p in pushes)
    assert all(p.get("chain") != "alliance-1-1" for p in pushes)
    assert not any("chat-alliance-1" in p.get("parts", []) for p in pushes)


def test_a_dropped_socket_catches_up_when_it_comes_back(player, shot):
    anna, carla = player("anna"), player("carla", phone=True)
    new_user("bruno")
    game, seats = start_game()
    open_board(anna, game)
    open_board(carla, game)

    carla.evaluate("guerraLive.disconnect()")
    status = carla.locator("[data-live-status]")
    expect(status).to_have_attribute("data-state", "closed")
    expect(status).to_contain_text("Connessione persa")
    shot_detail(shot, carla, ".board-head", "socket-dropped")

    # While Carla is away: her ally writes, and the board changes.
    anna.fill("#chat-alliance-1-text", "Ci sei ancora?")
    anna.press("#chat-alliance-1-text", "Enter")
    expect(anna.locator("#chat-alliance-1")).to_contain_text("Ci sei ancora?")
    change_gold_behind_the_scenes(game, seats["Francia"], 1)
    expect(carla.locator("#chat-alliance-1")).not_to_contain_text("Ci sei ancora?")
    expect(gold_of(carla, seats["Francia"])).to_have_text("10 ori")

    carla.evaluate("guerraLive.connect()")
    expect(status).to_have_attribute("data-state", "open", timeout=LIVE)
    expect(carla.locator("#chat-alliance-1")).to_contain_text("Ci sei ancora?", timeout=LIVE)
    expect(gold_of(carla, seats["Francia"])).to_have_text("1 oro", timeout=LIVE)
    assert not_reloaded(carla)
    shot_detail(shot, carla, "#negotiation", "caught-up")


def anna_at_the_board(player) -> tuple[Page, Game]:
    """Anna's board of a started game (with Carla and Bruno at the table), settled."""
    anna = player("anna")
    new_user("carla")
    new_user("bruno")
    game, _seats = start_game()
    open_board(anna, game)
    settled(anna)
    return anna, game


def test_a_ring_just_after_a_part_was_swapped_in_is_not_lost(player):
    """A part swapped in by one ring must hear the next ring at once: the push that follows a
    decision often lands a few milliseconds after the refresh of the one before."""
    anna, _game = anna_at_the_board(player)
    anna.evaluate(
        """() => {
        window.turnFetches = 0;
        document.body.addEventListener("htmx:beforeRequest", (event) => {
          if (event.detail.elt.id === "turn-box") window.turnFetches += 1;
        });
        let first = true;
        document.body.addEventListener("htmx:afterSwap", (event) => {
          if (!first || event.target.id !== "turn-box") return;
          first = false;  // the next ring comes in the very next task after the swap
          setTimeout(() => document.body.dispatchEvent(new CustomEvent("live:turn")), 0);
        });
        document.body.dispatchEvent(new CustomEvent("live:turn"));
      }"""
    )
    anna.wait_for_function("() => window.turnFetches === 2", timeout=LIVE)
    settled(anna)
    expect(anna.locator("#turn-box")).to_be_visible()


def test_the_player_who_acted_does_not_fetch_again_the_panel_its_decision_answered_with(
    player, shot
):
    """Anna passes an action: her answer is the fresh panel, so the push of that step fetches
    her board and log but not her panel again; Carla, who did not act, fetches all three. With
    the parts pushed (GUERRA_PUSHED_PARTS, on unless turned off), neither page fetches anything:
    the push brought every part already rendered."""
    anna = player("anna")
    carla = player("carla")
    new_user("bruno")
    game, _seats = start_game()
    fetched: dict[str, list[str]] = {"anna": [], "carla": []}
    boards_heard: list[dict[str, Any]] = []  # the board as Carla's frames bring it

    def heard(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "parts":
            boards_heard.extend(f for f in message["fragments"] if f.get("within") == "board")

    carla.on("websocket", lambda socket: socket.on("framereceived", heard))
    for name, page in (("anna", anna), ("carla", carla)):
        open_board(page, game)
        settled(page)
        page.on("request", lambda request, name=name: fetched[name].append(
            f"{request.method} {urlsplit(request.url).path}"))
    step = int(anna.locator("#turn-box").get_attribute("data-step") or "-1")
    assert step == game.step
    with anna.expect_response(f"**/partite/{game.pk}/passa/"):
        anna.locator("#turn-box form[action$='/passa/'] button").click()
    # Both pages hear the step: Carla's panel moves on through its own fetch.
    expect(carla.locator("#turn-box")).to_have_attribute("data-step", str(step + 1), timeout=LIVE)
    expect(anna.locator("#turn-box")).to_have_attribute("data-step", str(step + 1))
    for page in (anna, carla):
        page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)
        settled(page)
    anna.wait_for_timeout(500)  # a late, needless fetch of the panel would show by now
    board, turn, log = (f"GET /partite/{game.pk}/{part}/"
                        for part in ("tavolo", "turno", "registro"))
    assert f"POST /partite/{game.pk}/passa/" in fetched["anna"]
    assert turn not in fetched["anna"], fetched["anna"]
    if settings.GUERRA_PUSHED_PARTS:
        assert fetched["anna"] == [f"POST /partite/{game.pk}/passa/"]
        assert fetched["carla"] == []
        expect(carla.locator("#event-log li").first).to_contain_text("passa")
    else:
        assert board in fetched["anna"] and log in fetched["anna"], fetched["anna"]
        assert turn in fetched["carla"] and board in fetched["carla"], fetched["carla"]
    # Her panel is her answer's: the second of her two actions.
    expect(anna.locator("#turn-box")).to_contain_text("azione 2 di 2")
    shot(anna, "live-own-decision-not-fetched-again")
    if not settings.GUERRA_PUSHED_PARTS:
        return
    # Her second pass leaves the board as it was: Carla's frame brings its map and its panels as
    # their hashes alone, and her page, which holds those texts, moves the board on to the new
    # step without a fetch.
    with anna.expect_response(f"**/partite/{game.pk}/passa/"):
        anna.locator("#turn-box form[action$='/passa/'] button").click()
    expect(carla.locator("#board")).to_have_attribute("data-step", str(step + 2), timeout=LIVE)
    expect(carla.locator("#turn-box")).to_have_attribute("data-step", str(step + 2))
    carla.wait_for_timeout(500)  # a fetch would show by now
    assert fetched["carla"] == []
    assert [(part["id"], "html" in part) for part in boards_heard] == [
        ("board-map", True), ("board-panels", True), ("board-map", False), ("board-panels", False)
    ], boards_heard


def test_a_change_of_purses_swaps_the_boards_panels_and_leaves_its_map_as_it_was(player, shot):
    """France collects taxes: Carla's page shows France's new purse in the board's panels; with
    the parts pushed, the map (no piece moved) stays the very element it was (its zoom and
    scroll with it) and nothing is fetched."""
    anna = player("anna")
    carla = player("carla")
    new_user("bruno")
    game, _seats = start_game()
    for page in (anna, carla):
        open_board(page, game)
        settled(page)
    # A pass first: the first frame a page hears puts in every part (it knows no pushed text).
    with anna.expect_response(f"**/partite/{game.pk}/passa/"):
        anna.locator("#turn-box form[action$='/passa/'] button").click()
    expect(carla.locator("#board")).to_have_attribute("data-step", str(game.step + 1),
                                                      timeout=LIVE)
    settled(carla)
    fetched: list[str] = []
    carla.on("request", lambda request: fetched.append(urlsplit(request.url).path))
    carla.evaluate("window.mapBefore = document.getElementById('board-map')")
    panels = carla.locator("#board-panels").inner_text()
    with anna.expect_response(f"**/partite/{game.pk}/tasse/"):
        anna.locator("#turn-box form[action$='/tasse/'] button").click()
    expect(carla.locator("#board")).to_have_attribute("data-step", str(game.step + 2),
                                                      timeout=LIVE)
    carla.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)
    settled(carla)
    assert carla.locator("#board-panels").inner_text() != panels
    if settings.GUERRA_PUSHED_PARTS:
        carla.wait_for_timeout(500)  # a fetch would show by now
        assert carla.evaluate("document.getElementById('board-map') === window.mapBefore")
        assert fetched == []
    shot(carla, "live-purse-panels-only")


def test_the_phase_panel_never_goes_back_to_an_older_step(player):
    """An answer rendered at an older step than the panel shows (a slow answer overtaken by a
    fresher one) is not swapped in; a newer one is."""
    anna, game = anna_at_the_board(player)
    shown = int(anna.locator("#turn-box").get_attribute("data-step") or "-1")
    assert shown == game.step

    def answer_at(step: int, marker: str):
        def handle(route):
            html = route.fetch().text()
            html = html.replace(f'data-step="{shown}"', f'data-step="{step}"', 1)
            route.fulfill(status=200, body=html.replace("</section>", f"<p>{marker}</p></section>"),
                          headers={"Content-Type": "text/html; charset=utf-8"})
        return handle

    anna.route("**/turno/", answer_at(shown - 1, "risposta vecchia"))
    with anna.expect_response("**/turno/"):
        anna.evaluate("document.body.dispatchEvent(new CustomEvent('live:turn'))")
    settled(anna)
    expect(anna.locator("#turn-box")).not_to_contain_text("risposta vecchia")
    anna.unroute("**/turno/")
    anna.route("**/turno/", answer_at(shown + 1, "risposta nuova"))
    anna.evaluate("document.body.dispatchEvent(new CustomEvent('live:turn'))")
    expect(anna.locator("#turn-box")).to_contain_text("risposta nuova", timeout=LIVE)
    expect(anna.locator("#turn-box")).to_have_attribute("data-step", str(shown + 1))


def test_A3_an_ally_who_never_answers_every_open_page_moves_on_without_a_reload(player, shot):
    """Nobody answers the invitation: when its time is up, the server applies the default
    (Prussia declines) and every open page shows the attack moving on, with no reload and no
    button left to press."""
    from datetime import timedelta

    from django.utils import timezone

    from guerra.game.models import Attack
    from tests.game.attack_helpers import declare

    anna, carla = player("anna"), player("carla", phone=True)
    new_user("bruno")
    game, _seats = start_game()
    attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    deadline = timezone.now() + timedelta(seconds=4)
    Game.objects.filter(pk=game.pk).update(deadline=deadline)
    Attack.objects.filter(pk=attack.pk).update(deadline=deadline)
    open_board(anna, game)
    open_board(carla, game)
    prompt = carla.locator(f"#prompt-{attack.number}")
    expect(prompt).to_be_visible()
    expect(prompt.locator("button").first).to_be_enabled()
    shot_detail(shot, carla, "#ally-prompts", "invited")

    expect(prompt).to_have_count(0, timeout=LIVE)
    expect(anna.locator("#invitations")).not_to_contain_text("Prussia", timeout=LIVE)
    assert not_reloaded(carla) and not_reloaded(anna)
    # The attack went on past the allies' box (what follows depends on the dice).
    answers = Attack.objects.get(pk=attack.pk).state["answers"]
    assert answers == [{"power": "Prussia", "armies": 0, "fleets": 0, "timed_out": True}]
    shot(carla, "declined-by-default")


# Rings the board part and tells, once its fetch is over, whether the element the page showed
# before the ring (marked) is still the one it shows: the answer was not swapped in. (The end of
# the fetch is heard on its request: a swapped-out element tells it to nobody.)
RING_BOARD_KEPT = """() => new Promise((done) => {
    document.getElementById("board").dataset.probe = "kept";
    document.body.addEventListener("htmx:beforeRequest", function sent(event) {
      if (event.detail.elt.id !== "board" || !event.detail.xhr) return;
      document.body.removeEventListener("htmx:beforeRequest", sent);
      event.detail.xhr.addEventListener("loadend", () => setTimeout(
        () => done(document.getElementById("board").dataset.probe === "kept"), 100));
    });
    document.body.dispatchEvent(new CustomEvent("live:board", {detail: {part: "board"}}));
})"""


def test_a_part_whose_answer_has_not_changed_is_not_swapped_again(player):
    """Most pushes leave the board as it was: its answer, word for word the one the page
    shows, is not swapped in again (no 29 kB laid out for nothing); a changed one is."""
    anna, game = anna_at_the_board(player)
    francia = Seat.objects.get(game=game, power="Francia")
    # The board as first rendered with the page: its first fetched answer is swapped in.
    assert anna.evaluate(RING_BOARD_KEPT) is False
    # The same answer again: the element stays.
    assert anna.evaluate(RING_BOARD_KEPT) is True
    assert anna.evaluate(RING_BOARD_KEPT) is True
    # A change: the answer differs and is swapped in.
    change_gold_behind_the_scenes(game, francia, 1)
    assert anna.evaluate(RING_BOARD_KEPT) is False
    expect(gold_of(anna, francia)).to_have_text("1 oro")
    assert not_reloaded(anna)
