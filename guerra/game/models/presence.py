"""Who has a game's page open: one row per open websocket, across processes.

A socket writes its row when it connects, touches `last_seen` now and then while it pings and
deletes the row when it closes (guerra/game/services/presence.py). A process that crashes leaves
its rows behind: they stop counting once `last_seen` is older than FRESH_FOR, and are deleted
later by the next socket that connects anywhere.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from guerra.game.models.game import Game, Seat

# A socket touches its row every SEEN_EVERY seconds at most (its page pings every 1.5 s); a row
# not touched for FRESH_FOR is a socket gone without a word (its process crashed).
SEEN_EVERY = 30.0
FRESH_FOR = timedelta(seconds=75)


class PresenceQuerySet(models.QuerySet["Presence"]):
    def fresh(self, now: datetime | None = None) -> PresenceQuerySet:
        """The rows of sockets still alive (seen within FRESH_FOR)."""
        return self.filter(last_seen__gte=(now or timezone.now()) - FRESH_FOR)

    def watchers(self, game_id: int, now: datetime | None = None) -> PresenceQuerySet:
        """The fresh rows of a game's users who hold no seat in it."""
        return self.fresh(now).filter(game_id=game_id).exclude(
            user_id__in=Seat.objects.filter(game_id=game_id).values("user_id"))


class Presence(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="presences",
                             verbose_name=_("game"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="presences", verbose_name=_("user"))
    # The socket's channel name in the channel layer: unique across processes.
    channel = models.CharField(_("channel"), max_length=120, unique=True)
    last_seen = models.DateTimeField(_("last seen"), db_index=True)

    objects = PresenceQuerySet.as_manager()

    class Meta:
        verbose_name = _("open page")
        verbose_name_plural = _("open pages")
        indexes = [models.Index(fields=["game", "user"], name="presence_game_user_idx")]

    def __str__(self) -> str:
        return f"{self.user_id} @ {self.game_id}"
