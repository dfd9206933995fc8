# ruff: noqa: F811 (the fixtures imported from piano_helpers are the tests' parameters)
"""A "piano" attack played through the pages (procedures/piano.md, K1-K11): both plans made
at once and revealed together, a reroll, an assignment changed by hand, each power ordering
its losses, the result on the board. The table: tests/game/procedures/piano_helpers.py."""

from __future__ import annotations

from guerra.game.models import GameEvent
from guerra.game.read.log import describe
from tests.game.attack_helpers import box
from tests.game.play_helpers import state_of
from tests.game.procedures.piano_helpers import (  # noqa: F401 (fixtures)
    ATTACKER_PLAN,
    DEFENDER_PLAN,
    REGION,
    declared,
    page,
    piano_game,
    post,
    rig,
    send_plan,
    text,
)

# The attacker's dice, then the defender's (K5), then the defender's dice 1 and 2 again.
DICE = [6, 2, 5, 1, 6, 6, 3, 1, 4, 6]


def play_to_assign(attack, rig):
    """Both plans, the roll, the defender's reroll of its two 6s (a 4 and a 6 again)."""
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    rig(DICE)
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    attack.refresh_from_db()
    assert attack.node == "reroll" and sorted(attack.awaiting) == ["Francia", "Gran Bretagna"]
    assert post(attack, "Francia", "piano_reroll", piano_reroll_1="1",
                piano_reroll_2="1").status_code == 302
    assert post(attack, "Gran Bretagna", "piano_reroll").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "assign", attack.node
    return attack


def play_first_attack(attack, rig):
    """To the end: Gran Bretagna puts its 2 (die 2) on its deadly engagement by hand instead
    of the 5 "best" fills in; Francia assigns "best"; each orders its losses."""
    play_to_assign(attack, rig)
    assert post(attack, "Gran Bretagna", "piano_assign", piano_die_1=0, piano_die_2=0,
                piano_die_3=2, piano_die_4=0).status_code == 302
    assert post(attack, "Francia", "piano_assign", piano_best="1").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "losses" and attack.awaiting == ["Gran Bretagna"]
    assert post(attack, "Gran Bretagna", "piano_losses", piano_order="fleet-army"
                ).status_code == 302
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"]
    assert post(attack, "Francia", "piano_losses", piano_order="fort-army").status_code == 302
    attack.refresh_from_db()
    assert attack.finished
    return attack


def test_K5_the_assignment_form_offers_best_filled_in_and_only_dice_within_the_rating(
        declared, rig):
    attack = play_to_assign(declared, rig)
    c = page(attack, "Gran Bretagna")
    form = c[c.index('class="piano-assign"'):c.index("</form>", c.index('class="piano-assign"'))]
    # K6 "best": the 5 (die 3) on the deadly engagement on Rapidità (rating 5), nothing else.
    assert '<select name="piano_die_3"' in form
    deadly = form[form.index('name="piano_die_3"'):form.index("</select>",
                                                              form.index('name="piano_die_3"'))]
    assert '<option value="3" selected>' in deadly
    assert '<option value="1"' not in deadly  # the 6 is above every rating of the side
    words = text(c)
    assert "I tuoi dadi: 1: ⚅6 2: ⚁2 3: ⚄5 4: ⚀1".replace(" ", "") in words.replace(" ", "")
    assert "Il piano dell'avversario: Approccio (Disciplina) Controllo (Forza) Ingaggio " \
        "mortale (Astuzia)" in words


def test_K3_to_K10_an_attack_played_through_the_pages(declared, rig):
    attack = play_first_attack(declared, rig)
    # K10: the attacker dealt 2 + 1 (its deadly engagement on the 2, its engagement) and took
    # 3 (the defender's deadly engagement without a die): not more, so the defender wins.
    assert attack.outcome == "defender_wins"
    state = state_of(attack.game)
    assert state.pieces("Gran Bretagna", REGION).fleets == 0  # K2: its fleet first
    assert state.pieces("Gran Bretagna", REGION).armies == 2
    assert state.pieces("Francia", REGION).forts == 0  # its fort first (integrity 3)
    assert state.pieces("Francia", REGION).armies == 2
    html = page(attack, "Austria")
    plans = box(html, "plan")
    assert "L'attaccante (Gran Bretagna) : punto forte Rapidità, punto debole Astuzia" in plans
    assert "3. Ingaggio mortale (Rapidità) — punto debole dell'avversario" in plans
    assert "Il difensore (Francia) : punto forte Disciplina e Forza, punto debole Astuzia e " \
        "Rapidità" in plans
    assert "1. Approccio (Disciplina) 2. Controllo (Forza)" in plans
    roll = box(html, "roll")
    assert "L'attaccante: ⚅⚁⚄⚀ 6 2 5 1" in roll and "Il difensore: ⚅⚅⚂⚀ 6 6 3 1" in roll
    again = box(html, "reroll_roll")
    assert "dado 1: 6 → 4" in again and "dado 2: 6 → 6" in again and "ora ⚃⚅⚂⚀ 4 6 3 1" in again
    assigned = box(html, "assign")
    assert "3. Ingaggio mortale (Rapidità): dado 2 (2)" in assigned
    # Francia's "best": the lowest faces that do (K6's ties: fewer dice, lower faces first).
    assert "1. Approccio (Disciplina): dado 4 (1) ⚀ 2. Controllo (Forza): dado 3 (3)" \
        in assigned and "3. Ingaggio mortale (Astuzia): nessun dado" in assigned
    steps = box(html, "damage")
    assert "1. Approccio (Astuzia): riesce (punto debole dell'avversario)" in steps
    assert "3. Ingaggio mortale (Rapidità) ⚁ : riesce (punto debole dell'avversario), 2 danni " \
        "inflitti" in steps  # its die's face (K9)
    assert "1. Approccio (Disciplina) ⚀ : riesce 2. Controllo (Forza) ⚂ : riesce" in steps
    assert "3. Ingaggio mortale (Astuzia): riesce (punto debole dell'avversario), 3 danni " \
        "inflitti" in steps
    result = box(html, "result")
    assert "La Gran Bretagna perde 1 flotta." in result and "La Francia perde 1 fortino." \
        in result
    words = text(html)
    assert "Danni subiti: l'attaccante 3, il difensore 3." in words


def test_K2_the_loss_order_form_says_what_each_order_loses(declared, rig):
    attack = play_to_assign(declared, rig)
    assert post(attack, "Gran Bretagna", "piano_assign", piano_die_3=2).status_code == 302
    assert post(attack, "Francia", "piano_assign", piano_best="1").status_code == 302
    words = text(page(attack, "Gran Bretagna"))
    assert "La tua parte subisce 3 danni: in quale ordine li prendono le tue unità?" in words
    assert "Armate, Flotte: perdi 1 armata" in words and "Flotte, Armate: perdi 1 flotta" \
        in words


def test_the_log_tells_the_attack_in_italian(declared, rig):
    attack = play_first_attack(declared, rig)
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=attack.game))
    for words in ("la Gran Bretagna ha fatto il suo piano.", "la Francia ha fatto il suo piano.",
                  "la Francia ritira 2 dadi: ora 4 6 3 1.",
                  "La Gran Bretagna perde 1 flotta.", "La Francia perde 1 fortino."):
        assert words.lower() in told.lower(), words
    for english in ("plan is", "assigns", "Damage", "steps"):
        assert english not in told, english



def test_K11_against_a_neutral_marker_only_the_attacker_plans(piano_game, rig):
    from guerra.game.models import Neutral
    from tests.game.attack_helpers import declare
    from tests.game.play_helpers import show_counter

    counter = show_counter(piano_game, REGION, reward="gold")
    defence = Neutral.objects.get(pk=counter.pk).defence
    attack = declare(piano_game, "Gran Bretagna", REGION, counter)
    attack.refresh_from_db()
    assert attack.node == "plan" and attack.awaiting == ["Gran Bretagna"]  # K11
    words = text(page(attack, "Gran Bretagna"))
    rating = min(6, max(1, defence))
    assert f"Il difensore: Disciplina {rating}, Astuzia {rating}, Rapidità {rating}, Forza " \
        f"{rating}; punto forte nessuno, punto debole nessuno." in words  # K7: neither
    rig([1, 1, 1, 1, 1, 1, 1, 1])
    assert send_plan(attack, "Gran Bretagna", (("approach", "rapidita"),
                                               ("engagement", "rapidita"))).status_code == 302
    attack.refresh_from_db()
    while not attack.finished:  # the rerolls (none) and the dice ("best"), then the end
        power = str(attack.awaiting[0])
        kind = {"reroll": "piano_reroll", "assign": "piano_assign",
                "losses": "piano_losses"}[attack.node]
        extra = {"piano_best": "1"} if kind == "piano_assign" else (
            {"piano_order": "army"} if kind == "piano_losses" else {})
        assert post(attack, power, kind, **extra).status_code == 302
        attack.refresh_from_db()
    html = page(attack, "Francia")
    plans = box(html, "plan")
    assert "1. Approccio (Rapidità) 2. Ingaggio (Rapidità)" in plans
    assert "Il difensore" in plans and "punto forte nessuno, punto debole nessuno" in plans
