"""A game played with the combat system "d10" (procedures/d10.md) through the services and
pages: the choice at creation, reinforcements asked one at a time with their own deadlines and
prompts, losses chosen, the exchanges drawn with ten-sided dice, control, and the dice check.

The table: Francia and Prussia (alliance A) against Gran Bretagna and Austria (alliance B), in
that turn order. In the German States Gran Bretagna (3 armies) attacks Francia (3 armies and a
control marker); Prussia (2 armies) may defend, Austria (2 armies) may attack. P4 asks them in
turn order after the attacker: Prussia first, then Austria.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from guerra.game import services
from guerra.game.models import (
    Attack,
    DiceRoll,
    Game,
    GameEvent,
    Holding,
    Scenario,
    ScenarioPower,
    Visibility,
)
from guerra.game.read.invitations import prompts_for
from guerra.game.services.play import expire_due
from tests.game.attack_helpers import decide, declare, holding, rig, seat, site_says
from tests.game.play_helpers import finish_auction, set_pieces, state_of

__all__ = ["rig"]  # the fixture

REGION = "Stati Tedeschi"


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def d10_game(make_user, scenario):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=scenario, name="Dieci", is_private=False,
                                power="Francia", procedure="d10")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power, counts in (("Gran Bretagna", {"armies": 3}), ("Austria", {"armies": 2}),
                          ("Francia", {"armies": 3, "markers": 1}), ("Prussia", {"armies": 2})):
        set_pieces(game, power, REGION, **{"fleets": 0, "forts": 0, "markers": 0, **counts})
    game.refresh_from_db()
    return game


@pytest.fixture
def asked(d10_game, rig):
    """The first exchange fought (Gran Bretagna 10 10 1 against Francia 9 9 5: two pairs to
    one), and Prussia asked."""
    rig([10, 10, 1, 9, 9, 5])
    return declare(d10_game, "Gran Bretagna", REGION, "Francia")


def page(attack: Attack, power: str):
    return client_of(seat(attack.game, power).user).get(attack.get_absolute_url()).content.decode()


def test_G34_the_game_keeps_the_combat_system_chosen_at_its_creation(d10_game):
    assert d10_game.procedure == "d10"
    assert state_of(d10_game).scenario.procedure == "d10"
    board = client_of(seat(d10_game, "Francia").user).get(
        reverse("game_board", args=[d10_game.pk])).content.decode()
    assert "combattimento: Dadi a dieci, a coppie" in board


def test_G34_a_game_takes_its_scenarios_combat_system_unless_another_is_chosen(make_user,
                                                                               scenario):
    Scenario.objects.filter(pk=scenario.pk).update(procedure="d10")
    scenario.refresh_from_db()
    anna = make_user("anna")
    plain = services.game_create(user=anna, scenario=scenario, name="A", is_private=False,
                                 power="Francia")
    other = services.game_create(user=anna, scenario=scenario, name="B", is_private=False,
                                 power="Francia", procedure="seed004")
    assert (plain.procedure, other.procedure) == ("d10", "seed004")
    with pytest.raises(services.GameError, match="non è un sistema di combattimento"):
        services.game_create(user=anna, scenario=scenario, name="C", is_private=False,
                             power="Francia", procedure="scacchi")


def test_G34_the_new_game_form_offers_both_combat_systems_with_the_scenarios_chosen(
        make_user, scenario):
    Scenario.objects.filter(pk=scenario.pk).update(procedure="d10")
    c = client_of(make_user("anna"))
    html = c.get(reverse("game_new"), {"scenario": scenario.pk}).content.decode()
    assert "Sistema di combattimento" in html
    assert "Diagramma classico" in html and "Dadi a dieci, a coppie" in html
    # Left as it is, the choice is the scenario's system, named (it follows the scenario).
    assert '<option value="" selected>Dadi a dieci, a coppie (dello scenario)</option>' in html
    response = c.post(reverse("game_new"), {"name": "Scelta", "scenario": scenario.pk,
                                            "power": "Francia", "pace": "live",
                                            "procedure": "seed004"})
    assert response.status_code == 302
    assert Game.objects.get(name="Scelta").procedure == "seed004"
    bad = c.post(reverse("game_new"), {"name": "Male", "scenario": scenario.pk,
                                       "power": "Francia", "procedure": "scacchi"})
    assert bad.status_code == 400 and not Game.objects.filter(name="Male").exists()


def test_P2_P3_the_first_exchange_pairs_ten_sided_dice_by_rank(asked):
    state = asked.state
    assert asked.procedure == "d10" and state["procedure"] == "d10"
    [exchange] = state["exchanges"]
    assert (exchange["attacker_rolls"], exchange["defender_rolls"]) == ([10, 10, 1], [9, 9, 5])
    game = asked.game
    # P2: two pairs to Gran Bretagna, one to Francia; P9: one unrest a unit.
    assert holding(game, "Francia", REGION).armies == 1
    assert holding(game, "Gran Bretagna", REGION).armies == 2
    rolls = DiceRoll.objects.filter(game=game, attack=asked).order_by("number")
    assert [(r.face, r.sides) for r in rolls] == [(10, 10), (10, 10), (1, 10), (9, 10),
                                                  (9, 10), (5, 10)]
    # The row's name may be cut short on the page: its whole name is its tooltip.
    assert '<th scope="row" title="Gran Bretagna">Gran Bretagna</th>' in page(asked, "Francia")


def test_P4_the_allies_are_asked_one_at_a_time_each_hearing_of_it_when_its_turn_comes(asked):
    game = asked.game
    assert asked.awaiting == ["Prussia"] and asked.deadline is not None
    invited = GameEvent.objects.filter(kind="ally_invited")
    assert [e.seat.power for e in invited] == ["Prussia"]
    assert invited[0].visibility == Visibility.POWER
    [prompt] = prompts_for(Game.objects.get(pk=game.pk), seat(game, "Prussia"))
    assert (prompt.kind, prompt.side, prompt.max_armies) == ("reinforce", "defender", 2)
    # The allies asked later count as staying out (what their deadline does): with nobody
    # left to attack, Francia keeps the region either way.
    with_, without = prompt.odds_with, prompt.odds_without
    assert with_.percent("defender_wins") == without.percent("defender_wins") == 100
    assert prompts_for(Game.objects.get(pk=game.pk), seat(game, "Austria")) == []
    # Prussia arrives: it joins the defending faction, no exchange, and Austria's turn opens
    # in a window of its own (its own step and deadline).
    first_deadline = asked.deadline
    Attack.objects.filter(pk=asked.pk).update(deadline=first_deadline - timedelta(seconds=30))
    attack = decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    assert attack.awaiting == ["Austria"]
    assert attack.deadline is not None and attack.deadline > first_deadline - timedelta(seconds=30)
    assert attack.state["cursor"]["opened_at"] == attack.step
    assert [e.seat.power for e in GameEvent.objects.filter(kind="ally_invited")] == [
        "Prussia", "Austria"]
    assert len(attack.state["exchanges"]) == 1  # a defending arrival fights nothing
    # Austria's own prompt: arriving with its two armies is its side's only chance.
    [prompt] = prompts_for(Game.objects.get(pk=game.pk), seat(game, "Austria"))
    assert (prompt.kind, prompt.side, prompt.max_armies) == ("reinforce", "attacker", 2)
    with_, without = prompt.odds_with, prompt.odds_without
    assert with_.percent("attacker_wins") > 0 == without.percent("attacker_wins")


def test_P6_a_defending_ally_is_not_asked_when_nothing_is_left_to_change(d10_game, rig):
    """Issue 25: the attacker lost everything in the first exchange ("Vince il difensore
    100,0%") and Prussia, defending, still got a two-minute prompt. With no attacking ally to
    come (Austria has left the region) a defending arrival fights nothing: nobody is asked."""
    set_pieces(d10_game, "Austria", REGION, armies=0, fleets=0, forts=0, markers=0)
    rig([1, 1, 1, 9, 9, 9])  # Gran Bretagna loses its three armies
    attack = declare(d10_game, "Gran Bretagna", REGION, "Francia")
    assert attack.finished and attack.outcome == "defender_wins"
    assert attack.awaiting == [] and attack.deadline is None
    assert not GameEvent.objects.filter(kind="ally_invited").exists()
    assert prompts_for(Game.objects.get(pk=d10_game.pk), seat(d10_game, "Prussia")) == []
    assert holding(d10_game, "Prussia", REGION).armies == 2


def test_P4_a_second_answer_is_a_repeat_and_nobody_else_may_answer_for_the_ally(asked):
    decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    with pytest.raises(services.GameError,
                       match=site_says("This decision has already been taken: reload the page.")
                       ) as repeat:
        decide(asked, "Prussia", "reinforce", armies=2, fleets=0, step=asked.step)
    assert repeat.value.status == 409
    asked.refresh_from_db()
    with pytest.raises(services.GameError) as trespass:
        decide(asked, "Gran Bretagna", "reinforce", armies=1, fleets=0)
    assert trespass.value.status == 403
    with pytest.raises(services.GameError) as wrong:
        decide(asked, "Austria", "naval", fight=True)
    assert wrong.value.status == 400
    asked.refresh_from_db()
    assert asked.awaiting == ["Austria"] and asked.state["asked"] == 1


def test_P4_P5_P7_an_attacking_ally_fights_at_once_and_the_region_changes_hands(asked, rig):
    game = asked.game
    decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    rig([8, 7, 6, 5])  # Austria's two dice against Prussia's army and Francia's last one
    attack = decide(asked, "Austria", "reinforce", armies=2, fleets=0)
    assert attack.finished and attack.outcome == "attacker_wins"
    # P5: the defending reinforcement falls first, then the defender; P7: Gran Bretagna, the
    # attacker, still has armies there: it takes the marker Francia loses.
    assert holding(game, "Prussia", REGION).armies == 1
    assert not Holding.objects.filter(game=game, region__name=REGION,
                                      seat__power="Francia").exists()  # nothing left there
    britain = holding(game, "Gran Bretagna", REGION)
    assert (britain.armies, britain.control_markers) == (2, 1)
    state = state_of(game)
    assert state.power("Francia").unrest == 3 and state.power("Prussia").unrest == 1
    assert state.power("Gran Bretagna").unrest == 1 and state.power("Austria").unrest == 0
    html = page(attack, "Austria")
    assert "vince la Gran Bretagna (attaccante)" in html
    assert 'class="d10"' in html and "Scambio 2" in html
    assert "Dadi a dieci, a coppie" in html


def test_P4_an_ally_who_lets_its_deadline_pass_stays_out_and_the_next_is_asked(asked):
    game = asked.game
    later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
    assert expire_due(game_id=game.pk, now=later) == 1
    asked.refresh_from_db()
    assert asked.awaiting == ["Austria"]
    assert asked.state["answers"] == [
        {"power": "Prussia", "armies": 0, "fleets": 0, "timed_out": True}]
    assert "non ha risposto in tempo e resta fuori" in page(asked, "Francia")


def test_P5_a_power_losing_armies_and_fleets_chooses_which_on_the_page(d10_game, rig):
    set_pieces(d10_game, "Francia", REGION, armies=1, fleets=1, markers=1)
    rig([10, 1, 1, 9, 9])  # one pair to each side: Francia loses one of its two kinds
    attack = declare(d10_game, "Gran Bretagna", REGION, "Francia")
    assert attack.awaiting == ["Francia"] and attack.node == "loss_choice"
    francia = client_of(seat(d10_game, "Francia").user)
    html = francia.get(attack.get_absolute_url()).content.decode()
    assert "Qui perdi 1 armata o flotta" in html and 'value="losses"' in html
    url = reverse("attack_decide", args=[d10_game.pk, attack.number])
    bad = francia.post(url, {"kind": "losses", "step": attack.step, "armies": 1, "fleets": 1})
    assert bad.status_code == 400
    assert escape("Distribuisci esattamente 1 unità, non 2.") in bad.content.decode()
    done = francia.post(url, {"kind": "losses", "step": attack.step, "armies": 0, "fleets": 1})
    assert done.status_code == 302
    left = holding(d10_game, "Francia", REGION)
    assert (left.armies, left.fleets) == (1, 0)


def test_the_history_shows_the_forces_as_they_were_after_each_box(asked, rig):
    decide(asked, "Prussia", "reinforce", armies=1, fleets=0)
    c = client_of(seat(asked.game, "Francia").user)
    then = c.get(asked.get_absolute_url(), {"passo": 1}).context["view"]
    declared = {row["power"]: row["armies"] for row in then.summary}
    assert declared == {"Gran Bretagna": 3, "Francia": 3}
    now = c.get(asked.get_absolute_url()).context["view"]
    assert {row["power"]: row["armies"] for row in now.summary} == {
        "Gran Bretagna": 2, "Francia": 1, "Prussia": 1}
    assert now.odds is not None
    assert [row.outcome for row in now.odds.rows] == ["attacker_wins", "defender_wins"]


def test_the_dice_check_recomputes_the_ten_sided_dice_from_the_seed(d10_game, make_user):
    attack = declare(d10_game, "Gran Bretagna", REGION, "Francia")  # the game's own dice
    services.game_end(game_id=d10_game.pk, user=make_user("capo", staff=True))
    html = client_of(seat(d10_game, "Francia").user).get(
        reverse("dice_check", args=[d10_game.pk])).content.decode()
    rolls = DiceRoll.objects.filter(game=d10_game, attack=attack)
    assert rolls.count() == 6 and {r.sides for r in rolls} == {10}
    assert "d10" in html and 'class="d10"' in html
    assert "tutti i" in html.lower() and "corrispondono" in html


def test_huge_battles_show_an_estimate_with_its_sample_size_and_margin(asked, monkeypatch):
    """Odds too costly to enumerate are estimated: the page says from how many battles, and
    within how many points (95%), beside the percentages."""
    from guerra.game.procedures import odds_cache
    from guerra.rules import odds

    monkeypatch.setattr(odds, "EXACT_ODDS_LIMIT", 0)
    monkeypatch.setattr(odds, "MONTE_CARLO_SAMPLES", 500)
    odds_cache.clear_odds_cache()
    decide(asked, "Prussia", "reinforce", armies=0, fleets=0)
    view = client_of(seat(asked.game, "Francia").user).get(
        asked.get_absolute_url()).context["view"]
    assert view.odds.samples == 500 and view.odds.margin > 0
    html = page(asked, "Austria")
    assert "Stima su 500 battaglie, ±" in html and "punti (95%)" in html
    assert "≈" in html
    odds_cache.clear_odds_cache()


def test_G34_a_scenarios_combat_system_is_exported_imported_and_checked(scenario):
    from guerra.game.scenarios.io import ScenarioFileError, export_scenario, import_scenario

    data = export_scenario(scenario)
    assert data["procedure"] == "seed004"
    data.update(name="Dieci", procedure="d10")
    created, replaced = import_scenario(data)
    assert (created.procedure, replaced) == ("d10", False)
    data.update(name="Scacchi", procedure="scacchi")
    with pytest.raises(ScenarioFileError, match="il nome di un sistema di combattimento"):
        import_scenario(data)
    assert not Scenario.objects.filter(name="Scacchi").exists()


def test_P4_the_ally_asked_reads_a_plural_attacker_s_verb_in_the_plural(asked):
    # As the admin may name a power with a plural article ("le Province Unite").
    from guerra.game.text.grammar import forget_names

    ScenarioPower.objects.filter(name="Gran Bretagna").update(article="le")
    forget_names()
    assert "Le Gran Bretagna attaccano negli Stati Tedeschi. Arriva con le tue unità" in " ".join(
        page(asked, "Prussia").split())
