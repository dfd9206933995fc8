"""The admin: scenarios edited with inlines and validated as a whole; games shown to staff."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import scenario_io
from .models import (
    AllianceMembership,
    Attack,
    ChatMessage,
    DiceRoll,
    Game,
    GameEvent,
    Holding,
    Neutral,
    Region,
    Scenario,
    ScenarioNeutral,
    ScenarioPower,
    ScenarioRegion,
    ScenarioTile,
    Seat,
    StartingPosition,
    StartingTile,
    TileHolding,
)


class ScenarioChildFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    """Offers only the scenario's own powers, regions and tiles in the inline selects."""

    def add_fields(self, form: Any, index: int | None) -> None:
        super().add_fields(form, index)
        scenario = self.instance
        limits = {
            "power": ScenarioPower.objects.filter(scenario=scenario.pk),
            "region": ScenarioRegion.objects.filter(scenario=scenario.pk),
            "tile": ScenarioTile.objects.filter(scenario=scenario.pk).select_related("region"),
        }
        for name, queryset in limits.items():
            if name in form.fields:
                form.fields[name].queryset = queryset

    def live_forms(self) -> list[Any]:
        return [
            f
            for f in self.forms
            if f.is_valid() and f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]


class StartingPositionFormSet(ScenarioChildFormSet):
    def clean(self) -> None:
        super().clean()
        positions = [
            (
                str(f.cleaned_data["power"]),
                {k: f.cleaned_data.get(k) or 0 for k in scenario_io.UNIT_FIELDS},
            )
            for f in self.live_forms()
        ]
        problems = scenario_io.supply_problems(
            self.instance, positions=positions, starting_tiles=[]
        )
        if problems:
            raise forms.ValidationError(problems)


class StartingTileFormSet(ScenarioChildFormSet):
    def clean(self) -> None:
        super().clean()
        tiles = [
            (str(f.cleaned_data["power"]), f.cleaned_data["tile"], f.cleaned_data.get("count") or 0)
            for f in self.live_forms()
        ]
        problems = scenario_io.supply_problems(self.instance, positions=[], starting_tiles=tiles)
        if problems:
            raise forms.ValidationError(problems)


class PowerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ScenarioPower
    extra = 0


class RegionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ScenarioRegion
    extra = 0
    fields = ["name", "has_sea", "vp_first", "vp_second", "vp_third", "order", "label_x", "label_y"]


class NeutralInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ScenarioNeutral
    formset = ScenarioChildFormSet
    extra = 0


class TileInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ScenarioTile
    formset = ScenarioChildFormSet
    extra = 0


class StartingPositionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = StartingPosition
    formset = StartingPositionFormSet
    extra = 0


class StartingTileInline(admin.TabularInline):  # type: ignore[type-arg]
    model = StartingTile
    formset = StartingTileFormSet
    extra = 0


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Scenario file (JSON)"))


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "wars", "rounds_per_war", "starting_gold"]
    search_fields = ["name"]
    inlines = [
        PowerInline,
        RegionInline,
        NeutralInline,
        TileInline,
        StartingPositionInline,
        StartingTileInline,
    ]
    actions = ["export_json"]
    change_list_template = "admin/game/scenario/change_list.html"

    @admin.action(description=gettext_lazy("Export as JSON"))
    def export_json(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> HttpResponse:
        exported = [scenario_io.export_scenario(s) for s in queryset]
        body = scenario_io.dumps(exported[0] if len(exported) == 1 else exported)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        filename = "scenario.json" if len(exported) == 1 else "scenari.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="game_scenario_import",
            )
        ]
        return extra + super().get_urls()

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request) or not self.has_change_permission(request):
            return HttpResponse(status=403)
        form = ImportForm(request.POST or None, request.FILES or None)
        status = 200
        if request.method == "POST" and form.is_valid():
            try:
                data = scenario_io.parse(form.cleaned_data["file"].read())
                scenario, replaced = scenario_io.import_scenario(data)
            except scenario_io.ScenarioFileError as exc:
                form.add_error("file", str(exc))
                status = 400
            else:
                text = (
                    _("Scenario “%(name)s” replaced.")
                    if replaced
                    else _("Scenario “%(name)s” created.")
                )
                self.message_user(request, text % {"name": scenario.name}, messages.SUCCESS)
                return HttpResponseRedirect(
                    reverse("admin:game_scenario_change", args=[scenario.pk])
                )
        elif request.method == "POST":
            status = 400
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "form": form,
            "title": _("Import a scenario"),
        }
        return TemplateResponse(request, "admin/game/scenario/import.html", context, status=status)


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    fields = ["power", "user", "gold", "unrest", "vp", "turn_position"]
    raw_id_fields = ["user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "status", "scenario", "created_by", "created_at", "current_war"]
    list_filter = ["status"]
    search_fields = ["name"]
    inlines = [SeatInline]
    readonly_fields = [
        "invite_token",
        "dice_seed_hash",
        "next_roll",
        "last_event_seq",
        "started_at",
        "ended_at",
    ]
    exclude = ["dice_seed"]


@admin.register(Holding)
class HoldingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "region", "seat", "armies", "fleets", "forts", "control_markers"]
    list_filter = ["game"]
    list_select_related = ["game", "region", "seat"]


@admin.register(Neutral)
class NeutralAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "region", "defence", "reward_kind", "amount", "on_board"]
    list_filter = ["game", "on_board"]


@admin.register(Region)
class RegionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "name", "has_sea", "vp_first", "vp_second", "vp_third"]
    list_filter = ["game"]


@admin.register(TileHolding)
class TileHoldingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "seat", "kind", "region", "count"]
    list_filter = ["game"]


@admin.register(AllianceMembership)
class AllianceMembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "war", "seat", "side"]
    list_filter = ["game", "war"]


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "seq", "kind", "visibility", "created_at"]
    list_filter = ["game", "kind", "visibility"]
    readonly_fields = [f.name for f in GameEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Staff read every chat, private ones included; nobody edits or deletes what was said."""

    list_display = ["created_at", "game", "kind", "war", "side", "sender", "recipient", "text"]
    list_filter = ["game", "kind", "war"]
    list_select_related = ["game", "sender", "recipient"]
    search_fields = ["text"]
    date_hierarchy = "created_at"
    readonly_fields = [f.name for f in ChatMessage._meta.fields]
    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Attack)
class AttackAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Attacks are changed only by playing them: staff read them here."""

    list_display = [
        "game",
        "number",
        "region",
        "attacker",
        "defender",
        "node",
        "finished",
        "outcome",
        "deadline",
    ]
    list_filter = ["game", "finished"]
    list_select_related = ["game", "region", "attacker", "defender"]
    readonly_fields = [f.name for f in Attack._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(DiceRoll)
class DiceRollAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "number", "face", "attack", "created_at"]
    list_filter = ["game"]
    readonly_fields = [f.name for f in DiceRoll._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
