"""G13 on the page: the setup's placement form offers only the (kind, place) pairs the rules
accept. Issue 25: it offered a fleet in a region without sea, then refused it."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from guerra.game.models import Holding
from guerra.rules.game.inputs import PlaceUnit
from guerra.rules.game.machine import pending
from guerra.rules.game.setup import place
from guerra.rules.i18n import Message
from tests.game.play_helpers import seat_of, set_pieces, state_of

HOME = "casa"


def client_of(game, power: str) -> Client:
    client = Client()
    client.force_login(seat_of(game, power).user)
    return client


def offered(game, power: str) -> dict[str, list[str]]:
    """Each placement form of the power's board: its kind -> the values of its places."""
    html = client_of(game, power).get(reverse("game_board", args=[game.pk])).content.decode()
    forms = re.findall(r'<form[^>]*class="inline-form place-\w+".*?</form>', html, re.S)
    found = {}
    for form in forms:
        kind = re.search(r'name="tipo" value="(\w+)"', form)
        assert kind is not None
        found[kind[1]] = re.findall(r'<option value="([^"]+)"', form)
    return found


def test_G13_the_placement_form_offers_exactly_the_pairs_the_rules_accept(draw_game):
    game = draw_game
    state = state_of(game)
    power = pending(state).powers[0]
    names = {str(r.pk): r.name for r in game.regions.all()}
    forms = offered(game, power)
    assert list(forms) == ["army", "fleet", "fort"]
    for kind, values in forms.items():
        for value, region in [(HOME, None), *names.items()]:
            accepted = not isinstance(
                place(state, PlaceUnit(power, state.step, kind, region)), Message)  # type: ignore[arg-type]
            assert (value in values) == accepted, (kind, region)
    stati = str(game.regions.get(name="Stati Tedeschi").pk)
    baltico = str(game.regions.get(name="Baltico").pk)
    # The case of the issue: no fleet in the German States (no sea); no fort at home.
    assert stati not in forms["fleet"] and baltico in forms["fleet"] and HOME in forms["fleet"]
    assert HOME not in forms["fort"] and stati in forms["fort"]
    assert forms["army"][0] == HOME and stati in forms["army"]


def test_G13_every_pair_offered_is_placed_when_sent(draw_game):
    """What the form offers, the page accepts: the last place of each kind, in turn."""
    game = draw_game
    for _round in range(3):
        power = pending(state_of(game)).powers[0]
        forms = offered(game, power)
        kind = ["army", "fleet", "fort"][_round]
        value = forms[kind][-1]
        response = client_of(game, power).post(
            reverse("unit_place", args=[game.pk]),
            {"passo": state_of(game).step, "tipo": kind, "luogo": value})
        assert response.status_code == 302, response.content.decode()[:300]
    assert Holding.objects.filter(game=game).exists()


def test_G13_a_kind_the_supply_has_run_out_of_is_not_offered(draw_game):
    game = draw_game
    power = pending(state_of(game)).powers[0]
    forts = state_of(game).scenario.supply.forts
    set_pieces(game, power, "Stati Tedeschi", forts=forts)  # every fort on the map
    assert list(offered(game, power)) == ["army", "fleet"]


def test_G13_nobody_else_sees_a_placement_form(draw_game):
    game = draw_game
    other = next(s.power for s in game.seats.all()
                 if s.power != pending(state_of(game)).powers[0])
    assert offered(game, other) == {}
