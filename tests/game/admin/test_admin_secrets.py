# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""W1: "nobody but the owner (and staff after the game) sees a hand": the admin's pages show a
running game's rules state and attacks with its combat system's secrets left out, and all of
it once the game is over."""

from __future__ import annotations

import json

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from guerra.game.admin.secrets import attack_state_for_staff, rules_for_staff
from guerra.game.models import Attack, GameStatus
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    dealt,
    declared,
    finestre_game,
    finestre_registered,
)


def staff() -> Client:
    client = Client()
    client.force_login(User.objects.create_user("capo", is_staff=True, is_superuser=True))
    return client


def cards_of(hands: object) -> list[str]:
    """Every card named in a list of [power, [card, ...]] (a memory's or a state's hands)."""
    assert isinstance(hands, list)
    return [card for _power, cards in hands for card in cards if card != "?"]


def test_W1_staff_read_no_hand_while_the_game_runs_and_every_hand_once_it_is_over(declared):
    game = declared.game
    assert cards_of(json.loads(game.rules["combat_memory"])["hands"])  # real hands were dealt
    shown = json.loads(rules_for_staff(game)["combat_memory"])
    assert "hands" not in shown and sum(shown["hand_sizes"].values()) > 0
    assert cards_of(declared.state["hands"])  # the attack's own state holds the hands
    state = attack_state_for_staff(declared)
    assert isinstance(state, dict)
    assert cards_of(state["hands"]) == cards_of(state["situation"]["hands"]) == []
    page = staff().get(reverse("admin:game_attack_change", args=[declared.pk]))
    assert page.status_code == 200
    assert "&quot;?&quot;" in page.content.decode()  # the hands as a spectator sees them

    game.status = GameStatus.FINISHED
    game.save(update_fields=["status"])
    attack = Attack.objects.get(pk=declared.pk)
    assert rules_for_staff(attack.game)["combat_memory"] == game.rules["combat_memory"]
    assert attack_state_for_staff(attack) == attack.state
