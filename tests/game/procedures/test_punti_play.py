# ruff: noqa: F811 (the fixtures imported from punti_helpers are the tests' parameters)
"""A game played with the combat system "punti" (procedures/punti.md) through the pages: an
attack from its declaration to its end with an attacking ally from a linked region (E3/E4), a
defending ally (E5), a damage spread chosen by hand (E8), a retreat (E9), a counter-attack (E10)
whose damage the attacker spreads, and the result (E11); each decision shown to its player
only, live on whatever page of the game it is. The table: tests/game/procedures/punti_helpers.py.
"""

from __future__ import annotations

import re

from guerra.game.models import Game, GameEvent
from guerra.game.read.invitations import prompts_for
from tests.game.attack_helpers import holding, seat
from tests.game.play_helpers import state_of
from tests.game.procedures.punti_helpers import (  # noqa: F401 (fixtures)
    ATTACK_DICE,
    COUNTER_DICE,
    REGION,
    board,
    declared,
    page,
    post,
    punti_game,
    quick_odds,
    rig,
    text,
)


def test_E1_to_E11_an_attack_played_through_the_pages_to_its_end(declared, rig):
    attack, game = declared, declared.game
    assert attack.procedure == "punti" and attack.node == "attack_reinforcements"
    assert attack.awaiting == ["Gran Bretagna"] and attack.deadline is not None

    # E3/E4: the attacker's form shows the units that may reinforce it: Austria's two armies
    # one land link away; Prussia's army (the defender's ally) is not offered to it.
    html = page(attack, "Gran Bretagna")
    words = text(html)
    assert 'value="name_groups"' in html and 'name="armies_1"' in html
    assert "Austria (alleata) · in Europa Centrale" in words
    assert "Stima su 200 battaglie, ±" in words  # the odds, with their sample size
    assert "Se nomini tutte le unità e ogni alleato accetta" in words
    # Its deadline and its default.
    assert 'class="deadline" data-deadline="' in html
    assert "Allo scadere del tempo non arriva nessun rinforzo." in words
    for other in ("Francia", "Prussia", "Austria"):
        assert 'value="name_groups"' not in page(attack, other)
    # Live on whatever page of the game: the board's prompt has the same form.
    assert "Nomina questi rinforzi" in board(game, "Gran Bretagna")
    assert "Nomina questi rinforzi" not in board(game, "Austria")
    response = post(attack, "Gran Bretagna", "name_groups", armies_1=2)
    assert response.status_code == 302
    attack.refresh_from_db()
    assert attack.node == "attack_consent" and attack.awaiting == ["Austria"]

    # E4: Austria answers in its own window, from the prompt on whatever page it is.
    invited = GameEvent.objects.filter(kind="ally_invited")
    assert [e.seat.power for e in invited] == ["Austria"]
    [prompt] = prompts_for(Game.objects.get(pk=game.pk), seat(game, "Austria"))
    assert (prompt.kind, prompt.side, prompt.max_armies) == ("consent", "attacker", 2)
    assert prompt.odds_with.samples == 200
    austria_board = text(board(game, "Austria"))
    assert ("La Gran Bretagna chiede come rinforzo dell'attacco le tue unità in Europa "
            "Centrale: 2 armate.") in austria_board
    assert "Accetto: le mie unità si uniscono" in austria_board
    for other in ("Francia", "Prussia", "Gran Bretagna"):
        assert "Accetto: le mie unità si uniscono" not in text(board(game, other))
    # On the attack's page too, in its decision panel; nobody else has it.
    assert 'name="consent" value="1"' in page(attack, "Austria")
    assert 'name="consent"' not in page(attack, "Prussia")
    assert post(attack, "Austria", "consent", consent="1").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "defence_reinforcements" and attack.awaiting == ["Francia"]

    # E5: the defender names Prussia's army in the region; Prussia agrees.
    html = page(attack, "Francia")
    assert "Prussia (alleata) · nella regione" in text(html)
    assert post(attack, "Francia", "name_groups", armies_1=1).status_code == 302
    attack.refresh_from_db()
    assert attack.awaiting == ["Prussia"]
    rig(ATTACK_DICE)
    assert post(attack, "Prussia", "consent", consent="1").status_code == 302

    # E6/E7: ten dice against the fort's 5; four hits. E8: Francia spreads them by hand.
    attack.refresh_from_db()
    assert attack.node == "damage" and attack.awaiting == ["Francia"]
    html = page(attack, "Francia")
    assert 'value="damage"' in html
    assert "La distribuzione predefinita è già inserita: vale quella allo scadere" in html
    # The default (armies first, the least health first) is filled in: 2 and 2 on the armies.
    assert re.search(r'name="points_1" min="0" max="2" value="2"', html)
    assert re.search(r'name="points_3" min="0" max="3" value="0"', html)
    assert 'value="damage"' not in page(attack, "Gran Bretagna")
    assert "Assegna i danni" in board(game, "Francia")
    assert "Assegna i danni" not in board(game, "Prussia")
    assert post(attack, "Francia", "damage", points_1=2, points_2=1,
                points_3=1).status_code == 302

    # E9: the primary defender has 3 of its 7 health left: its army retreats, the fort stays.
    attack.refresh_from_db()
    assert attack.node == "retreat" and attack.awaiting == ["Francia"]
    html = page(attack, "Francia")
    assert "Nella tua madrepatria" in html and "Ritirata nel Baltico" in html
    assert post(attack, "Francia", "retreat", retreat_to=1).status_code == 302  # Baltico

    # E10: the fort still stands: Francia counter-attacks; the attacker spreads the damage.
    attack.refresh_from_db()
    assert attack.node == "counter_attack" and attack.awaiting == ["Francia"]
    words = text(page(attack, "Francia"))
    assert "Contrattacchi? Tiri 5 dadi" in words
    assert "Allo scadere del tempo contrattacchi." in words
    # E10 strikes the attacker only, while the defender holds the region: who holds it is the
    # same either way, so no "if you do / do not" odds are put side by side.
    assert "Se non contrattacchi" not in words
    rig(COUNTER_DICE)
    assert post(attack, "Francia", "counter_attack", counter="1").status_code == 302
    attack.refresh_from_db()
    assert attack.node == "counter_damage" and attack.awaiting == ["Gran Bretagna"]
    html = page(attack, "Gran Bretagna")
    assert "Il contrattacco infligge 2 punti di danno" in text(html)
    assert post(attack, "Gran Bretagna", "damage", points_1=1, points_2=1).status_code == 302

    # E11: the fort holds the region for Francia.
    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "defender_wins"
    kept = holding(game, "Francia", REGION)
    assert (kept.armies, kept.forts, kept.control_markers) == (0, 1, 1)
    assert holding(game, "Francia", "Baltico").armies == 1
    assert holding(game, "Gran Bretagna", REGION).armies == 3
    state = state_of(game)
    assert state.power("Francia").unrest == 1  # the army destroyed; the retreat costs none
    assert state.power("Gran Bretagna").unrest == 0
    # The result box says who won, in Italian.
    assert "La Francia tiene la regione." in text(page(attack, "Prussia"))
