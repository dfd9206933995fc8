"""The Italian of what only a browser shows: the countdown of a long deadline."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from guerra.game import services
from guerra.game.models import Game, Scenario
from tests.browser.conftest import new_user

QUICK = "Europa 1700 — partenza rapida"


def test_a_day_long_deadline_counts_down_in_hours_minutes_and_seconds(player, shot):
    anna = player("anna")
    new_user("bruno")
    game = services.game_create(user=User.objects.get(username="anna"),
                                scenario=Scenario.objects.get(name=QUICK), name="Per lettera",
                                is_private=False, power="Francia", deadline_seconds=86400)
    services.game_join(game_id=game.pk, user=User.objects.get(username="bruno"),
                       power="Gran Bretagna")
    services.game_start(game_id=game.pk, user=User.objects.get(username="anna"))
    assert Game.objects.get(pk=game.pk).deadline_seconds == 86400
    anna.goto(f"/partite/{game.pk}/")
    clock = anna.locator("#turn-box .deadline")
    # 23:59:59 or a second less, never "1439:59" (minutes only).
    expect(clock).to_have_text(re.compile(r"^mancano 2[34]:\d\d:\d\d$"))
    shot(anna, "deadline")
