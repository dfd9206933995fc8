"""Attacks: one row per declared attack, with the rules state it stands in, and the dice."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from guerra.game.models.board import Neutral, Region
from guerra.game.models.game import Game, Seat
from guerra.runtime.prepared import Prepared


class Attack(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="attacks", verbose_name=_("game")
    )
    number = models.PositiveIntegerField(_("number"))  # #1, #2… within the game
    procedure = models.CharField(_("procedure"), max_length=40, default="seed004")
    war = models.PositiveSmallIntegerField(_("war"), default=1)
    region = models.ForeignKey(
        Region, on_delete=models.CASCADE, related_name="attacks", verbose_name=_("region")
    )
    attacker = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="attacks_made", verbose_name=_("attacker")
    )
    defender = models.ForeignKey(
        Seat,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="attacks_received",
        verbose_name=_("defender"),
    )
    neutral = models.ForeignKey(
        Neutral,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="attacks",
        verbose_name=_("neutral marker"),
    )
    # The rules' state (guerra.rules) as JSON, and copies of what queries need from it.
    state = models.JSONField(_("rules state"))
    step = models.PositiveIntegerField(_("step"), default=0)
    node = models.CharField(_("flowchart box"), max_length=40)
    awaiting = models.JSONField(_("awaiting"), default=list)
    finished = models.BooleanField(_("attack over"), default=False, db_index=True)
    outcome = models.CharField(_("outcome"), max_length=40, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    created_at = models.DateTimeField(_("declared at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("attack ended at"), null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("attack")
        verbose_name_plural = _("attacks")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="attack_unique_number"),
            # D5: one attack at a time per region, held by the database itself.
            models.UniqueConstraint(
                fields=["region"], condition=Q(finished=False), name="attack_one_per_region"
            ),
            models.CheckConstraint(
                condition=Q(defender__isnull=True) | Q(neutral__isnull=True),
                name="attack_one_target",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.region.name}"

    def get_absolute_url(self) -> str:
        return reverse("attack_page", args=[self.game_id, self.number])

    @staticmethod
    def of(game_id: int, number: int) -> Attack | None:
        """Attack `number` of the game, with its region and parties (a page, a decision)."""
        return _ATTACK.first(game_id, number)


_ATTACK = Prepared(
    lambda game, number: Attack.objects.select_related("region", "attacker", "defender",
                                                       "neutral")
    .filter(game_id=game, number=number),
    int, int,
)


class DiceRoll(models.Model):
    """Roll number `number` of the game: recomputable from the seed once it is revealed."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="dice_rolls", verbose_name=_("game")
    )
    number = models.PositiveIntegerField(_("number"))
    face = models.PositiveSmallIntegerField(_("face"))
    sides = models.PositiveSmallIntegerField(_("sides of the die"), default=6)
    attack = models.ForeignKey(
        Attack,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="dice",
        verbose_name=_("attack"),
    )
    # What the die was for when no attack rolled it: the setup's draws, a storm at sea.
    reason = models.CharField(_("rolled for"), max_length=12, blank=True)
    created_at = models.DateTimeField(_("rolled at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("dice roll")
        verbose_name_plural = _("dice rolls")
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="dice_unique_number"),
            models.CheckConstraint(
                condition=Q(face__gte=1, face__lte=F("sides"), sides__gte=2, sides__lte=256),
                name="dice_face_on_the_die",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number}: {self.face}"
