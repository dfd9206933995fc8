# ruff: noqa: F811 (the fixtures imported from piano_helpers are the tests' parameters)
"""The pages of a "piano" attack beyond playing it: the combat system offered at creation, the
plan builder (ratings, the opponent's strength and weakness, the default plan filled in, K4's
deadly engagements offered only when allowed), the decision's prompt on every page, bad posts
refused in Italian with a 4xx and nothing changed, a deadline's default plans, the history box
by box, the dice check, the rules page. The table: tests/game/procedures/piano_helpers.py."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from guerra.game import services
from guerra.game.models import DiceRoll
from guerra.game.services.play import expire_due
from tests.game.attack_helpers import box, declare, rules_text
from tests.game.play_helpers import set_pieces
from tests.game.procedures.piano_helpers import (  # noqa: F401 (fixtures)
    ATTACKER_PLAN,
    DEFENDER_PLAN,
    REGION,
    client_of,
    declared,
    page,
    piano_game,
    player,
    post,
    rig,
    send_plan,
    text,
)


def test_G34_the_new_game_form_offers_piano_from_the_registry(make_user, scenario):
    c = client_of(make_user("anna"))
    html = c.get(reverse("game_new"), {"scenario": scenario.pk}).content.decode()
    assert '<option value="piano">Piano e dadi</option>' in html
    response = c.post(reverse("game_new"), {"name": "Col piano", "scenario": scenario.pk,
                                            "power": "Francia", "pace": "live",
                                            "procedure": "piano"})
    assert response.status_code == 302


def test_K1_K3_the_plan_builder_shows_the_ratings_and_the_default_plan(declared):
    html = page(declared, "Gran Bretagna")
    words = text(html)
    assert "I tuoi valori: Disciplina 4 · Astuzia 3 (punto debole) · Rapidità 5 (punto forte) " \
        "· Forza 4" in words
    assert "L'avversario: punto forte Disciplina e Forza, punto debole Astuzia e Rapidità" \
        in words
    # K3's default plan filled in: Approach then Engagement on the first weakness, Astuzia.
    assert '<option value="approach" selected>' in html
    assert '<option value="engagement" selected>' in html
    assert "Allo scadere del tempo il tuo piano è quello predefinito: Approccio (Astuzia) " \
        "Ingaggio (Astuzia)." in words
    # K7: each characteristic with the side's rating, the opponent's weakness and strength
    # marked (and said under the list).
    assert ">Astuzia (3) ✔</option>" in html and ">Forza (4) ✘</option>" in html
    assert ">Disciplina (4) ✘</option>" in html and ">Rapidità (5) ✔</option>" in html
    assert '<option value="deadly"' in html  # four units a side: allowed (K4)
    assert 'data-deadly="1"' in html and "js/piano.js" in html
    assert "Conferma il piano" in words


def test_K4_a_side_with_fewer_units_is_offered_no_deadly_engagement(piano_game):
    set_pieces(piano_game, "Gran Bretagna", REGION, armies=3, fleets=1)  # 5 units against 4
    attack = declare(piano_game, "Gran Bretagna", REGION, "Francia")
    html = page(attack, "Francia")
    builder = html[html.index('class="piano-plan"'):]
    assert 'data-deadly="0"' in builder and '<option value="deadly"' not in builder
    assert 'data-add="pair"' not in builder
    # Posted anyway (an old page, by hand): the rules refuse it, in Italian.
    response = send_plan(attack, "Francia", DEFENDER_PLAN)
    assert response.status_code == 400
    assert rules_text("A side with fewer units in the battle than the other cannot plan a "
                      "deadly engagement.") in text(response.content.decode())
    attack.refresh_from_db()
    assert "Francia" in attack.awaiting


def test_K3_the_plan_reaches_the_player_on_every_page_as_its_prompt(declared):
    board = player(declared.game, "Francia").get(
        reverse("game_board", args=[declared.game_id])).content.decode()
    prompt = board[board.index('id="decision-prompt-1"'):]
    assert 'name="kind" value="piano_plan"' in prompt and 'hx-target="#ally-prompts"' in prompt
    assert "Conferma il piano" in text(prompt)


def test_K3_K4_K5_K6_bad_posts_get_an_italian_4xx_and_change_nothing(declared, rig):
    attack = declared
    attack.refresh_from_db()
    step = attack.step
    plans = (
        # another's decision
        ("Prussia", {"kind": "piano_plan", "piano_step_1": "approach",
                     "piano_char_1": "forza"}, 403, "Questa decisione non spetta a te."),
        # K3: no approach first
        ("Francia", {"kind": "piano_plan", "piano_step_1": "engagement",
                     "piano_char_1": "forza"}, 400,
         rules_text("A plan begins with an Approach.")),
        # K3: the engagement not last
        ("Francia", {"kind": "piano_plan", "piano_step_1": "approach", "piano_char_1": "forza",
                     "piano_step_2": "engagement", "piano_char_2": "forza",
                     "piano_step_3": "control", "piano_char_3": "forza",
                     "piano_step_4": "deadly", "piano_char_4": "forza"}, 400,
         rules_text("After the Approach a plan has only Control and Deadly engagement pairs, "
                    "then at most one Engagement at the end.")),
        # an action no form offers
        ("Francia", {"kind": "piano_plan", "piano_step_1": "charge", "piano_char_1": "forza"},
         400, "Passo 1"),
        # the wrong decision for this box
        ("Francia", {"kind": "piano_reroll", "piano_reroll_1": "1"}, 400,
         rules_text("This is not the decision awaited now.")),
        # a wrong step
        ("Francia", {"kind": "piano_plan", "piano_step_1": "approach", "piano_char_1": "forza",
                     "step": step + 1}, 409, "ricarica la pagina"),
    )

    def refused(cases, node, waiting):
        for power, data, status, words in cases:
            response = post(attack, power, **data)
            body = text(response.content.decode())
            assert response.status_code == status, (data, status, body[:200])
            assert words in body, (data, words, body[:300])
            attack.refresh_from_db()
            assert attack.node == node and sorted(attack.awaiting) == waiting, data

    refused(plans, "plan", ["Francia", "Gran Bretagna"])
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    rig([6, 2, 5, 1, 6, 6, 3, 1])
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    refused([("Gran Bretagna", {"kind": "piano_reroll", "piano_reroll_6": "1"}, 400,
              rules_text("Die {number} does not exist.", number=6))],
            "reroll", ["Francia", "Gran Bretagna"])
    assert post(attack, "Gran Bretagna", "piano_reroll").status_code == 302
    assert post(attack, "Francia", "piano_reroll").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "assign"
    refused([
        # K6: a 6 above the side's Astuzia (3)
        ("Gran Bretagna", {"kind": "piano_assign", "piano_die_1": 1}, 400,
         rules_text("Die {number} ({face}) is above the rating of its step ({rating}).",
                    number=1, face=6, rating=3)),
        # K6: one die on two steps
        ("Gran Bretagna", {"kind": "piano_assign", "piano_die_2": 3, "piano_die_3": 3}, 400,
         rules_text("Die {number} is assigned twice.", number=3)),
        # a die on a step the plan does not have
        ("Gran Bretagna", {"kind": "piano_assign", "piano_die_5": 2}, 400,
         rules_text("An assignment names one die (or none) per step of the plan.")),
        # a die the form never offers
        ("Gran Bretagna", {"kind": "piano_assign", "piano_die_1": 9}, 400, "Dado del passo 1"),
    ], "assign", ["Francia", "Gran Bretagna"])
    assert post(attack, "Gran Bretagna", "piano_assign", piano_die_3=2).status_code == 302
    assert post(attack, "Francia", "piano_assign", piano_best="1").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "losses"
    refused([
        ("Gran Bretagna", {"kind": "piano_losses", "piano_order": "fort"}, 400,
         rules_text("{power} has no unit of that kind in the battle.",
                    power="Gran Bretagna")),
        ("Gran Bretagna", {"kind": "piano_losses"}, 400, "Ordine delle perdite"),
    ], "losses", ["Gran Bretagna"])


def test_K3_at_the_deadline_both_sides_take_the_default_plan(declared):
    attack, game = declared, declared.game
    later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
    assert expire_due(game_id=game.pk, now=later) == 1
    attack.refresh_from_db()
    assert attack.node == "reroll"
    plans = box(page(attack, "Austria"), "plan")
    # Each names the other's weakness, the first in K1's order: Astuzia for both.
    assert "L'attaccante (Gran Bretagna) : punto forte Rapidità, punto debole Astuzia " \
        "1. Approccio (Astuzia) — punto debole dell'avversario 2. Ingaggio (Astuzia)" in plans
    assert "Il difensore (Francia) : punto forte Disciplina e Forza, punto debole Astuzia e " \
        "Rapidità 1. Approccio (Astuzia) — punto debole dell'avversario 2. Ingaggio " \
        "(Astuzia)" in plans


def test_the_history_steps_through_the_attack_box_by_box(declared, rig):
    from tests.game.procedures.test_piano_play import play_first_attack

    attack = play_first_attack(declared, rig)
    c = player(attack.game, "Francia")
    now = c.get(attack.get_absolute_url()).context["view"]
    nodes = [step.node.id for step in now.chart.path]
    assert nodes == ["declared", "plan", "roll", "reroll", "reroll_roll", "assign", "damage",
                     "losses", "result", "ended"]
    seen = []
    for shown in range(1, now.visits + 1):
        view = c.get(attack.get_absolute_url(), {"passo": shown}).context["view"]
        assert view.shown == shown and view.chart.current == nodes[shown - 1]
        seen.append({row["power"]: (row["fleets"], row["forts"]) for row in view.summary})
    assert seen[0]["Gran Bretagna"] == (1, 0) and seen[0]["Francia"] == (0, 1)
    assert seen[-1]["Gran Bretagna"] == (0, 0) and seen[-1]["Francia"] == (0, 0)
    words = text(c.get(attack.get_absolute_url(), {"passo": 3}).content.decode())
    assert "L'attaccante: ⚅⚁⚄⚀ 6 2 5 1" in words and "dado 1: 6 → 4" not in words


def test_the_dice_check_recomputes_the_piano_dice(declared, make_user):
    attack, game = declared, declared.game  # the game's own dice: nothing rigged
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    assert post(attack, "Francia", "piano_reroll", piano_reroll_1="1").status_code == 302
    assert post(attack, "Gran Bretagna", "piano_reroll", piano_reroll_2="1").status_code == 302
    rolled = DiceRoll.objects.filter(game=game, attack=attack)
    assert rolled.count() == 10 and {r.sides for r in rolled} == {6}  # 4 + 4, then 2 again
    services.game_end(game_id=game.pk, user=make_user("capo", staff=True))
    html = player(game, "Austria").get(reverse("dice_check", args=[game.pk])).content.decode()
    n = DiceRoll.objects.filter(game=game).count()
    assert f"Tutti i lanci ricalcolati dal seme corrispondono: {n} su {n}." in text(html)
    assert "attacco n. 1 d6" in text(html)


def test_K1_K2_the_rules_page_explains_every_rule_and_quotes_the_ratings(db):
    html = Client().get(reverse("rules_page")).content.decode()
    assert 'id="sistema-piano"' in html
    assert 'data-fact="piano-army-disciplina">4<' in html
    assert 'data-fact="piano-fleet-rapidita">5<' in html
    assert 'data-fact="piano-fort-integrity">3<' in html
    for rule in ("(K1)", "(K2)", "(K3)", "(K4)", "(K5)", "(K6)", "(K7)", "(K8)", "(K9)",
                 "(K10)", "(K11)"):
        assert rule in html, rule
    chart = Client().get(reverse("rules_flowchart", args=["piano"]))
    assert chart.status_code == 200 and 'id="node-assign"' in chart.content.decode()
    # "Odds": before the reveal, the attacker's alone.
    words = text(html)
    assert "Prima che i piani siano rivelati solo l'attaccante vede le probabilità" in words


def test_K5_K6_K2_the_deadlines_roll_nothing_again_assign_best_and_order_by_default(declared,
                                                                                    rig):
    attack, game = declared, declared.game
    rig([6, 2, 5, 1, 6, 6, 3, 1])
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    seen = []
    attack.refresh_from_db()
    while not attack.finished:
        seen.append(attack.node)
        later = timezone.now() + timedelta(seconds=game.deadline_seconds * 2 + 5)
        assert expire_due(game_id=game.pk, now=later) >= 1
        attack.refresh_from_db()
    assert seen[:2] == ["reroll", "assign"]
    html = page(attack, "Prussia")
    assert DiceRoll.objects.filter(attack=attack).count() == 8  # K5: nothing rolled again
    assigned = box(html, "assign")
    # K6 "best": the 5 on the deadly engagement; Francia's 1 and 3 on its approach and control.
    assert "3. Ingaggio mortale (Rapidità): dado 3 (5)" in assigned
    assert "1. Approccio (Disciplina): dado 4 (1)" in assigned
    # K2's default order: armies first (Gran Bretagna takes 3: one army, 1 left over).
    assert "La Gran Bretagna ordina le sue perdite: armate, flotte." in box(html, "losses")


def test_junk_posts_at_each_box_never_fail_the_server(declared, rig):
    """Random forms (any kind, any field, junk values) at each box: a 4xx or a decision
    taken, never a 500; then the deadline moves the attack on to the next box."""
    import random

    from guerra.game.procedures.piano.controls import FORM_FIELDS, KINDS_OF_DECISION

    attack, game = declared, declared.game
    rng = random.Random(29)
    junk = ("", "0", "1", "9", "-1", "approach", "deadly", "forza", "x" * 50, "army-army",
            "fort", "2.5", "best")
    rig([3, 2, 6, 1, 5, 4, 6, 2] + [4] * 16)
    boxes: list[str] = []
    while not attack.finished:
        for _post in range(15):
            boxes.append(attack.node)
            fields = {f.name: rng.choice(junk + f.choices)
                      for f in rng.sample(FORM_FIELDS, rng.randint(0, 12))}
            power = rng.choice(["Francia", "Gran Bretagna", "Prussia"])
            response = post(attack, power, rng.choice(KINDS_OF_DECISION), **fields)
            assert response.status_code in (302, 400, 403, 409), (fields, response.status_code)
            attack.refresh_from_db()
        if attack.node == "plan":
            for power, plan in (("Gran Bretagna", ATTACKER_PLAN), ("Francia", DEFENDER_PLAN)):
                if power in attack.awaiting:
                    assert send_plan(attack, power, plan).status_code == 302
            attack.refresh_from_db()
            continue
        later = timezone.now() + timedelta(seconds=game.deadline_seconds * 3 + 5)
        expire_due(game_id=game.pk, now=later)
        attack.refresh_from_db()
    assert {"plan", "reroll", "assign"} <= set(boxes), boxes
