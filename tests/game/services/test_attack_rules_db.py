"""Each rule's effect on the database: gold, units, unrest, control and neutral markers.

Dice are rigged (see attack_helpers.rig) so each test walks the branch it names; the
rules themselves are tested in tests/rules, here we check the board follows them.
"""

import dataclasses

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import AllianceMembership, Attack, DiceRoll, Game, GameEvent, Neutral
from guerra.game.services import GameError
from tests.game.attack_helpers import (
    decide,
    declare,
    holding,
    region,
    rig,
    rules_says,
    seat,
    site_says,
)
from tests.game.play_helpers import (
    edit_state,
    give_turn,
    set_pieces,
    set_power,
    show_counter,
    state_of,
)

__all__ = ["rig"]  # the fixture

ALLIES = "{power} cannot attack {target}: they are allies in this war."  # D1


def gold(game, power):
    return seat(game, power).gold


def test_D3_declaring_pays_2_gold_once_and_logs_the_step(running_game, rig):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert gold(running_game, "Gran Bretagna") == 8
    assert attack.awaiting == ["Gran Bretagna"]  # S4: the attacker decides about the sea
    step = GameEvent.objects.get(game=running_game, kind="attack_step")
    assert step.payload["attack"] == attack.number
    assert any(e["type"] == "gold" and e["delta"] == -2 for e in step.payload["events"])


def test_D3_with_less_than_2_gold_nothing_changes(running_game):
    set_power(running_game, "Gran Bretagna", gold=1)
    with pytest.raises(GameError, match="costa 2 ori") as error:
        declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert error.value.status == 400
    assert gold(running_game, "Gran Bretagna") == 1
    assert not Attack.objects.exists()
    assert not GameEvent.objects.filter(kind="attack_step").exists()


def test_D1_an_ally_cannot_be_attacked_and_nothing_is_paid(running_game):
    with pytest.raises(GameError, match=rules_says(ALLIES, power="Francia",
                                                   target="Prussia")) as error:
        declare(running_game, "Francia", "Stati Tedeschi", "Prussia")
    assert error.value.status == 400
    assert gold(running_game, "Francia") == 10
    assert not Attack.objects.exists()


def test_D1_only_the_alliances_of_the_current_war_count(running_game):
    """War 2: Francia is now allied with Gran Bretagna, and Prussia (its ally of war 1) is an
    enemy. The alliances of war 1 stay in the database, but only this war's count."""
    set_pieces(running_game, "Gran Bretagna", "Stati Tedeschi", armies=1)
    edit_state(running_game, lambda s: dataclasses.replace(
        s, war=2, alliances=(("Francia", "A"), ("Gran Bretagna", "A"), ("Prussia", "B"))))
    assert AllianceMembership.objects.filter(game=running_game, war=1).count() == 3
    assert running_game.current_war == 2
    with pytest.raises(GameError, match=rules_says(ALLIES, power="Francia",
                                                   target="Gran Bretagna")):
        declare(running_game, "Francia", "Stati Tedeschi", "Gran Bretagna")
    assert not Attack.objects.exists()
    # The declaration panel offers last war's ally and not this war's.
    francia = Client()
    francia.force_login(seat(running_game, "Francia").user)
    html = francia.get(reverse("attack_declare_panel", args=[running_game.pk]),
                       {"regione": region(running_game, "Stati Tedeschi").pk}).content.decode()
    offered = html.split('id="id_obiettivo"')[1].split("</select>")[0]
    assert "Prussia" in offered and "Gran Bretagna" not in offered
    attack = declare(running_game, "Francia", "Stati Tedeschi", "Prussia")
    assert gold(running_game, "Francia") == 8
    assert attack.awaiting == ["Gran Bretagna"]  # A1: this war's ally is the one invited


def test_D2_an_attacker_needs_an_army_or_a_fleet_in_the_region(running_game):
    # Gran Bretagna has nothing in the Baltic, where Prussia is.
    with pytest.raises(GameError, match=rules_says(
            "{power} needs at least one army or fleet in {region} to attack.",
            power="Gran Bretagna", region="Baltico")):
        declare(running_game, "Gran Bretagna", "Baltico", "Prussia")
    assert gold(running_game, "Gran Bretagna") == 10
    assert not Attack.objects.exists()


def test_D4_the_target_must_be_present_in_the_region(running_game):
    with pytest.raises(GameError, match=rules_says(
            "{target} has no units and no control markers in {region}: it cannot be attacked "
            "there.", target="Prussia", region="Caraibi")):
        declare(running_game, "Gran Bretagna", "Caraibi", "Prussia")
    assert not Attack.objects.exists()
    assert gold(running_game, "Gran Bretagna") == 10


def test_D5_one_attack_at_a_time_per_region(running_game):
    first = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    # The turn waits for the attack (G34): nobody declares anywhere while it is under way.
    with pytest.raises(GameError, match="in corso") as error:
        services.attack_declare(game_id=running_game.pk, user=seat(running_game, "Francia").user,
                                region_id=first.region_id,
                                target=f"power-{seat(running_game, 'Gran Bretagna').pk}")
    assert error.value.status == 400
    assert gold(running_game, "Francia") == 10
    # The database holds the rule too.
    with pytest.raises(IntegrityError), transaction.atomic():
        Attack.objects.create(
            game=running_game,
            number=99,
            region=first.region,
            attacker=seat(running_game, "Francia"),
            defender=seat(running_game, "Gran Bretagna"),
            state={},
            node="x",
        )


def test_N0_against_a_neutral_the_attacker_needs_an_army(running_game):
    set_pieces(running_game, "Prussia", "Baltico", armies=0)
    neutral = show_counter(running_game, "Baltico")
    with pytest.raises(GameError, match=rules_says(
            "Against a neutral country only a land battle is fought: {power} needs at least one "
            "army in {region}.", power="Prussia", region="Baltico")):
        declare(running_game, "Prussia", "Baltico", neutral)
    assert gold(running_game, "Prussia") == 10
    assert Neutral.objects.get(pk=neutral.pk).on_board


def test_N3_a_won_neutral_leaves_the_board_and_pays_its_reward(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    rig([6, 2, 1, 1])  # attacker 2 armies + 1 Alliance tile + 4 = 7 against 2 + 0
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    assert attack.finished and attack.outcome == "attacker_wins"
    assert not Neutral.objects.get(pk=neutral.pk).on_board
    assert holding(running_game, "Gran Bretagna", "Nord America").control_markers == 2
    assert gold(running_game, "Gran Bretagna") == 10 - 2 + neutral.amount
    assert DiceRoll.objects.filter(attack=attack).count() == 4


def test_N3_a_square_marker_pays_victory_points(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="vp")
    rig([6, 2, 1, 1])
    declare(running_game, "Gran Bretagna", "Nord America", neutral)
    assert seat(running_game, "Gran Bretagna").vp == neutral.amount


def test_N4_N7_a_tie_with_a_neutral_costs_an_army_and_one_unrest(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    rig([2, 2, 1, 2])  # attacker 2 armies + 1 tile + 0 = 3, neutral 2 + 1 = 3
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    assert attack.outcome == "tie"
    assert holding(running_game, "Gran Bretagna", "Nord America").armies == 1
    assert seat(running_game, "Gran Bretagna").unrest == 1
    assert Neutral.objects.get(pk=neutral.pk).on_board
    assert holding(running_game, "Gran Bretagna", "Nord America").control_markers == 1


def test_N6_a_seven_costs_an_extra_army_even_in_victory(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    rig([3, 4, 1, 1])  # a 7: 3 + 1 = 4 beats 2, then one army is lost
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    assert attack.outcome == "attacker_wins"
    assert holding(running_game, "Gran Bretagna", "Nord America").armies == 1
    assert seat(running_game, "Gran Bretagna").unrest == 1


def test_A1_A2_an_invited_ally_commits_and_the_battle_follows(running_game, rig):
    set_pieces(running_game, "Gran Bretagna", "Stati Tedeschi", armies=6)
    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]
    assert attack.deadline is not None
    # No sea: straight to the land battle. GB 6 armies + 1 = 7 against Francia 2 armies
    # + 2 committed + 2 (fort) + 1 (Army Training) + 1 = 8: the defenders win.
    rig([1, 2, 1, 2])
    decide(attack, "Prussia", "ally", armies=2, fleets=0)
    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "defender_wins"
    assert {h["power"]: h["ally"] for h in attack.state["holdings"]}["Prussia"] is True
    assert holding(running_game, "Gran Bretagna", "Stati Tedeschi").armies == 5
    assert holding(running_game, "Prussia", "Stati Tedeschi").armies == 3
    assert seat(running_game, "Gran Bretagna").unrest == 1


def test_A2_an_ally_commits_no_more_than_it_has_in_the_region(running_game):
    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    with pytest.raises(GameError, match=rules_says(
            "{power} has only {count} army in the region.",
            plural="{power} has only {count} armies in the region.", count=3,
            power="Prussia")) as error:
        decide(attack, "Prussia", "ally", armies=4, fleets=0)
    assert error.value.status == 400
    attack.refresh_from_db()
    assert attack.awaiting == ["Prussia"]


def test_A3_no_answer_by_the_deadline_counts_as_declining(running_game, rig):
    from datetime import timedelta

    from guerra.game.services.play import expire_due

    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    rig([1, 2, 1, 2])
    deadline = attack.deadline
    assert deadline is not None
    assert expire_due(now=deadline - timedelta(seconds=1)) == 0
    assert expire_due(now=deadline + timedelta(seconds=1)) == 1
    attack.refresh_from_db()
    assert attack.finished
    assert "Prussia" not in {h["power"] for h in attack.state["holdings"]}
    assert any(a["timed_out"] for a in attack.state["answers"])


def test_A3_the_deadline_length_is_the_games_setting(running_game):
    from datetime import timedelta

    from django.utils import timezone

    Game.objects.filter(pk=running_game.pk).update(deadline_seconds=777)
    length = timedelta(seconds=777)
    before = timezone.now()
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    assert attack.awaiting == ["Gran Bretagna"]  # S4: the attacker's naval decision
    assert attack.deadline is not None
    assert before + length <= attack.deadline <= timezone.now() + length
    running_game.refresh_from_db()
    assert running_game.deadline == attack.deadline


def test_A3_each_box_opens_its_own_deadline(running_game):
    from datetime import timedelta

    from django.utils import timezone

    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    length = timedelta(seconds=running_game.deadline_seconds)
    # Little time is left at the first box; the next box gets the whole length again.
    soon = timezone.now() + timedelta(seconds=5)
    Game.objects.filter(pk=running_game.pk).update(deadline=soon)
    before = timezone.now()
    attack = decide(attack, "Gran Bretagna", "naval", fight=True)
    assert attack.awaiting == ["Francia"]
    running_game.refresh_from_db()
    assert running_game.deadline is not None and running_game.deadline >= before + length
    assert attack.deadline == running_game.deadline


def test_A3_the_deadline_stays_while_the_same_box_waits_for_another_answer(running_game):
    from datetime import timedelta

    from django.utils import timezone

    tiles = state_of(running_game).power("Francia").tiles
    set_power(running_game, "Francia", tiles=tuple(sorted((*tiles, ("alliance:Nord America", 1)))))
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    attack = decide(attack, "Francia", "naval", fight=True)
    assert sorted(attack.awaiting) == ["Francia", "Gran Bretagna"]  # M2: both at once
    soon = timezone.now() + timedelta(seconds=5)
    Game.objects.filter(pk=running_game.pk).update(deadline=soon)
    attack = decide(attack, "Gran Bretagna", "tiles", tiles=0)
    assert attack.awaiting == ["Francia"]
    running_game.refresh_from_db()
    assert running_game.deadline == soon  # the same box: no extra time for Francia


def test_M3_M7_L4_L8_naval_and_land_battles_change_the_board(running_game, rig):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    decide(attack, "Francia", "naval", fight=True)
    attack.refresh_from_db()
    assert attack.awaiting == ["Gran Bretagna"]  # M2: its Alliance tile for North America
    # Naval: GB 1 fleet + Navy Training + 2 = 4 beats Francia 1 + 0. Land: GB 1 support
    # + 2 armies + 1 tile + 4 = 8 beats Francia 2 + 2 (fort) + 1 (Army Training) + 0 = 5.
    rig([3, 5, 2, 2, 1, 5, 1, 1])
    decide(attack, "Gran Bretagna", "tiles", tiles=0)
    attack.refresh_from_db()
    assert holding(running_game, "Francia", "Nord America").fleets == 0
    assert attack.awaiting == ["Francia"]  # L4: an army or the fort
    decide(attack, "Francia", "loss", loss="fort")
    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "attacker_wins"
    francia = holding(running_game, "Francia", "Nord America")
    assert (francia.armies, francia.forts, francia.control_markers) == (2, 0, 0)
    assert holding(running_game, "Gran Bretagna", "Nord America").control_markers == 2
    assert seat(running_game, "Francia").unrest == 2
    assert seat(running_game, "Gran Bretagna").unrest == 0


def test_L5_a_tie_never_costs_a_fort_and_the_defender_keeps_control(running_game, rig):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    # GB declines the sea, so Francia gets naval support. Land: GB 2 armies + 1 tile + 3 = 6;
    # Francia 1 support + 2 armies + 2 (fort) + 1 (Army Training) + 0 = 6: a tie.
    rig([1, 4, 2, 2])
    decide(attack, "Gran Bretagna", "naval", fight=False)
    attack.refresh_from_db()
    assert attack.finished and attack.outcome == "tie"
    francia = holding(running_game, "Francia", "Nord America")
    assert (francia.armies, francia.forts, francia.control_markers) == (1, 1, 1)
    britain = holding(running_game, "Gran Bretagna", "Nord America")
    assert (britain.armies, britain.control_markers) == (1, 1)


def test_L9_no_marker_is_placed_without_supply(running_game, rig):
    # Gran Bretagna's supply is its 4 markers already on the map.
    edit_state(running_game, lambda s: dataclasses.replace(s, scenario=dataclasses.replace(
        s.scenario, supply=dataclasses.replace(s.scenario.supply, markers=4))))
    neutral = show_counter(running_game, "Nord America", reward="gold")
    rig([6, 2, 1, 1])
    declare(running_game, "Gran Bretagna", "Nord America", neutral)
    assert holding(running_game, "Gran Bretagna", "Nord America").control_markers == 1
    assert not Neutral.objects.get(pk=neutral.pk).on_board


def test_dice_are_numbered_and_the_game_counter_moves_on(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    first = running_game.next_roll  # the setup's draws came first (G10, G11)
    assert first > 0 and DiceRoll.objects.filter(reason="setup").count() == first
    rig([6, 2, 1, 1])
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    running_game.refresh_from_db()
    assert running_game.next_roll == first + 4
    assert list(DiceRoll.objects.filter(attack=attack).values_list("number", "face")) == [
        (first, 6), (first + 1, 2), (first + 2, 1), (first + 3, 1)]


def test_G34_the_turn_waits_for_the_attack_and_goes_on_when_it_ends(running_game, rig):
    neutral = show_counter(running_game, "Nord America", reward="gold")
    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    turn = state_of(running_game).turn
    assert turn is not None and (turn.power, turn.done) == ("Gran Bretagna", 1)
    with pytest.raises(GameError, match="in corso"):
        services.attack_declare(game_id=running_game.pk,
                                user=seat(running_game, "Gran Bretagna").user,
                                region_id=region(running_game, "Nord America").pk,
                                target=f"neutral-{neutral.pk}")
    rig([1, 2, 1, 2])
    decide(attack, "Prussia", "ally", armies=0, fleets=0)
    turn = state_of(running_game).turn
    assert turn is not None and (turn.power, turn.done) == ("Gran Bretagna", 1)


def test_only_the_player_whose_turn_it_is_declares(running_game):
    from guerra.game import services

    place = region(running_game, "Nord America")
    francia = seat(running_game, "Francia")
    give_turn(running_game, "Gran Bretagna")
    with pytest.raises(GameError, match=rules_says(
            "No decision is awaited from {power} now: {awaited} decides.",
            power="Francia", awaited="Gran Bretagna")) as error:
        services.attack_declare(
            game_id=running_game.pk,
            user=francia.user,
            region_id=place.pk,
            target=f"power-{seat(running_game, 'Gran Bretagna').pk}",
        )
    assert error.value.status == 403
    assert gold(running_game, "Francia") == 10


def test_A3_a_decision_after_the_deadline_is_refused_and_the_default_stays(running_game, rig):
    from datetime import timedelta

    from django.utils import timezone

    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    Game.objects.filter(pk=running_game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    rig([1, 2, 1, 2])
    with pytest.raises(GameError, match=site_says("This attack is already over.")) as error:
        decide(attack, "Prussia", "ally", armies=3, fleets=0, step=attack.step)
    assert error.value.status == 409
    attack.refresh_from_db()
    assert attack.finished
    assert attack.state["answers"][0]["timed_out"] is True


def test_M2_a_second_answer_about_tiles_at_sea_is_a_repeat_not_a_trespass(running_game):
    # Francia gets an Alliance tile for North America too: both main players are asked at once.
    tiles = state_of(running_game).power("Francia").tiles
    set_power(running_game, "Francia", tiles=tuple(sorted((*tiles, ("alliance:Nord America", 1)))))
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    decide(attack, "Francia", "naval", fight=True)
    attack.refresh_from_db()
    assert sorted(attack.awaiting) == ["Francia", "Gran Bretagna"]
    step = attack.step
    decide(attack, "Gran Bretagna", "tiles", tiles=1, step=step)
    repeat = site_says("This decision has already been taken: reload the page.")
    with pytest.raises(GameError, match=repeat) as error:
        decide(attack, "Gran Bretagna", "tiles", tiles=0, step=step)
    assert error.value.status == 409
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"]
    # M2: the choice stays secret until both have chosen.
    last = GameEvent.objects.filter(kind="attack_step").order_by("-seq").first()
    assert last is not None and last.payload["made"] == "tiles"
    assert not any(e["type"] == "tiles_at_sea" for e in last.payload["events"])
