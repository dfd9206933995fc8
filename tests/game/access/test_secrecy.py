"""Nothing of an alliance's deliberation reaches the enemy, nor a spectator, before it is final:
on the pages, in the log and in what the sockets hear. A power's unrest is no secret (the board
game's track is in plain sight): every player, and a spectator, reads every power's unrest on
its panel and in the log."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import Game, GameEvent, Visibility
from guerra.game.read.attack import attack_view
from guerra.game.read.invitations import prompts_for
from tests.game.attack_helpers import decide, declare, rig, seat
from tests.game.play_helpers import finish_auction, set_pieces

__all__ = ["rig"]  # the fixture


# A viewer without a seat: a spectator of the (public) game.
SPECTATOR = "spettatore"


def page(game: Game, power: str, url: str) -> str:
    """`url` as the power's player reads it (SPECTATOR: someone watching the game)."""
    client = Client()
    if power == SPECTATOR:
        user, _new = User.objects.get_or_create(username="spettatore")
    else:
        user = seat(game, power).user
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def every_page(game: Game, power: str, number: int) -> str:
    """Every page and part of the game as the power reads them: the board and its parts, the
    attack and its panel, the list of attacks, the log, the prompts, the negotiation and the
    alliance's invitations, the dice check."""
    return "".join(
        page(game, power, reverse(name, args=args))
        for name, args in (
            ("game_board", [game.pk]),
            ("game_board_part", [game.pk]),
            ("game_regions_part", [game.pk]),
            ("game_turn_part", [game.pk]),
            ("attack_page", [game.pk, number]),
            ("attack_panel", [game.pk, number]),
            ("attack_list", [game.pk]),
            ("game_log_part", [game.pk]),
            ("ally_prompts_part", [game.pk]),
            ("game_negotiation_part", [game.pk]),
            ("alliance_invitations_part", [game.pk]),
            ("dice_check", [game.pk]),
        )
    )


@pytest.fixture
def four_powers(make_user, lobby_game) -> Game:
    """Francia and Prussia (A) against Gran Bretagna and Austria (B)."""
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=lobby_game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    game.refresh_from_db()
    return game


def test_A4_an_allys_answer_reaches_the_enemy_only_when_the_allies_box_closes(four_powers, rig):
    """Gran Bretagna attacks Francia in the German States: Prussia (Francia's ally) and Austria
    (Gran Bretagna's) are invited. Prussia commits 3 armies; until Austria answers too, neither
    Austria nor Gran Bretagna nor a spectator can read it anywhere; Francia, Prussia's ally,
    can."""
    game = four_powers
    set_pieces(game, "Austria", "Stati Tedeschi", armies=2)
    attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert set(attack.awaiting) == {"Prussia", "Austria"}

    def odds_shown() -> tuple[object, ...]:
        attack.refresh_from_db()
        fresh = Game.objects.get(pk=game.pk)  # prompts_for keeps the attacks on the game
        [prompt] = prompts_for(fresh, seat(game, "Austria"))
        page_odds = attack_view(attack, seat(game, "Gran Bretagna")).odds
        return prompt.odds_with, prompt.odds_without, page_odds

    before = odds_shown()
    decide(attack, "Prussia", "ally", armies=3, fleets=0)
    assert odds_shown() == before  # the odds do not betray the answer either
    told = "La Prussia si unisce al difensore con 3 armate."
    for enemy in ("Austria", "Gran Bretagna", SPECTATOR):
        html = every_page(game, enemy, attack.number)
        assert told not in html
        assert "si unisce" not in html
        assert "3 armate" not in page(game, enemy, reverse("alliance_invitations_part",
                                                          args=[game.pk]))
    own = page(game, "Francia", reverse("alliance_invitations_part", args=[game.pk]))
    assert "Prussia" in own and "3" in own
    steps = GameEvent.objects.filter(game=game, kind="attack_step").order_by("seq")
    assert steps.last().payload["events"] == []  # the answer's step tells nothing

    rig([1, 1, 1, 1, 1, 1])
    decide(attack, "Austria", "ally", armies=0, fleets=0)
    assert told in every_page(game, "Gran Bretagna", attack.number)
    assert told in every_page(game, SPECTATOR, attack.number)


def test_N7_L7_a_lost_unit_and_its_unrest_are_public_on_every_page(running_game, rig):
    """Gran Bretagna ties a neutral country: it loses an army and takes 1 unrest. Every player
    reads both, in the public log and on the attack's page, and the unrest on its panel; no
    event is told to one power alone."""
    from tests.game.play_helpers import show_counter

    game = running_game
    neutral = show_counter(game, "Nord America", reward="gold")
    rig([2, 2, 1, 2])
    declare(game, "Gran Bretagna", "Nord America", neutral)
    assert seat(game, "Gran Bretagna").unrest == 1
    public = GameEvent.objects.filter(game=game, visibility=Visibility.ALL)
    public_types = {e["type"] for step in public for e in step.payload.get("events", [])}
    assert {"unit_lost", "unrest"} <= public_types
    assert not GameEvent.objects.filter(game=game, visibility=Visibility.POWER).exclude(
        kind="ally_invited").exists()
    number = GameEvent.objects.filter(game=game, kind="attack_step").last().payload["attack"]
    told = "La Gran Bretagna perde 1 armata. La Gran Bretagna prende 1 punto di insoddisfazione."
    for power in ("Francia", "Prussia", "Gran Bretagna", SPECTATOR):
        log = page(game, power, reverse("game_log_part", args=[game.pk]))
        assert told in log
        assert "solo la Gran Bretagna" not in log
        assert "prende 1 punto di insoddisfazione" in page(
            game, power, reverse("attack_page", args=[game.pk, number]))


def test_G4_every_power_shows_its_unrest_to_every_player(running_game):
    """The panels show each power's unrest to everyone, as they show its gold."""
    from tests.game.play_helpers import set_power

    game = running_game
    set_power(game, "Gran Bretagna", unrest=5)
    set_power(game, "Prussia", unrest=3)
    for power in ("Francia", "Prussia", "Gran Bretagna", SPECTATOR):
        board = page(game, power, reverse("game_board_part", args=[game.pk]))
        shown = {
            panel: re.search(r'<dd class="unrest">(\d+)</dd>', board[board.index(
                f'id="power-{seat(game, panel).pk}"'):]).group(1)
            for panel in ("Francia", "Prussia", "Gran Bretagna")
        }
        assert shown == {"Francia": "0", "Prussia": "3", "Gran Bretagna": "5"}, power


def test_G41_a_tax_is_public_in_gold_and_in_unrest(running_game):
    """Francia taxes 4 gold for 2 unrest: the others read both in the log."""
    from tests.game.play_helpers import state_of

    game = running_game
    services.gold_tax(game_id=game.pk, user=seat(game, "Francia").user,
                      step=state_of(game).step, gold=4)
    for viewer in ("Gran Bretagna", SPECTATOR):
        log = page(game, viewer, reverse("game_log_part", args=[game.pk]))
        assert "2 punti di insoddisfazione" in log
    assert not GameEvent.objects.filter(game=game, visibility=Visibility.POWER).exists()


def test_G50_G53_the_war_report_tells_every_powers_taxation_in_unrest(running_game):
    """The end of a war taxed Gran Bretagna's missing upkeep: every player reads the unrest it
    cost, not only Gran Bretagna."""
    import dataclasses

    from guerra.rules.game.state import IncomeLine
    from tests.game.play_helpers import edit_state

    game = running_game
    edit_state(game, lambda state: dataclasses.replace(state, incomes=(
        IncomeLine(1, "Gran Bretagna", (), taxed_gold=5, taxed_unrest=3, gold=0, population=4),
        IncomeLine(1, "Francia", (), taxed_gold=0, taxed_unrest=0, gold=12, population=5),
    )))
    for power in ("Francia", "Prussia", "Gran Bretagna", SPECTATOR):
        report = page(game, power, reverse("war_report", args=[game.pk, 1]))
        assert "5 ori (3 punti di insoddisfazione)" in report, power


def test_L7_the_log_tells_a_powers_losses_then_their_unrest_each_summed(db):
    """The rules give each unit lost its unrest point at once; the public log tells the losses
    summed, then the unrest summed, not one sentence a unit."""
    from django.utils import translation

    from guerra.game.read.log import DESCRIBERS
    from guerra.rules.events import UnitLost, UnrestGained

    events = [UnitLost("Spagna", "army", 1, "L3").to_dict(),
              UnrestGained("Spagna", 1, "L7").to_dict()] * 2 + [
        UnitLost("Francia", "fleet", 1, "M3").to_dict(),
        UnrestGained("Francia", 1, "M7").to_dict()]
    with translation.override("it"):
        told = DESCRIBERS["attack_step"]({"attack": 2, "events": events})
    assert told == ("Attacco n. 2: la Spagna perde 2 armate. La Spagna prende 2 punti di "
                    "insoddisfazione. La Francia perde 1 flotta. La Francia prende 1 punto di "
                    "insoddisfazione.")
