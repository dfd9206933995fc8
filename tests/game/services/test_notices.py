"""E-mail when a decision awaits a player (issue 31): exactly one message per decision and seat,
none while the player has the game open, none in a 2-minute game unless asked for, a reminder
when a quarter of the time is left, the daily summary, the hourly cap. Django's test runner
sends mail to the locmem back end (`mail.outbox`); the mail thread runs at once in the tests
(GUERRA_MAIL_IN_BACKGROUND)."""

from __future__ import annotations

import dataclasses
import logging
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from guerra.game import services
from guerra.game.models import Game, Notice, NoticePrefs, NoticeStatus, Seat
from guerra.game.services import notice_mail, notices, presence
from guerra.game.services.awaited import decision_of, kind_of, newly_awaited
from tests.game.attack_helpers import declare
from tests.game.play_helpers import give_turn, seat_of, state_of

pytestmark = pytest.mark.django_db

DAY = 24 * 3600


@pytest.fixture
def game(running_game):
    """The running game by correspondence (24 hours a decision), every player with a confirmed
    address and the notices as they come."""
    Game.objects.filter(pk=running_game.pk).update(deadline_seconds=DAY)
    running_game.refresh_from_db()
    for seat in Seat.objects.filter(game=running_game).select_related("user"):
        NoticePrefs.objects.create(user=seat.user, address=f"{seat.user.username}@esempio.it")
    mail.outbox.clear()
    return running_game


def pass_as(game, power, capture):
    with capture(execute=True):
        services.action_pass(game_id=game.pk, user=seat_of(game, power).user,
                             step=state_of(game).step)
    game.refresh_from_db()


def awaited_power(game):
    from guerra.rules.game.machine import pending

    return pending(state_of(game)).powers


def to(address_of_power, game):
    return f"{seat_of(game, address_of_power).user.username}@esempio.it"


def test_a_decision_awaited_sends_exactly_one_message_to_the_awaited_player(
        game, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    [power] = awaited_power(game)
    [message] = mail.outbox
    assert message.to == [to(power, game)]
    assert "Prova" in message.subject
    html, kind = message.alternatives[0]
    assert kind == "text/html" and "Prova" in html
    assert f"http://127.0.0.1:8000/partite/{game.pk}/" in message.body
    assert Notice.objects.get().status == NoticeStatus.SENT


def test_the_same_decision_is_never_told_twice(game, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    [awaited] = notices.awaited_now(game.pk)
    assert notices.deliver(game.pk, [awaited]) == 0
    assert len(mail.outbox) == 1


def test_the_message_is_in_italian_and_says_what_in_which_game_and_until_when(
        game, django_capture_on_commit_callbacks):
    give_turn(game, "Francia")
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    [message] = mail.outbox
    assert "Tocca a te" in message.subject
    deadline = timezone.localtime(Game.objects.get(pk=game.pk).deadline)
    assert f"{deadline:%H:%M}" in message.body
    assert "Partita: Prova" in message.body and "poi vale la scelta predefinita" in message.body
    assert "Vai alla partita" in message.alternatives[0][0]


def test_no_message_while_the_player_has_the_game_open(game, django_capture_on_commit_callbacks):
    nobody = list(Seat.objects.filter(game=game).select_related("user"))
    for number, seat in enumerate(nobody):
        presence.opened(game.pk, seat.user_id, f"chan-{number}")
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    assert mail.outbox == []
    assert not Notice.objects.exists()


def test_no_message_in_a_2_minute_game_unless_the_player_asked(
        game, django_capture_on_commit_callbacks):
    Game.objects.filter(pk=game.pk).update(deadline_seconds=120)
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    assert mail.outbox == []
    NoticePrefs.objects.update(fast_games=True)
    pass_as(game, awaited_power(game)[0], django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 1


def test_no_message_for_a_kind_turned_off_all_off_or_an_unconfirmed_address(
        game, django_capture_on_commit_callbacks):
    NoticePrefs.objects.update(turn=False)
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    NoticePrefs.objects.update(turn=True, active=False)
    pass_as(game, awaited_power(game)[0], django_capture_on_commit_callbacks)
    NoticePrefs.objects.update(active=True, address="")
    pass_as(game, awaited_power(game)[0], django_capture_on_commit_callbacks)
    assert mail.outbox == []


def test_no_message_to_a_computer_players_seat(game, django_capture_on_commit_callbacks):
    Seat.objects.filter(game=game).update(bot="principiante")
    pass_as_bot = state_of(game)
    assert newly_awaited(Game.objects.get(pk=game.pk), None, pass_as_bot) == []


def test_the_kinds_setup_auction_turn_invitation_and_attack(
        game, django_capture_on_commit_callbacks):
    state = state_of(game)
    assert kind_of(state, "Francia") == "turn"
    with django_capture_on_commit_callbacks(execute=True):
        attack = declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    game.refresh_from_db()
    state = state_of(game)
    assert decision_of(state).startswith(f"a{attack.number}.")
    assert kind_of(state, "Prussia") == "invitation"
    assert kind_of(state, "Francia") == "attack"
    told = {m.to[0]: m.subject for m in mail.outbox}
    assert "Un alleato ti invita" in told[to("Prussia", game)]


def test_a_game_starting_tells_the_first_placer(make_user, scenario,
                                                django_capture_on_commit_callbacks):
    anna, bruno = make_user("anna"), make_user("bruno")
    for user in (anna, bruno):
        NoticePrefs.objects.create(user=user, address=f"{user.username}@esempio.it")
    lobby = services.game_create(user=anna, scenario=scenario, name="Lenta", is_private=False,
                                 power="Francia", deadline_seconds=DAY)
    services.game_join(game_id=lobby.pk, user=bruno, power="Gran Bretagna")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game_id=lobby.pk, user=anna)
    kinds = set(Notice.objects.values_list("kind", flat=True))
    assert kinds and kinds <= {"setup", "auction"}
    assert len(mail.outbox) == Notice.objects.count()


def test_a_reminder_when_a_quarter_of_the_time_is_left_once(
        game, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    deadline = Game.objects.get(pk=game.pk).deadline
    assert deadline is not None
    assert notices.send_reminders(deadline - timedelta(hours=7)) == 0
    assert notices.send_reminders(deadline - timedelta(hours=6)) == 1
    notices._reminded.clear()  # as another process would
    assert notices.send_reminders(deadline - timedelta(hours=5)) == 0
    [message] = mail.outbox
    assert message.subject.startswith("Promemoria")
    assert "resta un quarto del tempo" in message.body


def test_no_reminder_for_who_turned_reminders_off(game, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    NoticePrefs.objects.update(reminders=False)
    deadline = Game.objects.get(pk=game.pk).deadline
    assert deadline is not None
    assert notices.send_reminders(deadline - timedelta(hours=1)) == 0


def test_past_the_hourly_cap_messages_are_held_back_with_a_log_line(
        game, settings, caplog, django_capture_on_commit_callbacks):
    settings.GUERRA_MAIL_PER_HOUR = 2
    Seat.objects.filter(game=game).exclude(power="Francia").update(bot="principiante")
    caplog.set_level(logging.WARNING, logger="guerra.game.services.notices")
    for _ in range(3):
        give_turn(game, "Francia")
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(days=1))
        [awaited] = notices.awaited_now(game.pk)
        notices.deliver(game.pk, [awaited])
    assert len(mail.outbox) == 2
    assert list(Notice.objects.order_by("pk").values_list("status", flat=True)) == [
        "sent", "sent", "capped"]
    assert "held back" in caplog.text


def test_a_digest_reader_gets_no_single_message_but_one_summary_a_day(
        game, settings, django_capture_on_commit_callbacks):
    NoticePrefs.objects.update(digest=True)
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    assert mail.outbox == []
    [power] = awaited_power(game)
    # Just after the usual hour (GUERRA_DIGEST_HOUR): a summary is due once after each such hour,
    # so a test run in the hour before it would see the next one due within the hour.
    now = notice_mail.digest_slot(timezone.now()) + timedelta(minutes=5)
    assert notice_mail.send_digests(now) == 1  # the one awaited; the others have nothing
    [summary] = mail.outbox
    assert summary.to == [to(power, game)]
    assert "Prova" in summary.body and "Tocca a te" in summary.body
    assert notice_mail.send_digests(now + timedelta(hours=1)) == 0  # once a day
    assert notice_mail.send_digests(now + timedelta(hours=22)) == 0
    assert notice_mail.send_digests(now + timedelta(days=1, hours=2)) == 1  # (2 h: a DST change)


def test_every_message_carries_a_one_click_unsubscribe_link(
        game, client, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    [message] = mail.outbox
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert link in message.body and link in message.alternatives[0][0]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    response = client.post(link.removeprefix("http://127.0.0.1:8000"))
    assert response.status_code == 200
    user = seat_of(game, awaited_power(game)[0]).user
    assert not NoticePrefs.objects.get(user=user).active


def test_a_failing_mail_server_never_breaks_the_move(game, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    def broken(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(notice_mail, "send_decision", broken)
    before = state_of(game).step
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    assert Game.objects.get(pk=game.pk).step == before + 1
    assert not Notice.objects.exists()  # not counted as sent


def test_the_timers_scan_sends_the_reminders_at_most_every_10_seconds_and_tidies_old_notices(
        game, monkeypatch, django_capture_on_commit_callbacks):
    pass_as(game, "Francia", django_capture_on_commit_callbacks)
    Notice.objects.update(created_at=timezone.now() - timedelta(days=31))
    monkeypatch.setitem(notices._scanned, "at", notices._LONG_AGO)
    monkeypatch.setitem(notices._scanned, "tidied", notices._LONG_AGO)
    monkeypatch.setattr(notices, "_reminded", set())
    deadline = Game.objects.get(pk=game.pk).deadline
    assert deadline is not None
    near_the_end = deadline - timedelta(hours=1)
    assert notices.scan(near_the_end) == 1
    assert list(Notice.objects.values_list("reminder", flat=True)) == [True]  # the old one gone
    Notice.objects.all().delete()
    monkeypatch.setattr(notices, "_reminded", set())
    assert notices.scan(near_the_end + timedelta(seconds=9)) == 0  # too soon: not looked at
    assert notices.scan(near_the_end + timedelta(seconds=10)) == 1


def awaiting_in_the_attack(state, powers, opened_at=None):
    """The state with the attack's window awaiting `powers` (opened at `opened_at`)."""
    cursor = state.attack.state.cursor
    cursor = dataclasses.replace(cursor, awaiting=tuple(powers),
                                 opened_at=cursor.opened_at if opened_at is None else opened_at)
    attack = dataclasses.replace(state.attack,
                                 state=dataclasses.replace(state.attack.state, cursor=cursor))
    return dataclasses.replace(state, attack=attack)


def test_two_powers_awaited_at_once_are_told_once_each_and_not_again_when_one_answers(
        game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        declare(game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    game.refresh_from_db()
    state = state_of(game)
    both = awaiting_in_the_attack(state, ["Prussia", "Francia"])
    told = newly_awaited(game, None, both)
    assert sorted((seat_of(game, "Prussia").pk, seat_of(game, "Francia").pk)) == sorted(
        one.seat_id for one in told)
    assert {one.kind for one in told} == {"invitation", "attack"}
    assert len({one.decision for one in told}) == 1
    one_left = awaiting_in_the_attack(state, ["Francia"])
    assert newly_awaited(game, both, one_left) == []  # the same window: Francia was told
    next_window = awaiting_in_the_attack(state, ["Francia"],
                                         opened_at=state.attack.state.cursor.opened_at + 1)
    [again] = newly_awaited(game, one_left, next_window)
    assert again.decision != told[0].decision  # a new window is a new decision
