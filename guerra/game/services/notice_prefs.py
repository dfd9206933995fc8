"""A player's e-mail preferences (the page "Notifiche"): the switches, a new address confirmed
by a link sent to it, and the one-click unsubscribe of every notice."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.models import NoticePrefs
from guerra.game.services import notice_mail
from guerra.game.services.notices import dispatch

SWITCHES = ("active", "turn", "auction", "setup", "invitation", "attack", "reminders",
            "fast_games", "digest")


def _prefs(user_id: int) -> NoticePrefs:
    prefs, _created = NoticePrefs.objects.select_for_update().get_or_create(user_id=user_id)
    return prefs


@transaction.atomic
def notices_save(*, user: User, switches: Mapping[str, bool]) -> NoticePrefs:
    """Store the switches (every one of SWITCHES, on or off)."""
    unknown = set(switches) - set(SWITCHES)
    if unknown:
        raise GameError(_("Unknown preference."), status=400)
    prefs = _prefs(user.pk)
    if switches.get("digest") and not prefs.digest:
        prefs.last_digest_at = timezone.now()  # the first summary at the next usual hour
    for name in SWITCHES:
        setattr(prefs, name, bool(switches.get(name, False)))
    prefs.save()
    return prefs


def notices_address_ask(*, user: User, address: str) -> None:
    """Send the link that confirms `address` (already validated) to it, after the request."""
    user_id, name = user.pk, user.get_username()
    transaction.on_commit(
        lambda: dispatch(lambda: notice_mail.send_confirmation(user_id, name, address)),
        robust=True)


@transaction.atomic
def notices_address_confirm(*, user_id: int, address: str) -> NoticePrefs:
    """The link sent to `address` was followed: it is the player's, and gets their notices."""
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        raise GameError(_("This link is not valid."), status=400)
    prefs = _prefs(user_id)
    prefs.address = address
    prefs.save(update_fields=["address"])
    user.email = address
    user.save(update_fields=["email"])
    return prefs


@transaction.atomic
def notices_unsubscribe(*, user_id: int) -> None:
    """Every e-mail notice off (the address stays: the page can turn them on again)."""
    if not User.objects.filter(pk=user_id).exists():
        raise GameError(_("This link is not valid."), status=400)
    prefs = _prefs(user_id)
    prefs.active = False
    prefs.save(update_fields=["active"])


__all__ = ["SWITCHES", "notices_address_ask", "notices_address_confirm", "notices_save",
           "notices_unsubscribe"]
