"""Negotiation: messages inside one alliance, or between two players. Written once, never edited."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from guerra.game.models.game import Game, Seat

MAX_CHAT_LENGTH = 1000


class ChatKind(models.TextChoices):
    ALLIANCE = "alliance", _("alliance chat")
    PRIVATE = "private", _("private chat")


class ImmutableError(Exception):
    """A chat message is evidence of what was said: it is never changed or deleted."""


class ChatMessage(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("game")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=ChatKind.choices)
    # Alliances are re-formed every war: an alliance chat belongs to one war and one side.
    war = models.PositiveSmallIntegerField(_("war"))
    side = models.PositiveSmallIntegerField(_("alliance"), null=True, blank=True)
    sender = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="sent_messages", verbose_name=_("sender")
    )
    recipient = models.ForeignKey(
        Seat,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="received_messages",
        verbose_name=_("recipient"),
    )
    text = models.TextField(_("text"), max_length=MAX_CHAT_LENGTH)
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [
            models.Index(fields=["game", "kind", "war", "side"], name="chat_alliance_idx"),
            models.Index(fields=["game", "sender", "recipient"], name="chat_private_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="alliance", side__in=[1, 2], recipient__isnull=True)
                | Q(kind="private", side__isnull=True, recipient__isnull=False),
                name="chat_audience_matches_kind",
            ),
            models.CheckConstraint(
                condition=~Q(sender=models.F("recipient")), name="chat_not_to_oneself"
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("text"), MAX_CHAT_LENGTH),
                name="chat_text_max_length",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sender_id}: {self.text[:40]}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ImmutableError("chat messages cannot be changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ImmutableError("chat messages cannot be deleted")
