# ruff: noqa: F811 (the fixtures imported from punti_helpers are the tests' parameters)
"""The pages of a "punti" attack beyond its decisions: the combat system offered at creation,
bad posts refused in Italian with a 4xx and nothing changed, the flowchart's boxes with the
dice, their target number and the damage per unit, the log in Italian, the history box by box,
the dice check, an ally who lets its deadline pass (E4), the rules page and its profiles (E1).
The table: tests/game/procedures/punti_helpers.py."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from guerra.game import services
from guerra.game.models import Attack, DiceRoll, GameEvent, Scenario
from guerra.game.read.log import describe
from guerra.game.services.play import expire_due
from tests.game.attack_helpers import box, holding, seat
from tests.game.procedures.punti_helpers import (  # noqa: F401 (fixtures)
    REGION,
    client_of,
    declared,
    page,
    play_to_the_end,
    player,
    post,
    punti_game,
    quick_odds,
    rig,
    text,
)


def test_G34_the_new_game_form_offers_punti_from_the_registry(make_user, scenario):
    c = client_of(make_user("anna"))
    html = c.get(reverse("game_new"), {"scenario": scenario.pk}).content.decode()
    assert '<option value="punti">Punti d&#x27;attacco e difesa</option>' in html
    response = c.post(reverse("game_new"), {"name": "Con i punti", "scenario": scenario.pk,
                                            "power": "Francia", "pace": "live",
                                            "procedure": "punti"})
    assert response.status_code == 302


def test_E4_E8_bad_posts_get_an_italian_4xx_and_change_nothing(declared):
    attack = declared
    url = reverse("attack_decide", args=[attack.game_id, attack.number])
    bruno = player(attack.game, "Gran Bretagna")
    step = attack.step

    def refused(response, status: int, words: str) -> None:
        assert response.status_code == status, response.content
        assert escape(words) in response.content.decode()
        attack.refresh_from_db()
        assert attack.step == step and attack.node == "attack_reinforcements"

    refused(bruno.post(url, {"kind": "reinforce", "step": step}), 400,
            "Questa non è una decisione di questo attacco.")
    refused(bruno.post(url, {"kind": "sciocchezze", "step": step}), 400, "Decisione")
    refused(bruno.post(url, {"kind": "name_groups", "step": step, "armies_1": "tre"}), 400,
            "Armate, riga 1: Inserisci un numero intero")
    refused(post(attack, "Gran Bretagna", "name_groups", armies_1=3), 400,
            "L'Austria ha solo 2 armate")
    refused(post(attack, "Gran Bretagna", "name_groups", armies_5=1), 400,
            "Questa non è una decisione di questo attacco.")
    refused(post(attack, "Gran Bretagna", "name_groups", step=step + 1, armies_1=1), 409,
            "L'attacco è andato avanti")
    refused(post(attack, "Francia", "name_groups", armies_1=1), 403,
            "Questa decisione non spetta a te.")
    refused(post(attack, "Austria", "consent", consent="1"), 403,
            "Questa decisione non spetta a te.")
    refused(post(attack, "Gran Bretagna", "consent"), 400, "Questo campo è obbligatorio.")


def test_E8_a_spread_of_too_many_points_or_on_a_unit_not_in_the_battle_is_refused(declared,
                                                                                    rig):
    attack = declared
    assert post(attack, "Gran Bretagna", "name_groups").status_code == 302
    rig([5, 6, 5, 1, 1, 1])  # three armies, six dice against the fort's 5: three hits
    assert post(attack, "Francia", "name_groups").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "damage" and attack.awaiting == ["Francia"]
    step = attack.step
    for values, status, words in (
            ({"points_1": 2, "points_2": 2}, 400, "Assegna esattamente 3 punti di danno."),
            ({"points_1": 3}, 400, "“D1” è già distrutta"),
            ({"points_1": 2, "points_9": 1}, 400, "“#9”"),
            ({"points_1": -1}, 400, "Danni, riga 1"),
    ):
        response = post(attack, "Francia", "damage", **values)
        assert response.status_code == status, (values, response.content.decode()[:300])
        assert escape(words) in response.content.decode() or words in response.content.decode()
        attack.refresh_from_db()
        assert attack.step == step and holding(attack.game, "Francia", REGION).armies == 2
    assert post(attack, "Gran Bretagna", "damage", points_1=2, points_3=1).status_code == 403
    assert post(attack, "Francia", "damage", points_1=2, points_3=1).status_code == 302


def test_E6_E8_E10_the_flowchart_boxes_show_the_dice_their_target_and_the_damage(declared,
                                                                                  rig):
    attack = play_to_the_end(declared, rig)
    html = page(attack, "Prussia")
    roll = box(html, "attack_roll")
    assert "Tiro d'attacco contro 5 o più: 4 colpi." in roll
    # The attack's hits, then the counter-attack's, in the chart and in the phone's list.
    assert html.count('class="hit"') == 2 * (4 + 2)
    damage = box(html, "damage")
    assert "Armata D1 (Francia): −2, unità distrutta" in damage
    assert "Armata D2 (Francia): −1, salute 1 su 2" in damage
    assert "Fortino D3 (Francia): −1, salute 2 su 3" in damage
    assert "La Francia sposta 1 armata nel Baltico" in box(html, "retreat")
    assert "Tiro di contrattacco contro più di 2 (la velocità): 2 colpi." in box(
        html, "counter_roll")
    assert "Armata A2 (Gran Bretagna): −1, salute 1 su 2" in box(html, "counter_damage")
    assert "Austria (alleata) · in" not in html  # no decision left on the page
    forces = {row["power"]: (row["armies"], row["forts"]) for row in
              player(attack.game, "Prussia").get(attack.get_absolute_url()).context[
                  "view"].summary}
    assert forces == {"Gran Bretagna": (3, 0), "Francia": (0, 1),
                      "Austria, in Europa Centrale": (2, 0), "Prussia": (1, 0)}


def test_the_log_tells_the_attack_in_italian(declared, rig):
    attack = play_to_the_end(declared, rig)
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=attack.game))
    for words in ("Attacco n. 1: la Gran Bretagna nomina 2 armate dell'Austria dall'Europa "
                  "Centrale (gruppo 1).",
                  "Invito ad aiutare la Gran Bretagna nell'attacco n. 1 negli Stati Tedeschi.",
                  "l'Austria si unisce all'attacco con 2 armate dall'Europa Centrale",
                  "la Prussia si unisce alla difesa con 1 armata",
                  "Tiro d'attacco: 5 6 5 6 1 2 3 4 1 2 contro 5 o più, 4 colpi.",
                  "La Francia perde 1 armata.", "la Francia sposta 1 armata nel Baltico",
                  "la Francia contrattacca", "vince la Francia (difensore)"):
        assert words in told, words
    for english in ("names", "joins the", "Attack roll", "Damage to", "counter-attacks"):
        assert english not in told, english


def test_the_history_steps_through_the_attack_box_by_box(declared, rig):
    attack = play_to_the_end(declared, rig)
    c = player(attack.game, "Francia")
    now = c.get(attack.get_absolute_url()).context["view"]
    nodes = [step.node.id for step in now.chart.path]
    assert nodes == ["declared", "attack_reinforcements", "attack_consent",
                     "defence_reinforcements", "defence_consent", "attack_roll", "damage",
                     "retreat", "counter_attack", "counter_roll", "counter_damage", "result",
                     "ended"]
    seen = []
    for shown in range(1, now.visits + 1):
        view = c.get(attack.get_absolute_url(), {"passo": shown}).context["view"]
        assert view.shown == shown and view.chart.current == nodes[shown - 1]
        seen.append({row["power"]: row["armies"] for row in view.summary})
    assert seen[0] == {"Gran Bretagna": 3, "Francia": 2}
    assert seen[2]["Austria, in Europa Centrale"] == 2  # joined in the consent box
    assert seen[6]["Francia"] == 1  # after the damage: one army destroyed
    assert seen[7]["Francia"] == 0  # after the retreat
    html = c.get(attack.get_absolute_url(), {"passo": 6}).content.decode()
    assert "Tiro d'attacco contro 5 o più: 4 colpi." in text(html)
    assert "Salute del difensore principale" not in text(html)  # the notes are today's


def test_the_dice_check_recomputes_the_attack_and_counter_attack_dice(declared, make_user):
    attack = declared
    assert post(attack, "Gran Bretagna", "name_groups").status_code == 302
    assert post(attack, "Francia", "name_groups").status_code == 302  # the game's own dice
    attack.refresh_from_db()
    rolled = DiceRoll.objects.filter(game=attack.game, attack=attack)
    assert rolled.count() >= 6 and {r.sides for r in rolled} == {6}
    services.game_end(game_id=attack.game_id, user=make_user("capo", staff=True))
    html = player(attack.game, "Austria").get(
        reverse("dice_check", args=[attack.game_id])).content.decode()
    n = DiceRoll.objects.filter(game=attack.game).count()  # the setup's draws too
    assert f"Tutti i lanci ricalcolati dal seme corrispondono: {n} su {n}." in text(html)
    assert "attacco n. 1 d6" in text(html)


def test_E4_an_ally_who_lets_its_deadline_pass_refuses_and_its_units_stay_out(declared):
    attack = declared
    assert post(attack, "Gran Bretagna", "name_groups", armies_1=2).status_code == 302
    game = attack.game
    later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
    assert expire_due(game_id=game.pk, now=later) == 1
    attack.refresh_from_db()
    assert attack.node == "defence_reinforcements" and attack.awaiting == ["Francia"]
    assert "L'Austria non ha risposto in tempo" in text(page(attack, "Gran Bretagna"))
    assert "Austria" not in {row["power"] for row in player(game, "Francia").get(
        attack.get_absolute_url()).context["view"].summary}


def test_E1_the_rules_page_quotes_the_profiles_and_draws_the_whole_flowchart(db):
    html = Client().get(reverse("rules_page")).content.decode()
    assert 'id="sistema-punti"' in html
    assert 'data-fact="punti-army-attack">2<' in html
    assert 'data-fact="punti-fort-defence">5<' in html
    assert 'data-fact="punti-fleet-speed">3<' in html
    assert "Il contrattacco" in html and "La ritirata" in html
    chart = Client().get(reverse("rules_flowchart", args=["punti"]))
    assert chart.status_code == 200
    assert 'id="node-counter_damage"' in chart.content.decode()


def test_E1_the_rules_page_follows_the_scenarios_profiles(db, monkeypatch):
    from guerra.game.procedures.punti.profiles import ProfilesIn
    from guerra.rules.game.scenario_file import shipped

    changed = dataclasses.replace(shipped("europa_1700"), combat_data=(
        ("punti", '{"profiles": {"army": {"attack": 4}}}'),))
    rows = {row["kind"]: row for row in ProfilesIn()[changed]}
    assert rows["army"]["attack"] == 4 and rows["army"]["defence"] == 3
    assert ProfilesIn()["no scenario"][0]["attack"] == 2


def test_the_attack_list_and_board_name_the_combat_system(declared):
    html = client_of(seat(declared.game, "Prussia").user).get(
        reverse("game_board", args=[declared.game_id])).content.decode()
    assert "Punti d&#x27;attacco e difesa" in html or "Punti d'attacco e difesa" in html
    assert Attack.objects.filter(game=declared.game, procedure="punti").count() == 1
    assert Scenario.objects.exists()


def test_E4_the_declaration_shows_the_odds_alone_and_with_the_allies_that_may_be_named(
        punti_game):
    from tests.game.attack_helpers import region
    from tests.game.play_helpers import give_turn

    game = punti_game
    give_turn(game, "Gran Bretagna")
    place = region(game, REGION)
    target = f"power-{seat(game, 'Francia').pk}"
    panel = player(game, "Gran Bretagna").get(reverse("attack_declare_panel", args=[game.pk]),
                                              {"regione": str(place.pk), "obiettivo": target})
    view = panel.context["declare"]
    assert view.refusal == "" and view.invited == ["Austria"]
    assert view.odds_alone.samples == view.odds_with_allies.samples == 200
    assert [row.outcome for row in view.odds_alone.rows] == ["attacker_wins", "defender_wins"]
    words = text(panel.content.decode())
    assert "Alleati invitati: Austria" in words and "Stima su 200 battaglie, ±" in words


def test_E11_against_a_neutral_marker_nobody_decides_and_its_armies_are_drawn(punti_game,
                                                                               rig):
    from guerra.game.models import Neutral
    from tests.game.attack_helpers import declare
    from tests.game.play_helpers import show_counter

    game = punti_game
    counter = show_counter(game, REGION, reward="gold")
    rig([6] * 6 + [1] * 6)  # six hits; a counter-attack, if any, misses
    attack = declare(game, "Gran Bretagna", REGION, counter)
    assert attack.finished and attack.awaiting == []
    html = page(attack, "Gran Bretagna")
    words = text(html)
    assert "Armata N1 (Pedina neutrale): −2, unità distrutta" in words
    assert "Tiro d'attacco contro 3 o più: 6 colpi." in words
    assert 'value="damage"' not in html and 'value="name_groups"' not in html
    won = Neutral.objects.get(pk=counter.pk).defence <= 3
    assert attack.outcome == ("attacker_wins" if won else "defender_wins")


def test_E4_the_alliance_sees_its_ally_asked_and_then_its_answer(declared):
    attack = declared
    assert post(attack, "Gran Bretagna", "name_groups", armies_1=2).status_code == 302
    url = reverse("alliance_invitations_part", args=[attack.game_id])
    waiting = text(player(attack.game, "Gran Bretagna").get(url).content.decode())
    assert "Austria : ci sta pensando…" in waiting or "Austria: ci sta pensando…" in waiting
    assert "Austria" not in text(player(attack.game, "Francia").get(url).content.decode())
    assert post(attack, "Austria", "consent", consent="0").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "defence_reinforcements"
    assert "L'Austria rifiuta: il gruppo 1 resta fuori." in text(page(attack, "Francia"))
