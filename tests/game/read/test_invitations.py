"""A1-A5 live: the invited ally's private prompt, the alliance's view, and nobody else's."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from guerra.game.models import Game, GameEvent, Visibility
from guerra.game.read.invitations import prompts_for
from guerra.game.services import log_event
from tests.game.attack_helpers import declare, rig, seat
from tests.game.live.test_consumers import sockets

__all__ = ["rig", "sockets"]


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def invitation(running_game):
    """GB attacks Francia in the German States: Prussia, Francia's ally there, is invited."""
    return declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")


def test_A1_the_invited_ally_alone_is_told_in_private(invitation):
    event = GameEvent.objects.get(kind="ally_invited")
    assert event.visibility == Visibility.POWER
    assert event.seat == seat(invitation.game, "Prussia")
    assert event.payload == {
        "attack": invitation.number,
        "region": "Stati Tedeschi",
        "side": "defender",
        "friend": "Francia",
        "armies": 3,
        "fleets": 0,
    }


def test_A2_the_prompt_offers_only_the_units_in_the_region_and_both_odds(invitation):
    prussia = seat(invitation.game, "Prussia")
    [prompt] = prompts_for(invitation.game, prussia)
    assert (prompt.max_armies, prompt.max_fleets) == (3, 0)
    assert prompt.friend == "Francia" and prompt.enemy == "Gran Bretagna"
    with_, without = prompt.odds_with, prompt.odds_without
    assert with_.percent("defender_wins") > without.percent("defender_wins")
    assert prompts_for(invitation.game, seat(invitation.game, "Francia")) == []
    assert prompts_for(invitation.game, seat(invitation.game, "Gran Bretagna")) == []


@pytest.mark.parametrize("page", ["board", "attack", "attacks"])
def test_the_prompt_appears_on_whatever_page_of_the_game(invitation, page):
    url = {
        "board": reverse("game_board", args=[invitation.game_id]),
        "attack": invitation.get_absolute_url(),
        "attacks": reverse("attack_list", args=[invitation.game_id]),
    }[page]
    html = client_of(seat(invitation.game, "Prussia").user).get(url).content.decode()
    assert "Un alleato chiede il tuo aiuto" in html
    assert 'max="3"' in html
    enemy = client_of(seat(invitation.game, "Gran Bretagna").user).get(url).content.decode()
    assert "Un alleato chiede il tuo aiuto" not in enemy


def test_answering_from_the_prompt_refreshes_it_and_the_alliance_sees_the_answer(invitation, rig):
    game = invitation.game
    prussia = client_of(seat(game, "Prussia").user)
    francia = client_of(seat(game, "Francia").user)
    board = reverse("game_board", args=[game.pk])
    assert "ci sta pensando" in francia.get(board).content.decode()
    rig([1, 2, 1, 2])
    response = prussia.post(
        reverse("attack_decide", args=[game.pk, invitation.number]),
        {"kind": "ally", "step": invitation.step, "armies": 0, "fleets": 0},
        headers={"HX-Request": "true", "HX-Target": "ally-prompts"},
    )
    assert response.status_code == 200
    assert 'id="ally-prompts"' in response.content.decode()
    assert "Un alleato chiede il tuo aiuto" not in response.content.decode()
    invitation.refresh_from_db()
    assert invitation.finished  # the only ally declined; the land battle was fought


def test_the_enemy_alliance_sees_none_of_the_invitations(invitation):
    enemy = client_of(seat(invitation.game, "Gran Bretagna").user)
    html = enemy.get(reverse("alliance_invitations_part", args=[invitation.game_id])).content
    assert "Prussia" not in html.decode()
    ally = client_of(seat(invitation.game, "Francia").user)
    html = ally.get(reverse("alliance_invitations_part", args=[invitation.game_id])).content
    assert "Prussia" in html.decode() and "ci sta pensando" in html.decode()


def test_A3_the_expire_command_applies_the_deadline_with_every_browser_closed(invitation, rig):
    Game.objects.filter(pk=invitation.game_id).update(
        deadline=timezone.now() - timedelta(seconds=1)
    )
    rig([1, 2, 1, 2])
    call_command("expire_deadlines")
    invitation.refresh_from_db()
    assert invitation.finished
    assert invitation.state["answers"] == [
        {"power": "Prussia", "armies": 0, "fleets": 0, "timed_out": True}
    ]


GAME_PAGES = [
    ("game_board", ()),
    ("game_board_part", ()),
    ("game_regions_part", ()),
    ("game_log_part", ()),
    ("game_negotiation_part", ()),
    ("game_turn_part", ()),
    ("ally_prompts_part", ()),
    ("alliance_invitations_part", ()),
    ("attack_list", ()),
    ("attack_page", ("number",)),
    ("attack_panel", ("number",)),
    ("dice_check", ()),
    ("tile_market", ()),
]


@pytest.mark.parametrize(("name", "extra"), GAME_PAGES)
def test_A3_every_page_and_part_of_the_game_applies_a_passed_deadline_first(
    invitation, rig, pushes, django_capture_on_commit_callbacks, *, name, extra
):
    """No page shows a decision whose time is up, whatever page a player has open; the default
    it applies is pushed live to everyone, like any step."""
    Game.objects.filter(pk=invitation.game_id).update(
        deadline=timezone.now() - timedelta(seconds=1)
    )
    rig([1, 2, 1, 2])
    args = [invitation.game_id, *(invitation.number for _ in extra)]
    with django_capture_on_commit_callbacks(execute=True):
        response = client_of(seat(invitation.game, "Francia").user).get(reverse(name, args=args))
    assert response.status_code == 200
    invitation.refresh_from_db()
    assert invitation.finished
    assert "ci sta pensando" not in response.content.decode()
    assert any(message["parts"] and f"attack-{invitation.number}" in message["parts"]
               for _group, message in pushes)


@pytest.mark.django_db(transaction=True)
async def test_an_enemy_connection_receives_nothing_of_an_invitation(running_game, sockets):
    game = running_game
    prussia, britain = await sync_to_async(
        lambda: (seat(game, "Prussia").user, seat(game, "Gran Bretagna").user)
    )()
    ally_socket = await sockets(prussia, game.pk)
    enemy_socket = await sockets(britain, game.pk)

    await sync_to_async(declare)(game, "Gran Bretagna", "Stati Tedeschi", "Francia")

    def marker() -> int:
        with transaction.atomic():
            return log_event(Game.objects.get(pk=game.pk), "public_note").chain_seq

    last = await sync_to_async(marker)()
    # The attack begins (a step of the game), its first step, the private invitation, the marker.
    ally_heard = [await ally_socket.receive_json_from() for _ in range(4)]
    assert [m["chain"].split("-")[0] for m in ally_heard] == ["all", "all", "power", "all"]
    assert ally_heard[2]["parts"] == ["invitations", "log"]
    assert set(ally_heard[2]) == {"type", "channel", "chain", "seq", "prev", "parts", "stage",
                                  "step"}
    # The step it names is the public one: the game's step, which every page shows.
    assert ally_heard[2]["step"] == ally_heard[1]["step"]
    # The enemy hears the public steps and then the marker, numbered one after the other:
    # nothing tells it that a private invitation came in between.
    enemy_heard = [await enemy_socket.receive_json_from() for _ in range(3)]
    assert [m["chain"] for m in enemy_heard] == ["all", "all", "all"]
    assert [(m["seq"], m["prev"]) for m in enemy_heard] == [(last - 2, last - 3),
                                                          (last - 1, last - 2), (last, last - 1)]
    assert await enemy_socket.receive_nothing(timeout=0.2)


def test_a_power_named_in_the_plural_attacks_in_the_plural_on_every_screen_of_the_attack(
        invitation):
    # As the admin may name a power with a plural article ("le Province Unite"): here the
    # attacker is made one, and every sentence whose verb it leads agrees with it.
    from guerra.game.models import ScenarioPower
    from guerra.game.text.grammar import forget_names

    ScenarioPower.objects.filter(name="Gran Bretagna").update(article="le")
    forget_names()
    prussia = client_of(seat(invitation.game, "Prussia").user)
    prompt = prussia.get(reverse("ally_prompts_part", args=[invitation.game.pk])).content.decode()
    assert ("Le Gran Bretagna attaccano la Francia negli Stati Tedeschi (attacco n. 1). "
            "La Francia ti invita a unirti alla difesa.") in " ".join(prompt.split())
    page = " ".join(prussia.get(invitation.get_absolute_url()).content.decode().split())
    assert "Attacco n. 1: le Gran Bretagna attaccano la Francia negli Stati Tedeschi" in page
    assert "Le Gran Bretagna combattono negli Stati Tedeschi." in page
    # And a power named in the singular, as before.
    ScenarioPower.objects.filter(name="Gran Bretagna").update(article="la")
    forget_names()
    page = " ".join(prussia.get(invitation.get_absolute_url()).content.decode().split())
    assert "Attacco n. 1: la Gran Bretagna attacca la Francia negli Stati Tedeschi" in page
    assert "La Gran Bretagna combatte negli Stati Tedeschi." in page


def test_no_prompt_nor_decision_while_the_computer_holds_the_seat(invitation):
    """The computer answers for a seat handed to it: its player's pages ask nothing of it."""
    from guerra.game.read.attack import attack_view
    from guerra.game.read.invitations import decision_prompts_for

    prussia = seat(invitation.game, "Prussia")
    assert prompts_for(invitation.game, prussia)
    assert attack_view(invitation, prussia).control is not None
    prussia.bot = "esperto"
    assert prompts_for(invitation.game, prussia) == []
    assert decision_prompts_for(invitation.game, prussia) == []
    assert attack_view(invitation, prussia).control is None
