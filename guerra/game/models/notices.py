"""E-mail notices: each player's preferences, and every notice decided on (sent, or held back
by the hourly cap). Written by guerra/game/services/notices.py."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from guerra.game.models.game import Game, Seat


class NoticeKind(models.TextChoices):
    """What a notice says is awaited (each a switch of its own in the preferences)."""

    TURN = "turn", _("your turn")
    AUCTION = "auction", _("the alliance auction")
    SETUP = "setup", _("placing your units at the start")
    INVITATION = "invitation", _("an ally's invitation")
    ATTACK = "attack", _("a decision in an attack")


class NoticePrefs(models.Model):
    """One player's choices. Only a confirmed address gets mail: `address` is set by the link
    sent to it (guerra/game/services/notices_prefs.py)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notice_prefs", verbose_name=_("user"))
    address = models.EmailField(_("confirmed e-mail address"), blank=True)
    active = models.BooleanField(_("e-mail notices"), default=True)
    turn = models.BooleanField(_("your turn"), default=True)
    auction = models.BooleanField(_("the alliance auction"), default=True)
    setup = models.BooleanField(_("placing your units at the start"), default=True)
    invitation = models.BooleanField(_("an ally's invitation"), default=True)
    attack = models.BooleanField(_("a decision in an attack"), default=True)
    reminders = models.BooleanField(_("a reminder when a quarter of the time is left"),
                                    default=True)
    fast_games = models.BooleanField(_("also in games with 2 minutes a decision"),
                                     default=False)
    digest = models.BooleanField(_("one summary a day instead of single messages"),
                                 default=False)
    last_digest_at = models.DateTimeField(_("last daily summary"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice preferences")
        verbose_name_plural = _("notice preferences")

    def __str__(self) -> str:
        return str(self.user_id)

    def wants(self, kind: str) -> bool:
        return bool(self.active and self.address and getattr(self, kind))


class NoticeStatus(models.TextChoices):
    SENT = "sent", _("sent")
    CAPPED = "capped", _("held back by the hourly limit")


class Notice(models.Model):
    """A decision told to a seat's player once: `decision` names it (the game's step that opened
    it, or the attack's number and the attack step that opened it), `reminder` the second
    message when a quarter of its time is left."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notices", verbose_name=_("user"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices",
                             verbose_name=_("game"))
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="notices",
                             verbose_name=_("seat"))
    decision = models.CharField(_("decision"), max_length=40)
    kind = models.CharField(_("kind"), max_length=12, choices=NoticeKind.choices)
    reminder = models.BooleanField(_("reminder"), default=False)
    status = models.CharField(_("status"), max_length=8, choices=NoticeStatus.choices)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("e-mail notice")
        verbose_name_plural = _("e-mail notices")
        constraints = [models.UniqueConstraint(fields=["seat", "decision", "reminder"],
                                               name="notice_once_per_decision")]
        indexes = [models.Index(fields=["user", "created_at"], name="notice_user_time_idx")]

    def __str__(self) -> str:
        return f"{self.kind} {self.decision} → {self.user_id}"
