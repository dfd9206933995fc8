"""The attack pages: who may act, what a repeated POST does, what each page costs."""

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from guerra.game import services
from guerra.game.models import Attack, DiceRoll, Game, GameStatus, Neutral
from guerra.game.read.attack import attack_visits
from guerra.rules.game import options
from tests.game.attack_helpers import declare, give_turn, region, rig, rules_text, seat
from tests.game.play_helpers import chatter, show_counter, state_of

__all__ = ["rig"]


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


def page_url(attack):
    return reverse("attack_page", args=[attack.game_id, attack.number])


def decide_url(attack):
    return reverse("attack_decide", args=[attack.game_id, attack.number])


@pytest.fixture
def naval_attack(running_game):
    """GB attacks Francia in North America: the attacker decides about the sea first."""
    return declare(running_game, "Gran Bretagna", "Nord America", "Francia")


def test_the_declaration_panel_shows_the_odds_before_declaring(running_game):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    url = reverse("attack_declare_panel", args=[running_game.pk])
    place = region(running_game, "Nord America")
    html = britain.get(
        url, {"regione": place.pk, "obiettivo": f"power-{seat(running_game, 'Francia').pk}"}
    ).content.decode()
    assert "Dichiara l'attacco (2 ori)" in html
    assert escape("Vince l'attaccante") in html and "%" in html
    # D1: in the German States, where Francia's ally Prussia and its enemy Gran Bretagna both
    # are, Francia is offered Gran Bretagna and never Prussia.
    give_turn(running_game, "Francia")
    francia = client_of(seat(running_game, "Francia").user)
    html = francia.get(url, {"regione": region(running_game, "Stati Tedeschi").pk}).content
    offered = html.decode().split('id="id_obiettivo"')[1].split("</select>")[0]
    assert "Gran Bretagna" in offered and "Prussia" not in offered


def test_declaring_through_htmx_redirects_to_the_attack_page(running_game):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    response = britain.post(
        reverse("attack_declare", args=[running_game.pk]),
        {
            "regione": region(running_game, "Nord America").pk,
            "obiettivo": f"power-{seat(running_game, 'Francia').pk}",
        },
        headers={"HX-Request": "true"},
    )
    attack = Attack.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == page_url(attack)


def test_a_bad_declaration_form_gets_an_italian_400(running_game):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    response = britain.post(
        reverse("attack_declare", args=[running_game.pk]), {"regione": "nord", "obiettivo": ""}
    )
    assert response.status_code == 400
    assert "Regione" in response.content.decode()
    assert seat(running_game, "Gran Bretagna").gold == 10


def test_the_awaited_player_gets_the_controls_and_the_others_do_not(naval_attack):
    game = naval_attack.game
    britain = client_of(seat(game, "Gran Bretagna").user)
    francia = client_of(seat(game, "Francia").user)
    mine = britain.get(page_url(naval_attack)).content.decode()
    assert "Affronta il combattimento navale" in mine
    other = francia.get(page_url(naval_attack)).content.decode()
    assert "Affronta il combattimento navale" not in other
    assert "In attesa di" in other and "Gran Bretagna" in other


def test_only_the_awaited_player_may_act(naval_attack):
    game = naval_attack.game
    francia = client_of(seat(game, "Francia").user)
    response = francia.post(
        decide_url(naval_attack), {"kind": "naval", "step": naval_attack.step, "fight": "1"}
    )
    assert response.status_code == 403
    assert "Questa decisione non spetta a te" in response.content.decode()
    naval_attack.refresh_from_db()
    assert naval_attack.awaiting == ["Gran Bretagna"]


def test_a_repeated_post_changes_nothing_and_says_so(naval_attack):
    game = naval_attack.game
    britain = client_of(seat(game, "Gran Bretagna").user)
    data = {"kind": "naval", "step": naval_attack.step, "fight": "1"}
    assert britain.post(decide_url(naval_attack), data).status_code == 302
    naval_attack.refresh_from_db()
    state, step = naval_attack.state, naval_attack.step
    again = britain.post(decide_url(naval_attack), data)
    assert again.status_code == 409
    repeat = escape(gettext("This decision has already been taken: reload the page."))
    assert repeat in again.content.decode()
    naval_attack.refresh_from_db()
    assert (naval_attack.state, naval_attack.step) == (state, step)


def test_an_htmx_refusal_comes_back_as_a_message_for_the_form(naval_attack):
    francia = client_of(seat(naval_attack.game, "Francia").user)
    response = francia.post(
        decide_url(naval_attack),
        {"kind": "naval", "step": naval_attack.step, "fight": "1"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 403
    html = response.content.decode()
    assert "<html" not in html  # just the message, for the form's error box
    assert "Questa decisione non spetta a te" in html


def test_malformed_decisions_get_a_400(naval_attack):
    britain = client_of(seat(naval_attack.game, "Gran Bretagna").user)
    for data, field in (
        ({"kind": "ballare", "step": 0}, "Decisione: Scegli un&#x27;opzione valida"),
        ({"kind": "naval", "step": -1}, "Passo: Inserisci un numero intero da 0"),
        ({"kind": "naval", "step": naval_attack.step}, "Combattimento navale: Questo campo"),
        ({"kind": "ally", "step": "x"}, "Passo: Inserisci un numero intero da 0"),
    ):
        response = britain.post(decide_url(naval_attack), data)
        assert response.status_code == 400
        assert field in response.content.decode(), data  # the field at fault is named
    naval_attack.refresh_from_db()
    assert naval_attack.awaiting == ["Gran Bretagna"]


def test_an_anonymous_visitor_is_sent_to_log_in(client, naval_attack):
    response = client.get(page_url(naval_attack))
    assert response.status_code == 302 and "/account/accedi/" in response["Location"]
    response = client.post(decide_url(naval_attack), {"kind": "naval", "step": 0, "fight": "1"})
    assert response.status_code == 302
    naval_attack.refresh_from_db()
    assert naval_attack.awaiting == ["Gran Bretagna"]


def test_a_player_of_another_game_gets_404_for_a_private_game(naval_attack, make_user, scenario):
    outsider = make_user("dario")
    services.game_create(
        user=outsider, scenario=scenario, name="Altra", is_private=False, power="Russia"
    )
    Game.objects.filter(pk=naval_attack.game_id).update(is_private=True)
    c = client_of(outsider)
    assert c.get(page_url(naval_attack)).status_code == 404
    assert (
        c.post(decide_url(naval_attack), {"kind": "naval", "step": 0, "fight": "1"}).status_code
        == 404
    )
    assert c.get(reverse("attack_list", args=[naval_attack.game_id])).status_code == 404
    assert c.get(reverse("dice_check", args=[naval_attack.game_id])).status_code == 404


def test_an_unknown_attack_is_404(running_game):
    c = client_of(running_game.created_by)
    assert c.get(reverse("attack_page", args=[running_game.pk, 42])).status_code == 404


def test_the_flowchart_marks_the_path_and_the_current_box(naval_attack):
    html = (
        client_of(seat(naval_attack.game, "Francia").user)
        .get(page_url(naval_attack))
        .content.decode()
    )
    assert 'id="node-attacker_naval_choice"' in html
    current = html.split('aria-current="step"')[0].rsplit("<div", 1)[1]
    assert "current" in current and "node-attacker_naval_choice" in current
    # declared → neutral? → allies → sea? → both fleets? → the attacker's naval choice
    assert html.count('class="edge taken"') == 5
    assert "Paga 2 ori" in html or "paga 2 ori" in html


def _attack_page_queries(attack, user):
    c = client_of(user)
    c.get(page_url(attack))
    with CaptureQueriesContext(connection) as queries:
        assert c.get(page_url(attack)).status_code == 200
    return len(queries)


def test_the_attack_page_query_count_does_not_grow_with_the_steps(naval_attack, rig):
    user = seat(naval_attack.game, "Francia").user
    early = _attack_page_queries(naval_attack, user)
    from tests.game.attack_helpers import decide

    decide(naval_attack, "Gran Bretagna", "naval", fight=True)
    decide(naval_attack, "Francia", "naval", fight=True)
    rig([3, 5, 2, 2, 1, 5, 1, 1])
    decide(naval_attack, "Gran Bretagna", "tiles", tiles=0)
    late = _attack_page_queries(naval_attack, user)
    assert late == early
    assert early <= 15


def test_the_attack_page_query_count_does_not_grow_with_the_log_and_the_chats(naval_attack):
    user = seat(naval_attack.game, "Francia").user
    chatter(naval_attack.game, 1)
    before = _attack_page_queries(naval_attack, user)
    chatter(naval_attack.game, 40)
    assert _attack_page_queries(naval_attack, user) == before


def test_history_steps_through_the_boxes_one_at_a_time(naval_attack):
    c = client_of(seat(naval_attack.game, "Francia").user)
    first = c.get(page_url(naval_attack), {"passo": 1}).content.decode()
    assert "Cronologia: casella 1 di" in first
    assert 'id="node-declared"' in first.split('aria-current="step"')[0].rsplit("<div", 1)[1]
    assert "Affronta il combattimento navale" not in first
    second = c.get(page_url(naval_attack), {"passo": 2}).content.decode()
    assert "node-is_neutral" in second.split('aria-current="step"')[0].rsplit("<div", 1)[1]


def test_the_attack_list_links_every_attack(naval_attack):
    html = (
        client_of(seat(naval_attack.game, "Prussia").user)
        .get(reverse("attack_list", args=[naval_attack.game_id]))
        .content.decode()
    )
    assert page_url(naval_attack) in html and "in corso" in html


def test_dice_check_recomputes_every_roll_once_the_seed_is_revealed(running_game, make_user):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    declare(running_game, "Gran Bretagna", "Nord America", neutral)  # the server's own dice
    rolls = DiceRoll.objects.filter(game=running_game).count()
    setup = DiceRoll.objects.filter(game=running_game, reason="setup").count()
    assert setup > 0 and rolls == setup + 4  # the setup's draws are rolls of the game too
    player = client_of(seat(running_game, "Francia").user)
    before = player.get(reverse("dice_check", args=[running_game.pk])).content.decode()
    assert running_game.dice_seed_hash in before
    assert running_game.dice_seed not in before

    staff = make_user("capo", staff=True)
    assert player.post(reverse("game_end", args=[running_game.pk])).status_code == 403
    response = client_of(staff).post(reverse("game_end", args=[running_game.pk]))
    assert response.status_code == 302
    running_game.refresh_from_db()
    assert running_game.status == GameStatus.FINISHED
    after = player.get(reverse("dice_check", args=[running_game.pk])).content.decode()
    assert running_game.dice_seed in after
    assert f"Tutti i lanci ricalcolati dal seme corrispondono: {rolls} su {rolls}" in after
    assert after.count("✔") >= rolls + 1


def test_dice_check_notices_a_roll_that_does_not_match(running_game, make_user):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    declare(running_game, "Gran Bretagna", "Nord America", neutral)
    roll = DiceRoll.objects.filter(game=running_game, attack__isnull=False).first()
    DiceRoll.objects.filter(pk=roll.pk).update(face=roll.face % 6 + 1)
    services.game_end(game_id=running_game.pk, user=make_user("capo", staff=True))
    html = (
        client_of(seat(running_game, "Francia").user)
        .get(reverse("dice_check", args=[running_game.pk]))
        .content.decode()
    )
    assert "Alcuni lanci non corrispondono al seme" in html


def test_G35_passing_uses_an_action_and_a_repeated_pass_is_refused(running_game):
    state = give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    data = {"passo": state.step}
    assert britain.post(reverse("turn_pass", args=[running_game.pk]), data).status_code == 302
    again = britain.post(reverse("turn_pass", args=[running_game.pk]), data)
    assert again.status_code == 409
    stale = rules_text("This was sent for step {given} of the game, which is now at step "
                       "{current}: reload the page.", given=str(state.step),
                       current=state.step + 1)
    assert escape(stale) in again.content.decode()
    turn = state_of(running_game).turn
    assert turn is not None and (turn.power, turn.done) == ("Gran Bretagna", 1)


def test_the_board_offers_to_attack_from_the_regions_of_the_player_whose_turn_it_is(
    running_game,
):
    give_turn(running_game, "Gran Bretagna")
    board = reverse("game_board", args=[running_game.pk])
    html = client_of(seat(running_game, "Gran Bretagna").user).get(board).content.decode()
    here = reverse("attack_declare_panel", args=[running_game.pk]) + "?regione="
    # Each region where the rules would take Gran Bretagna's declaration (its armies or fleets
    # there, and an enemy or a neutral counter to attack); nobody else gets the links. From the
    # quick start's positions: Gran Bretagna has units in these four regions, and Francia, its
    # enemy, is in each of them.
    regions = ("Stati Tedeschi", "Nord America", "Caraibi", "India")
    assert html.count(here) == len(regions)
    for name in regions:
        assert f"{here}{region(running_game, name).pk}" in html
    assert {a.region for a in options.attacks(state_of(running_game), "Gran Bretagna")} == set(
        regions)
    other = client_of(seat(running_game, "Francia").user).get(board).content.decode()
    assert here not in other


def test_M1_the_attacker_sees_the_odds_of_fighting_at_sea_and_of_not_fighting(naval_attack):
    game = naval_attack.game
    page = client_of(seat(game, "Gran Bretagna").user).get(page_url(naval_attack))
    html = page.content.decode()
    assert "Se combatti in mare" in html and "Se non combatti in mare" in html
    view = page.context["view"]
    (fight_label, fight), (stay_label, stay) = view.choice_odds
    assert (fight_label, stay_label) == ("Se combatti in mare", "Se non combatti in mare")
    for option in (fight, stay):
        assert sum(row.percent for row in option.rows) == pytest.approx(100)
    # Fighting is the default (M1), so the odds "from here" are those of fighting; not fighting
    # leaves the sea to the defender and changes them.
    assert view.odds == fight
    assert stay != fight
    # Francia, not awaited, gets the odds from here but no options.
    other = client_of(seat(game, "Francia").user).get(page_url(naval_attack)).context["view"]
    assert other.choice_odds == [] and other.odds == fight


def test_A3_the_default_odds_count_an_undecided_ally_as_declining(running_game):
    """Nobody answering is a decline (A3): the odds "with the default choices" are those of
    the invited ally staying out, not those of the ally committing everything."""
    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]
    ally = client_of(seat(running_game, "Prussia").user).get(page_url(attack)).context["view"]
    (commit_label, commit), (out_label, out) = ally.choice_odds
    assert (commit_label, out_label) == ("Se impegni tutte le tue unità", "Se resti fuori")
    # Prussia's units defend with Francia.
    assert commit.percent("defender_wins") > out.percent("defender_wins")
    for power in ("Gran Bretagna", "Francia", "Prussia"):
        view = client_of(seat(running_game, power).user).get(page_url(attack)).context["view"]
        assert view.odds == out, power


def test_M1_the_attackers_decision_is_asked_on_every_page_of_the_game_with_its_countdown(
        naval_attack):
    """The board, the market, the attack list: each shows the awaited attacker the prompt with
    the buttons, the countdown and the odds of each option; the attack's own page asks in its
    panel only; nobody else gets the prompt."""
    game = naval_attack.game
    britain = client_of(seat(game, "Gran Bretagna").user)
    for url in (reverse("game_board", args=[game.pk]), reverse("tile_market", args=[game.pk]),
                reverse("attack_list", args=[game.pk]),
                reverse("ally_prompts_part", args=[game.pk])):
        html = britain.get(url).content.decode()
        assert 'id="decision-prompt-1"' in html, url
        assert "L'attacco n. 1 in Nord America aspetta la tua decisione" in html, url
        assert "Affronta il combattimento navale" in html and 'class="deadline"' in html, url
        assert "Se non combatti in mare" in html, url
    own = britain.get(page_url(naval_attack)).content.decode()
    assert 'id="decision-prompt-1"' not in own and own.count("Affronta il combattimento") == 1
    part = britain.get(reverse("ally_prompts_part", args=[game.pk]) + "?tranne=1")
    assert 'id="decision-prompt-1"' not in part.content.decode()
    francia = client_of(seat(game, "Francia").user)
    assert 'id="decision-prompt' not in francia.get(reverse("game_board", args=[game.pk])
                                                     ).content.decode()


def test_M1_answering_from_the_prompt_decides_and_the_prompt_moves_to_the_next_decider(
        naval_attack):
    game = naval_attack.game
    britain = client_of(seat(game, "Gran Bretagna").user)
    answer = britain.post(decide_url(naval_attack),
                          {"kind": "naval", "step": naval_attack.step, "fight": "1"},
                          HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ally-prompts")
    assert answer.status_code == 200
    assert 'id="ally-prompts"' in answer.content.decode()
    assert 'id="decision-prompt-1"' not in answer.content.decode()
    naval_attack.refresh_from_db()
    assert naval_attack.awaiting == ["Francia"]
    francia = client_of(seat(game, "Francia").user)
    html = francia.get(reverse("game_board", args=[game.pk])).content.decode()
    assert "Accetta il combattimento navale" in html and "Se rifiuti" in html


def test_history_shows_the_forces_and_the_sea_as_they_were_at_that_box(naval_attack, rig):
    """Stepping back to the declaration shows the units each side had then, not what is left;
    after the naval battle the history shows who got naval support, as it was then."""
    from tests.game.attack_helpers import decide, holding

    game = naval_attack.game
    before = {p: holding(game, p, "Nord America") for p in ("Gran Bretagna", "Francia")}
    decide(naval_attack, "Gran Bretagna", "naval", fight=True)
    decide(naval_attack, "Francia", "naval", fight=True)
    rig([6, 1, 2, 2, 1, 5, 1, 1, 1, 1])  # GB +5 at sea against Francia's +0: GB wins at sea
    decide(naval_attack, "Gran Bretagna", "tiles", tiles=0)
    c = client_of(seat(game, "Francia").user)
    now = c.get(page_url(naval_attack)).context["view"]
    then = c.get(page_url(naval_attack), {"passo": 1}).context["view"]
    declared = {row["power"]: (row["armies"], row["fleets"], row["forts"]) for row in then.summary}
    assert declared == {p: (h.armies, h.fleets, h.forts) for p, h in before.items()}
    left = {row["power"]: (row["armies"], row["fleets"], row["forts"]) for row in now.summary}
    assert left["Francia"][1] == before["Francia"].fleets - 1  # M3: the loser at sea loses a fleet
    support = "Supporto navale: Gran Bretagna"  # M3: the winner at sea (the attacker)
    assert support not in then.notes and support in now.notes
    boxes = [v.node for v in attack_visits(naval_attack)]
    at_land = boxes.index("land_battle") + 1
    shown = c.get(page_url(naval_attack), {"passo": at_land}).context["view"]
    assert support in shown.notes
    fleets = {r["power"]: r["fleets"] for r in shown.summary}
    assert fleets["Francia"] == before["Francia"].fleets - 1


def test_L3_the_page_of_a_finished_attack_names_the_winner_and_its_side(naval_attack, rig):
    from tests.game.attack_helpers import decide

    rig([1, 1, 6, 2])  # land: GB +0 against Francia +4: Francia holds; the attacker loses an army
    decide(naval_attack, "Gran Bretagna", "naval", fight=False)  # the sea goes to Francia (M1)
    naval_attack.refresh_from_db()
    assert naval_attack.finished and naval_attack.outcome == "defender_wins"
    html = client_of(seat(naval_attack.game, "Prussia").user).get(page_url(naval_attack))
    assert escape("L'attacco è concluso: vince la Francia (difensore).") in html.content.decode()


def _declare_panel(game, power, region_name, target):
    give_turn(game, power)
    key = (f"neutral-{target.pk}" if not isinstance(target, str)
           else f"power-{seat(game, target).pk}")
    page = client_of(seat(game, power).user).get(
        reverse("attack_declare_panel", args=[game.pk]),
        {"regione": region(game, region_name).pk, "obiettivo": key})
    return page.context["declare"], page.content.decode()


def test_M8_the_panel_warns_before_paying_that_fleets_alone_never_reach_the_land_battle(
        running_game):
    from tests.game.play_helpers import set_pieces

    set_pieces(running_game, "Gran Bretagna", "Nord America", armies=0, fleets=2)
    set_pieces(running_game, "Francia", "Nord America", armies=1, fleets=1, markers=1)
    panel, html = _declare_panel(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert panel.warnings == [
        "La Gran Bretagna non ha armate proprie in Nord America: l'attacco finirà dopo il "
        "combattimento navale, senza combattimento terrestre né cambio di controllo."]
    assert 'class="warning-box"' in html and "Dichiara l'attacco (2 ori)" in html


def test_L8_the_panel_warns_that_a_target_without_markers_gives_no_control(running_game):
    from tests.game.play_helpers import set_pieces

    set_pieces(running_game, "Gran Bretagna", "Nord America", armies=2, fleets=0)
    set_pieces(running_game, "Francia", "Nord America", armies=1, fleets=0, markers=0)
    panel, _html = _declare_panel(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert panel.warnings == [
        "La Francia non ha pedine controllo in Nord America: vincendo non si prende il "
        "controllo, ma le perdite restano."]
    set_pieces(running_game, "Francia", "Nord America", markers=1)
    panel, _html = _declare_panel(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert panel.warnings == []  # an attack that can take control: nothing to say


def test_N3_the_neutral_targets_show_their_defence_and_reward(running_game):
    counter = show_counter(running_game, "Nord America", reward="gold")
    panel, html = _declare_panel(running_game, "Gran Bretagna", "Nord America", counter)

    def said(n):  # the Italian, by hand, of each counter the game drew there
        reward = {"gold": f"premio {n.amount} {'oro' if n.amount == 1 else 'ori'}",
                  "vp": f"premio {n.amount} PV", "none": "nessun premio"}[n.reward_kind]
        return f"Pedina neutrale: difesa {n.defence}, {reward}"

    shown = {t.neutral.pk: t.label for t in panel.targets if t.neutral}
    assert shown[counter.pk] == said(counter) and said(counter) in html
    assert all(label == said(Neutral.objects.get(pk=pk)) for pk, label in shown.items())
    assert panel.warnings == []


def naval_odds(view):
    """The naval battle's own odds beside those from here (seed 004's adapter gives them)."""
    return next((odds for key, _caption, odds in view.extra_odds if key == "naval"), None)


def test_M1_the_attack_page_shows_the_naval_battles_own_odds_until_it_is_fought(naval_attack,
                                                                               rig):
    from tests.game.attack_helpers import decide

    c = client_of(seat(naval_attack.game, "Prussia").user)
    before = c.get(page_url(naval_attack))
    naval = naval_odds(before.context["view"])
    assert naval is not None and naval.percent("ended_before_land") == 0  # fought (M1, S4)
    assert [row.outcome for row in naval.rows] == ["attacker_wins", "tie", "defender_wins"]
    assert sum(row.percent for row in naval.rows) == pytest.approx(100)
    assert "Il combattimento navale" in before.content.decode()
    decide(naval_attack, "Gran Bretagna", "naval", fight=True)
    decide(naval_attack, "Francia", "naval", fight=True)
    rig([6, 1, 2, 2, 1, 5, 1, 1, 1, 1])
    decide(naval_attack, "Gran Bretagna", "tiles", tiles=0)
    assert naval_odds(c.get(page_url(naval_attack)).context["view"]) is None  # fought


def test_the_odds_of_one_step_are_computed_once_and_shared_by_every_viewer(naval_attack,
                                                                          monkeypatch):
    from guerra.game.procedures import odds_cache, seed004

    calls = []
    real = seed004.odds_from_state

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(seed004, "odds_from_state", counted)
    odds_cache.clear_odds_cache()
    game = naval_attack.game
    prussia = client_of(seat(game, "Prussia").user)
    assert prussia.get(page_url(naval_attack)).status_code == 200
    first = len(calls)
    assert first >= 1
    for power in ("Prussia", "Francia", "Prussia"):  # no answer is secret at this box
        client_of(seat(game, power).user).get(page_url(naval_attack))
    assert len(calls) == first


def test_G34_while_its_attack_awaits_a_decision_the_turn_box_asks_for_it_not_for_an_action(
        naval_attack):
    game = naval_attack.game
    html = client_of(seat(game, "Gran Bretagna").user).get(
        reverse("game_turn_part", args=[game.pk])).content.decode()
    assert "L'attacco attende una tua decisione." in html
    assert "Dichiara un attacco" not in html and "È il tuo turno." not in html


def test_the_flowchart_of_one_step_is_drawn_once_and_shared_by_every_viewer(naval_attack):
    """The chart, its path and its dice are the same for everyone at a step of the attack:
    the first page draws it, every other viewer's page reuses the drawing, the next step draws
    it again (with the path it took), and so does a look back at an earlier box."""
    from tests.game.attack_helpers import decide

    game = naval_attack.game

    def drew_the_chart(power, url=None):
        response = client_of(seat(game, power).user).get(url or page_url(naval_attack))
        assert response.status_code == 200 and 'class="chart-edges"' in response.content.decode()
        return "game/_flowchart.html" in [t.name for t in response.templates]

    assert drew_the_chart("Prussia")
    assert not drew_the_chart("Francia") and not drew_the_chart("Gran Bretagna")
    decide(naval_attack, "Gran Bretagna", "naval", fight=True)  # the next step
    assert drew_the_chart("Francia")
    assert not drew_the_chart("Prussia")
    assert drew_the_chart("Prussia", page_url(naval_attack) + "?passo=1")  # an earlier box


def test_the_flowchart_s_pixels_are_never_written_with_a_decimal_comma():
    """Italian writes 12,5; CSS and SVG read 12.5. The chart's geometry is whole numbers today,
    but a half pixel must never break the drawing."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from guerra.game.procedures.chart import ChartView

    half_pixels: Any = (812.5, 40.25)  # not what the layout makes today: what it may
    chart = ChartView(boxes=[], edges=[], width=half_pixels[0], height=half_pixels[1],
                      current=None)
    with translation.override("it"):
        html = render_to_string("game/_flowchart.html", {"chart": chart})
    assert 'style="width: 812.5px; height: 40.25px"' in html
    assert 'width="812.5"' in html
    assert "812,5" not in html


def test_a_step_s_flowchart_is_laid_out_for_its_first_viewer_only(naval_attack, monkeypatch):
    from django.core.cache import cache

    from guerra.game.read import attack as attack_view

    laid_out: list[int] = []
    lay_out = attack_view.chart_view

    def counted(*args: Any, **kwargs: Any) -> Any:
        laid_out.append(1)
        return lay_out(*args, **kwargs)

    monkeypatch.setattr(attack_view, "chart_view", counted)
    cache.clear()
    francia = client_of(seat(naval_attack.game, "Francia").user)
    prussia = client_of(seat(naval_attack.game, "Prussia").user)
    first = francia.get(page_url(naval_attack)).content.decode()
    assert laid_out == [1] and 'id="node-attacker_naval_choice"' in first
    again = prussia.get(page_url(naval_attack)).content.decode()
    assert laid_out == [1]  # the drawing was kept: no layout for it
    assert 'id="node-attacker_naval_choice"' in again
    assert francia.get(page_url(naval_attack) + "?passo=1").status_code == 200
    assert laid_out == [1, 1]  # another box shown: another drawing


@pytest.mark.parametrize("name", ["seed004", "d10"])
def test_a_straight_arrow_s_words_are_written_beside_it_not_across_it(name):
    """The label's halo (a stroke of the card's colour) would cut the arrow where it crosses
    it: on a straight arrow down, the words start just right of the line."""
    from django.template.loader import render_to_string

    from guerra.game.procedures.chart import chart_view
    from guerra.rules.registry import get_procedure

    chart = chart_view(get_procedure(name), [], translate=str, describe=str)
    straight = [e for e in chart.edges if e.label and " H" not in e.path]
    assert straight, "no labelled straight arrow to look at"
    for edge in straight:
        line_x = int(edge.path.split(",")[0].removeprefix("M"))
        assert edge.anchor == "start" and edge.label_x > line_x, edge
    html = render_to_string("game/_flowchart.html", {"chart": chart})
    assert f'text-anchor="start">{straight[0].label}</text>' in html


def test_a_branch_to_the_next_row_turns_in_the_gap_above_that_row_and_the_path_is_drawn_last():
    """A short box sits lower in a row made tall by its neighbour's events: the arrow to it
    turns in the space between the rows, never behind the tall box, and the grey arrow that
    shares a stretch with the path taken is drawn under it."""
    from guerra.game.procedures.chart import Visit, chart_view
    from guerra.rules.registry import get_procedure

    text = "Il combattimento terrestre finisce in pareggio. " * 6  # a tall land battle box
    path = ["declared", "is_neutral", "allies", "has_sea", "attacker_has_army", "land_battle"]
    visits = [Visit(node, ({"type": "note", "text": text},) if node == "land_battle" else ())
              for node in path]
    chart = chart_view(get_procedure("seed004"), visits, translate=str, describe=str)
    boxes = {box.node.id: box for box in chart.boxes}
    tall, short = boxes["land_battle"], boxes["ended_without_land"]
    assert short.y > tall.y  # the short box sits lower in the tall row
    above = boxes["attacker_has_army"]
    turns = [e for e in chart.edges if e.label == "no" and e.path.startswith(
        f"M{above.x + above.width // 2},{above.y + above.height}")]
    (turn,) = turns
    turn_y = int(turn.path.split(" V")[1].split(" ")[0])
    assert above.y + above.height < turn_y < tall.y, turn.path
    assert [e.taken for e in chart.edges] == sorted(e.taken for e in chart.edges)
    assert chart.edges[-1].taken
