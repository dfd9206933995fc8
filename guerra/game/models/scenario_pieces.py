"""A scenario's pieces: the counter pool (G6), the tile market (G7/G40) and the fixed starting
positions and tiles of a quick-start scenario (G14)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from guerra.game.models.scenario import Scenario, ScenarioPower, ScenarioRegion


def _foreign(obj: models.Model, field: str) -> bool:
    """Whether `obj.<field>` is set and belongs to another scenario than `obj`."""
    scenario_id = getattr(obj, "scenario_id", None)
    if not scenario_id or not getattr(obj, field + "_id"):
        return False
    return bool(getattr(obj, field).scenario_id != scenario_id)


def _check_own(obj: models.Model, errors: dict[str, object], *fields: str) -> None:
    messages = {
        "region": _("The region belongs to another scenario."),
        "power": _("The power belongs to another scenario."),
        "tile": _("The tile belongs to another scenario."),
    }
    for field in fields:
        if _foreign(obj, field):
            errors[field] = messages[field]


class RewardKind(models.TextChoices):
    NONE = "none", _("none")
    GOLD = "gold", _("gold (circle)")
    VP = "vp", _("victory points (square)")


class CounterKind(models.TextChoices):
    """G6: what a counter of the pool is for."""

    NUMBERED = "numbered", _("numbered")  # an attack target (rules N)
    POPULATION = "population", _("population")  # taken by Colonise (G36)
    TRADE = "trade", _("trade")  # taken by Trade (G37)


class ScenarioNeutral(models.Model):
    """G6: one counter of the pool, printed with its region and kind. Numbered counters have a
    defence and an optional reward; population and trade counters have neither."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="neutrals")
    region = models.ForeignKey(
        ScenarioRegion, on_delete=models.CASCADE, related_name="neutrals", verbose_name=_("region")
    )
    kind = models.CharField(
        _("kind"), max_length=10, choices=CounterKind.choices, default=CounterKind.NUMBERED
    )
    defence = models.PositiveSmallIntegerField(
        _("defence value"), default=0, validators=[MaxValueValidator(9)]
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
                condition=Q(kind="numbered", defence__gte=1, defence__lte=9)
                | Q(kind__in=["population", "trade"], defence=0, reward_kind="none", amount=0),
                name="scenario_counter_defence_by_kind",
                violation_error_message=_(
                    "A numbered counter has a defence from 1 to 9; a population or trade counter "
                    "has no defence and no reward."
                ),
            )
        ]

    def __str__(self) -> str:
        if self.kind == CounterKind.NUMBERED:
            return f"{self.region} ({self.defence})"
        return f"{self.region} ({CounterKind(self.kind).label})"

    def clean(self) -> None:
        errors: dict[str, object] = {}
        _check_own(self, errors, "region")
        if self.kind == CounterKind.NUMBERED:
            if not 1 <= (self.defence or 0) <= 9:
                errors["defence"] = _("A numbered counter needs a defence from 1 to 9.")
            if self.reward_kind == RewardKind.NONE and self.amount:
                errors["amount"] = _("A marker without reward has no amount.")
            if self.reward_kind != RewardKind.NONE and not self.amount:
                errors["amount"] = _("A reward needs an amount.")
        else:
            if self.defence:
                errors["defence"] = _("A population or trade counter has no defence.")
            if self.reward_kind != RewardKind.NONE or self.amount:
                errors["reward_kind"] = _("A population or trade counter has no reward.")
        if errors:
            raise ValidationError(errors)


class TileKind(models.TextChoices):
    """G40: the tile effects; each value names a hook of `guerra.rules.game.tiles.EFFECTS`."""

    ALLIANCE = "alliance", _("Alliance")
    ARMY_TRAINING = "army_training", _("Army Training")
    NAVY_TRAINING = "navy_training", _("Navy Training")
    COMPANY = "company", _("Company")
    BANK = "bank", _("Bank")
    REFORM = "reform", _("Government Reform")
    LOGISTICS = "logistics", _("Logistics")
    MERCENARIES = "mercenaries", _("Mercenaries")
    COLONIAL_OFFICE = "colonial_office", _("Colonial Office")
    WAR_MINISTRY = "war_ministry", _("War Ministry")


# The effects whose tiles are tied to one region (`needs_region` in the rules' EFFECTS).
REGION_TILE_KINDS = (TileKind.ALLIANCE.value, TileKind.COMPANY.value)


class ScenarioTile(models.Model):
    """G7: a kind of tile in the scenario's market, its cost and how many copies it has."""

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
    count = models.PositiveSmallIntegerField(_("copies in the market"), default=1)
    cost_gold = models.PositiveSmallIntegerField(_("cost in gold"), default=0)
    cost_population = models.PositiveSmallIntegerField(_("cost in population"), default=0)
    cost_unrest = models.PositiveSmallIntegerField(_("cost in unrest"), default=0)

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
                condition=(Q(kind__in=REGION_TILE_KINDS) & Q(region__isnull=False))
                | (~Q(kind__in=REGION_TILE_KINDS) & Q(region__isnull=True)),
                name="scenario_tile_region_for_alliance_and_company",
                violation_error_message=_(
                    "Alliance and Company tiles name a region; other tiles do not."
                ),
            ),
        ]

    def __str__(self) -> str:
        label = str(TileKind(self.kind).label)
        return f"{label} – {self.region}" if self.region_id else label

    @property
    def key(self) -> str:
        """The rules' name of this tile (`TileSpec.key`): "bank", "alliance:Baltico"."""
        return self.kind if self.region is None else f"{self.kind}:{self.region.name}"

    def clean(self) -> None:
        errors: dict[str, object] = {}
        _check_own(self, errors, "region")
        if "region" not in errors:
            if self.kind in REGION_TILE_KINDS and not self.region_id:
                errors["region"] = _("An Alliance or Company tile names its region.")
            if self.kind not in REGION_TILE_KINDS and self.region_id:
                errors["region"] = _("Only Alliance and Company tiles name a region.")
        if errors:
            raise ValidationError(errors)


class StartingPosition(models.Model):
    """G14: a power's pieces in one region at the start, instead of the setup draw."""

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
        errors: dict[str, object] = {}
        _check_own(self, errors, "power", "region")
        if "region" not in errors and self.region_id and self.fleets and not self.region.has_sea:
            errors["fleets"] = _("%(region)s has no sea: no fleet can be placed there.") % {
                "region": self.region.name
            }
        if errors:
            raise ValidationError(errors)


class StartingTile(models.Model):
    """G14: tiles a power holds from the start, taken out of the market."""

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

    def clean(self) -> None:
        errors: dict[str, object] = {}
        _check_own(self, errors, "power", "tile")
        if errors:
            raise ValidationError(errors)
