"""The Italian of the pages, phrase by phrase: articles and prepositions where a name follows,
labels that agree with any amount, and one term for one thing (the glossary,
../shared/design/glossary-it.md, and docs/glossary-it.md for the terms it lacks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from guerra import i18n_tools
from guerra.game import services
from guerra.game.models import GameStatus, Scenario, Seat
from guerra.game.procedures.d10 import exchange_rows
from guerra.game.read.reports import StandingRow, _chart
from tests.game.attack_helpers import region, rig, seat  # noqa: F401 (rig: a fixture)
from tests.game.play_helpers import finish_auction, give_turn, seat_of, show_counter, state_of
from tests.game.views.test_d10_web import asked, d10_game  # noqa: F401 (fixtures)

QUICK = "Europa 1700 — partenza rapida"

# Variants the glossary replaced: each names a thing that has one Italian term.
BANNED = {
    "paese neutrale": "pedina neutrale",
    "segnalino neutrale": "pedina neutrale",
    "territori": "regione",
    "Alleanza 1": "Alleanza A",
    "Alleanza 2": "Alleanza B",
    "round di azioni": "fase delle azioni",
    "vince il supporto navale": "ottiene il supporto navale",
    "ordine di seduta": "ordine dei posti",
}
# Case matters here: the alliances are "Alleanza A" and "Alleanza B", capitalised, everywhere.
BANNED_CASED = ("alleanza A", "alleanza B")


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def board_of(game, power: str) -> str:
    return client_of(seat_of(game, power).user).get(
        reverse("game_board", args=[game.pk])).content.decode()


def _translations() -> list[tuple[str, str, str]]:
    """(domain, msgid, each Italian string) of the catalogues."""
    found = []
    for domain in i18n_tools.DOMAINS:
        for message in i18n_tools.read_catalog("it", domain):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(domain, str(message.id), str(s)) for s in strings]
    return found


def _templates() -> list[tuple[Path, str]]:
    """Each template's text as read: tags dropped and spaces joined, so that
    "<strong>round</strong> di azioni" reads "round di azioni"."""
    root = Path(settings.BASE_DIR) / "templates"
    return [(path, " ".join(re.sub(r"<[^>]*>", "", path.read_text(encoding="utf-8")).split()))
            for path in sorted(root.rglob("*.html"))]


def test_no_banned_variant_of_a_glossary_term_in_the_translations_or_the_templates():
    bad = []
    for domain, msgid, text in _translations():
        bad += [f"{domain}: {msgid!r} → {text!r}: {word!r}, say {BANNED[word]!r}"
                for word in BANNED if word.lower() in text.lower()]
        bad += [f"{domain}: {msgid!r} → {text!r}: {word!r}" for word in BANNED_CASED
                if re.search(rf"\b{word}\b", text)]
    for path, text in _templates():
        bad += [f"{path.name}: {word!r}" for word in BANNED if word.lower() in text.lower()]
    assert bad == []


def test_the_banned_variants_check_notices_one():
    text = "Il paese neutrale vince"
    assert [word for word in BANNED if word.lower() in text.lower()] == ["paese neutrale"]
    assert re.search(r"\balleanza A\b", "nell'alleanza A e offre")


def test_the_declaration_of_an_attack_on_a_neutral_marker_reads_as_a_sentence(running_game):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    give_turn(running_game, "Gran Bretagna")
    page = client_of(seat(running_game, "Gran Bretagna").user).get(
        reverse("attack_declare_panel", args=[running_game.pk]),
        {"regione": str(region(running_game, "Nord America").pk),
         "obiettivo": f"neutral-{neutral.pk}"})
    html = page.content.decode()
    reward = f"{neutral.amount} {'oro' if neutral.amount == 1 else 'ori'}"
    assert escape(
        f"Attacca la pedina neutrale in Nord America (difesa {neutral.defence}, premio {reward})."
        " Costa 2 ori, pagati subito, qualunque cosa accada.") in html
    assert "Attacca Pedina neutrale" not in html


def test_the_declaration_of_an_attack_on_a_power_takes_its_article_and_the_comma(running_game):
    give_turn(running_game, "Gran Bretagna")
    page = client_of(seat(running_game, "Gran Bretagna").user).get(
        reverse("attack_declare_panel", args=[running_game.pk]),
        {"regione": str(region(running_game, "Stati Tedeschi").pk),
         "obiettivo": f"power-{seat(running_game, 'Francia').pk}"})
    assert escape("Attacca la Francia negli Stati Tedeschi. Costa 2 ori, pagati subito, "
                  "qualunque cosa accada.") in page.content.decode()


def test_G13_the_placement_form_reads_place_an_army_in_your_home(draw_game):
    from guerra.rules.game.machine import pending

    power = pending(state_of(draw_game)).powers[0]
    html = board_of(draw_game, power)
    form = html.split('name="luogo"')[1].split("</select>")[0]
    assert ">nella tua madrepatria</option>" in form
    assert ">nel Baltico</option>" in form and ">negli Stati Tedeschi</option>" in form
    assert ">in Africa</option>" in form
    # The button confirms: "Piazza [armata] [nella tua madrepatria] [Conferma]" ("Piazzala"
    # agreed with an army, not with a fort).
    assert ">Conferma</button>" in html and "Piazzala" not in html
    assert ">in\n" not in html.split('name="tipo"')[1].split('name="luogo"')[0]


def test_the_gold_transfer_form_has_labels_that_agree_with_any_amount(running_game):
    html = board_of(running_game, "Francia")
    form = html.split('class="inline-form transfer"')[1].split("</form>")[0]
    assert "Oro da dare:" in form and "Destinatario:" in form
    assert ">Dai <" not in form and "ori a" not in form


def test_the_phase_line_names_the_phase_of_the_actions(running_game):
    html = board_of(running_game, "Francia")
    assert "Guerra 1 di 3: fase delle azioni</strong> · round 1 di" in html
    assert "round di azioni" not in html


def test_the_board_names_the_alliances_A_and_B_as_the_auction_does(running_game):
    html = board_of(running_game, "Francia")
    titles = re.findall(r'<h2 class="alliance-title">([^<]*)</h2>', html)
    assert titles == ["Alleanza A", "Alleanza B"]


def test_the_auction_names_the_alliances_with_a_capital(make_user):
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Asta", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    game = services.game_start(game_id=game.pk, user=anna)
    powers = ("Francia", "Prussia", "Gran Bretagna")

    def awaited() -> Seat:
        table = state_of(game).auction
        assert table is not None and table.awaited
        return seat_of(game, table.awaited)

    services.auction_propose(game_id=game.pk, user=awaited().user, step=state_of(game).step,
                             a="Francia", b="Gran Bretagna", bid=0)
    on_the_table = "".join(board_of(game, p) for p in powers)
    assert "(Alleanza A, gioca per prima) contro la Gran Bretagna (Alleanza B)" in on_the_table
    while (table := state_of(game).auction) is not None and table.proposal is not None:
        services.auction_pass(game_id=game.pk, user=awaited().user, step=state_of(game).step)
    single = "".join(board_of(game, p) for p in powers)  # Prussia is left: which alliance?
    assert ">Alleanza A</option>" in single and ">Alleanza B</option>" in single
    assert not re.search(r"\balleanza [AB]\b", on_the_table + single)


@pytest.fixture
def ended_game(make_user):
    """Two powers, one war of one round, played to its end."""
    anna, bruno = make_user("anna"), make_user("bruno")
    scenario = Scenario.objects.get(name=QUICK)
    Scenario.objects.filter(pk=scenario.pk).update(wars=1, rounds_per_war=1)
    game = services.game_create(user=anna, scenario=Scenario.objects.get(pk=scenario.pk),
                                name="Breve", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Spagna")])
    for power in ("Francia", "Francia", "Spagna", "Spagna"):
        services.action_pass(game_id=game.pk, user=seat_of(game, power).user,
                             step=state_of(game).step)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def test_G55_the_war_report_reads_in_plain_italian(ended_game):
    html = client_of(seat_of(ended_game, "Francia").user).get(
        reverse("war_report", args=[ended_game.pk, 1])).content.decode()
    assert "<h1>Fine della guerra 1</h1>" in html
    assert "Oro attuale" in html and "Popolazione attuale" in html
    assert "Oro ora" not in html and "Popolazione ora" not in html
    assert escape("il posto successivo va a chi ha il numero di pedine immediatamente "
                  "inferiore") in html
    assert "il numero successivo prende il posto seguente" not in html


def _row(power: str, by_war: list[int], vp: int, penalty: int) -> StandingRow:
    return StandingRow(Seat(power=power, colour="#123456"), 1, vp, penalty, False, 0, 0,
                       by_war, [], vp + penalty - sum(by_war))


def test_G60_the_standings_chart_ends_at_the_tables_total_after_the_penalties():
    # Francia scored 81 VP in the regions, won 3 from neutral counters and lost 7 to unrest:
    # the table says 77, and so must the chart's last point.
    francia = _row("Francia", [20, 30, 31], 77, 7)
    spagna = _row("Spagna", [10, 10, 10], 30, 0)
    chart = _chart([francia, spagna], [1, 2, 3])
    lines = {line.seat.power: line for line in chart.lines}
    assert lines["Francia"].values == [0, 20, 50, 81, 77]
    assert lines["Spagna"].values == [0, 10, 20, 30, 30]
    # The last point is drawn at the final x and at the height of the table's total.
    start = [p.split(",") for p in lines["Francia"].points.split()]
    last = [p.split(",") for p in lines["Francia"].final_points.split()]
    assert last[0] == start[-1] and int(last[1][0]) == chart.final_x
    heights = {vp: y for vp, y in chart.grid}
    low, high = heights[0], heights[max(heights)]
    expected = low - (77 * (low - high)) // max(heights)
    assert abs(int(last[1][1]) - expected) <= 1
    assert chart.final_x > max(x for _war, x in chart.wars)


def test_G60_the_standings_page_titles_its_chart_and_labels_each_line_with_the_tables_total(
        ended_game):
    response = client_of(seat_of(ended_game, "Francia").user).get(
        reverse("game_standings", args=[ended_game.pk]))
    html = response.content.decode()
    assert "PV totali, guerra per guerra" in html and "PV guadagnati" not in html
    assert ">finale</text>" in html
    assert ">Altri PV</th>" in html  # beside "Guerra 1…": the VP won from neutral counters
    final = response.context["final"]
    for row in final.rows:
        assert f'class="axis">{row.seat.power} {row.vp}</text>' in html


def test_P2_the_exchange_rows_are_named_by_power():
    event = {"attacking": "Gran Bretagna", "attacker_rolls": [9, 3], "defender_rolls": [5]}
    assert [row["label"] for row in exchange_rows(event, "Francia")] == ["Gran Bretagna",
                                                                         "Francia"]


def test_P2_the_d10_page_names_the_defending_row_by_its_power(asked):  # noqa: F811
    html = client_of(seat(asked.game, "Prussia").user).get(
        asked.get_absolute_url()).content.decode()
    assert '<th scope="row" title="Francia">Francia</th>' in html
    assert '<th scope="row" title="Difesa">' not in html


def test_the_neutral_marker_is_named_so_in_an_attacks_log_line(db):
    from django.utils import translation

    from guerra.game.text.messages import render_rules_message
    from guerra.rules.game.events import AttackBegan

    event = AttackBegan(1, "Francia", "Baltico", None, 4)
    with translation.override("it"):
        text = render_rules_message(event.describe())
    assert text == "La Francia attacca una pedina neutrale nel Baltico."


def test_the_admin_list_s_delete_action_agrees_with_any_noun(admin_client, lobby_game):
    html = admin_client.get(reverse("admin:game_game_changelist")).content.decode()
    assert "Elimina la selezione (partite)" in html
    assert "partite selezionati" not in html


def test_G21_the_log_names_the_alliances_as_the_board_does(db):
    from django.utils import translation

    from guerra.game.text.messages import render_rules_message
    from guerra.rules.game.events import AlliancesFormed

    event = AlliancesFormed(1, ("Francia", "Prussia"), ("Gran Bretagna",),
                            ("Francia", "Gran Bretagna", "Prussia"))
    with translation.override("it"):
        text = render_rules_message(event.describe())
    assert text.startswith("Alleanze della guerra 1 — Alleanza A: Francia, Prussia; "
                           "Alleanza B: Gran Bretagna. Ordine di turno:")


def test_N3_the_neutral_marker_s_dice_are_named_pedina_neutrale(running_game, rig):  # noqa: F811
    from tests.game.attack_helpers import declare

    neutral = show_counter(running_game, "Nord America", reward="gold")
    rig([1, 1, 6, 6])  # the attacker's two dice, then the neutral marker's
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    html = client_of(seat(running_game, "Francia").user).get(
        attack.get_absolute_url()).content.decode()
    assert '<div class="ev dice">Pedina neutrale:' in html
    assert "<strong>Pedina neutrale " in html and ">Neutrale" not in html


def test_G33_an_ocean_voyage_s_risk_agrees_with_the_unit_and_has_no_nested_brackets(
        running_game):
    html = board_of(running_game, "Francia")
    assert "(traversata oceanica: persa in mare con un 1 al dado, una volta su 6)" in html
    assert "perso in mare" not in html


def test_G40_the_market_joins_a_price_in_gold_and_unrest_and_counts_unrest_in_points(
        running_game):
    html = client_of(seat(running_game, "Francia").user).get(
        reverse("tile_market", args=[running_game.pk])).content.decode()
    assert re.search(r"4 ori\s*\+ 1 punto di insoddisfazione", html)
    assert "−3 punti di insoddisfazione quando la prendi" in html


def test_an_alliance_s_line_in_the_log_is_tagged_with_the_alliance_s_letter(db):
    from django.template.loader import render_to_string
    from django.utils import timezone, translation

    from guerra.game.models import GameEvent

    event = GameEvent(visibility="alliance", side=2, created_at=timezone.now())
    with translation.override("it"):
        html = render_to_string("game/_event_line.html", {"event": event, "text": "Avanti"})
    assert '<span class="tag">solo Alleanza B</span>' in html


@pytest.mark.parametrize(("msgid", "italian"), [
    ("Do both sides have fleets?", "Entrambe le parti hanno flotte?"),
    ("more Navy Training tiles", "più tessere Addestramento Marina"),
    ("more Army Training tiles", "più tessere Addestramento Esercito"),
    ("Army Training tile", "tessera Addestramento Esercito"),
])
def test_the_flowchart_and_totals_use_the_glossary_s_terms(msgid, italian):
    from guerra.rules.i18n import Message

    assert Message(msgid).render() == italian


def test_G32_units_brought_home_go_to_the_madrepatria(db):
    from django.utils import translation

    from guerra.game.text.messages import render_rules_message
    from guerra.rules.events import UnitsMoved

    event = UnitsMoved("Francia", "army", 2, "India", None, "G32")
    with translation.override("it"):
        assert render_rules_message(event.describe()) == (
            "La Francia riporta in madrepatria 2 unità.")


def test_P4_the_attacking_ally_s_prompt_keeps_one_subject_per_sentence(asked):  # noqa: F811
    from tests.game.attack_helpers import decide

    attack = decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    html = client_of(seat(attack.game, "Austria").user).get(
        attack.get_absolute_url()).content.decode()
    assert escape("Arriva con le tue unità già lì: combatteranno subito contro chi difende. "
                  "Oppure resta fuori.") in html
    assert "e combattono subito" not in html


def test_an_ally_in_the_forces_agrees_with_its_power(asked):  # noqa: F811
    from tests.game.attack_helpers import decide

    attack = decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    html = client_of(seat(attack.game, "Francia").user).get(
        attack.get_absolute_url()).content.decode()
    assert 'Prussia <span class="muted">(alleata)</span>' in html
    assert "(alleato)" not in html


def test_P4_an_ally_asked_later_is_told_without_a_gender(asked):  # noqa: F811
    html = board_of(asked.game, "Gran Bretagna")
    assert "<strong>Austria</strong>:" in html
    assert "toccherà dopo, nell&#x27;ordine di turno" in html or (
        "toccherà dopo, nell'ordine di turno" in html)
    assert "interpellato" not in html
