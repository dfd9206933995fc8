"""A game played with "Piano e dadi" (procedures/piano.md) in real browsers, four players each
on their own page, every decision arriving live on the page of the player it waits for (no
reload). The table is tests/game/procedures/piano_helpers.py's: Gran Bretagna (bruno, 2 armies
and a fleet) and Austria (dario, 1 army) against Francia (anna, 2 armies and a fort) and Prussia
(carla, 1 army), all in the German States.

Francia starts building its plan (a pair added, the engagement removed) but sends it only after
Gran Bretagna has sent its own: Francia's page, drawn again live meanwhile, keeps what it had
chosen. Gran Bretagna builds its plan with the builder's buttons (a control and a deadly
engagement added, K3-K4 checked as it builds: a control left without its deadly engagement is
said and the plan cannot be sent). Both
plans have a control and a deadly engagement, and Gran Bretagna's approach names Francia's
weakness (it succeeds without a die). Francia rolls a die again (K5); Gran Bretagna changes
its assignment by hand (K6); each power asked orders its losses (K2), one at least. Nobody
sees the other side's plan before both are in.

The game is anna's, made in the "Nuova partita" form with "Piano e dadi" chosen, on a "Europa
1700 — partenza rapida" of one war of one round; after the attack it is played on to its final
standings on the players' pages (tests/browser/form_to_standings.py).

The dice are the server's own, from the game's secret seed: the test chooses a seed (as
test_finestre_browser.py does) whose attacker's four dice leave Gran Bretagna a choice (a face
of 5 or less, its Rapidità), whose defender's dice hold a 6 (the die Francia rolls again) and
with which the attack, played as the test plays it, asks for a loss order (`the_test_path`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import re
import time

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from guerra.game import services
from guerra.game.models import Attack, Game, Scenario
from guerra.game.scenarios.rules import scenario_rules
from guerra.rules.dice import HmacDice, ScriptedDice, die_face
from guerra.rules.explore import play
from guerra.rules.game.machine import start_game
from guerra.rules.piano import boxes, graph
from guerra.rules.piano.case_input import read_case
from guerra.rules.piano.data import CHARACTERISTICS
from guerra.rules.piano.inputs import Assign, Plan, PlanStep, Reroll
from guerra.rules.piano.procedure import PIANO_PROCEDURE
from guerra.rules.piano.state import PianoState
from tests.browser.conftest import sideways
from tests.browser.form_to_standings import (
    created_through_the_form,
    played_to_its_end,
)
from tests.browser.test_attack_browser import LIVE, live, not_reloaded
from tests.game.attack_helpers import declare
from tests.game.play_helpers import finish_auction, set_pieces, state_of
from tests.game.procedures.piano_helpers import ATTACKER_PLAN, DEFENDER_PLAN, POWERS, REGION

SEATS = (("anna", "Francia"), ("bruno", "Gran Bretagna"), ("carla", "Prussia"),
         ("dario", "Austria"))
PHONE_WIDTH = 390


def dice_wanted(faces: tuple[int, ...]) -> bool:
    attacker, defender = faces[:4], faces[4:8]
    return (any(f <= 5 for f in attacker) and 6 in defender and any(f <= 5 for f in defender)
            and "losses" in the_test_path(faces))


# The table of piano_helpers.py as a case of procedures/piano.md, for `the_test_path`.
FORCE = {"army_training": 0, "navy_training": 0, "alliance_tiles": 0, "control_markers": 0}
TABLE = {"region": {"name": REGION, "sea": False},
         "attacker": {**FORCE, "power": "Gran Bretagna", "armies": 2, "fleets": 1, "forts": 0,
                      "gold": 10},
         "defender": {**FORCE, "power": "Francia", "armies": 2, "fleets": 0, "forts": 1,
                      "control_markers": 1},
         "attacker_allies": [{"power": "Austria", "armies": 1}],
         "defender_allies": [{"power": "Prussia", "armies": 1}]}


def the_test_path(faces: tuple[int, ...]) -> tuple[str, ...]:
    """The boxes the attack of the test goes through with these dice, played by the rules as
    the test plays it: its plans, Francia's first 6 rolled again, Gran Bretagna's deadly
    engagement given another die than "best" gives it (none, or the first it may take), the
    rest by default (the first loss order offered is the default one)."""

    def answer(state: PianoState, power: str) -> object:
        node, step, side = state.cursor.node, state.cursor.step, state.side_of(power)
        if node == graph.PLAN:
            plan = ATTACKER_PLAN if side == "attacker" else DEFENDER_PLAN
            return Plan(power, step, tuple(PlanStep(*pair) for pair in plan))
        if node == graph.REROLL and side == "defender":
            return Reroll(power, step, (state.side(side).dice.index(6),))
        if node == graph.ASSIGN and side == "attacker":
            now, dice = state.side(side), list(boxes.best(state, side))
            rating = now.ratings[CHARACTERISTICS.index(ATTACKER_PLAN[2][1])]
            dice[2] = None if dice[2] is not None else next(
                i for i, face in enumerate(now.dice) if face <= rating)
            return Assign(power, step, tuple(dice))
        return PIANO_PROCEDURE.default_input(state, power)

    situation = read_case(TABLE, need_dice=False).situation
    played = play(PIANO_PROCEDURE, situation, answer, ScriptedDice(faces, graph.SIDES))
    return played.state.cursor.path


def seed_for_the_path(scenario: Scenario) -> tuple[str, int, tuple[int, ...]]:
    """The first of a fixed list of seeds whose eight dice after the setup are `dice_wanted`;
    that first roll's number and the dice (the attacker's four, the defender's four, then the
    one rolled again)."""
    rules = dataclasses.replace(scenario_rules(scenario), procedure="piano")
    for n in itertools.count():
        seed = hashlib.sha256(f"piano-browser-{n}".encode()).hexdigest()
        dice = HmacDice(bytes.fromhex(seed), 0)
        start_game(rules, [power for _name, power in SEATS], dice)
        first = dice.next_roll
        faces = tuple(die_face(bytes.fromhex(seed), first + k) for k in range(9))
        if dice_wanted(faces):
            return seed, first, faces
    raise AssertionError("unreachable")


def start_piano_game(monkeypatch: pytest.MonkeyPatch, pages: dict[str, Page], shot
                     ) -> tuple[Game, tuple[int, ...]]:
    """piano_helpers.py's table, with the seed of `seed_for_the_path`, in a game anna creates
    in the "Nuova partita" form, choosing "Piano e dadi"."""
    game = created_through_the_form(pages["Francia"], shot, name="Piano", power="Francia",
                                    procedure="piano", system="Piano e dadi")
    anna, *others = (User.objects.get(username=name) for name, _power in SEATS)
    assert game.scenario is not None
    seed, first_roll, faces = seed_for_the_path(game.scenario)
    digest = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    monkeypatch.setattr(Game, "new_seed", staticmethod(lambda: (seed, digest)))
    for user, (_name, power) in zip(others, SEATS[1:], strict=True):
        services.game_join(game_id=game.pk, user=user, power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power in POWERS:
        set_pieces(game, power, None, armies=0, fleets=0)
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=2, fleets=1)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1)
    set_pieces(game, "Austria", REGION, armies=1)
    game.refresh_from_db()
    assert game.next_roll == first_roll, "the setup rolled dice the seed's search did not expect"
    return game, faces


def taken(attack: Attack, power: str, node: str) -> Attack:
    """The attack once the server has taken `power`'s decision at `node`."""
    deadline = time.monotonic() + LIVE / 1000
    while time.monotonic() < deadline:
        attack.refresh_from_db()
        if attack.node != node or power not in attack.awaiting:
            return attack
        time.sleep(0.03)
    raise AssertionError(f"{power}'s decision at {node} was never taken")


def form(page: Page, kind: str):
    found = page.locator(f"#decision form:has(input[name=kind][value={kind}])")
    expect(found).to_be_visible(timeout=LIVE)
    return found


def fits_a_phone(page: Page, shot, name: str, selector: str) -> None:
    """At 390 px: nothing scrolls sideways and every target of `selector` is 44 px; a
    picture of it there."""
    size = page.viewport_size
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    assert sideways(page) == 0, name
    part = page.locator(selector).first
    inside = part.evaluate("(el) => [...el.querySelectorAll('button, select, input:not("
                           "[type=hidden])')].filter(e => e.checkVisibility()).map(e => {"
                           "const r = (e.type === 'checkbox' && e.labels.length ? e.labels[0] "
                           ": e).getBoundingClientRect(); return [e.name || e.textContent, "
                           "r.width, r.height]; }).filter(x => x[1] < 43.5 || x[2] < 43.5)")
    assert not inside, (name, inside)
    path = shot(page, f"{name}-phone")
    part.screenshot(path=str(path.with_name(f"{path.stem}-part.png")))  # readable, up close
    if size is not None:
        page.set_viewport_size(size)


def test_K1_to_K11_four_players_play_a_piano_attack_to_its_end(player, shot, monkeypatch):
    pages = {power: player(name) for name, power in SEATS}
    game, faces = start_piano_game(monkeypatch, pages, shot)
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    for page in pages.values():
        live(page, attack.get_absolute_url())

    # Francia starts its plan: Approach (Disciplina), Control (Forza), Deadly engagement
    # (Astuzia): a pair added, the engagement removed. It sends it later.
    fr = pages["Francia"]
    plan = form(fr, "piano_plan")
    plan.get_by_role("button", name="Aggiungi un controllo e un ingaggio mortale").click()
    plan.locator(".piano-step:visible").nth(3).get_by_role("button", name="Togli").click()
    expect(plan.locator(".piano-step:visible")).to_have_count(3)
    plan.locator("select[name=piano_char_1]").select_option("disciplina")
    plan.locator("select[name=piano_char_2]").select_option("forza")
    plan.locator("select[name=piano_char_3]").select_option("astuzia")

    # K3-K4: Gran Bretagna builds Approach (Astuzia), Control (Rapidità), Deadly engagement
    # (Rapidità), Engagement (Astuzia) from the default plan, with the builder's buttons.
    gb = pages["Gran Bretagna"]
    plan = form(gb, "piano_plan")
    expect(plan.locator(".piano-step:visible")).to_have_count(2)
    plan.get_by_role("button", name="Aggiungi un controllo e un ingaggio mortale").click()
    expect(plan.locator(".piano-step:visible")).to_have_count(4)
    plan.locator("select[name=piano_char_2]").select_option("rapidita")
    plan.locator("select[name=piano_char_3]").select_option("rapidita")
    # A control without its deadly engagement: said at once, and the plan cannot be sent.
    plan.locator("select[name=piano_step_3]").select_option("engagement")
    expect(plan.locator(".piano-check")).to_have_text(
        "Dopo un controllo viene il suo ingaggio mortale (K3).")
    expect(plan.get_by_role("button", name="Conferma il piano")).to_be_disabled()
    plan.locator("select[name=piano_step_3]").select_option("deadly")
    expect(plan.locator(".piano-check")).to_be_hidden()
    shot(gb, "plan-builder")
    fits_a_phone(gb, shot, "plan-builder", "#decision")
    plan.get_by_role("button", name="Conferma il piano").click()
    attack = taken(attack, "Gran Bretagna", "plan")
    expect(gb.locator(".piano-own")).to_contain_text("Controllo (Rapidità)", timeout=LIVE)
    # Secret: no other page shows it, Francia's included.
    for power, page in pages.items():
        if power != "Gran Bretagna":
            expect(page.locator("#node-plan")).to_contain_text("ha fatto il suo piano",
                                                               timeout=LIVE)
            expect(page.locator("body")).not_to_contain_text("Controllo (Rapidità)")

    # Francia's page was drawn again (the plan made): its plan, not sent yet, is still there.
    plan = form(fr, "piano_plan")
    expect(plan.locator("input[name=step]")).to_have_value(str(attack.step))
    expect(plan.locator(".piano-step:visible")).to_have_count(3)
    expect(plan.locator("select[name=piano_char_2]")).to_have_value("forza")
    expect(plan.locator("select[name=piano_step_3]")).to_have_value("deadly")
    plan.get_by_role("button", name="Conferma il piano").click()
    attack = taken(attack, "Francia", "plan")
    assert attack.node == "reroll", attack.node
    for page in pages.values():  # revealed together, to everyone
        box = page.locator("#node-plan")
        expect(box).to_contain_text("3. Ingaggio mortale (Rapidità)", timeout=LIVE)
        expect(box).to_contain_text("1. Approccio (Astuzia) — punto debole dell'avversario")
        expect(box).to_contain_text("3. Ingaggio mortale (Astuzia)")

    # K5: Francia rolls its first 6 again; Gran Bretagna keeps its dice.
    six = faces[4:8].index(6) + 1
    reroll = form(fr, "piano_reroll")
    reroll.locator(f"input[name=piano_reroll_{six}]").check()
    shot(fr, "reroll")
    fits_a_phone(fr, shot, "reroll", "#decision")
    reroll.get_by_role("button", name="Ritira questi dadi").click()
    attack = taken(attack, "Francia", "reroll")
    form(gb, "piano_reroll").get_by_role("button", name="Ritira questi dadi").click()
    attack = taken(attack, "Gran Bretagna", "reroll")
    for page in pages.values():
        expect(page.locator("#node-reroll_roll")).to_contain_text(
            f"dado {six}: 6 → {faces[8]}", timeout=LIVE)

    # K6: Gran Bretagna changes "best" by hand on its deadly engagement (row 3).
    assign = form(gb, "piano_assign")
    deadly = assign.locator("select[name=piano_die_3]")
    best = deadly.input_value()
    other = "0" if best != "0" else deadly.locator("option").nth(1).get_attribute("value")
    assert other is not None
    deadly.select_option(other)
    shot(gb, "assign")
    fits_a_phone(gb, shot, "assign", "#decision")
    assign.get_by_role("button", name="Assegna questi dadi").click()
    attack = taken(attack, "Gran Bretagna", "assign")
    if "Francia" in attack.awaiting:
        form(fr, "piano_assign").get_by_role("button", name="L'assegnazione migliore").click()
        attack = taken(attack, "Francia", "assign")
    # K2: each power asked orders its losses (the first order offered): one at least, the
    # seed chosen so (`the_test_path`).
    ordered = []
    while not attack.finished and attack.node == "losses":
        power = str(attack.awaiting[0])
        ordered.append(power)
        form(pages[power], "piano_losses").locator("button").first.click()
        attack = taken(attack, power, "losses")
    assert ordered, "no power was asked to order its losses"
    attack.refresh_from_db()
    assert attack.finished, attack.node

    chosen = "nessun dado" if other == "0" else f"dado {other} ("
    for power, page in pages.items():
        expect(page.locator(".attack-status")).to_contain_text("vince", timeout=LIVE)
        assigned = page.locator("#node-assign")
        expect(assigned).to_contain_text(re.compile(r"3\. Ingaggio mortale \(Rapidità\): "
                                                    + re.escape(chosen)))
        steps = page.locator("#node-damage")
        expect(steps).to_contain_text("1. Approccio (Astuzia): riesce (punto debole "
                                      "dell'avversario)")
        expect(page.locator("#decision")).to_have_count(0)
        assert not_reloaded(page), power
    shot(pages["Austria"], "end")
    pages["Austria"].set_viewport_size({"width": 1360, "height": 3000})  # the whole chart
    shot(pages["Austria"], "end-whole-chart")
    pages["Austria"].set_viewport_size({"width": 1360, "height": 900})
    fits_a_phone(pages["Austria"], shot, "end", ".attack-status")
    state = state_of(game)
    assert state.attack is None or state.attack.state.finished
    for power in ordered:
        expect(pages["Austria"].locator("#node-losses")).to_contain_text(
            f"{power} ordina le sue perdite")

    # The game played on to its end: the actions left passed, the final standings.
    assert played_to_its_end(game, pages, shot, desktop="Prussia", phone="Austria") > 0
