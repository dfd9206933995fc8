"""The procedure boundary closed: a third combat system, "toy" (tests/toy_procedure: one
decision box, one die), added by its own rules, adapter and partials and one line of
tests/settings.py, plays an attack through the web layer like seed 004 and d10. Nothing of
the shared code or of another procedure names it.

The table: Francia (alliance A) and Gran Bretagna (alliance B). In the German States Gran
Bretagna (2 armies) attacks Francia (2 armies and a control marker).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from guerra.game import services
from guerra.game.models import Attack, GameEvent
from guerra.game.procedures import adapter, adapters
from guerra.game.read.log import describe
from tests.game.attack_helpers import holding, region, rig, seat
from tests.game.play_helpers import finish_auction, give_turn, set_pieces, state_of
from tests.toy_procedure.adapter import ADAPTER as TOY_ADAPTER

__all__ = ["rig"]  # the fixture

REGION = "Stati Tedeschi"


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def toy_game(make_user, scenario):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=scenario, name="Un dado", is_private=False,
                                power="Francia", procedure="toy")
    services.game_join(game_id=game.pk, user=make_user("bruno"), power="Gran Bretagna")
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna")])
    set_pieces(game, "Gran Bretagna", REGION, armies=2, fleets=0, forts=0, markers=0)
    set_pieces(game, "Francia", REGION, armies=2, fleets=0, forts=0, markers=1)
    game.refresh_from_db()
    return game


def test_the_toy_procedure_is_registered_by_its_one_settings_line(settings):
    assert settings.GUERRA_PROCEDURES["toy"] == "tests.toy_procedure.adapter.ADAPTER"
    assert adapter("toy") is TOY_ADAPTER
    assert [a.name for a in adapters()] == list(settings.GUERRA_PROCEDURES)


def test_a_game_plays_a_whole_attack_with_the_toy_procedure_through_the_pages(toy_game, rig):
    game = toy_game
    bruno = client_of(seat(game, "Gran Bretagna").user)
    anna = client_of(seat(game, "Francia").user)
    assert state_of(game).scenario.procedure == "toy"

    # Declare on the board: the panel offers the target, with the toy's odds (one die, 4+).
    give_turn(game, "Gran Bretagna")
    board = bruno.get(reverse("game_board", args=[game.pk])).content.decode()
    assert reverse("attack_declare_panel", args=[game.pk]) in board
    place = region(game, REGION)
    target = f"power-{seat(game, 'Francia').pk}"
    panel = bruno.get(reverse("attack_declare_panel", args=[game.pk]),
                      {"regione": str(place.pk), "obiettivo": target})
    view = panel.context["declare"]
    assert view.refusal == ""
    assert [(row.outcome, row.percent) for row in view.odds_alone.rows] == [
        ("attacker_wins", 50.0), ("defender_wins", 50.0)]
    assert escape("Vince l'attaccante") in panel.content.decode()
    step = view.step
    declared = bruno.post(reverse("attack_declare", args=[game.pk]),
                          {"regione": place.pk, "obiettivo": target, "passo": step})
    attack = Attack.objects.get(game=game)
    assert declared.status_code == 302 and declared["Location"] == attack.get_absolute_url()
    assert attack.procedure == "toy" and attack.awaiting == ["Gran Bretagna"]

    # Decide: the attacker's own form, in the toy's words; Francia has nothing to decide.
    page = bruno.get(attack.get_absolute_url())
    html = page.content.decode()
    assert page.context["view"].control.kind == "charge"
    assert "Carichi? Un dado: con 4 o più vinci." in html and 'name="charge" value="1"' in html
    assert 'name="charge"' not in anna.get(attack.get_absolute_url()).content.decode()
    refused = bruno.post(reverse("attack_decide", args=[game.pk, attack.number]),
                         {"kind": "charge", "step": attack.step})
    assert refused.status_code == 400  # the toy's required field, named in its words
    assert "Carica" in refused.content.decode()
    rig([5])
    decided = bruno.post(reverse("attack_decide", args=[game.pk, attack.number]),
                         {"kind": "charge", "step": attack.step, "charge": "1"})
    assert decided.status_code == 302
    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "attacker_wins"

    # The flowchart page: the path taken, box by box, the die in its box, the result.
    page = anna.get(attack.get_absolute_url())
    html = page.content.decode()
    chart = page.context["view"].chart
    assert [step.node.id for step in chart.path] == ["declared", "charge", "die", "ended"]
    assert {box.node.id: box.status for box in chart.boxes} == {
        "declared": "visited", "charge": "visited", "die": "visited", "ended": "current"}
    die_box = re.search(r'id="node-die".*?</div>\s*</div>', html, re.S)
    assert die_box is not None and "toy-die" in die_box.group(0) and "⚄" in die_box.group(0)
    assert "Gran Bretagna" in page.context["view"].result
    forces = {row["power"]: row["armies"] for row in page.context["view"].summary}
    assert forces == {"Gran Bretagna": 2, "Francia": 1}  # the die took Francia's army
    assert holding(game, "Francia", REGION).armies == 1
    first = anna.get(attack.get_absolute_url(), {"passo": 2}).context["view"]
    assert {row["power"]: row["armies"] for row in first.summary} == {
        "Gran Bretagna": 2, "Francia": 2}

    # The log tells the die, an event kind only the toy's rules name.
    told = [describe(event) for event in GameEvent.objects.filter(game=game, kind="attack_step")]
    assert any("Gran Bretagna rolls 5." in line for line in told)


def test_the_rules_page_has_the_toys_own_section_and_its_whole_flowchart(db):
    html = Client().get(reverse("rules_page")).content.decode()
    assert 'id="sistema-toy"' in html and "con 4 o più vince" in html
    chart = Client().get(reverse("rules_flowchart", args=["toy"]))
    assert chart.status_code == 200
    assert all(f'id="node-{node}"' in chart.content.decode()
               for node in ("declared", "charge", "die", "ended"))
