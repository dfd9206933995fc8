"""The table of the "punti" web tests, its fixtures and helpers.

The table: Francia and Prussia (Alleanza A) against Gran Bretagna and Austria (Alleanza B), in
that turn order. In the German States Gran Bretagna (3 armies) attacks Francia (2 armies, a
fort and a control marker); Austria has 2 armies in Central Europe, one land link away (army
range 1); Prussia 1 army in the German States. Nobody has units at home.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import Attack, Game
from tests.game.attack_helpers import declare, rig, seat, text  # noqa: F401 (text: for the tests)
from tests.game.play_helpers import finish_auction, set_pieces

__all__ = ["rig"]  # the fixture, for the test modules that import this one

REGION = "Stati Tedeschi"
POWERS = ("Francia", "Gran Bretagna", "Prussia", "Austria")


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def player(game: Game, power: str) -> Client:
    return client_of(seat(game, power).user)


def page(attack: Attack, power: str) -> str:
    return player(attack.game, power).get(attack.get_absolute_url()).content.decode()


def board(game: Game, power: str) -> str:
    return player(game, power).get(reverse("game_board", args=[game.pk])).content.decode()


def post(attack: Attack, power: str, kind: str, **values: object):
    attack.refresh_from_db()
    data = {"kind": kind, "step": values.pop("step", attack.step), **values}
    return player(attack.game, power).post(
        reverse("attack_decide", args=[attack.game_id, attack.number]), data)


@pytest.fixture(autouse=True)
def quick_odds(monkeypatch):
    """Estimates of 200 battles (the pages play 10,000): the same words, a test's time."""
    from guerra.game.procedures import odds_cache
    from guerra.game.procedures.punti import adapter

    monkeypatch.setattr(adapter, "WEB_SAMPLES", 200)
    odds_cache.clear_odds_cache()
    yield
    odds_cache.clear_odds_cache()


@pytest.fixture
def punti_game(make_user, scenario):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=scenario, name="Punti", is_private=False,
                                power="Francia", procedure="punti")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power in POWERS:
        set_pieces(game, power, None, armies=0, fleets=0)
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=3)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1)
    set_pieces(game, "Austria", "Europa Centrale", armies=2)
    game.refresh_from_db()
    return game


@pytest.fixture
def declared(punti_game):
    return declare(punti_game, "Gran Bretagna", REGION, "Francia")


ATTACK_DICE = [5, 6, 5, 6, 1, 2, 3, 4, 1, 2]  # ten dice (five armies, 2 points each): 4 hits
COUNTER_DICE = [6, 3, 1, 2, 1]  # five dice (the fort's defence 5): 2 above speed 2


def play_to_the_end(attack: Attack, rig) -> Attack:
    """The attack of `test_E1_to_E11_...`, without its checks: Austria from Central Europe
    and Prussia join, Francia places 2, 1 and 1, retreats to the Baltic and counter-attacks,
    Gran Bretagna places 1 and 1."""
    for power, kind, values in (
            ("Gran Bretagna", "name_groups", {"armies_1": 2}),
            ("Austria", "consent", {"consent": "1"}),
            ("Francia", "name_groups", {"armies_1": 1})):
        assert post(attack, power, kind, **values).status_code == 302
    rig(ATTACK_DICE)
    assert post(attack, "Prussia", "consent", consent="1").status_code == 302
    assert post(attack, "Francia", "damage", points_1=2, points_2=1,
                points_3=1).status_code == 302
    assert post(attack, "Francia", "retreat", retreat_to=1).status_code == 302
    rig(COUNTER_DICE)
    assert post(attack, "Francia", "counter_attack", counter="1").status_code == 302
    assert post(attack, "Gran Bretagna", "damage", points_1=1, points_2=1).status_code == 302
    attack.refresh_from_db()
    assert attack.finished
    return attack
