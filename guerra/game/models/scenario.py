"""Scenarios: the setups admins edit. A game copies what it needs from one when it starts."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

colour_validator = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Use a colour like #1f77b4."))


class Scenario(models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    description = models.TextField(_("description"), blank=True)
    wars = models.PositiveSmallIntegerField(_("wars"), default=3, validators=[MinValueValidator(1)])
    rounds_per_war = models.PositiveSmallIntegerField(
        _("rounds per war"), default=4, validators=[MinValueValidator(1)]
    )
    starting_gold = models.PositiveSmallIntegerField(_("starting gold"), default=10)
    control_markers_per_power = models.PositiveSmallIntegerField(
        _("control markers per power"), default=12
    )
    armies_per_power = models.PositiveSmallIntegerField(_("armies per power"), default=12)
    fleets_per_power = models.PositiveSmallIntegerField(_("fleets per power"), default=8)
    forts_per_power = models.PositiveSmallIntegerField(_("forts per power"), default=4)
    ally_deadline_seconds = models.PositiveIntegerField(
        _("ally answer deadline (seconds)"),
        default=120,
        validators=[MinValueValidator(10), MaxValueValidator(7 * 24 * 3600)],
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")

    def __str__(self) -> str:
        return self.name


class ScenarioPower(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="powers")
    name = models.CharField(_("name"), max_length=60)
    colour = models.CharField(_("colour"), max_length=7, validators=[colour_validator])
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["order", "name"]
        verbose_name = _("power")
        verbose_name_plural = _("powers")
        constraints = [
            models.UniqueConstraint(fields=["scenario", "name"], name="scenario_power_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class ScenarioRegion(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="regions")
    name = models.CharField(_("name"), max_length=60)
    has_sea = models.BooleanField(_("has sea"), default=True)
    vp_first = models.PositiveSmallIntegerField(_("VP for 1st place"), default=0)
    vp_second = models.PositiveSmallIntegerField(_("VP for 2nd place"), default=0)
    vp_third = models.PositiveSmallIntegerField(_("VP for 3rd place"), default=0)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    map_path = models.TextField(
        _("map outline (SVG path)"),
        blank=True,
        help_text=_("The region's outline on a 1000×640 map; empty draws a box in a grid."),
    )
    label_x = models.PositiveSmallIntegerField(_("label x"), default=0)
    label_y = models.PositiveSmallIntegerField(_("label y"), default=0)

    class Meta:
        ordering = ["order", "name"]
        verbose_name = _("region")
        verbose_name_plural = _("regions")
        constraints = [
            models.UniqueConstraint(fields=["scenario", "name"], name="scenario_region_unique_name")
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.vp_second > self.vp_first or self.vp_third > self.vp_second:
            raise ValidationError(_("Victory points must not grow from 1st to 3rd place."))


class RewardKind(models.TextChoices):
    NONE = "none", _("none")
    GOLD = "gold", _("gold (circle)")
    VP = "vp", _("victory points (square)")


class ScenarioNeutral(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="neutrals")
    region = models.ForeignKey(ScenarioRegion, on_delete=models.CASCADE, related_name="neutrals")
    defence = models.PositiveSmallIntegerField(
        _("defence value"), validators=[MinValueValidator(1), MaxValueValidator(9)]
    )
    reward_kind = models.CharField(
        _("reward"), max_length=4, choices=RewardKind.choices, default=RewardKind.NONE
    )
    amount = models.PositiveSmallIntegerField(_("reward amount"), default=0)

    class Meta:
        ordering = ["region__order", "pk"]
        verbose_name = _("neutral marker")
        verbose_name_plural = _("neutral markers")
        constraints = [
            models.CheckConstraint(
                condition=Q(defence__gte=1, defence__lte=9), name="scenario_neutral_defence_1_9"
            )
        ]

    def __str__(self) -> str:
        return f"{self.region} ({self.defence})"

    def clean(self) -> None:
        if self.reward_kind == RewardKind.NONE and self.amount:
            raise ValidationError(_("A marker without reward has no amount."))
        if self.reward_kind != RewardKind.NONE and not self.amount:
            raise ValidationError(_("A reward needs an amount."))
        if self.region_id and self.scenario_id and self.region.scenario_id != self.scenario_id:
            raise ValidationError(_("The region belongs to another scenario."))


class TileKind(models.TextChoices):
    ALLIANCE = "alliance", _("Alliance")
    ARMY_TRAINING = "army_training", _("Army Training")
    NAVY_TRAINING = "navy_training", _("Navy Training")


class ScenarioTile(models.Model):
    """A kind of tile in the scenario's box and how many of it there are."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="tiles")
    kind = models.CharField(_("kind"), max_length=16, choices=TileKind.choices)
    region = models.ForeignKey(
        ScenarioRegion,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tiles",
        verbose_name=_("region"),
    )
    count = models.PositiveSmallIntegerField(_("how many in the box"), default=1)

    class Meta:
        ordering = ["kind", "region__order"]
        verbose_name = _("tile kind")
        verbose_name_plural = _("tile kinds")
        constraints = [
            models.UniqueConstraint(
                fields=["scenario", "kind", "region"], name="scenario_tile_unique_kind_region"
            ),
            models.UniqueConstraint(
                fields=["scenario", "kind"],
                condition=Q(region__isnull=True),
                name="scenario_tile_unique_kind_without_region",
            ),
            models.CheckConstraint(
                condition=(Q(kind="alliance") & Q(region__isnull=False))
                | (~Q(kind="alliance") & Q(region__isnull=True)),
                name="scenario_tile_alliance_has_region",
            ),
        ]

    def __str__(self) -> str:
        label = str(TileKind(self.kind).label)
        return f"{label} – {self.region}" if self.region_id else label

    def clean(self) -> None:
        if self.kind == TileKind.ALLIANCE and not self.region_id:
            raise ValidationError(_("An Alliance tile is tied to a region."))
        if self.kind != TileKind.ALLIANCE and self.region_id:
            raise ValidationError(_("Only Alliance tiles are tied to a region."))


class StartingPosition(models.Model):
    scenario = models.ForeignKey(
        Scenario, on_delete=models.CASCADE, related_name="starting_positions"
    )
    power = models.ForeignKey(ScenarioPower, on_delete=models.CASCADE, verbose_name=_("power"))
    region = models.ForeignKey(ScenarioRegion, on_delete=models.CASCADE, verbose_name=_("region"))
    armies = models.PositiveSmallIntegerField(_("armies"), default=0)
    fleets = models.PositiveSmallIntegerField(_("fleets"), default=0)
    forts = models.PositiveSmallIntegerField(_("forts"), default=0)
    control_markers = models.PositiveSmallIntegerField(_("control markers"), default=0)

    class Meta:
        ordering = ["power__order", "region__order"]
        verbose_name = _("starting position")
        verbose_name_plural = _("starting positions")
        constraints = [
            models.UniqueConstraint(
                fields=["scenario", "power", "region"], name="starting_position_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.power} – {self.region}"

    def clean(self) -> None:
        if self.region_id and self.fleets and not self.region.has_sea:
            raise ValidationError(
                {
                    "fleets": _("%(region)s has no sea: no fleet can be placed there.")
                    % {"region": self.region.name}
                }
            )


class StartingTile(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="starting_tiles")
    power = models.ForeignKey(ScenarioPower, on_delete=models.CASCADE, verbose_name=_("power"))
    tile = models.ForeignKey(ScenarioTile, on_delete=models.CASCADE, verbose_name=_("tile"))
    count = models.PositiveSmallIntegerField(_("how many"), default=1)

    class Meta:
        verbose_name = _("starting tile")
        verbose_name_plural = _("starting tiles")
        constraints = [
            models.UniqueConstraint(
                fields=["scenario", "power", "tile"], name="starting_tile_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.power}: {self.tile} ×{self.count}"
