# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""The pages of a "finestre" attack beyond playing it: the combat system offered at creation,
bad posts refused in Italian with a 4xx and nothing changed, the flowchart's boxes (each
window's calls, the cards that stand and those countered, the totals, the losses before and
after the escapes), the log in Italian, the history box by box, the dice check, a deadline's
default (a pass), the rules page with the scenario's deck, the scenario's deck in the admin.
The table: tests/game/procedures/finestre_helpers.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from guerra.game import services
from guerra.game.models import DiceRoll, GameEvent
from guerra.game.read.log import describe
from guerra.game.services.play import expire_due
from tests.game.attack_helpers import box
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    ROW,
    call,
    client_of,
    dealt,
    declared,
    finestre_game,
    finestre_registered,
    page,
    play_first_attack,
    player,
    post,
    rig,
    text,
)


def test_G34_the_new_game_form_offers_finestre_from_the_registry(make_user, scenario):
    c = client_of(make_user("anna"))
    html = c.get(reverse("game_new"), {"scenario": scenario.pk}).content.decode()
    assert '<option value="finestre">Finestre di risposta</option>' in html
    response = c.post(reverse("game_new"), {"name": "Con le carte", "scenario": scenario.pk,
                                            "power": "Francia", "pace": "live",
                                            "procedure": "finestre"})
    assert response.status_code == 302


def test_W3_bad_posts_get_an_italian_4xx_and_change_nothing(declared):
    attack = declared
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    assert call(attack, "Gran Bretagna").status_code == 302
    attack.refresh_from_db()
    step = attack.step
    assert attack.awaiting == ["Francia"]  # Contrordine, Cambio al comando, Artiglieria
    cases = (
        # another's call
        ("Gran Bretagna", {"kind": "finestre_call", "card": ROW["Contrordine"]}, 403,
         "Questa decisione non spetta a te."),
        # a card not in the hand
        ("Francia", {"kind": "finestre_call", "card": ROW["Imboscata"]}, 400,
         "La Francia non ha “Imboscata” in mano."),
        # a card of the hand not allowed in this window
        ("Francia", {"kind": "finestre_call", "card": ROW["Artiglieria"]}, 400,
         "“Artiglieria” non si può giocare nella finestra W4."),
        # a row of no card
        ("Francia", {"kind": "finestre_call", "card": 99}, 400, "Carta"),
        # the wrong decision for this box
        ("Francia", {"kind": "finestre_tactic", "tactic": "assedio"}, 400,
         "Non è questa la decisione attesa ora."),
        # a wrong step
        ("Francia", {"kind": "finestre_call", "card": 0, "step": step - 1}, 409,
         "ricarica la pagina"),
    )
    for power, data, status, words in cases:
        response = post(attack, power, **data)
        body = text(response.content.decode())
        assert response.status_code == status, (data, status, body[:200])
        assert words in body, (data, body[:300])
        attack.refresh_from_db()
        assert attack.step == step and attack.awaiting == ["Francia"]


def test_W3_a_call_whose_deadline_passes_is_a_pass(declared):
    attack, game = declared, declared.game
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    attack.refresh_from_db()
    assert attack.awaiting == ["Gran Bretagna"]
    later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
    assert expire_due(game_id=game.pk, now=later) == 1
    attack.refresh_from_db()
    assert attack.node == "W4" and attack.awaiting == ["Francia"]
    seen = text(page(attack, "Francia"))
    assert "Chiamate finora: Gran Bretagna: Passo" in seen
    # the odds say what they assume: the cards played so far, every call to come a pass
    assert "Esatte con le carte giocate finora; ogni chiamata ancora da fare conta come" in seen
    assert "Con le scelte predefinite" not in seen


def test_W3_W11_W13_W14_the_boxes_show_each_window_the_totals_and_the_losses(declared, rig):
    attack = play_first_attack(declared, rig)
    html = page(attack, "Austria")
    w4 = box(html, "W4")
    # W4 and W4.2: the calls in order; Francia's Contrordine countered by Austria's.
    assert "Finestra W4: Gran Bretagna passa · Francia Contrordine · Prussia passa · Austria " \
        "Contrordine" in w4
    assert "Restano in gioco: Contrordine" in w4 and "Annullate: Contrordine" in w4
    assert "Finestra W4.2:" in w4
    assert "annuncia la tattica Assalto" in w4
    w6 = box(html, "W6")
    assert "Francia Cambio al comando (Prussia)" in w6
    assert "La Prussia prende il comando della sua parte al posto della Francia." in w6
    assert "Restano in gioco: Imboscata" in box(html, "W7a")
    standing = box(html, "standing")
    assert "Forze in campo (W11): l'attaccante 11 (dado 6), il difensore 4 (dado 1)." \
        in standing
    resolved = box(html, "resolve")
    assert "Totali dopo i modificatori: 13 a 4: vince l'attaccante." in resolved
    assert "Perdite prima dello scampo: l'attaccante 0, il difensore 2." in resolved
    assert "Restano in gioco: Rinforzo" in box(html, "W12")
    assert "Restano in gioco: Salvataggio" in box(html, "W14a")
    assert "Perdite dopo lo scampo: l'attaccante 0, il difensore 1." in box(html, "W14d")
    # The notes: the tactic (W4.2: none), the position, who strikes first, the totals.
    words = text(html)
    for said in ("Tattica: nessuna tattica.", "Il difensore combatte dai fortini.",
                 "L'attaccante colpisce per primo.",
                 "Forze in campo: l'attaccante 11, il difensore 4.",
                 "Totali dopo i modificatori: l'attaccante 13, il difensore 4."):
        assert said in words, said


def test_the_log_tells_the_attack_in_italian(declared, rig):
    attack = play_first_attack(declared, rig)
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=attack.game))
    for words in ("la Francia gioca Contrordine (W4)", "l'Austria gioca Contrordine (W4)",
                  "La Prussia prende il comando della sua parte al posto della Francia.",
                  "la Gran Bretagna gioca Imboscata (W7a)", "l'Austria gioca Rinforzo (W12)",
                  "La Prussia perde 1 flotta."):
        assert words.lower() in told.lower(), words
    for english in ("plays", "announces", "Window", "Standing", "Totals"):
        assert english not in told, english


def test_the_history_steps_through_the_attack_box_by_box(declared, rig):
    attack = play_first_attack(declared, rig)
    c = player(attack.game, "Francia")
    now = c.get(attack.get_absolute_url()).context["view"]
    nodes = [step.node.id for step in now.chart.path]
    assert nodes == ["declared", "W4", "W5", "W6", "W4", "W6", "W7a", "W7d", "W8a", "W8d",
                     "W9a", "W9d", "W10a", "W10d", "standing", "W12", "resolve", "W14a",
                     "W14d", "losses", "loss_choice", "losses", "control", "ended"]
    seen = []
    for shown in range(1, now.visits + 1):
        view = c.get(attack.get_absolute_url(), {"passo": shown}).context["view"]
        assert view.shown == shown and view.chart.current == nodes[shown - 1]
        seen.append({row["power"]: (row["ally"], row["fleets"]) for row in view.summary})
    assert seen[0]["Francia"] == (False, 0) and seen[0]["Prussia"] == (True, 1)
    assert seen[3]["Prussia"] == (False, 1) and seen[3]["Francia"] == (True, 0)  # W6
    assert seen[-1]["Prussia"] == (False, 0)  # its fleet lost (W15)
    html = c.get(attack.get_absolute_url(), {"passo": 2}).content.decode()
    assert "Finestra W4:" in text(html) and "Forze in campo (W11)" not in text(html)


def test_the_dice_check_recomputes_the_standing_dice(declared, make_user):
    attack = declared  # the game's own dice: nothing rigged
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    attack.refresh_from_db()
    # Every call passes (its deadline) up to the standing.
    game = attack.game
    while not attack.finished and attack.node not in ("W12", "resolve", "W14a"):
        later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
        expire_due(game_id=game.pk, now=later)
        attack.refresh_from_db()
    rolled = DiceRoll.objects.filter(game=game, attack=attack)
    assert rolled.count() == 2 and {r.sides for r in rolled} == {6}
    services.game_end(game_id=game.pk, user=make_user("capo", staff=True))
    html = player(game, "Austria").get(reverse("dice_check", args=[game.pk])).content.decode()
    n = DiceRoll.objects.filter(game=game).count()
    assert f"Tutti i lanci ricalcolati dal seme corrispondono: {n} su {n}." in text(html)
    assert "attacco n. 1 d6" in text(html)


def test_W1_W2_the_rules_page_explains_every_rule_and_quotes_the_deck(db, finestre_registered):
    html = Client().get(reverse("rules_page")).content.decode()
    assert 'id="sistema-finestre"' in html
    assert 'data-fact="finestre-1-copies">10<' in html  # Contrordine
    assert 'data-fact="finestre-2-copies">8<' in html  # Rinforzo
    assert 'data-fact="finestre-hand-size">5<' in html
    for rule in ("(W1)", "(W3)", "(W4)", "(W6)", "(W8)", "(W11)", "(W13)", "(W14)", "(W15)",
                 "(W16)"):
        assert rule in html, rule
    assert "con le carte giocate finora" in html
    chart = Client().get(reverse("rules_flowchart", args=["finestre"]))
    assert chart.status_code == 200 and 'id="node-W7a"' in chart.content.decode()


def test_W2_the_rules_page_follows_the_scenarios_deck(db):
    import dataclasses

    from guerra.game.procedures.finestre.deck import DeckIn
    from guerra.rules.game.scenario_file import shipped

    changed = dataclasses.replace(shipped("europa_1700"), combat_data=(
        ("finestre", '{"hand_size": 3}'),))
    assert DeckIn()[changed]["hand_size"] == 3
    assert DeckIn()["no scenario"]["cards"][0]["copies"] == 10


def test_W2_the_deck_in_the_scenarios_admin_form():
    """A row per card (more: tests/game/procedures/test_finestre_deck.py)."""
    from guerra.game.procedures.finestre.data import FinestreDataForm

    initial = FinestreDataForm.from_data({})
    assert initial["hand_size"] == 5 and initial["items"] == 7
    assert (initial["1_name"], initial["1_copies"], initial["1_kind"]) == (
        "Contrordine", 10, "counter")
    assert initial["2_value"] == 2 and initial["1_value"] is None
    form = FinestreDataForm({**initial, "4_copies": 6, "3_value": 2, "hand_size": 4})
    assert form.is_valid(), form.errors
    assert form.checked is not None and form.checked["hand_size"] == 4
    cards: list[dict[str, Any]] = form.checked["deck"]  # type: ignore[assignment]
    deck = {card["name"]: card for card in cards}
    assert deck["Imboscata"]["copies"] == 6 and deck["Artiglieria"]["value"] == 2
    bad = FinestreDataForm({**initial, "2_value": 0})
    assert not bad.is_valid()
