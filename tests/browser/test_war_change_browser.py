"""Four players' boards stay open across two war changes, on both combat systems: no page is
ever replaced by an error page, no request of theirs fails, the console stays clean, each page
moves to its new alliance's chat, and the chats of the wars gone by stay readable as history.

The decisions that change the war (a war's last action, an auction's last call) are posted to
the server through the player's own browser session (its requests, not its clicks: the pages
under watch are left alone), so the server pushes them to the pages as in a real game; the
decisions between them, which change no war and no alliance, are made through the services in
the test process (the pages catch up with them at the next push). War 1: Francia and Prussia
(Alleanza A) against Gran Bretagna and Austria; war 2: Francia and Gran Bretagna against Prussia
and Austria; war 3: Prussia and Austria against Francia and Gran Bretagna.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import ConsoleMessage, Page, Request, Response, expect

from guerra.game import services
from guerra.game.models import Game, Scenario, Seat
from guerra.game.models.state import load_state
from guerra.rules.dice import RandomDice
from guerra.rules.flowtypes import Accepted
from guerra.rules.game.inputs import CallPass, Pass, Propose
from guerra.rules.game.machine import advance, pending
from tests.browser.conftest import new_user, settled
from tests.game.play_helpers import finish_auction, state_of

LIVE = 15_000  # ms
PLAYERS = {"anna": "Francia", "bruno": "Gran Bretagna", "carla": "Prussia", "dario": "Austria"}
# Each war's auction: the pairs proposed (Alleanza A's power, Alleanza B's power).
AUCTIONS = {
    2: [("Francia", "Prussia"), ("Gran Bretagna", "Austria")],
    3: [("Austria", "Francia"), ("Prussia", "Gran Bretagna")],
}
# side of each power in each war (1: Alleanza A, 2: Alleanza B)
SIDES = {
    1: {"Francia": 1, "Prussia": 1, "Gran Bretagna": 2, "Austria": 2},
    2: {"Francia": 1, "Gran Bretagna": 1, "Prussia": 2, "Austria": 2},
    3: {"Austria": 1, "Prussia": 1, "Francia": 2, "Gran Bretagna": 2},
}
ALLIANCE = {1: "Alleanza A", 2: "Alleanza B"}


@dataclass
class Watched:
    """One player's open board, and everything that went wrong on it."""

    power: str
    page: Page
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def listen(self) -> None:
        self.page.on("response", self._response)
        self.page.on("requestfailed", self._request_failed)
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.request.method} {response.url}")

    def _request_failed(self, request: Request) -> None:
        self.failed.append(f"{request.failure} {request.method} {request.url}")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def healthy(self) -> None:
        """The board is still the board, the page was never reloaded, nothing failed."""
        expect(self.page.locator("#negotiation")).to_be_visible()
        expect(self.page.locator(".board-head")).to_be_visible()
        assert self.page.evaluate("window.notReloaded === true"), self.power
        assert self.failed == [], (self.power, self.failed)
        assert self.errors == [], (self.power, self.errors)
        # The negotiation area fits its width, a phone's too (no sideways scroll).
        assert self.page.evaluate(
            "(() => { const n = document.querySelector('#negotiation');"
            " return n.scrollWidth <= n.clientWidth; })()"), self.power


def start(procedure: str) -> Game:
    users = {name: User.objects.get(username=name) for name in PLAYERS}
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    Scenario.objects.filter(pk=scenario.pk).update(wars=3, rounds_per_war=1)
    scenario.refresh_from_db()
    game = services.game_create(user=users["anna"], scenario=scenario, name="Tre guerre",
                                is_private=False, power="Francia", procedure=procedure)
    for name, power in PLAYERS.items():
        if name != "anna":
            services.game_join(game_id=game.pk, user=users[name], power=power)
    game = services.game_start(game_id=game.pk, user=users["anna"])
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    game.refresh_from_db()
    return game


def awaited(game: Game) -> tuple[str, str]:
    game.refresh_from_db()
    waiting = pending(load_state(game))
    return waiting.kind, waiting.powers[0] if waiting.powers else ""


def decide(watched: Watched, base: str, game: Game, path: str, **form: object) -> None:
    """Post one decision through the player's own session (as its page's form would)."""
    token = next(c["value"] for c in watched.page.context.cookies() if c["name"] == "csrftoken")
    response = watched.page.request.post(
        f"{base}/partite/{game.pk}/{path}",
        form={"passo": str(game.step), **{k: str(v) for k, v in form.items()}},
        headers={"X-CSRFToken": token, "Referer": base + "/", "HX-Request": "true"},
    )
    assert response.status == 200, (path, response.status, response.text()[:300])


def ends_a_phase(game: Game, given: object) -> bool:
    """Whether the decision `given` ends the war or the auction, tried by the rules on the
    game's state (nothing is written)."""
    state = state_of(game)
    outcome = advance(state, given, RandomDice(0))
    assert isinstance(outcome, Accepted), outcome
    return (outcome.state.war, outcome.state.phase) != (state.war, state.phase)


def user_of(game: Game, power: str) -> User:
    return Seat.objects.get(game=game, power=power).user


def play_to_the_next_auction(game: Game, boards: dict[str, Watched], base: str) -> None:
    """Every power passes its actions until the next war's auction opens: the last pass
    through its player's session."""
    war = game.current_war
    for _ in range(50):
        kind, power = awaited(game)
        if game.current_war != war:
            assert kind == "propose", kind
            return
        assert kind == "action", kind
        if ends_a_phase(game, Pass(power, game.step)):
            decide(boards[power], base, game, "passa/")
        else:
            services.action_pass(game_id=game.pk, user=user_of(game, power), step=game.step)
    raise AssertionError("the war did not end")


def play_the_auction(game: Game, boards: dict[str, Watched], base: str) -> None:
    """The war's auction: its last call through its player's session."""
    plan = list(AUCTIONS[game.current_war])
    for _ in range(50):
        kind, power = awaited(game)
        if kind == "propose":
            a, b = plan.pop(0)
            assert not ends_a_phase(game, Propose(power, game.step, a, b, 0))
            services.auction_propose(game_id=game.pk, user=user_of(game, power), step=game.step,
                                     a=a, b=b, bid=0)
        elif kind == "call":
            if ends_a_phase(game, CallPass(power, game.step)):
                decide(boards[power], base, game, "asta/passo/")
            else:
                services.auction_pass(game_id=game.pk, user=user_of(game, power),
                                      step=game.step)
        else:
            assert kind == "action", kind
            return
    raise AssertionError("the auction did not end")


def seat_of(game: Game, power: str) -> int:
    return int(Seat.objects.get(game=game, power=power).pk)


def reconnect(page: Page) -> None:
    """Drop the socket and connect again: the hello makes the page fetch every part."""
    page.evaluate("guerraLive.disconnect()")
    with page.expect_response("**/negoziazione/"):
        page.evaluate("guerraLive.connect()")
    settled(page)


def shot_negotiation(shot, page: Page, name: str) -> None:
    """A full-page screenshot, and beside it one of the negotiation area (phones are tall)."""
    path = shot(page, name)
    page.locator("#negotiation").screenshot(path=str(path.with_name(f"{path.stem}-detail.png")))


def write(watched: Watched, side: int, text: str) -> None:
    box = watched.page.locator(f"#chat-alliance-{side}-text")
    box.fill(text)
    box.press("Enter")
    expect(watched.page.locator(f"#chat-alliance-{side}")).to_contain_text(text)


def no_alliance_yet(watched: Watched) -> None:
    """Between a war's end and its auction's end: no current alliance chat on the page."""
    negotiation = watched.page.locator("#negotiation")
    expect(negotiation).to_contain_text("Non fai parte di nessuna alleanza in questa guerra.",
                                        timeout=LIVE)
    expect(negotiation.locator("form.chat-form[action*='/chat/alleanza/']")).to_have_count(0)


def in_alliance(watched: Watched, war: int) -> None:
    side = SIDES[war][watched.power]
    current = watched.page.locator(".alliance-chat.current")
    expect(current).to_have_count(1, timeout=LIVE)
    expect(current.locator("h3")).to_contain_text(ALLIANCE[side])
    expect(current.locator(f"#chat-alliance-{side}")).to_be_visible()


def history(watched: Watched, war: int, said: str | None) -> None:
    """The chat of war `war`, closed and folded away, still readable to its members."""
    old = watched.page.locator(f"details.alliance-history[data-war='{war}']")
    expect(old).to_have_count(1, timeout=LIVE)
    side = SIDES[war][watched.power]
    expect(old.locator("summary")).to_contain_text(f"Guerra {war}")
    expect(old.locator("summary")).to_contain_text(ALLIANCE[side])
    expect(old.locator("form")).to_have_count(0)
    box = old.locator("summary").bounding_box()
    assert box is not None and box["height"] >= 44  # a tap target, on a phone too
    if said is not None:
        old.locator("summary").click()
        expect(old.locator(".chat-log")).to_contain_text(said)
        old.locator("summary").click()


@pytest.mark.parametrize("procedure", ["seed004", "d10"])
def test_G20_G21_open_boards_change_alliances_across_two_wars_without_an_error(
    player, shot, live_server_url, procedure
):
    pages = {power: player(name, phone=name in ("bruno", "dario"))
             for name, power in PLAYERS.items()}
    game = start(procedure)
    boards = {power: Watched(power, page) for power, page in pages.items()}
    for board in boards.values():
        board.listen()
        board.page.goto(f"/partite/{game.pk}/")
        expect(board.page.locator("[data-live-status]")).to_have_attribute(
            "data-state", "open")
        board.page.evaluate("window.notReloaded = true")
        settled(board.page)
    francia, prussia = boards["Francia"], boards["Prussia"]
    bruno = boards["Gran Bretagna"]

    # War 1: Francia tells Prussia a secret; the enemy's pages never see it.
    write(francia, 1, "Parola d'ordine: Tulipano")
    expect(prussia.page.locator("#chat-alliance-1")).to_contain_text("Tulipano", timeout=LIVE)
    write(bruno, 2, "Noi due per mare")

    # A page fetched whole again (a reconnection) keeps what its player was typing.
    prussia.page.fill("#chat-alliance-1-text", "Bozza per Francia")
    reconnect(prussia.page)
    expect(prussia.page.locator("#chat-alliance-1-text")).to_have_value("Bozza per Francia")
    # Francia leaves words unsent for her allies of war 1, and a private conversation open.
    francia.page.fill("#chat-alliance-1-text", "Non ancora inviato")
    francia.page.click(f'[data-contact="{seat_of(game, "Austria")}"]')
    expect(francia.page.locator("#chat-private-log")).to_be_visible()
    settled(francia.page)
    francia.page.fill("#chat-private-text", "Pace separata?")

    said = {1: "Parola d'ordine: Tulipano", 2: "Seconda guerra, nuovi amici"}
    for war in (2, 3):
        # The war ends: every page drops its alliance's chat for the auction, with no error.
        play_to_the_next_auction(game, boards, live_server_url)
        for board in boards.values():
            expect(board.page.locator("#turn-box .phase-line")).to_contain_text(
                f"Guerra {war}", timeout=LIVE)
            no_alliance_yet(board)
            history(board, war - 1, said[war - 1] if board.power in ("Francia", "Prussia")
                    and war == 2 else None)
            settled(board.page)
            board.healthy()
        if war == 2:
            # The private conversation is open again, with its unsent words.
            expect(francia.page.locator("#chat-private-text")).to_have_value("Pace separata?")
            shot_negotiation(shot, bruno.page, "war-2-auction-phone")
        # The auction makes the new alliances: each page shows its own, still no error.
        play_the_auction(game, boards, live_server_url)
        for board in boards.values():
            in_alliance(board, war)
            for old in range(1, war):
                history(board, old, None)
            settled(board.page)
            board.healthy()
        if war == 2:
            # Words meant for last war's allies are not put ready to send to the new ones.
            expect(francia.page.locator("#chat-alliance-1-text")).to_have_value("")
            shot_negotiation(shot, francia.page, "war-2-francia")
            # Francia and Gran Bretagna are allies now: they talk in Alleanza A of war 2.
            write(francia, 1, said[2])
            expect(bruno.page.locator("#chat-alliance-1")).to_contain_text(said[2],
                                                                           timeout=LIVE)
            expect(prussia.page.locator(".alliance-chat.current")).not_to_contain_text(said[2])
            shot_negotiation(shot, francia.page, "war-2-new-alliance")
    # In war 3 Prussia reads what Francia said to it in war 1, not what it said to Britain.
    history(prussia, 1, said[1])
    assert said[2] not in prussia.page.content()
    history(francia, 2, said[2])
    francia.page.locator("details.alliance-history[data-war='1'] summary").click()
    francia.page.locator("#negotiation").scroll_into_view_if_needed()
    shot_negotiation(shot, francia.page, f"war-3-history-{procedure}")
    austria = boards["Austria"].page
    austria.locator("details.alliance-history[data-war='2'] summary").click()
    shot_negotiation(shot, austria, f"war-3-history-phone-{procedure}")
    for board in boards.values():
        board.healthy()


def test_a_part_whose_fetch_fails_keeps_the_page_says_so_and_catches_up(player, shot):
    """A part's fetch answered with an error page (here a 404, as the old alliance chat got at
    a war's end) never replaces the page or the part: the board stays, one Italian line says
    an update did not arrive, and the page fetches again on its own until it has it."""
    from tests.browser.test_live_browser import start_game

    anna = player("anna")
    new_user("carla")
    new_user("bruno")
    game, _seats = start_game()
    anna.goto(f"/partite/{game.pk}/")
    status = anna.locator("[data-live-status]")
    expect(status).to_have_attribute("data-state", "open")
    anna.evaluate("window.notReloaded = true")
    settled(anna)
    answered: list[int] = []

    def not_found_once(route) -> None:
        if answered:
            answered.append(200)
            route.continue_()
            return
        answered.append(404)
        route.fulfill(status=404, body="<!doctype html><title>Page not found</title>"
                      "<h1>Page not found (404)</h1>",
                      headers={"Content-Type": "text/html; charset=utf-8"})

    anna.route("**/negoziazione/", not_found_once)
    anna.evaluate("document.body.dispatchEvent(new CustomEvent('live:all', {detail: {}}))")
    expect(status).to_have_text("Un aggiornamento non è arrivato: riprovo…")
    expect(anna.locator("#negotiation")).to_be_visible()
    assert "Page not found" not in anna.content()
    shot(anna, "part-failed-notice")
    # The page catches up by itself: the part is fetched again, and the line goes.
    expect(status).to_have_text("In diretta", timeout=LIVE)
    assert answered[:2] == [404, 200]
    expect(anna.locator("#chat-alliance-1")).to_be_visible()
    assert anna.evaluate("window.notReloaded === true")
    assert "Page not found" not in anna.content()


def test_a_board_pages_console_stays_clean_over_a_live_session(player, live_server_url):
    """Pushes in bursts, parts rung twice in one burst ("turn" and "board"), rings while a
    part's fetch is on its way, chats, private messages, a reconnection: no request of the
    page is aborted or fails, and its console logs no error (htmx logged a pair of errors,
    htmx:sendAbort and htmx:afterRequest, for every fetch that a newer ring aborted)."""
    from tests.browser.test_live_browser import start_game

    anna, carla, bruno = player("anna"), player("carla"), player("bruno")
    game, seats = start_game()
    boards = {power: Watched(power, page) for power, page in
              (("Francia", anna), ("Prussia", carla), ("Gran Bretagna", bruno))}
    for board in boards.values():
        board.listen()
        board.page.goto(f"/partite/{game.pk}/")
        expect(board.page.locator("[data-live-status]")).to_have_attribute("data-state", "open")
        board.page.evaluate("window.notReloaded = true")
        settled(board.page)
    francia, prussia = boards["Francia"], boards["Prussia"]
    base = live_server_url
    for i in range(3):
        for power in ("Prussia", "Gran Bretagna"):
            decide(boards[power], base, game, f"chat/alleanza/1/{1 if power == 'Prussia' else 2}/",
                   text=f"riga {i}")
        decide(prussia, base, game, f"chat/privata/{seats['Francia'].pk}/", text=f"privato {i}")
        kind, power = awaited(game)
        assert kind == "action"
        decide(boards[power], base, game, "passa/")
    expect(anna.locator("#chat-alliance-1 .chat-line")).to_have_count(3, timeout=LIVE)
    reconnect(anna)
    write(francia, 1, "Ultima parola")
    expect(carla.locator("#chat-alliance-1")).to_contain_text("Ultima parola", timeout=LIVE)
    for board in boards.values():
        settled(board.page)
        board.healthy()
