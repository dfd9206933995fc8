""""Come si gioca": the rules page is public, reachable from every page, has every section, links
each combat system's whole flowchart, and quotes the numbers the game itself plays with."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from guerra.game.models import Scenario
from guerra.game.procedures import adapters
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.economy import Economy, income_of
from guerra.rules.game.money import tax_unrest
from guerra.rules.game.scoring import Final, standings
from tests.game.attack_helpers import declare, seat
from tests.game.play_helpers import state_of

SECTIONS = {
    "scopo": "Scopo del gioco",
    "preparazione": "Preparazione",
    "guerre": "Le guerre e l'asta delle alleanze",
    "turno": "Il turno: le azioni",
    "attacco": "L'attacco",
    "fine-guerra": "Fine della guerra",
    "fine-partita": "Fine della partita",
}


def page(client: Client | None = None) -> str:
    response = (client or Client()).get(reverse("rules_page"))
    assert response.status_code == 200
    return response.content.decode()


def fact(html: str, name: str) -> str:
    """The words of the element marked data-fact="name", tags stripped, spaces collapsed."""
    found = re.search(rf'data-fact="{name}">(.*?)</(?:strong|span)>', html, re.S)
    assert found, f"no fact {name} on the page"
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def test_the_rules_page_is_public_and_answers_a_player_too(db, make_user):
    assert reverse("rules_page") == "/come-si-gioca/"
    assert "Come si gioca" in page()
    player = Client()
    player.force_login(make_user("anna"))
    assert "Scopo del gioco" in page(player)


def test_every_section_is_on_the_page_with_its_anchor_in_the_index(db):
    html = page()
    for anchor, title in SECTIONS.items():
        assert f'<section id="{anchor}"' in html
        assert re.search(rf'<section id="{anchor}"[^>]*>\s*<h2>{re.escape(title)}</h2>', html)
        assert f'<a href="#{anchor}">{title}</a>' in html  # the table of contents


def test_the_lobby_and_every_page_link_the_rules(db, make_user):
    html = Client().get(reverse("lobby")).content.decode()
    assert html.count(f'href="{reverse("rules_page")}"') >= 2  # the top bar and the lobby itself
    assert "Come si gioca" in html
    login = Client().get(reverse("login")).content.decode()
    assert f'href="{reverse("rules_page")}"' in login


def test_the_board_links_the_rules(running_game):
    player = Client()
    player.force_login(seat(running_game, "Francia").user)
    html = player.get(reverse("game_board", args=[running_game.pk])).content.decode()
    assert f'href="{reverse("rules_page")}"' in html


def test_the_attack_page_links_the_section_of_its_combat_system(running_game):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    player = Client()
    player.force_login(seat(running_game, "Francia").user)
    html = player.get(reverse("attack_page", args=[running_game.pk, attack.number])).content
    anchor = f'{reverse("rules_page")}#sistema-{attack.procedure}'
    assert f'href="{anchor}"'.encode() in html
    assert f'id="sistema-{attack.procedure}"' in page()


def test_each_combat_system_has_its_section_and_its_whole_flowchart(db):
    html = page()
    systems = adapters()
    assert {s.name for s in systems} >= {"seed004", "d10"}
    for system in systems:
        assert f'id="sistema-{system.name}"' in html
        url = reverse("rules_flowchart", args=[system.name])
        assert f'href="{url}"' in html
        response = Client().get(url)
        assert response.status_code == 200
        chart = response.content.decode()
        assert str(system.label).replace("'", "&#x27;") in chart
        # Every box of the procedure is drawn, none of them visited: a blank flowchart.
        for node in system.procedure.nodes:
            assert f'id="node-{node.id}"' in chart
            assert render_rules_message(node.label).replace("'", "&#x27;") in chart
        assert chart.count(' idle"') == len(system.procedure.nodes)


def test_an_unknown_combat_system_is_a_404_not_a_500(db):
    assert Client().get("/come-si-gioca/diagramma/nessuno/").status_code == 404


def test_G20_G28_the_number_of_wars_and_rounds_are_the_scenarios(db):
    """The page quotes the scenario the games are created from (loaded by migrate)."""
    shipped = Scenario.objects.get(name="Europa 1700")
    html = page()
    assert fact(html, "wars") == f"{shipped.wars} guerre" == "3 guerre"
    assert fact(html, "rounds") == f"{shipped.rounds_per_war} round"
    assert fact(html, "rounds-many") == str(shipped.rounds_per_war_many)
    assert f"con fino a {shipped.many_players - 1} potenze" in html
    assert fact(html, "growth") == str(shipped.population_growth)
    assert fact(html, "supply") == (
        f"{shipped.armies_per_power} armate, {shipped.fleets_per_power} flotte, "
        f"{shipped.forts_per_power} fortini e {shipped.control_markers_per_power} pedine controllo")
    assert fact(html, "start") == (
        f"{shipped.starting_gold} ori e {shipped.starting_population} di popolazione")
    assert fact(html, "counters-per-war") == str(shipped.counters_per_war)


def test_G29_a_turn_has_as_many_actions_as_the_page_says(running_game):
    """What a real turn of a running game allows, not a constant copied beside the page."""
    turn = state_of(running_game).turn
    assert turn is not None
    assert fact(page(), "actions") == f"{turn.actions} azioni" == "2 azioni"


def test_G41_taxation_pays_2_gold_for_each_unrest_point_as_the_page_says(db):
    assert tax_unrest(2) == 1 and tax_unrest(3) == 2  # 2 gold for one point; 3 needs two
    assert fact(page(), "tax") == "+2 ori per ogni punto di insoddisfazione"


def test_G60_G61_revolution_and_penalties_are_those_the_end_of_the_game_applies(db):
    # Four powers: 25 unrest (revolution), 9 (the most of the others), 5 (the next), 0.
    rows = {row.power: row for row in standings([
        Final("a", 30, 25, 0), Final("b", 30, 9, 0), Final("c", 30, 5, 0), Final("d", 30, 0, 0)])}
    assert rows["a"].revolution and rows["a"].vp == 0
    assert not standings([Final("a", 30, 19, 0), Final("b", 0, 0, 0)])[0].revolution
    html = page()
    assert fact(html, "revolution") == "20 o più punti di insoddisfazione"
    assert fact(html, "penalty-1") == f"{rows['b'].penalty} PV" == "7 PV"
    assert fact(html, "penalty-2") == f"{rows['c'].penalty} PV" == "4 PV"
    assert rows["d"].penalty == 0


def test_G50_G51_income_and_maintenance_are_one_gold_each_as_the_page_says(db):
    outcome = income_of(Economy("a", gold=0, population=4, unrest=0, units=3, markers=2), 3)
    assert (outcome.income, outcome.maintenance) == (4 + 2, 3)
    html = " ".join(re.sub(r"<[^>]+>", "", page()).split())
    assert ("ogni potenza riceve 1 oro per ogni punto di popolazione e 1 oro per ogni sua "
            "pedina controllo") in html
    assert "paga 1 oro per ogni armata, flotta e fortino" in html


def test_D3_and_the_tiles_are_quoted_from_the_rules(db):
    html = page()
    assert fact(html, "declaration") == "2 ori"
    text = " ".join(re.sub(r"<[^>]+>", "", html).split())
    # G40: the market as the scenario ships it (cost and copies from the scenario).
    assert "Banca 3 5 ori" in text
    assert "Ministero della Guerra 3 4 ori, 1 di insoddisfazione" in text
    assert "Ufficio Coloniale 3 1 di popolazione" in text
    assert "Alleanza 1 per regione (11 regioni) gratis" in text
