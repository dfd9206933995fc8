"""Computer players in the browser: a game of one person and three computer players from the
lobby's one click to the final standings, the computer's moves arriving live; a player's seat
handed to the computer after missed deadlines and taken back, live on both pages."""

from __future__ import annotations

import re
import time
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from guerra.game.models import Game, GameStatus, Scenario, Seat
from guerra.game.models.state import load_state
from guerra.game.text.grammar import art
from guerra.rules.game.machine import pending
from tests.browser.conftest import settled

LIVE = 15_000  # ms


def awaited(game: Game) -> tuple[str, tuple[str, ...]]:
    game.refresh_from_db()
    waiting = pending(load_state(game))
    return waiting.kind, waiting.powers


def let_deadline_pass(game: Game) -> None:
    """The decision's deadline is now: the server's own timer applies its default."""
    step = game.step
    past = timezone.now() - timedelta(seconds=1)
    Game.objects.filter(pk=game.pk, step=step).update(deadline=past)
    for _ in range(300):
        game.refresh_from_db()
        if game.step > step:
            return
        time.sleep(0.05)
    raise AssertionError(f"the deadline of step {step} was not applied")


def act_simply(page: Page, kind: str) -> bool:
    """The person's simplest answer on the page: the first placement, a proposal at 0, a pass.
    False when the page offers none (an attack's decision: its deadline answers)."""
    expect(page.locator("#turn-box .awaited")).to_contain_text("È il tuo turno.", timeout=LIVE)
    settled(page)
    buttons = {
        "place": "#turn-box .setup button",
        "propose": "#turn-box .auction-forms button:has-text('Proponi')",
        "call": "#turn-box form[action$='/asta/passo/'] button",
        "action": "#turn-box .action-pass button",
    }
    if kind not in buttons:
        return False
    page.locator(buttons[kind]).first.click()
    return True


def test_one_person_and_three_computer_players_play_a_whole_game_live(player, shot):
    Scenario.objects.filter(name="Europa 1700").update(
        wars=1, rounds_per_war=2, setup_units=1, setup_counters=2)
    anna = player("anna")
    anna.goto("/")
    expect(anna.locator(".against-computer")).to_contain_text("Partita contro il computer")
    shot(anna, "lobby")
    anna.select_option("#vs-power", "Francia")
    anna.select_option("#vs-opponents", "3")
    anna.select_option("#level-vs", "principiante")
    anna.click("#play-computer")
    anna.wait_for_url(re.compile(r"/partite/\d+/$"))
    expect(anna.locator(".map")).to_be_visible()
    expect(anna.locator("[data-live-status]")).to_have_attribute("data-state", "open")
    anna.evaluate("window.notReloaded = true")
    game = Game.objects.filter(seats__user__username="anna").get()
    seats = Seat.objects.filter(game=game)
    computer = list(seats.exclude(bot="").values_list("power", flat=True))
    assert len(computer) == 3 and "Francia" not in computer
    assert game.is_private
    expect(anna.locator("#board-panels")).to_contain_text("computer (Principiante)")
    # The log tells who took each seat (early: the page keeps only its latest 50 events).
    expect(anna.locator("#event-log")).to_contain_text("Il computer (Principiante) prende")

    pictured = False
    for _ in range(400):
        kind, powers = awaited(game)
        if game.status == GameStatus.FINISHED:
            break
        if "Francia" not in powers:
            time.sleep(0.1)  # the computer players answer on the server's own
            continue
        step = game.step
        if kind == "action" and not pictured:
            shot(anna, "her-turn")
            pictured = True
        if not act_simply(anna, kind):
            let_deadline_pass(game)
            continue
        for _wait in range(300):
            game.refresh_from_db()
            if game.step > step:
                break
            time.sleep(0.05)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    expect(anna.locator("#turn-box")).to_contain_text("La partita è finita.", timeout=LIVE)
    # The computer's moves reached the page live: it was never loaded again during the game...
    anna.goto(anna.url)
    # ...and the log tells them as any player's.
    moves = "|".join(re.escape(art(power, "Il")) for power in computer)
    verbs = "costruisc|spost|attacc|colonizz|prende la tessera|prendono la"
    expect(anna.locator("#event-log")).to_contain_text(re.compile(f"(?:{moves}) (?:{verbs})"))
    anna.click("#turn-box a:has-text('Classifica finale')")
    expect(anna.locator(".winner")).to_contain_text(re.compile("Vittoria|parità"))
    shot(anna, "standings")


def test_a_seat_is_handed_to_the_computer_and_taken_back_live(player, shot):
    anna, bruno = player("anna"), player("bruno", phone=True)
    anna.goto("/partite/nuova/")
    anna.select_option("#id_scenario", label="Europa 1700 — partenza rapida")
    settled(anna)
    anna.fill("#id_name", "Chi manca")
    anna.select_option("#id_power", "Francia")
    anna.click("#new-game button.primary")
    anna.wait_for_url(re.compile(r"/partite/\d+/$"))
    board = anna.url
    bruno.goto(board)
    bruno.click(".power-picker button:has-text('Spagna')")
    expect(anna.locator(".seat-list")).to_contain_text("Spagna", timeout=LIVE)
    anna.click("#start-form button.primary")
    expect(anna.locator(".map")).to_be_visible()
    expect(bruno.locator(".map")).to_be_visible(timeout=LIVE)
    game = Game.objects.get(name="Chi manca")
    spagna = Seat.objects.get(game=game, power="Spagna")

    # Bruno misses two deadlines in a row (anna answers hers by letting them pass too).
    while Seat.objects.get(pk=spagna.pk).missed < 2:
        let_deadline_pass(game)
    hand_over = anna.locator("#seat-tools .hand-over")
    expect(hand_over).to_contain_text("ha mancato 2 scadenze di fila", timeout=LIVE)
    shot(anna, "hand-over-offered")
    hand_over.locator("select").select_option("principiante")
    # A live refresh of the card between the choice and the click keeps the chosen level (it
    # once put the default back, and the seat went to an Esperto).
    with anna.expect_response(re.compile(r"/posti/$")):
        anna.evaluate("htmx.trigger(document.body, 'live:seats')")
    expect(hand_over.locator("select")).to_have_value("principiante")
    hand_over.locator("button").click()
    expect(bruno.locator("#seat-tools")).to_contain_text(
        "Il computer (Principiante) gioca al tuo posto", timeout=LIVE)
    expect(bruno.locator("#board-panels")).to_contain_text(
        "il computer (Principiante) per bruno", timeout=LIVE)
    shot(bruno, "played-by-the-computer")
    # The computer answers for bruno whenever the game waits for Spagna.
    for _ in range(20):
        _kind, powers = awaited(game)
        if "Spagna" in powers:
            break
        let_deadline_pass(game)
    step = game.step
    for _wait in range(200):
        game.refresh_from_db()
        if game.step > step:
            break
        time.sleep(0.05)
    assert game.step > step
    # Bruno is back: he takes his seat again, and his missed deadlines count from nothing.
    bruno.click("#take-back")
    expect(bruno.locator("#board-panels")).not_to_contain_text("il computer", timeout=LIVE)
    expect(anna.locator("#event-log")).to_contain_text(
        "bruno torna a giocare la Spagna", timeout=LIVE)
    spagna.refresh_from_db()
    assert (spagna.bot, spagna.missed) == ("", 0)
    shot(bruno, "taken-back")
