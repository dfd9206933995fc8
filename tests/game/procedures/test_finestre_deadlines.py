# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""W3's "each call its own short deadline (default: pass)": a call of a window has a quarter of
the game's time for a decision, 30 s at least (the adapter's `decision_seconds`); the
announcements (W4, W5, W9) keep the whole time; the page says so; the e-mail notices tell a
player of an attack's calls once, and never remind of one. The table:
tests/game/procedures/finestre_helpers.py."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from guerra.game.models import Attack, Game, Notice, NoticePrefs, Seat
from guerra.game.services import notices
from guerra.game.services.play import expire_due
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    call,
    dealt,
    declared,
    finestre_game,
    finestre_registered,
    page,
    play_calls,
    post,
    rig,
    text,
)

pytestmark = pytest.mark.django_db

DAY = 24 * 3600


def left(attack: Attack, since: datetime) -> float:
    """The seconds the attack's decision has from `since` (the game's deadline, the attack's
    the same)."""
    attack.refresh_from_db()
    game = Game.objects.get(pk=attack.game_id)
    assert game.deadline is not None and attack.deadline == game.deadline
    return (game.deadline - since).total_seconds()


@pytest.mark.parametrize(("seconds", "call_seconds"), [
    (120, 30), (3600, 900), (DAY, DAY // 4), (60, 30), (20, 20), (10, 10)])
def test_W3_a_call_has_a_short_deadline_a_quarter_of_a_decision_at_least_30_s(
        declared, seconds, call_seconds):
    attack, game = declared, declared.game
    Game.objects.filter(pk=game.pk).update(deadline_seconds=seconds)
    before = timezone.now()
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    # The first call is Gran Bretagna's own, right after its announcement: a new deadline all
    # the same (not what was left of the announcement's).
    attack.refresh_from_db()
    assert attack.node == "W4" and attack.awaiting == ["Gran Bretagna"]
    assert call_seconds - 5 <= left(attack, before) <= call_seconds + 5
    assert call(attack, "Gran Bretagna").status_code == 302
    assert call_seconds - 5 <= left(attack, timezone.now()) <= call_seconds + 5


def test_W3_a_call_whose_short_deadline_passes_is_a_pass_and_an_announcement_keeps_its_time(
        declared):
    attack, game = declared, declared.game
    assert game.deadline_seconds == 120
    start = timezone.now()
    # W4's announcement: the whole time of a decision.
    assert 115 <= left(attack, start) <= 125
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    now = timezone.now()
    assert expire_due(game_id=game.pk, now=now + timedelta(seconds=20)) == 0  # not yet
    assert expire_due(game_id=game.pk, now=now + timedelta(seconds=31)) == 1
    attack.refresh_from_db()
    assert attack.node == "W4" and attack.awaiting == ["Francia"]
    assert "Chiamate finora: Gran Bretagna: Passo" in text(page(attack, "Francia"))
    # Francia's call: 30 s from the step that opened it; passing it, the others pass too.
    play_calls(attack, "W4")
    attack.refresh_from_db()
    assert attack.node == "W5" and attack.awaiting == ["Francia"]  # its position: a decision
    assert 115 <= left(attack, timezone.now()) <= 125


def test_W3_the_call_says_its_time_on_the_page(declared):
    attack = declared
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    seen = text(page(attack, "Gran Bretagna"))
    assert "Ogni chiamata ha un quarto del tempo di una decisione, almeno 30 secondi: allo " \
        "scadere, passi." in seen
    assert "un quarto del tempo" not in text(page(attack, "Francia"))  # not its call


def correspondence(game: Game) -> None:
    """24 hours a decision, every player with a confirmed address."""
    Game.objects.filter(pk=game.pk).update(deadline_seconds=DAY)
    for seat in Seat.objects.filter(game=game).select_related("user"):
        NoticePrefs.objects.create(user=seat.user, address=f"{seat.user.username}@esempio.it")
    mail.outbox.clear()


def test_W3_an_attacks_calls_mail_each_player_once_and_are_never_reminded(
        declared, monkeypatch, django_capture_on_commit_callbacks):
    attack, game = declared, declared.game
    correspondence(game)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(attack, "Gran Bretagna", "finestre_tactic",
                    tactic="assalto").status_code == 302
    attack.refresh_from_db()
    assert 6 * 3600 - 5 <= left(attack, timezone.now()) <= 6 * 3600 + 5  # a quarter of a day
    # No reminder of a call: its whole time is the quarter a reminder waits for.
    monkeypatch.setitem(notices._scanned, "at", notices._LONG_AGO)
    monkeypatch.setattr(notices, "_reminded", set())
    assert notices.scan(timezone.now() + timedelta(hours=5)) == 0
    assert not Notice.objects.filter(reminder=True).exists()
    with django_capture_on_commit_callbacks(execute=True):
        callers = play_calls(attack, "W4", {"Francia": "Contrordine", "Austria": "Contrordine"})
    assert len(callers) > len(set(callers))  # the call went round more than once
    short = Notice.objects.filter(decision=f"a{attack.number}.short")
    assert sorted(short.values_list("seat__power", flat=True)) == sorted(set(callers))
    # One message each for the calls, whatever their number, and one to Francia for its
    # position (W5: a decision of its own, with the whole time, told as ever).
    attack.refresh_from_db()
    assert attack.node == "W5"
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [address(game, p) for p in set(callers)] + [address(game, "Francia")])
    told = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(attack, "Francia", "finestre_position", from_forts="1").status_code == 302
        callers = play_calls(attack, "W5")
    assert callers and len(mail.outbox) == told  # the calls of W5: told already
    assert short.count() == len(set(short.values_list("seat__power", flat=True)))


def address(game: Game, power: str) -> str:
    seat = Seat.objects.select_related("user").get(game=game, power=power)
    return f"{seat.user.username}@esempio.it"
