"""Nothing of an alliance's deliberation reaches the enemy before it is final, and a power's
unrest is told to that power only: on the pages, in the log and in what the sockets hear."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.attack_view import attack_view
from guerra.game.invitations import prompts_for
from guerra.game.models import Game, GameEvent, Visibility
from tests.game.play_helpers import finish_auction, set_pieces

from .attack_helpers import decide, declare, rig, seat

__all__ = ["rig"]  # the fixture


def page(game: Game, power: str, url: str) -> str:
    client = Client()
    client.force_login(seat(game, power).user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def every_page(game: Game, power: str, number: int) -> str:
    """The board, the attack, its list and the log, as the power reads them."""
    return "".join(
        page(game, power, reverse(name, args=args))
        for name, args in (
            ("game_board", [game.pk]),
            ("attack_page", [game.pk, number]),
            ("attack_list", [game.pk]),
            ("game_log_part", [game.pk]),
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
    Austria nor Gran Bretagna can read it anywhere; Francia, Prussia's ally, can."""
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
    for enemy in ("Austria", "Gran Bretagna"):
        html = every_page(game, enemy, attack.number)
        assert told not in html
        assert "si unisce" not in html
    own = page(game, "Francia", reverse("alliance_invitations_part", args=[game.pk]))
    assert "Prussia" in own and "3" in own
    steps = GameEvent.objects.filter(game=game, kind="attack_step").order_by("seq")
    assert steps.last().payload["events"] == []  # the answer's step tells nothing

    rig([1, 1, 1, 1, 1, 1])
    decide(attack, "Austria", "ally", armies=0, fleets=0)
    assert told in every_page(game, "Gran Bretagna", attack.number)


def test_N7_L7_a_lost_unit_is_public_its_unrest_is_told_to_its_owner_only(running_game, rig):
    """Gran Bretagna ties a neutral country: it loses an army and takes 1 unrest. Everyone reads
    "loses 1 army"; only Gran Bretagna reads its unrest, in its own chain."""
    from tests.game.play_helpers import show_counter

    game = running_game
    neutral = show_counter(game, "Nord America", reward="gold")
    rig([2, 2, 1, 2])
    declare(game, "Gran Bretagna", "Nord America", neutral)
    assert seat(game, "Gran Bretagna").unrest == 1
    public = GameEvent.objects.filter(game=game, visibility=Visibility.ALL)
    public_types = {e["type"] for step in public for e in step.payload.get("events", [])}
    assert "unit_lost" in public_types
    assert "unrest" not in public_types
    [private] = GameEvent.objects.filter(game=game, kind="game_private")
    assert private.seat == seat(game, "Gran Bretagna")
    assert [e["type"] for e in private.payload["events"]] == ["unrest"]
    number = GameEvent.objects.filter(game=game, kind="attack_step").last().payload["attack"]
    assert "insoddisfazione" not in every_page(game, "Francia", number)
    own = page(game, "Gran Bretagna", reverse("game_log_part", args=[game.pk]))
    assert "insoddisfazione" in own
