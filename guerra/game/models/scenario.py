"""Scenarios: the setups admins edit. A game copies what it needs from one when it starts.

This module holds the scenario's settings, powers, regions and land links (game-rules.md G1-G5,
G28-G33, G53); `scenario_pieces` holds its counters, tiles and fixed starting positions.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Greatest, Least
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from guerra.rules.flowchart import get_procedure
from guerra.rules.i18n import ARTICLES, translate

colour_validator = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Use a colour like #1f77b4."))

# The Italian definite article of a name ("la Francia", "gli Stati Tedeschi"); "" for none.
ARTICLE_CHOICES = [(article, article or _("no article")) for article in ARTICLES]


def procedure_choices() -> list[tuple[str, str]]:
    """The combat systems a scenario or a game may use: those the setting GUERRA_PROCEDURES
    names, each with the name its rules give it (`Procedure.label`), in the reader's language.
    Their web adapters, imported at start (`GameConfig.ready`), registered their rules."""
    lang = (get_language() or "it").split("-")[0]
    return [(name, translate(get_procedure(name).label, lang))
            for name in settings.GUERRA_PROCEDURES]


class Scenario(models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    description = models.TextField(_("description"), blank=True)
    # G34: the combat system of its games' attacks, unless a game chooses another.
    procedure = models.CharField(
        _("combat system"), max_length=40, default="seed004", choices=procedure_choices,
        help_text=_("The combat system of its games, unless a game chooses another."),
    )
    # Each combat system's own part of the scenario ({"punti": {"profiles": ...}}), as its
    # procedure checked it (`Procedure.read_data`); a system without an entry takes its
    # defaults. Exported and imported with the scenario, copied into a game when it starts.
    combat_data = models.JSONField(_("combat system data"), default=dict, blank=True)
    wars = models.PositiveSmallIntegerField(_("wars"), default=3, validators=[MinValueValidator(1)])
    # G28: rounds per war with fewer than `many_players` powers, and with that many or more.
    rounds_per_war = models.PositiveSmallIntegerField(
        _("rounds per war"),
        default=6,
        validators=[MinValueValidator(1)],
        help_text=_("With fewer powers than “many players”."),
    )
    rounds_per_war_many = models.PositiveSmallIntegerField(
        _("rounds per war with many players"), default=5, validators=[MinValueValidator(1)]
    )
    many_players = models.PositiveSmallIntegerField(
        _("many players"),
        default=6,
        validators=[MinValueValidator(2)],
        help_text=_("From this many powers on, a war has the rounds for many players."),
    )
    # G4 and G53.
    starting_gold = models.PositiveSmallIntegerField(_("starting gold"), default=10)
    starting_population = models.PositiveSmallIntegerField(_("starting population"), default=5)
    population_growth = models.PositiveSmallIntegerField(
        _("population growth per war"), default=3
    )
    # G30 and G33.
    build_cost = models.PositiveSmallIntegerField(
        _("build cost (population per unit)"), default=1
    )
    storms = models.BooleanField(
        _("storms"),
        default=True,
        help_text=_(
            "Each unit on an ocean voyage rolls a die: on a 1 it is lost and its power takes "
            "1 unrest."
        ),
    )
    # G11-G13: the draw at setup and at the start of each war.
    counters_per_war = models.PositiveSmallIntegerField(_("counters drawn per war"), default=10)
    setup_counters = models.PositiveSmallIntegerField(
        _("counters drawn by each power at setup"), default=5
    )
    setup_units = models.PositiveSmallIntegerField(
        _("units placed by each power at setup"), default=5
    )
    # G3: each power's supply.
    control_markers_per_power = models.PositiveSmallIntegerField(
        _("control markers per power"), default=21
    )
    armies_per_power = models.PositiveSmallIntegerField(_("armies per power"), default=14)
    fleets_per_power = models.PositiveSmallIntegerField(_("fleets per power"), default=7)
    forts_per_power = models.PositiveSmallIntegerField(_("forts per power"), default=2)
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

    def rounds_for(self, players: int) -> int:
        """G28: the rounds of each war with this many powers in the game."""
        return self.rounds_per_war_many if players >= self.many_players else self.rounds_per_war


class ScenarioPower(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="powers")
    name = models.CharField(_("name"), max_length=60)
    article = models.CharField(
        _("article"), max_length=3, choices=ARTICLE_CHOICES, blank=True, default=""
    )
    bare_in = models.BooleanField(
        _("“in” without article"),
        default=False,
        help_text=_("Italian says “in Francia”, but “nelle Province Unite”."),
    )
    colour = models.CharField(_("colour"), max_length=7, validators=[colour_validator])
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    # G32: the regions the power's home is linked to by land.
    home_links: models.ManyToManyField[ScenarioRegion, ScenarioRegion] = models.ManyToManyField(
        "ScenarioRegion",
        blank=True,
        related_name="home_powers",
        verbose_name=_("home linked by land to"),
    )

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
    """G5: a scoring region of the map."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="regions")
    name = models.CharField(_("name"), max_length=60)
    article = models.CharField(
        _("article"), max_length=3, choices=ARTICLE_CHOICES, blank=True, default=""
    )
    bare_in = models.BooleanField(
        _("“in” without article"),
        default=False,
        help_text=_("Italian says “in Africa”, not “nell'Africa”."),
    )
    has_sea = models.BooleanField(_("has sea"), default=True)
    europe = models.BooleanField(
        _("in Europe"), default=True, help_text=_("Otherwise a colony: it scores two places.")
    )
    american = models.BooleanField(
        _("American block"),
        default=False,
        help_text=_("No ocean voyage between two regions of the American block."),
    )
    trade_hub = models.BooleanField(
        _("trade hub"), default=False, help_text=_("A fleet here allows the Trade action.")
    )
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
        if not self.europe and self.vp_third:
            raise ValidationError(
                {"vp_third": _("A colony scores two places: its VP for 3rd place are 0.")}
            )


class ScenarioLandLink(models.Model):
    """G32: two regions linked by land, both ways (homes are linked in `home_links`)."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="land_links")
    region_a = models.ForeignKey(
        ScenarioRegion, on_delete=models.CASCADE, related_name="+", verbose_name=_("region")
    )
    region_b = models.ForeignKey(
        ScenarioRegion,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("linked region"),
    )

    class Meta:
        ordering = ["region_a__order", "region_b__order", "pk"]
        verbose_name = _("land link")
        verbose_name_plural = _("land links")
        constraints = [
            # One link per pair, whichever way round it was entered.
            models.UniqueConstraint(
                Least("region_a", "region_b"),
                Greatest("region_a", "region_b"),
                name="scenario_land_link_unique_pair",
                violation_error_message=_("These two regions are already linked."),
            ),
            models.CheckConstraint(
                condition=~Q(region_a=F("region_b")),
                name="scenario_land_link_two_regions",
                violation_error_message=_("A region is not linked to itself."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.region_a} – {self.region_b}"

    def clean(self) -> None:
        errors = {}
        for field in ("region_a", "region_b"):
            region = getattr(self, field) if getattr(self, field + "_id") else None
            if region is not None and self.scenario_id and region.scenario_id != self.scenario_id:
                errors[field] = _("The region belongs to another scenario.")
        if not errors and self.region_a_id and self.region_a_id == self.region_b_id:
            errors["region_b"] = _("A region is not linked to itself.")
        if errors:
            raise ValidationError(errors)
