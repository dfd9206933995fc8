"""The board of a game in play: its regions and the pieces on them (the powers' units and
control markers, the neutral counters face up, the tiles each power holds)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from guerra.game.models.game import Game, Seat
from guerra.game.models.scenario_pieces import CounterKind, RewardKind, TileKind


class Region(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="regions", verbose_name=_("game")
    )
    name = models.CharField(_("name"), max_length=60)
    has_sea = models.BooleanField(_("has sea"), default=True)
    vp_first = models.PositiveSmallIntegerField(_("VP for 1st place"), default=0)
    vp_second = models.PositiveSmallIntegerField(_("VP for 2nd place"), default=0)
    vp_third = models.PositiveSmallIntegerField(_("VP for 3rd place"), default=0)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    map_path = models.TextField(_("map outline (SVG path)"), blank=True)
    label_x = models.PositiveSmallIntegerField(_("label x"), default=0)
    label_y = models.PositiveSmallIntegerField(_("label y"), default=0)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("region")
        verbose_name_plural = _("regions")
        constraints = [
            models.UniqueConstraint(fields=["game", "name"], name="region_unique_name_in_game")
        ]

    def __str__(self) -> str:
        return self.name


class Holding(models.Model):
    """One power's pieces in one region, or at its home (`region` empty: G2)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="holdings", verbose_name=_("game")
    )
    region = models.ForeignKey(
        Region,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="holdings",
        verbose_name=_("region"),
    )
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="holdings", verbose_name=_("seat")
    )
    armies = models.IntegerField(_("armies"), default=0)
    fleets = models.IntegerField(_("fleets"), default=0)
    forts = models.IntegerField(_("forts"), default=0)
    control_markers = models.IntegerField(_("control markers"), default=0)

    class Meta:
        ordering = ["region__order", "seat__order"]
        verbose_name = _("deployment")
        verbose_name_plural = _("deployments")
        constraints = [
            models.UniqueConstraint(fields=["region", "seat"], name="holding_one_per_region_seat"),
            models.UniqueConstraint(
                fields=["seat"], condition=Q(region__isnull=True), name="holding_one_home_per_seat"
            ),
            models.CheckConstraint(
                condition=Q(region__isnull=False) | Q(forts=0, control_markers=0),
                name="holding_home_has_no_forts_or_markers",
            ),
            models.CheckConstraint(
                condition=Q(armies__gte=0, fleets__gte=0, forts__gte=0, control_markers__gte=0),
                name="holding_counts_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat.power} @ {self.region.name if self.region else '—'}"

    @property
    def is_empty(self) -> bool:
        return not (self.armies or self.fleets or self.forts or self.control_markers)


class Neutral(models.Model):
    """A counter of the pool face up on the map (G6): numbered (an attack target), population
    (Colonise) or trade (Trade). `number` is its id in the rules' pool."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="neutrals", verbose_name=_("game")
    )
    region = models.ForeignKey(
        Region, on_delete=models.CASCADE, related_name="neutrals", verbose_name=_("region")
    )
    kind = models.CharField(
        _("kind"), max_length=10, choices=CounterKind.choices, default=CounterKind.NUMBERED
    )
    number = models.PositiveSmallIntegerField(_("number"), default=0)
    defence = models.PositiveSmallIntegerField(_("defence value"))
    reward_kind = models.CharField(_("reward"), max_length=4, choices=RewardKind.choices)
    amount = models.PositiveSmallIntegerField(_("reward amount"), default=0)
    on_board = models.BooleanField(_("on the map"), default=True)

    class Meta:
        ordering = ["region__order", "pk"]
        verbose_name = _("neutral marker on the map")
        verbose_name_plural = _("neutral markers on the map")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="numbered", defence__gte=1, defence__lte=9)
                | (~Q(kind="numbered") & Q(defence=0)),
                name="neutral_defence_1_9",
            )
        ]

    def __str__(self) -> str:
        return f"{self.region.name} ({self.defence})"


class TileHolding(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="tile_holdings", verbose_name=_("game")
    )
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="tiles", verbose_name=_("seat")
    )
    kind = models.CharField(_("kind"), max_length=16, choices=TileKind.choices)
    region = models.ForeignKey(
        Region, on_delete=models.CASCADE, null=True, blank=True, verbose_name=_("region")
    )
    count = models.IntegerField(_("copies"), default=0)
    spent = models.IntegerField(
        _("used in this war"), default=0
    )  # once-per-war uses in this war (G40)

    class Meta:
        ordering = ["kind", "region__order"]
        verbose_name = _("tile held")
        verbose_name_plural = _("tiles held")
        constraints = [
            models.UniqueConstraint(fields=["seat", "kind", "region"], name="tile_holding_unique"),
            models.UniqueConstraint(
                fields=["seat", "kind"],
                condition=Q(region__isnull=True),
                name="tile_holding_unique_without_region",
            ),
            models.CheckConstraint(condition=Q(count__gte=0), name="tile_count_not_negative"),
            models.CheckConstraint(
                condition=Q(spent__gte=0, spent__lte=F("count")), name="tile_spent_within_count"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} ×{self.count}"
