"""What a game records as it goes: its event log and the score sheets of its wars."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from guerra.game.models.board import Region
from guerra.game.models.game import Game, Seat


class Visibility(models.TextChoices):
    ALL = "all", _("everyone")
    ALLIANCE = "alliance", _("one alliance")
    POWER = "power", _("one power")


class GameEvent(models.Model):
    """The game's log. The database is the truth; pushes only ring the doorbell."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="events", verbose_name=_("game")
    )
    seq = models.PositiveIntegerField(_("number"))
    created_at = models.DateTimeField(_("logged at"), auto_now_add=True)
    kind = models.CharField(_("kind"), max_length=40)
    visibility = models.CharField(
        _("visibility"), max_length=8, choices=Visibility.choices, default=Visibility.ALL
    )
    war = models.PositiveSmallIntegerField(_("war"), default=0)
    side = models.PositiveSmallIntegerField(_("alliance"), null=True, blank=True)
    seat = models.ForeignKey(
        Seat,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="private_events",
        verbose_name=_("seat"),
    )
    actor = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="acted_events",
        verbose_name=_("by"),
    )
    payload = models.JSONField(_("data"), default=dict)
    # The attack a step of which this event records (its history is these events in order).
    attack = models.ForeignKey(
        "Attack",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="steps",
        verbose_name=_("attack"),
    )
    # The event's number within its audience chain (everyone, one alliance in one war, one
    # power): 1, 2, 3… A client holding another number than the one before missed a push. A
    # chain's numbers tell nothing of the events of the chains its reader may not see (the
    # game-wide `seq` would: it stays on the server).
    chain_seq = models.PositiveIntegerField(_("number in its audience"), default=0)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "chain_seq"],
                condition=Q(visibility="all"),
                name="event_unique_public_chain_seq",
            ),
            models.UniqueConstraint(
                fields=["game", "war", "side", "chain_seq"],
                condition=Q(visibility="alliance"),
                name="event_unique_alliance_chain_seq",
            ),
            models.UniqueConstraint(
                fields=["game", "seat", "chain_seq"],
                condition=Q(visibility="power"),
                name="event_unique_power_chain_seq",
            ),
            models.CheckConstraint(
                condition=Q(visibility="all")
                | Q(visibility="alliance", side__isnull=False)
                | Q(visibility="power", seat__isnull=False),
                name="event_visibility_has_audience",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"


class WarScore(models.Model):
    """One line of a war's score sheet (G54-G55): a power's place and VP in one region."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="scores", verbose_name=_("game")
    )
    war = models.PositiveSmallIntegerField(_("war"))
    region = models.ForeignKey(
        Region, on_delete=models.CASCADE, related_name="scores", verbose_name=_("region")
    )
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="scores", verbose_name=_("seat")
    )
    markers = models.PositiveSmallIntegerField(_("control markers"))
    place = models.PositiveSmallIntegerField(_("place"))
    vp = models.PositiveSmallIntegerField(_("victory points"))

    class Meta:
        ordering = ["game", "war", "region__order", "place", "seat__order"]
        verbose_name = _("score line")
        verbose_name_plural = _("score sheets")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "war", "region", "seat"], name="war_score_one_line_per_power"
            )
        ]

    def __str__(self) -> str:
        return f"{self.war}: {self.region.name} – {self.seat.power} ({self.vp})"
