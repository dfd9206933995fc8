"""A game played with "Punti d'attacco e difesa" (procedures/punti.md) in real browsers, four
players each on their own page: an attack from its declaration to its end, every decision
clicked by the player whose it is, every prompt arriving live on the others' pages. (The board,
the dice and the declaration are made through the services: declaring from the board by clicks
is test_d10_browser.py's and test_attack_browser.py's.)

The table (as tests/game/procedures/punti_helpers.py's): Francia (anna) and Prussia (carla)
against Gran Bretagna (bruno) and Austria (dario). In the German States Gran Bretagna's 3 armies
attack Francia's 2 armies and fort; Austria's 2 armies stand in Central Europe, one land link
away (army range 1), Prussia's army in the German States.

1. E4: Gran Bretagna names Austria's armies; Austria agrees in its own prompt, on the board.
2. E5: Francia names Prussia's army; Prussia agrees in its prompt, on the attack's page.
3. E6/E7: ten dice (five armies, 2 attack points each) against the fort's defence 5: 4 hits.
4. E8: Francia places them by hand, 2, 1 and 1 (the default was 2 and 2 on the armies).
5. E9: 3 of the primary defender's 7 health are left: its army retreats to the Baltic.
6. E10: the fort counter-attacks with 5 dice against Gran Bretagna's speed 2: 2 hits, which
   Gran Bretagna places one on each of two armies (the default destroys one army).
7. E11: the fort holds the region for Francia.

The dice are the server's own, from the game's secret seed: the test chooses a seed (as
tests/bench/test_load_tables.py does, through Game.new_seed) whose rolls at the attack are the
ones above, so that every box of the path is met.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, ViewportSize, expect

from guerra.game import services
from guerra.game.models import DiceRoll, Game, Scenario
from guerra.game.scenarios.rules import scenario_rules
from guerra.rules.dice import HmacDice, die_face
from guerra.rules.game.machine import start_game
from tests.browser.conftest import settled, sideways
from tests.browser.test_attack_browser import LIVE, live, not_reloaded
from tests.game.attack_helpers import declare
from tests.game.play_helpers import finish_auction, set_pieces, state_of

REGION = "Stati Tedeschi"
SEATS = (("anna", "Francia"), ("bruno", "Gran Bretagna"), ("carla", "Prussia"),
         ("dario", "Austria"))
ATTACK_DICE, TARGET = 10, 5  # five armies of 2 attack points; the fort's defence
COUNTER_DICE, SPEED = 5, 2  # the fort's defence; the armies' speed
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


def hits(faces: list[int]) -> tuple[int, int]:
    attack, counter = faces[:ATTACK_DICE], faces[ATTACK_DICE:]
    return sum(f >= TARGET for f in attack), sum(f > SPEED for f in counter)


def seed_for_the_path(scenario: Scenario) -> tuple[str, int]:
    """The first of a fixed list of seeds whose attack roll (the first dice after the setup's
    draws) hits 4 times and whose counter-attack roll hits twice; and that first roll's number."""
    rules = dataclasses.replace(scenario_rules(scenario), procedure="punti")
    for n in itertools.count():
        seed = hashlib.sha256(f"punti-browser-{n}".encode()).hexdigest()
        dice = HmacDice(bytes.fromhex(seed), 0)
        start_game(rules, [power for _name, power in SEATS], dice)
        first = dice.next_roll
        faces = [die_face(bytes.fromhex(seed), first + k)
                 for k in range(ATTACK_DICE + COUNTER_DICE)]
        if hits(faces) == (4, 2):
            return seed, first
    raise AssertionError("unreachable")


def start_punti_game(monkeypatch: pytest.MonkeyPatch) -> tuple[Game, list[int]]:
    """The table, with the seed of `seed_for_the_path`; and the faces
    of its attack roll and counter-attack roll."""
    anna, *others = (User.objects.get(username=name) for name, _power in SEATS)
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    seed, first_roll = seed_for_the_path(scenario)
    digest = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    monkeypatch.setattr(Game, "new_seed", staticmethod(lambda: (seed, digest)))
    game = services.game_create(user=anna, scenario=scenario, name="Punti e difese",
                                is_private=False, power="Francia", procedure="punti")
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
    set_pieces(game, "Prussia", REGION, armies=1)
    set_pieces(game, "Austria", "Europa Centrale", armies=2)
    game.refresh_from_db()
    assert game.next_roll == first_roll, "the setup rolled dice the seed's search did not expect"
    faces = [die_face(bytes.fromhex(seed), first_roll + k)
             for k in range(ATTACK_DICE + COUNTER_DICE)]
    return game, faces



def glyphs(faces: list[int]) -> str:
    return "".join(chr(0x2680 + face - 1) for face in faces)  # ⚀ ... ⚅


def pictures(page: Page, shot, name: str) -> None:
    """`page` at 1280 wide and on a phone (390 × 844), then back at 1280; on the phone the
    page does not scroll sideways (the flowchart scrolls inside its own frame)."""
    for size, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        shot(page, f"{name}-{suffix}")
    assert sideways(page) == 0
    page.set_viewport_size(DESKTOP)


def no_form_but(pages: dict[str, Page], power: str, kind: str) -> None:
    """Only `power`'s page offers the decision `kind`."""
    for other, page in pages.items():
        if other != power:
            expect(page.locator(f"input[name=kind][value={kind}]")).to_have_count(0)


def awaiting(pages: dict[str, Page], power: str) -> None:
    """Every page says, live, that the attack waits for `power`."""
    for name, page in pages.items():
        status = page.locator(".attack-status")
        expect(status, f"{name}'s page").to_contain_text(f"In attesa di: {power}", timeout=LIVE)


PATH = ("declared", "attack_reinforcements", "attack_consent", "defence_reinforcements",
        "defence_consent", "attack_roll", "damage", "retreat", "counter_attack",
        "counter_roll", "counter_damage", "result")
LOG = (
    "la Gran Bretagna nomina 2 armate dell'Austria dall'Europa Centrale (gruppo 1).",
    "l'Austria si unisce all'attacco con 2 armate dall'Europa Centrale.",
    "la Francia nomina 1 armata della Prussia dagli Stati Tedeschi (gruppo 2).",
    "la Prussia si unisce alla difesa con 1 armata dagli Stati Tedeschi.",
    "contro 5 o più, 4 colpi.",
    "La Francia perde 1 armata. La Francia prende 1 punto di insoddisfazione.",
    "la Francia sposta 1 armata nel Baltico.",
    "la Francia contrattacca. Tiro del contrattacco:",
    "contro più di 2, 2 colpi.",
    "L'attacco è concluso: vince la Francia (difensore).",
)


def the_end_as_seen(page: Page, faces: list[int]) -> None:
    """What every player reads on the attack's page once it is over."""
    expect(page.locator(".attack-status")).to_contain_text(
        "L'attacco è concluso: vince la Francia (difensore).", timeout=LIVE)
    for node in PATH:  # the flowchart's path: every box but "nobody defends"'s shortcut
        expect(page.locator(f"#node-{node}")).to_have_class(re.compile(r"\bvisited\b"))
    expect(page.locator("#node-ended")).to_have_class(re.compile(r"\bcurrent\b"))
    roll = page.locator("#node-attack_roll")  # E6/E7: ten dice against the fort's 5
    expect(roll.locator(".dice-faces")).to_have_text(glyphs(faces[:ATTACK_DICE]))
    expect(roll.locator(".hit")).to_have_count(4)
    expect(roll.locator(".miss")).to_have_count(6)
    expect(roll).to_contain_text("Tiro d'attacco contro 5 o più: 4 colpi.")
    damage = page.locator("#node-damage")  # E8: Francia's spread, unit by unit
    for line in ("Armata D1 (Francia): −2, unità distrutta",
                 "Armata D2 (Francia): −1, salute 1 su 2",
                 "Fortino D3 (Francia): −1, salute 2 su 3"):
        expect(damage).to_contain_text(line)
    expect(page.locator("#node-retreat")).to_contain_text(  # E9
        "La Francia sposta 1 armata nel Baltico.")
    expect(page.locator("#node-counter_attack")).to_contain_text("La Francia contrattacca.")
    counter = page.locator("#node-counter_roll")  # E10: five dice against speed 2
    expect(counter.locator(".dice-faces")).to_have_text(glyphs(faces[ATTACK_DICE:]))
    expect(counter.locator(".hit")).to_have_count(2)
    expect(counter).to_contain_text("Tiro di contrattacco contro più di 2 (la velocità): 2 colpi.")
    for line in ("Armata A1 (Gran Bretagna): −1, salute 1 su 2",
                 "Armata A2 (Gran Bretagna): −1, salute 1 su 2"):
        expect(page.locator("#node-counter_damage")).to_contain_text(line)
    expect(page.locator("#decision")).to_have_count(0)
    assert not_reloaded(page)


def test_E1_to_E11_four_players_play_a_punti_attack_to_its_end(player, shot, monkeypatch):
    pages = {power: player(name) for name, power in SEATS}
    anna, bruno, carla, dario = (pages[power] for _name, power in SEATS)
    game, faces = start_punti_game(monkeypatch)
    board = f"/partite/{game.pk}/"
    live(dario, board)  # Austria waits on the board, the others watch the attack
    expect(dario.locator(".board-head")).to_contain_text(
        "combattimento: Punti d'attacco e difesa")
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    attack_url = attack.get_absolute_url()
    for page in (bruno, anna, carla):
        live(page, attack_url)

    # E3/E4: Gran Bretagna's form offers Austria's armies one link away; it names both.
    decision = bruno.locator("#decision")
    expect(decision).to_contain_text("Austria (alleata) · in Europa Centrale")
    no_form_but(pages, "Gran Bretagna", "name_groups")
    settled(bruno)
    decision.locator("input[name=armies_1]").fill("2")
    decision.locator("button:has-text('Nomina questi rinforzi')").click()

    # Austria is asked live, on the board, in a prompt of its own; nobody else is.
    prompt = dario.locator("#prompt-1")
    expect(prompt).to_contain_text(
        "La Gran Bretagna chiede come rinforzo dell'attacco le tue unità in Europa Centrale: "
        "2 armate.", timeout=LIVE)
    awaiting({"Francia": anna, "Prussia": carla, "Gran Bretagna": bruno}, "Austria")
    for page in (anna, bruno, carla):
        expect(page.locator("#prompt-1")).to_have_count(0)
    assert not_reloaded(dario)
    settled(dario)
    prompt.locator("button:has-text('Accetto: le mie unità si uniscono')").click()
    expect(dario.locator("#prompt-1")).to_have_count(0, timeout=LIVE)
    live(dario, attack_url)  # from now on Austria watches the attack too

    # E5: Francia's form arrives live; it names Prussia's army; Prussia is asked live, on the
    # attack's page, and agrees.
    decision = anna.locator("#decision")
    expect(decision).to_contain_text("Prussia (alleata) · nella regione", timeout=LIVE)
    no_form_but(pages, "Francia", "name_groups")
    settled(anna)
    decision.locator("input[name=armies_1]").fill("1")
    decision.locator("button:has-text('Nomina questi rinforzi')").click()
    prompt = carla.locator("#prompt-1")
    expect(prompt).to_contain_text("La Francia chiede come rinforzo della difesa", timeout=LIVE)
    awaiting(pages, "Prussia")
    for page in (anna, bruno, dario):
        expect(page.locator("#prompt-1")).to_have_count(0)
    settled(carla)
    prompt.locator("button:has-text('Accetto: le mie unità si uniscono')").click()

    # E6-E8: the roll is made at once; Francia places the 4 damage by hand, not as the form
    # proposes (2 and 2 on the armies).
    decision = anna.locator("#decision")
    expect(decision).to_contain_text("L'attacco infligge 4 punti di danno", timeout=LIVE)
    awaiting(pages, "Francia")
    no_form_but(pages, "Francia", "damage")
    for row, default in ((1, "2"), (2, "2"), (3, "0")):
        expect(decision.locator(f"input[name=points_{row}]")).to_have_value(default)
    pictures(anna, shot, "damage")
    settled(anna)
    for row, points in ((1, "2"), (2, "1"), (3, "1")):
        decision.locator(f"input[name=points_{row}]").fill(points)
    decision.locator("button:has-text('Assegna i danni')").click()

    # E9: 3 of 7 health left: Francia's army retreats; Francia chooses the Baltic over the
    # default, its home.
    decision = anna.locator("#decision")
    expect(decision).to_contain_text("Dove vanno le armate?", timeout=LIVE)
    expect(decision.locator("button.primary")).to_contain_text("(predefinita)")
    no_form_but(pages, "Francia", "retreat")
    settled(anna)
    decision.locator("button:has-text('Ritirata nel Baltico')").click()

    # E10: the fort counter-attacks; Gran Bretagna is asked, live, to place 2 damage, and
    # places one on each of two armies (the form proposes both on the first).
    decision = anna.locator("#decision")
    expect(decision).to_contain_text("Contrattacchi? Tiri 5 dadi", timeout=LIVE)
    settled(anna)
    decision.locator("button[name=counter][value='1']").click()
    decision = bruno.locator("#decision")
    expect(decision).to_contain_text("Il contrattacco infligge 2 punti di danno", timeout=LIVE)
    no_form_but(pages, "Gran Bretagna", "damage")
    expect(decision.locator("input[name=points_1]")).to_have_value("2")
    assert not_reloaded(bruno)
    settled(bruno)
    for row, points in ((1, "1"), (2, "1"), (3, "0")):
        decision.locator(f"input[name=points_{row}]").fill(points)
    decision.locator("button:has-text('Assegna i danni')").click()

    # E11, on every page, live: the fort holds the region for Francia.
    for page in pages.values():
        the_end_as_seen(page, faces)
    pictures(anna, shot, "end")
    pictures(dario, shot, "end-ally")

    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "defender_wins"
    rolls = DiceRoll.objects.filter(game=game, attack=attack).order_by("number")
    assert [roll.face for roll in rolls] == faces
    state = state_of(game)
    assert state.pieces("Francia", "Baltico").armies == 1
    assert (state.pieces("Francia", REGION).forts, state.pieces("Francia", REGION).armies) == (1, 0)
    assert state.pieces("Gran Bretagna", REGION).armies == 3
    assert state.pieces("Austria", "Europa Centrale").armies == 2  # it fought from there
    assert (state.power("Francia").unrest, state.power("Gran Bretagna").unrest) == (1, 0)

    # The log, in Italian, on every player's board.
    for page in pages.values():
        page.goto(board)
        log = page.locator("#event-log")
        for line in LOG:
            expect(log).to_contain_text(line)
