"""The scenario admin's inlines: every part of a scenario on its change page, with the checks a
row cannot make alone (a choice outside the scenario, a land link twice, sums over the supply)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game.models import (
    ScenarioLandLink,
    ScenarioNeutral,
    ScenarioPower,
    ScenarioRegion,
    ScenarioTile,
    StartingPosition,
    StartingTile,
)
from guerra.game.scenarios.checks import supply_problems
from guerra.game.scenarios.export import UNIT_FIELDS

# The messages of a choice outside the scenario's own rows (a forged or stale form).
NOT_OURS = {
    "power": gettext_lazy("Choose a power of this scenario."),
    "region": gettext_lazy("Choose a region of this scenario."),
    "regions": gettext_lazy("Choose only regions of this scenario."),
    "tile": gettext_lazy("Choose a tile of this scenario."),
}


class ScenarioChildFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    """Offers only the scenario's own powers, regions and tiles in the inline selects, and
    refuses any other with a message that says so."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._choices: dict[str, list[Any]] = {}
        super().__init__(*args, **kwargs)

    def add_fields(self, form: Any, index: int | None) -> None:
        super().add_fields(form, index)
        scenario = self.instance
        regions = ScenarioRegion.objects.filter(scenario=scenario.pk)
        limits = {
            "power": ("power", ScenarioPower.objects.filter(scenario=scenario.pk)),
            "region": ("region", regions),
            "region_a": ("region", regions),
            "region_b": ("region", regions),
            "home_links": ("regions", regions),
            "tile": (
                "tile",
                ScenarioTile.objects.filter(scenario=scenario.pk).select_related("region"),
            ),
        }
        for name, (what, queryset) in limits.items():
            if name in form.fields:
                field = form.fields[name]
                field.queryset = queryset
                field.error_messages["invalid_choice"] = NOT_OURS[what]
                # Read the options once for the whole formset, not once per row (65 counters).
                if name not in self._choices:
                    self._choices[name] = list(field.choices)
                field.choices = self._choices[name]

    def live_forms(self) -> list[Any]:
        return [
            f
            for f in self.forms
            if f.is_valid() and f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]


class LandLinkFormSet(ScenarioChildFormSet):
    def clean(self) -> None:
        super().clean()
        seen: set[frozenset[int]] = set()
        for f in self.live_forms():
            a, b = f.cleaned_data.get("region_a"), f.cleaned_data.get("region_b")
            if a is None or b is None:
                continue
            pair = frozenset((a.pk, b.pk))
            if pair in seen:
                raise forms.ValidationError(
                    _("The land link %(a)s – %(b)s is listed twice.") % {"a": a, "b": b}
                )
            seen.add(pair)


class StartingPositionFormSet(ScenarioChildFormSet):
    def clean(self) -> None:
        super().clean()
        positions = [
            (
                str(f.cleaned_data["power"]),
                {k: f.cleaned_data.get(k) or 0 for k in UNIT_FIELDS},
            )
            for f in self.live_forms()
        ]
        problems = supply_problems(self.instance, positions=positions, starting_tiles=[])
        if problems:
            raise forms.ValidationError(problems)


class StartingTileFormSet(ScenarioChildFormSet):
    def clean(self) -> None:
        super().clean()
        tiles = [
            (str(f.cleaned_data["power"]), f.cleaned_data["tile"], f.cleaned_data.get("count") or 0)
            for f in self.live_forms()
        ]
        problems = supply_problems(self.instance, positions=[], starting_tiles=tiles)
        if problems:
            raise forms.ValidationError(problems)


class ScenarioInline(admin.TabularInline):  # type: ignore[type-arg]
    """One part of the scenario, its rows read with what their labels name."""

    extra = 0
    related: tuple[str, ...] = ()
    # The text of the link that adds a row, agreeing with its noun ("Aggiungi un'altra potenza").
    add_another: Any = None

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset = super().get_queryset(request)
        return queryset.select_related(*self.related) if self.related else queryset


class PowerInline(ScenarioInline):
    add_another = gettext_lazy("Add another power")
    model = ScenarioPower
    formset = ScenarioChildFormSet
    fields = ["name", "article", "bare_in", "colour", "order", "home_links"]
    formfield_overrides = {models.ManyToManyField: {"widget": forms.CheckboxSelectMultiple}}


class RegionInline(ScenarioInline):
    add_another = gettext_lazy("Add another region")
    model = ScenarioRegion
    fields = [
        "name",
        "article",
        "bare_in",
        "has_sea",
        "europe",
        "american",
        "trade_hub",
        "vp_first",
        "vp_second",
        "vp_third",
        "order",
        "label_x",
        "label_y",
    ]


class LandLinkInline(ScenarioInline):
    add_another = gettext_lazy("Add another land link")
    model = ScenarioLandLink
    formset = LandLinkFormSet
    related = ("region_a", "region_b")


class NeutralInline(ScenarioInline):
    add_another = gettext_lazy("Add another neutral marker")
    model = ScenarioNeutral
    formset = ScenarioChildFormSet
    related = ("region",)
    fields = ["region", "kind", "defence", "reward_kind", "amount"]


class TileInline(ScenarioInline):
    add_another = gettext_lazy("Add another tile kind")
    model = ScenarioTile
    formset = ScenarioChildFormSet
    related = ("region",)
    fields = ["kind", "region", "count", "cost_gold", "cost_population", "cost_unrest"]


class StartingPositionInline(ScenarioInline):
    add_another = gettext_lazy("Add another starting position")
    model = StartingPosition
    formset = StartingPositionFormSet
    related = ("power", "region")


class StartingTileInline(ScenarioInline):
    add_another = gettext_lazy("Add another starting tile")
    model = StartingTile
    formset = StartingTileFormSet
    related = ("power", "tile__region")

