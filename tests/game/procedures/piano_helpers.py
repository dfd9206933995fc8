"""The table of the "piano" web tests, its fixtures and helpers.

The table: Francia and Prussia (Alleanza A) against Gran Bretagna and Austria (Alleanza B), in
that turn order. In the German States Gran Bretagna (2 armies and a fleet) attacks Francia (2
armies, a fort and a control marker); Austria (1 army, Gran Bretagna's ally) and Prussia (1
army, Francia's ally) are there too, so they fight (the game's A rules: every ally's units in
the region). Four units a side: both sides may plan deadly engagements (K4).

K1 with the default ratings: the attacker's side (armies and a fleet) is rated Disciplina 4,
Astuzia 3, Rapidità 5, Forza 4: strength Rapidità, weakness Astuzia. The defender's (armies and
a fort) Disciplina 5, Astuzia 2, Rapidità 2, Forza 5: strength Disciplina and Forza, weakness
Astuzia and Rapidità.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import Attack, Game
from tests.game.attack_helpers import declare, rig, seat, text
from tests.game.play_helpers import finish_auction, set_pieces

__all__ = ["declare", "rig", "text"]

REGION = "Stati Tedeschi"
POWERS = ("Francia", "Gran Bretagna", "Prussia", "Austria")

# The plans of the first attack (K3): each with a control and a deadly engagement.
ATTACKER_PLAN = (("approach", "astuzia"), ("control", "rapidita"), ("deadly", "rapidita"),
                 ("engagement", "astuzia"))
DEFENDER_PLAN = (("approach", "disciplina"), ("control", "forza"), ("deadly", "astuzia"))


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def player(game: Game, power: str) -> Client:
    return client_of(seat(game, power).user)


def page(attack: Attack, power: str | None, **query: str) -> str:
    c = Client() if power is None else player(attack.game, power)
    return c.get(attack.get_absolute_url(), query).content.decode()


def post(attack: Attack, power: str, kind: str, **values: object):
    attack.refresh_from_db()
    data = {"kind": kind, "step": values.pop("step", attack.step), **values}
    return player(attack.game, power).post(
        reverse("attack_decide", args=[attack.game_id, attack.number]), data)


def plan_fields(steps) -> dict[str, str]:
    """The plan builder's rows for `steps` ((action, characteristic) pairs)."""
    found: dict[str, str] = {}
    for i, (action, name) in enumerate(steps, start=1):
        found[f"piano_step_{i}"], found[f"piano_char_{i}"] = action, name
    return found


def send_plan(attack: Attack, power: str, steps):
    return post(attack, power, "piano_plan", **plan_fields(steps))


@pytest.fixture
def piano_game(make_user, scenario):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=scenario, name="Piano",
                                is_private=False, power="Francia", procedure="piano")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power in POWERS:
        set_pieces(game, power, None, armies=0, fleets=0)
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=2, fleets=1)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1)
    set_pieces(game, "Austria", REGION, armies=1)
    game.refresh_from_db()
    return game


@pytest.fixture
def declared(piano_game):
    return declare(piano_game, "Gran Bretagna", REGION, "Francia")
