"""Who has a game's page open: the rows the websocket writes (services/presence.py) and what the
read side makes of them (read/presence.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from guerra.game import services
from guerra.game.live.push import game_group
from guerra.game.models import Presence, Seat
from guerra.game.read.presence import has_open, watching
from guerra.game.services import presence

pytestmark = pytest.mark.django_db


def users(game):
    return {seat.power: seat.user for seat in Seat.objects.filter(game=game).select_related("user")}


def test_a_page_opened_is_open_and_closed_is_not(running_game):
    anna = users(running_game)["Francia"]
    presence.opened(running_game.pk, anna.pk, "chan-1")
    assert has_open(running_game.pk, anna.pk)
    presence.closed("chan-1")
    assert not has_open(running_game.pk, anna.pk)
    assert not Presence.objects.exists()


def test_a_page_open_elsewhere_keeps_the_player_present_when_one_closes(running_game):
    anna = users(running_game)["Francia"]
    presence.opened(running_game.pk, anna.pk, "chan-1")
    presence.opened(running_game.pk, anna.pk, "chan-2")
    presence.closed("chan-1")
    assert has_open(running_game.pk, anna.pk)


def test_a_row_not_seen_for_75_seconds_no_longer_counts(running_game, make_user):
    anna = users(running_game)["Francia"]
    dario = make_user("dario")
    presence.opened(running_game.pk, anna.pk, "chan-a")
    presence.opened(running_game.pk, dario.pk, "chan-d")
    Presence.objects.update(last_seen=timezone.now() - timedelta(seconds=76))
    assert not has_open(running_game.pk, anna.pk)
    assert watching(running_game.pk) == 0
    Presence.objects.update(last_seen=timezone.now() - timedelta(seconds=70))
    assert has_open(running_game.pk, anna.pk)
    assert watching(running_game.pk) == 1


def test_the_open_page_of_another_game_does_not_count(running_game, make_user, scenario):
    anna = users(running_game)["Francia"]
    other = services.game_create(user=make_user("elena"), scenario=scenario, name="Altra",
                                 is_private=False, power="Francia")
    presence.opened(other.pk, anna.pk, "chan-1")
    assert not has_open(running_game.pk, anna.pk)


def test_a_seated_player_is_not_a_watcher_and_a_user_with_two_pages_counts_once(
        running_game, make_user):
    table = users(running_game)
    dario, elena = make_user("dario"), make_user("elena")
    presence.opened(running_game.pk, table["Francia"].pk, "chan-a")
    presence.opened(running_game.pk, dario.pk, "chan-d1")
    presence.opened(running_game.pk, dario.pk, "chan-d2")
    presence.opened(running_game.pk, elena.pk, "chan-e")
    assert watching(running_game.pk) == 2
    presence.closed("chan-e")
    assert watching(running_game.pk) == 1


def test_a_watcher_opening_or_closing_rings_the_watchers_part_and_a_player_does_not(
        running_game, make_user, pushes, django_capture_on_commit_callbacks):
    anna = users(running_game)["Francia"]
    dario = make_user("dario")
    with django_capture_on_commit_callbacks(execute=True):
        presence.opened(running_game.pk, anna.pk, "chan-a")
        presence.closed("chan-a")
    assert pushes.frames == []
    with django_capture_on_commit_callbacks(execute=True):
        presence.opened(running_game.pk, dario.pk, "chan-d")
        presence.closed("chan-d")
    rings = [(group, message) for group, message in pushes.frames if message["type"] == "ring"]
    assert rings == [(game_group(running_game.pk), {"type": "ring", "parts": ["watchers"]})] * 2


def test_a_ping_touches_the_row_at_most_every_30_seconds(running_game, monkeypatch):
    anna = users(running_game)["Francia"]
    clock = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: clock[0])
    presence.opened(running_game.pk, anna.pk, "chan-1")
    old = timezone.now() - timedelta(seconds=60)
    Presence.objects.update(last_seen=old)
    clock[0] += 29
    assert not presence.seen_due("chan-1")
    assert presence.seen("chan-1")
    assert Presence.objects.get().last_seen == old  # not written
    clock[0] += 1
    assert presence.seen_due("chan-1")
    assert presence.seen("chan-1")
    assert Presence.objects.get().last_seen > old
    assert not presence.seen_due("chan-1")


def test_a_ping_of_a_socket_without_a_row_says_so(running_game):
    assert not presence.seen("chan-unknown")


def test_rows_an_hour_old_are_tidied_when_a_socket_connects(running_game, monkeypatch):
    anna = users(running_game)["Francia"]
    presence.opened(running_game.pk, anna.pk, "chan-old")
    Presence.objects.update(last_seen=timezone.now() - timedelta(hours=2))
    monkeypatch.setitem(presence._tidied, "at", -presence.TIDY_EVERY)
    monkeypatch.setattr(presence.time, "monotonic", lambda: 10_000.0)
    presence.opened(running_game.pk, anna.pk, "chan-new")
    assert list(Presence.objects.values_list("channel", flat=True)) == ["chan-new"]
