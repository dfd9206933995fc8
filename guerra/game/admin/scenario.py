"""The scenarios' admin: a scenario edited with its inline pieces and validated as a whole,
exported and imported as JSON."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game.admin.combat_data import ScenarioForm
from guerra.game.admin.inlines import (
    LandLinkInline,
    NeutralInline,
    PowerInline,
    RegionInline,
    StartingPositionInline,
    StartingTileInline,
    TileInline,
)
from guerra.game.admin.italian import ItalianModelAdmin
from guerra.game.models import Scenario
from guerra.game.scenarios import io as scenario_io
from guerra.game.scenarios.checks import scenario_check
from guerra.game.scenarios.export import export_filename


class ScenarioRefused(Exception):
    """Raised inside the admin's save transaction, so nothing of the refused save remains."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems)
        self.problems = problems


# Where the second pass of a refused save finds the problems to show.
_PROBLEMS = "_guerra_scenario_problems"


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Scenario file (JSON)"))


@admin.register(Scenario)
class ScenarioAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the scenario")
    list_display = ["name", "procedure", "wars", "rounds_per_war", "starting_gold"]
    search_fields = ["name"]
    fieldsets = [
        (None, {"fields": ["name", "description", "procedure"]}),
        (
            gettext_lazy("Wars and rounds"),
            {
                "fields": [
                    "wars",
                    ("rounds_per_war", "rounds_per_war_many", "many_players"),
                    "counters_per_war",
                    "ally_deadline_seconds",
                ]
            },
        ),
        (
            gettext_lazy("Start of the game"),
            {
                "fields": [
                    ("starting_gold", "starting_population"),
                    ("setup_counters", "setup_units"),
                ]
            },
        ),
        (
            gettext_lazy("Supply of each power"),
            {
                "fields": [
                    (
                        "armies_per_power",
                        "fleets_per_power",
                        "forts_per_power",
                        "control_markers_per_power",
                    )
                ]
            },
        ),
        (
            gettext_lazy("Economy and movement"),
            {"fields": ["population_growth", "build_cost", "storms"]},
        ),
    ]
    inlines = [
        PowerInline,
        RegionInline,
        LandLinkInline,
        NeutralInline,
        TileInline,
        StartingPositionInline,
        StartingTileInline,
    ]
    actions = ["export_json"]
    change_list_template = "admin/game/scenario/change_list.html"
    # Each combat system's own data, as a table after the fieldsets (`combat_data.py`).
    form = ScenarioForm
    change_form_template = "admin/game/scenario/change_form.html"

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """The scenario as a whole must be playable (`scenario_check`, the rules' own
        `scenario_problems` included); otherwise the exception undoes the whole save."""
        super().save_related(request, form, formsets, change)
        problems = scenario_check(form.instance)
        if problems:
            raise ScenarioRefused(problems)

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ScenarioRefused as refused:
            # The save was rolled back; the same form is shown again with the problems on top.
            setattr(request, _PROBLEMS, refused.problems)
            return super().changeform_view(request, object_id, form_url, extra_context)

    def get_form(
        self, request: HttpRequest, obj: Scenario | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        problems = getattr(request, _PROBLEMS, None)
        if not problems:
            return form

        def clean(self: Any) -> dict[str, Any]:
            form.clean(self)
            raise ValidationError(problems)

        return type(form.__name__, (form,), {"clean": clean})

    @admin.action(description=gettext_lazy("Export as JSON"))
    def export_json(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> HttpResponse:
        scenarios = list(queryset)
        exported = [scenario_io.export_scenario(s) for s in scenarios]
        body = scenario_io.dumps(exported[0] if len(exported) == 1 else exported)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        # One scenario's file is named after it, to be told from the others once downloaded.
        filename = export_filename(scenarios[0]) if len(scenarios) == 1 else "scenari.json"
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
