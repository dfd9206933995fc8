"""A game played with "Dadi a dieci, a coppie" (procedures/d10.md) in real browsers, with the
server's own dice: the combat system chosen at creation, a d10 attack declared from the board,
its exchanges drawn, and the reinforcements asked live, one after the other: a defending ally
who joins, then an attacking ally who fights at once.

Gran Bretagna (bruno) and Austria (dario) against Francia (anna) and Prussia (carla); the turn
order is Gran Bretagna, Francia, Austria, Prussia, so when Francia attacks P4 asks Austria
(Gran Bretagna's ally) first, then Prussia (Francia's). A defending ally is asked only while an
attacking ally is still to come (P6 ruling: its arrival fights no exchange of its own), which
Prussia is. In the German States Francia's 2 armies attack Gran Bretagna's 5: whatever the
dice, the defence still stands after each exchange (at most 2 losses an exchange), so both
allies are asked.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from guerra.game import services
from guerra.game.models import Attack, DiceRoll, Game, Scenario
from tests.browser.conftest import settled
from tests.browser.test_attack_browser import (
    LIVE,
    declare_from_the_board,
    live,
    live_here,
    not_reloaded,
)
from tests.game.play_helpers import finish_auction, give_turn, set_pieces

REGION = "Stati Tedeschi"


def start_d10_game() -> Game:
    anna, bruno, carla, dario = (User.objects.get(username=n)
                                 for n in ("anna", "bruno", "carla", "dario"))
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    game = services.game_create(user=anna, scenario=scenario, name="Dieci facce",
                                is_private=False, power="Francia", procedure="d10")
    for user, power in ((bruno, "Gran Bretagna"), (carla, "Prussia"), (dario, "Austria")):
        services.game_join(game_id=game.pk, user=user, power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Gran Bretagna", "Francia"), ("Austria", "Prussia")])
    for power, armies, markers in (("Gran Bretagna", 2, 0), ("Francia", 5, 1),
                                   ("Austria", 2, 0), ("Prussia", 2, 0)):
        set_pieces(game, power, REGION, armies=armies, fleets=0, forts=0, markers=markers)
    game.refresh_from_db()
    return game


def francia_attacks_next() -> Game:
    """The game above, with the German States' forces swapped and Francia to play."""
    game = start_d10_game()
    for power, armies, markers in (("Gran Bretagna", 5, 1), ("Francia", 2, 0)):
        set_pieces(game, power, REGION, armies=armies, fleets=0, forts=0, markers=markers)
    give_turn(game, "Francia")
    game.refresh_from_db()
    return game


def test_P4_a_d10_attack_asks_a_defending_then_an_attacking_ally_live(player, shot):
    anna = player("anna")
    bruno = player("bruno")
    dario = player("dario", phone=True)
    carla = player("carla")
    game = francia_attacks_next()
    board = f"/partite/{game.pk}/"

    live(anna, board)
    expect(anna.locator(".board-head")).to_contain_text("combattimento: Dadi a dieci, a coppie")
    live(dario, board)  # the allies wait on the board, not on the attack's page
    live(carla, board)
    declare_from_the_board(anna, REGION, "Gran Bretagna")
    summary = anna.locator(".declare-summary")
    expect(summary).to_contain_text("Alleati invitati: Austria, Prussia")
    expect(summary.locator("table.odds").first).not_to_contain_text("Pareggio")  # no ties in d10
    shot(anna, "declare-d10-with-odds")
    anna.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    anna.wait_for_url(re.compile(r"/attacchi/1/$"))
    attack_url = anna.url
    live_here(anna)
    live(bruno, attack_url)
    # P3: the first exchange was fought at once: two dice against five, drawn by rank.
    first = anna.locator("#node-first_exchange")
    expect(first.locator(".d10")).to_have_count(7)
    expect(first).to_contain_text("Scambio 1")
    expect(anna.locator(".system")).to_contain_text("Dadi a dieci, a coppie")

    # P4: Austria, the defender's ally, is asked first, live, on the board.
    prompt = dario.locator("#prompt-1")
    expect(prompt).to_contain_text("Un alleato chiede il tuo aiuto", timeout=LIVE)
    expect(prompt).to_contain_text("Con tutte le tue unità")
    expect(prompt.locator(".deadline")).to_contain_text("mancano")
    expect(carla.locator("#prompt-1")).to_have_count(0)  # Prussia's turn has not come yet
    assert not_reloaded(dario)
    shot(dario, "defending-ally-asked")
    shot(anna, "attack-after-the-first-exchange")

    settled(dario)
    prompt.locator(".prompt-form input[name=armies]").fill("1")
    prompt.locator("button:has-text('Impegna queste unità')").click()
    expect(dario.locator("#prompt-1")).to_have_count(0, timeout=LIVE)
    # It joins the defence; no exchange is fought at its arrival.
    expect(anna.locator("#node-reinforcements")).to_contain_text(
        "L'Austria arriva con 1 armata in aiuto del difensore", timeout=LIVE)
    expect(anna.locator("#node-reinforcement_exchange .d10")).to_have_count(0)

    # Then Prussia, the attacker's ally, in a window of its own: it fights at once, against
    # every defending unit still standing (Austria's among them).
    prompt = carla.locator("#prompt-1")
    expect(prompt).to_contain_text("Un alleato chiede il tuo aiuto", timeout=LIVE)
    assert not_reloaded(carla)
    shot(carla, "attacking-ally-asked")
    settled(carla)
    prompt.locator("button:has-text('Impegna queste unità')").click()
    expect(carla.locator("#prompt-1")).to_have_count(0, timeout=LIVE)

    for page in (anna, bruno):
        expect(page.locator(".attack-status")).to_contain_text("L'attacco è concluso", timeout=LIVE)
        expect(page.locator("#node-reinforcement_exchange")).to_contain_text("Scambio 2")
        expect(page.locator("#node-reinforcements")).to_contain_text(
            "La Prussia arriva con 2 armate in aiuto dell'attaccante")
        assert not_reloaded(page)
    expect(bruno.locator(".attack-status")).to_contain_text("vince la Gran Bretagna (difensore)")
    shot(anna, "d10-attack-over")
    shot(bruno, "d10-attack-over-defender")

    attack = Attack.objects.get(game=game)
    assert attack.finished and attack.outcome == "defender_wins"
    rolls = DiceRoll.objects.filter(game=game, attack=attack)
    assert {roll.sides for roll in rolls} == {10}
    # Two dice of Francia against five of Gran Bretagna, then two of Prussia against what
    # stood of the defence: 3 to 5 armies of Gran Bretagna and Austria's one.
    assert 2 + 5 + 2 + 4 <= rolls.count() <= 2 + 5 + 2 + 6
