"""Staff corrections: a moderator sets a power's gold and VP by hand, in the open."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.live import push as live
from guerra.game.models import Game, GameEvent, Seat
from guerra.game.read.log import describe
from guerra.game.services import GameError
from tests.game.attack_helpers import site_says
from tests.game.live.capture import Sent
from tests.game.play_helpers import state_of


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def prussia(running_game):
    return Seat.objects.get(game=running_game, power="Prussia")


@pytest.fixture
def staff(make_user):
    return make_user("capo", staff=True)


def correct(client, game, power, **data):
    form = {"seat": power.pk, "gold": 3, "vp": 2, "note": "", **data}
    return client.post(reverse("game_correct", args=[game.pk]), form, headers={"HX-Request": "1"})


def test_staff_set_gold_and_vp_and_everyone_reads_it_in_the_log(
    running_game, prussia, staff, monkeypatch, django_capture_on_commit_callbacks
):
    sent = Sent()
    monkeypatch.setattr(live, "send", sent.record)
    with django_capture_on_commit_callbacks(execute=True):
        response = correct(client_of(staff), running_game, prussia, note="conteggio sbagliato")
    assert response.status_code == 200
    assert "Correzione registrata per la Prussia." in response.content.decode()
    prussia.refresh_from_db()
    assert (prussia.gold, prussia.vp) == (3, 2)
    event = GameEvent.objects.get(game=running_game, kind="staff_corrected")
    assert event.visibility == "all"
    assert describe(event) == (
        "Lo staff corregge la Prussia: oro 10 → 3, PV 0 → 2. Nota: conteggio sbagliato"
    )
    assert [(group, message["parts"]) for group, message in sent] == [
        (live.game_group(running_game.pk), ["board", "turn", "log"])
    ]
    assert state_of(running_game).power("Prussia").gold == 3  # the rules' state, the truth


def test_only_staff_without_a_seat_may_correct(running_game, prussia, make_user):
    anna = running_game.created_by
    response = correct(client_of(anna), running_game, prussia)
    assert response.status_code == 403
    assert "Solo lo staff" in response.content.decode()
    anna.is_staff = True
    anna.save()  # a staff member who plays is a player here
    assert correct(client_of(anna), running_game, prussia).status_code == 403
    dario = client_of(make_user("dario"))
    assert correct(dario, running_game, prussia).status_code == 403  # a spectator
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    assert correct(dario, running_game, prussia).status_code == 404
    with pytest.raises(GameError, match=site_says("Only staff can correct the board.")) as refused:
        services.seat_correct(
            game_id=running_game.pk, user=make_user("elena"), seat_id=prussia.pk, gold=1, vp=1
        )
    assert refused.value.status == 403
    prussia.refresh_from_db()
    assert (prussia.gold, prussia.vp) == (10, 0)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"gold": -1}, (400, "Oro")),
        ({"vp": "molti"}, (400, "PV")),
        ({"gold": 1000}, (400, "Oro")),
        ({"seat": 999999}, (400, "Potenza")),
        ({"note": "x" * 201}, (400, "Nota")),
        ({"gold": 10, "vp": 0}, (409, "Niente da correggere")),
    ],
)
def test_a_bad_correction_is_refused_in_italian_and_changes_nothing(
    running_game, prussia, staff, data, expected
):
    status, fragment = expected
    response = correct(client_of(staff), running_game, prussia, **data)
    assert response.status_code == status
    assert fragment in response.content.decode()
    prussia.refresh_from_db()
    assert (prussia.gold, prussia.vp) == (10, 0)
    assert not GameEvent.objects.filter(kind="staff_corrected").exists()


def test_a_game_that_is_not_running_cannot_be_corrected(running_game, prussia, staff):
    services.game_end(game_id=running_game.pk, user=staff)
    with pytest.raises(GameError, match=site_says("The game is not in progress.")) as refused:
        services.seat_correct(game_id=running_game.pk, user=staff, seat_id=prussia.pk, gold=1, vp=1)
    assert refused.value.status == 409


def test_the_correction_form_is_shown_to_staff_only(running_game, staff):
    url = reverse("game_board", args=[running_game.pk])
    assert 'id="staff-tools"' in client_of(staff).get(url).content.decode()
    assert 'id="staff-tools"' not in client_of(running_game.created_by).get(url).content.decode()
