"""A seat the computer holds, as its player's page shows it: the computer plays it, so the page
offers none of the seat's actions (the services would refuse them, 409)."""

from __future__ import annotations

from django.urls import reverse

from guerra.game import services
from guerra.game.models import Scenario
from guerra.game.services import bots
from guerra.rules.game.machine import pending
from tests.game.play_helpers import seat_of, state_of
from tests.game.services.test_bots import QUICK, let_deadline_pass


def test_the_page_of_a_player_whose_seat_the_computer_holds_offers_no_action(make_user, client):
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="In vacanza", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    game = services.game_start(game_id=game.pk, user=anna)
    while (pending(state_of(game)).kind, pending(state_of(game)).powers) != ("action",
                                                                               ("Spagna",)):
        let_deadline_pass(game)
    client.force_login(bruno)
    board = reverse("game_board", args=[game.pk])
    actions = [reverse(name, args=[game.pk]) for name in ("turn_pass", "gold_tax",
                                                          "gold_transfer")]
    page = client.get(board).content.decode()
    assert all(f'action="{url}"' in page for url in actions)
    assert "region-actions" in page  # the region cards' own buttons

    spagna = seat_of(game, "Spagna")
    bots.seat_hand_over(game_id=game.pk, user=bruno, seat_id=spagna.pk, level="principiante")
    assert pending(state_of(game)).powers == ("Spagna",)  # the computer answers in its time
    page = client.get(board).content.decode()
    assert not any(f'action="{url}"' in page for url in actions)
    assert "region-actions" not in page
    assert "Il computer (Principiante) gioca al tuo posto." in page
