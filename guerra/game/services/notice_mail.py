"""The e-mails themselves: a decision awaited (and its reminder), the daily summary, the
confirmation of a new address. Italian, plain text and HTML (templates/email/), with absolute
links (GUERRA_SITE_URL) and, in every notice, a one-click unsubscribe link (also in the
List-Unsubscribe headers, which mail programs offer as a button)."""

from __future__ import annotations

import logging
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from guerra.game.access.mail_tokens import confirm_token, unsubscribe_token
from guerra.game.models import Game, GameStatus, NoticeKind, NoticePrefs, Seat
from guerra.game.models.state import load_state
from guerra.game.services.awaited import FAST_GAME_SECONDS, kind_of
from guerra.rules.game.machine import pending

logger = logging.getLogger(__name__)


def absolute(path: str) -> str:
    return settings.GUERRA_SITE_URL.rstrip("/") + path


def what_awaits(kind: str) -> str:
    """The message's headline for a kind of decision."""
    texts: dict[str, str] = {
        NoticeKind.TURN: _("It is your turn"),
        NoticeKind.AUCTION: _("The alliance auction awaits you"),
        NoticeKind.SETUP: _("It is your turn to place a unit"),
        NoticeKind.INVITATION: _("An ally invites you into an attack"),
        NoticeKind.ATTACK: _("A decision awaits you in an attack"),
    }
    return str(texts.get(kind, texts[NoticeKind.TURN]))


def send_decision(game: Game, kind: str, prefs: NoticePrefs, *, reminder: bool) -> None:
    with translation.override(settings.LANGUAGE_CODE):
        headline = what_awaits(kind)
        subject = (_("Reminder — %(what)s in «%(game)s»") if reminder
                   else _("%(what)s in «%(game)s»")) % {"what": headline, "game": game.name}
        context = {
            "headline": headline, "game": game, "reminder": reminder,
            "deadline": timezone.localtime(game.deadline) if game.deadline else None,
            "game_url": absolute(game.get_absolute_url()),
        }
        _send(prefs, subject, "email/decision", context)


def _send(prefs: NoticePrefs, subject: str, template: str, context: dict[str, Any]) -> None:
    """One notice to the player's confirmed address, with the links every notice carries."""
    unsubscribe = absolute(reverse("notices_unsubscribe", args=[unsubscribe_token(prefs.user_id)]))
    context = {**context, "unsubscribe_url": unsubscribe,
               "prefs_url": absolute(reverse("notices"))}
    message = EmailMultiAlternatives(
        subject=subject, body=render_to_string(f"{template}.txt", context),
        to=[prefs.address],
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(render_to_string(f"{template}.html", context), "text/html")
    message.send()


def send_confirmation(user_id: int, name: str, address: str) -> None:
    """The link that confirms `address` as the player's, sent to that address."""
    with translation.override(settings.LANGUAGE_CODE):
        url = absolute(reverse("notices_confirm", args=[confirm_token(user_id, address)]))
        context = {"name": name, "address": address, "confirm_url": url}
        message = EmailMultiAlternatives(
            subject=_("Confirm your e-mail address for Guerra"),
            body=render_to_string("email/confirm.txt", context), to=[address])
        message.attach_alternative(render_to_string("email/confirm.html", context), "text/html")
        message.send()


# --- the daily summary --------------------------------------------------------------------------


def digest_slot(now: datetime) -> datetime:
    """The last time a daily summary was due: today at GUERRA_DIGEST_HOUR (local), or
    yesterday's before that hour."""
    local = timezone.localtime(now)
    slot = timezone.make_aware(datetime.combine(local.date(), time(settings.GUERRA_DIGEST_HOUR)))
    return slot if slot <= now else slot - timedelta(days=1)


def send_digests(now: datetime | None = None) -> int:
    """The daily summaries due (one a day to each reader, when something awaits them)."""
    now = now or timezone.now()
    slot = digest_slot(now)
    due = NoticePrefs.objects.filter(
        Q(last_digest_at__isnull=True) | Q(last_digest_at__lt=slot),
        active=True, digest=True).exclude(address="")
    sent = 0
    for prefs in due:
        # One process sends it: the one whose update finds the old value still there.
        taken = NoticePrefs.objects.filter(pk=prefs.pk, last_digest_at=prefs.last_digest_at) \
            .update(last_digest_at=now)
        if not taken:
            continue
        lines = awaiting(prefs)
        if lines:
            with translation.override(settings.LANGUAGE_CODE):
                subject = _("Guerra: what awaits you today")
                _send(prefs, subject, "email/digest", {"lines": lines})
            sent += 1
    return sent


def awaiting(prefs: NoticePrefs) -> list[dict[str, Any]]:
    """What awaits the player across their running games (the kinds they want), soonest
    deadline first."""
    seats = Seat.objects.filter(user_id=prefs.user_id, bot="", game__status=GameStatus.RUNNING,
                                game__deadline__isnull=False).select_related("game")
    lines = []
    for seat in seats:
        game = seat.game
        if game.deadline_seconds <= FAST_GAME_SECONDS and not prefs.fast_games:
            continue
        state = load_state(game)
        if seat.power not in pending(state).powers:
            continue
        kind = kind_of(state, seat.power)
        if not prefs.wants(kind):
            continue
        with translation.override(settings.LANGUAGE_CODE):
            lines.append({"headline": what_awaits(kind), "game": game,
                          "deadline": timezone.localtime(game.deadline),
                          "game_url": absolute(game.get_absolute_url())})
    return sorted(lines, key=lambda line: line["deadline"])
