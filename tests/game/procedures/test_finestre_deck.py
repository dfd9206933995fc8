"""W1-W2 as scenario data, edited in the scenario's admin page as a deck: a row per card (its
name, copies, kind in Italian words, a modifier's value, "Rimuovi"), blank rows to add a card,
the hand size. Renaming a card, changing its kind, adding one and removing one are saved;
what is wrong is refused in Italian on its row and nothing is saved. A deck so changed is
exported and imported with the scenario, copied into a game when it starts, dealt, shown in
the hands and on the rules page with its kind's effect."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import Scenario
from guerra.game.procedures.finestre.data import FinestreDataForm
from guerra.game.procedures.finestre.deck import DeckIn
from guerra.game.scenarios.io import export_scenario, import_scenario
from guerra.game.scenarios.rules import scenario_rules
from guerra.rules.finestre.cards import DEFAULT_DECK
from tests.game.admin.test_admin import admin_client_, change_url, inline_post_data
from tests.game.play_helpers import finish_auction, state_of
from tests.game.procedures.finestre_helpers import POWERS

__all__ = ["admin_client_"]  # a fixture, used by name

PREFIX = "combat-finestre"
KIND_WORDS = ("Risposta", "Modificatore", "Chi colpisce per primo", "Combattenti",
              "Fine del combattimento", "Scampo")
CAVALLERIA = {"name": "Cavalleria", "copies": 2, "kind": "modifier", "value": 3}


def default_cards() -> list[dict[str, Any]]:
    return [dict(card.to_dict()) for card in DEFAULT_DECK.cards]


def posted(scenario: Scenario, cards: list[dict[str, Any]], *, hand_size: object = 5,
           blanks: int = 3, **cells: object) -> dict[str, object]:
    """The change form with no inline row, the deck's rows as `cards` say (a card's "remove":
    its box ticked), `blanks` blank rows after them, and `cells` ("2_value": "") over them."""
    data: dict[str, object] = dict(inline_post_data(scenario, parts=()))
    data[f"{PREFIX}-items"] = len(cards) + blanks
    data[f"{PREFIX}-hand_size"] = hand_size
    for n, card in enumerate(cards, start=1):
        for column in ("name", "copies", "kind", "value"):
            if card.get(column) is not None:
                data[f"{PREFIX}-{n}_{column}"] = card[column]
        if card.get("remove"):
            data[f"{PREFIX}-{n}_remove"] = "on"
    for n in range(len(cards) + 1, len(cards) + blanks + 1):
        data.update({f"{PREFIX}-{n}_{column}": "" for column in ("name", "copies", "kind",
                                                                  "value")})
    data.update({f"{PREFIX}-{cell}": value for cell, value in cells.items()})
    return data


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def saved_deck(scenario: Scenario) -> dict[str, Any]:
    scenario.refresh_from_db()
    data: dict[str, Any] = scenario.combat_data.get("finestre", {})
    return data


def test_W2_the_change_form_lists_each_card_with_its_kind_in_italian(admin_client_, scenario):
    page = page_text(admin_client_.get(change_url(scenario)))
    assert 'id="combat-finestre"' in page
    for header in ("Nome", "Copie", "Tipo", "Valore", "Rimuovi"):
        assert f'<th scope="col">{header}</th>' in page
    for n, card in enumerate(DEFAULT_DECK.cards, start=1):
        assert f'name="{PREFIX}-{n}_name" value="{card.name}"' in page
        assert f'name="{PREFIX}-{n}_copies" value="{card.copies}"' in page
    assert f'name="{PREFIX}-2_value" value="2"' in page  # Rinforzo
    assert f'name="{PREFIX}-items" value="10"' in page  # 7 cards and 3 blank rows
    assert f'name="{PREFIX}-10_name"' in page and f'name="{PREFIX}-11_name"' not in page
    for word in KIND_WORDS:
        assert f">{word}</option>" in page
    assert '<option value="counter" selected>Risposta</option>' in page
    assert 'aria-label="Nome (8)"' in page  # a cell's words for a screen reader
    assert "Carte in una mano" in page


def test_W2_a_card_renamed_and_another_changed_of_kind_are_saved(admin_client_, scenario):
    cards = default_cards()
    cards[0]["name"] = "Contrordine del re"
    cards[3]["kind"] = "escape"  # Imboscata, now an escape
    response = admin_client_.post(change_url(scenario), posted(scenario, cards))
    assert response.status_code == 302, page_text(response)[:3000]
    deck = {card["name"]: card for card in saved_deck(scenario)["deck"]}
    assert deck["Contrordine del re"] == {"name": "Contrordine del re", "copies": 10,
                                          "kind": "counter"}
    assert "Contrordine" not in deck and deck["Imboscata"]["kind"] == "escape"
    page = page_text(admin_client_.get(change_url(scenario)))
    assert f'name="{PREFIX}-1_name" value="Contrordine del re"' in page


def test_W2_a_card_added_in_a_blank_row_and_one_removed_are_saved(admin_client_, scenario):
    cards = [*default_cards(), CAVALLERIA]
    cards[4]["remove"] = True  # Cambio al comando
    response = admin_client_.post(change_url(scenario), posted(scenario, cards, hand_size=4))
    assert response.status_code == 302, page_text(response)[:3000]
    data = saved_deck(scenario)
    names = [card["name"] for card in data["deck"]]
    assert names == ["Contrordine", "Rinforzo", "Artiglieria", "Imboscata", "Ritirata",
                     "Salvataggio", "Cavalleria"]
    assert data["deck"][-1] == CAVALLERIA and data["hand_size"] == 4
    page = page_text(admin_client_.get(change_url(scenario)))
    assert f'name="{PREFIX}-7_name" value="Cavalleria"' in page
    assert f'name="{PREFIX}-items" value="10"' in page  # 7 cards again, 3 blank rows


def test_W2_the_default_deck_posted_back_keeps_nothing(admin_client_, scenario):
    scenario.combat_data = {"finestre": {"hand_size": 3}}
    scenario.save()
    response = admin_client_.post(change_url(scenario), posted(scenario, default_cards()))
    assert response.status_code == 302
    assert saved_deck(scenario) == {}


REFUSALS = {
    "a modifier without a value": (
        {"2_value": ""}, "Un Modificatore ha bisogno del suo valore, da 1 a 10."),
    "a value on another kind": (
        {"1_value": "2"}, "Solo un Modificatore ha un valore: lascialo vuoto per «Contrordine» "
                          "(Risposta)."),
    "a name twice": (
        {"8_name": "rinforzo", "8_copies": "1", "8_kind": "counter"},
        "La carta «rinforzo» è già nel mazzo, alla riga 2."),
    "copies without a name": (
        {"8_copies": "3", "8_kind": "modifier", "8_value": "3"},
        "Una carta ha bisogno di un nome (oppure lascia vuota la sua riga)."),
    "an unknown kind": (
        {"4_kind": "cavalry"}, "Scegli un'opzione valida. cavalry non è tra quelle disponibili."),
    "a name without a kind": (
        {"8_name": "Cavalleria", "8_copies": "2"}, "Scegli il tipo di «Cavalleria»."),
    "a name without copies": (
        {"8_name": "Cavalleria", "8_kind": "escape"}, "Quante copie di «Cavalleria»? Da 0 a 60."),
    "copies out of bounds": ({"3_copies": "61"}, "minore o uguale a 60"),
    "a wrong number of rows": ({"items": "molte"}, "La pagina ha inviato un numero di righe "
                                                   "sbagliato: ricaricala."),
    "no number of rows": ({"items": ""}, "La pagina non ha inviato il numero delle righe: "
                                         "ricaricala."),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_W2_a_wrong_row_is_refused_in_italian_and_nothing_is_saved(admin_client_, scenario,
                                                                    case):
    scenario.combat_data = {"finestre": {"hand_size": 3}}
    scenario.save()
    cells, message = REFUSALS[case]
    data = posted(scenario, default_cards())
    data.update({f"{PREFIX}-{cell}": value for cell, value in cells.items()})
    data["description"] = "cambiata"
    response = admin_client_.post(change_url(scenario), data)
    assert response.status_code == 200
    page = page_text(response)
    assert "I dati di un sistema di combattimento contengono errori" in page
    assert message in page, page[page.find('id="combat-finestre"'):][:4000]
    scenario.refresh_from_db()
    assert scenario.combat_data == {"finestre": {"hand_size": 3}}
    assert scenario.description != "cambiata"


def test_W2_a_deck_of_more_cards_than_a_call_can_post_is_refused(admin_client_, scenario):
    """A call's form posts a card by its row in the deck, up to 32 (controls.MAX_CARDS)."""
    cards = [{"name": f"Carta {i}", "copies": 1, "kind": "escape"} for i in range(1, 34)]
    response = admin_client_.post(change_url(scenario), posted(scenario, cards))
    assert response.status_code == 200
    assert "Un mazzo ha al massimo 32 carte: rimuovine alcune." in page_text(response)
    assert saved_deck(scenario) == {}
    cards[-1]["remove"] = True  # 32: saved
    response = admin_client_.post(change_url(scenario), posted(scenario, cards))
    assert response.status_code == 302 and len(saved_deck(scenario)["deck"]) == 32


def test_W2_every_stored_card_is_shown_up_to_the_largest_deck(admin_client_, scenario):
    cards = [{"name": f"Carta {i}", "copies": 1, "kind": "escape"} for i in range(1, 33)]
    Scenario.objects.filter(pk=scenario.pk).update(combat_data={"finestre": {"deck": cards}})
    page = page_text(admin_client_.get(change_url(scenario)))
    assert f'name="{PREFIX}-32_name" value="Carta 32"' in page
    assert f'name="{PREFIX}-items" value="35"' in page


def test_W2_what_the_rules_refuse_is_shown_in_their_words(admin_client_, scenario,
                                                          monkeypatch):
    """The form's checks are the admin's; what passes them still goes through `read_data`."""
    monkeypatch.setattr(FinestreDataForm, "to_data", lambda self, cleaned: {
        "deck": [{"name": "Cavalleria", "copies": 1, "kind": "cavalry"}]})
    response = admin_client_.post(change_url(scenario), posted(scenario, default_cards()))
    assert response.status_code == 200
    assert "deck[0].kind" in page_text(response)
    assert saved_deck(scenario) == {}


def test_W2_a_blank_row_and_a_removed_blank_row_are_ignored():
    initial = FinestreDataForm.from_data({})
    form = FinestreDataForm({**initial, "items": 10, "9_remove": "on", "10_kind": ""})
    assert form.is_valid(), form.errors
    assert form.checked == DEFAULT_DECK.to_dict()


def test_W2_the_deck_changed_goes_out_and_back_in_with_the_scenario(scenario):
    deck = {"hand_size": 4, "deck": [*default_cards(), CAVALLERIA]}
    scenario.combat_data = {"finestre": deck}
    scenario.save()
    data = json.loads(json.dumps(export_scenario(scenario)))
    assert data["combat_data"]["finestre"]["deck"][-1] == CAVALLERIA
    data["name"] = "Con la cavalleria"
    imported, replaced = import_scenario(data)
    assert not replaced and imported.combat_data == {"finestre": deck}


@pytest.fixture
def cavalry_scenario(admin_client_, scenario):
    """The scenario whose deck, edited in the admin, is 40 Cavalleria (+3) and a Contrordine
    renamed "Veto": every other card removed."""
    cards = [{**CAVALLERIA, "copies": 40}, {"name": "Veto", "copies": 1, "kind": "counter"}]
    response = admin_client_.post(change_url(scenario), posted(scenario, cards))
    assert response.status_code == 302, page_text(response)[:3000]
    return scenario


def test_W1_W2_a_game_started_from_the_edited_scenario_deals_its_cards(
        make_user, cavalry_scenario):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=cavalry_scenario, name="Cavalleria",
                                is_private=False, power="Francia", procedure="finestre")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    memory = json.loads(state_of(game).combat_memory)
    hands = {power: cards for power, cards in memory["hands"]}
    assert sorted(hands) == sorted(POWERS)
    dealt = [card for cards in hands.values() for card in cards]
    assert len(dealt) == 20 and set(dealt) <= {"Cavalleria", "Veto"}
    assert dealt.count("Cavalleria") >= 19
    # The game keeps the deck it started with: a later edit of the scenario changes nothing.
    Scenario.objects.filter(pk=cavalry_scenario.pk).update(combat_data={})
    assert json.loads(dict(state_of(game).scenario.combat_data)["finestre"])["deck"][0][
        "name"] == "Cavalleria"
    # W1: its owner reads the card's name and what its kind does.
    c = Client()
    c.force_login(anna)
    page = html.unescape(c.get(reverse("game_board", args=[game.pk])).content.decode())
    assert "Cavalleria" in page and "+3 alla parte del proprietario (W12)." in page


def test_W2_the_rules_page_quotes_a_changed_deck_with_each_kind(cavalry_scenario):
    rules = scenario_rules(Scenario.objects.get(pk=cavalry_scenario.pk))
    deck = DeckIn()[rules]
    assert [(c["name"], c["copies"], c["kind_word"]) for c in deck["cards"]] == [
        ("Cavalleria", 40, "Modificatore"), ("Veto", 1, "Risposta")]
    assert deck["cards"][0]["effect"] == "+3 alla parte del proprietario (W12)."
    assert deck["cards"][1]["effect"].startswith("Annulla la carta giocata subito prima")


def rules_section(rules: object) -> str:
    from guerra.game.procedures.finestre import ADAPTER

    return " ".join(html.unescape(render_to_string(
        "game/procedures/finestre/_rules.html", {"s": ADAPTER, "facts": {"rules": rules}}
    )).split())


def test_W2_the_rules_page_says_each_window_with_the_names_of_the_decks_cards(
        cavalry_scenario):
    default = rules_section(None)  # W2's deck
    assert "Finestra, prima l'attaccante: Rinforzo, Artiglieria e Contrordine, finché" in default
    assert "Imboscata e Contrordine." in default and "Una Risposta (Contrordine) annulla" in default
    assert 'data-fact="finestre-4-kind">Chi colpisce per primo<' in default
    changed = rules_section(scenario_rules(Scenario.objects.get(pk=cavalry_scenario.pk)))
    assert "Finestra, prima l'attaccante: Cavalleria e Veto, finché" in changed
    assert 'data-fact="finestre-1-kind">Modificatore<' in changed
    assert "Una Risposta (Veto) annulla" in changed
    # A kind the deck has no card of: its word.
    assert "Finestra, prima il difensore: Combattenti e Veto." in changed
    for card in DEFAULT_DECK.cards:
        assert card.name not in changed, card.name
