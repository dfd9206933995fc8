# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""A game played with "finestre" (procedures/finestre.md) through the pages: an attack from its
declaration to its end with a tactic countered and the counter countered (W4), a change of
combatants (W6), an Imboscata (W7), a Rinforzo (W12), a Salvataggio (W14) and a loss whose
kind its owner chooses (W15); a second attack ended by a Ritirata (W8). Each call reaches its
player live on whatever page of the game it is. The table: finestre_helpers.py."""

from __future__ import annotations

from guerra.game.models import Game
from guerra.game.read.invitations import decision_prompts_for
from tests.game.attack_helpers import seat
from tests.game.play_helpers import give_turn, state_of
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    REGION,
    SECOND_HANDS,
    awaited,
    board,
    call,
    dealt,
    declare,
    declared,
    finestre_game,
    finestre_registered,
    page,
    play_calls,
    play_first_attack,
    post,
    rig,
    text,
)


def test_W3_to_W16_an_attack_played_through_the_pages_to_its_end(declared, rig):
    attack, game = declared, declared.game
    assert attack.procedure == "finestre" and attack.node == "W4"
    assert attack.awaiting == ["Gran Bretagna"] and attack.deadline is not None

    # W4: the attacker announces; its form, its default, its hand (its own only).
    html = page(attack, "Gran Bretagna")
    words = text(html)
    assert 'value="finestre_tactic"' in html and "Assalto" in words
    assert "Allo scadere del tempo non annunci nessuna tattica." in words
    assert "La tua mano: 3 carte" in words and "Imboscata" in words
    for other in ("Francia", "Prussia", "Austria"):
        assert 'value="finestre_tactic"' not in page(attack, other)
    assert "Assalto" in text(board(game, "Gran Bretagna"))  # the prompt, on any page
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302

    # W3/W4: the attacker first, then the defender, then the others in turn order; Francia
    # counters the tactic, Austria counters the counter: the tactic stands.
    attack.refresh_from_db()
    assert attack.awaiting == ["Gran Bretagna"]
    html = page(attack, "Francia")
    assert 'value="finestre_call"' not in html  # not its call yet
    callers = play_calls(attack, "W4", {"Francia": "Contrordine", "Austria": "Contrordine"})
    assert callers == ["Gran Bretagna", "Francia", "Prussia", "Austria", "Gran Bretagna",
                       "Francia", "Prussia", "Austria"]
    attack.refresh_from_db()
    assert attack.node == "W5" and attack.awaiting == ["Francia"]

    # W5: the defender's position, then W6: Francia hands the command to Prussia.
    assert post(attack, "Francia", "finestre_position", from_forts="1").status_code == 302
    play_calls(attack, "W5")
    attack.refresh_from_db()
    assert attack.node == "W6" and awaited(attack) == "Francia"
    words = text(page(attack, "Francia"))
    assert "Gioca Cambio al comando: Prussia prende il comando" in words
    assert call(attack, "Francia", "Cambio al comando", ally=1).status_code == 302
    play_calls(attack, "W6")
    attack.refresh_from_db()
    assert attack.node == "W4" and attack.awaiting == ["Gran Bretagna"]  # W4.2
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="none").status_code == 302
    play_calls(attack, "W4")
    play_calls(attack, "W6")  # W6.2 (Prussia has no fort: no W5.2)

    # W7: Gran Bretagna's Imboscata.
    play_calls(attack, "W7a", {"Gran Bretagna": "Imboscata"})
    rig([6, 1])  # W11: the attacker's die, then the defender's
    for node in ("W7d", "W8a", "W8d", "W9a", "W9d", "W10a", "W10d"):
        play_calls(attack, node)
    attack.refresh_from_db()
    assert attack.node == "W12"
    # W12: Austria's Rinforzo. (Passes until then were each asked and answered.)
    play_calls(attack, "W12", {"Austria": "Rinforzo"})
    attack.refresh_from_db()
    assert attack.node == "W14a"
    play_calls(attack, "W14a", {"Prussia": "Salvataggio"})
    play_calls(attack, "W14d")
    attack.refresh_from_db()
    assert attack.node == "loss_choice" and attack.awaiting == ["Prussia"]
    words = text(page(attack, "Prussia"))
    assert "Armata" in words and "Flotta" in words
    assert post(attack, "Prussia", "finestre_loss", unit_kind="fleet").status_code == 302
    attack.refresh_from_db()
    assert attack.finished
    state = state_of(game)
    prussia = state.pieces("Prussia", REGION)
    assert (prussia.armies, prussia.fleets) == (1, 0)
    assert "vince" in text(page(attack, "Gran Bretagna")).lower()


def test_W3_each_call_reaches_its_player_live_on_any_page(declared):
    attack, game = declared, declared.game
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    assert call(attack, "Gran Bretagna").status_code == 302  # Passo
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"] and attack.deadline is not None
    [prompt] = decision_prompts_for(Game.objects.get(pk=game.pk), seat(game, "Francia"))
    assert prompt.control.kind == "finestre_call"
    words = text(board(game, "Francia"))
    assert "Gioca Contrordine" in words and "Passo" in words
    assert "Ogni chiamata ha un quarto del tempo di una decisione, almeno 30 secondi: allo " \
        "scadere, passi." in words
    # W3: only a counter may answer the announcement: Artiglieria and Cambio al comando are
    # in its hand, shown, but not offered.
    assert "Gioca Artiglieria" not in words and "La tua mano: 3 carte" in words
    for other in ("Gran Bretagna", "Prussia", "Austria"):
        assert not decision_prompts_for(Game.objects.get(pk=game.pk), seat(game, other))
        assert "Gioca Contrordine" not in text(board(game, other))


def test_W8_a_second_attack_ended_by_a_ritirata(declared, dealt, rig):
    attack, game = declared, declared.game
    play_first_attack(attack, rig)
    dealt(SECOND_HANDS)
    give_turn(game, "Gran Bretagna")
    second = declare(game, "Gran Bretagna", REGION, "Francia")
    assert second.number == 2 and second.node == "W4"
    assert post(second, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    play_calls(second, "W4")
    assert post(second, "Francia", "finestre_position", from_forts="0").status_code == 302
    for node in ("W5", "W6", "W7a", "W7d"):
        play_calls(second, node)
    second.refresh_from_db()
    assert second.node == "W8a"
    play_calls(second, "W8a", {"Francia": "Ritirata"})
    second.refresh_from_db()
    assert second.finished and second.node == "ended_by_retreat"
    words = text(page(second, "Prussia"))
    assert "Combattimento finito per una Ritirata" in words
    # W8: no dice, no losses: the units are as they were.
    assert state_of(game).pieces("Francia", REGION).armies == 2
