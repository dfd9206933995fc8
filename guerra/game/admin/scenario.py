"""The admin: scenarios edited with inlines and validated as a whole; games shown to staff."""

from __future__ import annotations

from typing import Any

from axes.admin import AccessAttemptAdmin, AccessFailureLogAdmin, AccessLogAdmin
from axes.conf import settings
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, Permission, User
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

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
from guerra.game.models import (
    AllianceMembership,
    Attack,
    ChatMessage,
    DiceRoll,
    GameEvent,
    Holding,
    Neutral,
    Region,
    Scenario,
    TileHolding,
)
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


class ProjectionAdmin(ItalianModelAdmin):
    """A game's board rows (its regions, pieces, neutral markers, tiles) are the projection of
    its rules state, the truth, rewritten at every step and read by the pages once a step: the
    admin shows them and corrects nothing behind the game's back (the staff tools on the board
    correct a power's gold and VP as a step of the game). Deleting goes with the game."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Holding)
class HoldingAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the deployment")
    list_display = ["game", "region", "seat", "armies", "fleets", "forts", "control_markers"]
    list_filter = ["game"]
    list_select_related = ["game", "region", "seat"]


@admin.register(Neutral)
class NeutralAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the neutral marker")
    feminine = True
    list_display = ["game", "region", "defence", "reward_kind", "amount", "on_board"]
    list_filter = ["game", "on_board"]


@admin.register(Region)
class RegionAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the region")
    feminine = True
    list_display = ["game", "name", "has_sea", "vp_first", "vp_second", "vp_third"]
    list_filter = ["game"]


@admin.register(TileHolding)
class TileHoldingAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the tile held")
    feminine = True
    list_display = ["game", "seat", "kind", "region", "count"]
    list_filter = ["game"]


@admin.register(AllianceMembership)
class AllianceMembershipAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the alliance membership")
    feminine = True
    list_display = ["game", "war", "seat", "side"]
    list_filter = ["game", "war"]


@admin.register(GameEvent)
class GameEventAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the event")
    list_display = ["game", "seq", "kind", "visibility", "created_at"]
    list_filter = ["game", "kind", "visibility"]
    readonly_fields = [f.name for f in GameEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(ItalianModelAdmin):
    """Staff read every chat, private ones included; nobody edits or deletes what was said."""

    the_name = gettext_lazy("the message")
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
class AttackAdmin(ItalianModelAdmin):
    """Attacks are changed only by playing them: staff read them here."""

    the_name = gettext_lazy("the attack")
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
class DiceRollAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the dice roll")
    list_display = ["game", "number", "face", "attack", "created_at"]
    list_filter = ["game"]
    readonly_fields = [f.name for f in DiceRoll._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


admin.site.site_header = gettext_lazy("Guerra administration")
admin.site.site_title = gettext_lazy("Guerra administration")
admin.site.index_title = gettext_lazy("What staff can see and change")

# Django's own user and group admins, with messages that name them right ("L'utente «anna» è
# stato modificato", not "Il utente").
admin.site.unregister(User)
admin.site.unregister(Group)


# What a model's own permissions allow, by their codename's first word. Django names them in
# English when it creates them ("Can add log entry").
PERMISSION_ACTIONS = {
    "add": gettext_lazy("can add"),
    "change": gettext_lazy("can change"),
    "delete": gettext_lazy("can delete"),
    "view": gettext_lazy("can view"),
}


def permission_label(permission: Permission) -> str:
    """"Amministrazione | voce di log | può aggiungere": the model's Italian names, then what the
    permission allows; a permission of another kind keeps its own name."""
    action, _sep, model = permission.codename.partition("_")
    if action in PERMISSION_ACTIONS and model == permission.content_type.model:
        return f"{permission.content_type} | {PERMISSION_ACTIONS[action]}"
    return str(permission)


class PermissionChoices(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return permission_label(obj)


class ItalianPermissions(admin.ModelAdmin):  # type: ignore[type-arg]
    """Groups and permissions as plain lists, the permissions named in Italian. Django's
    two-box widget speaks English ("Choose all gruppi"): its JavaScript catalogue has no Italian
    for those texts."""

    filter_horizontal = ()

    def formfield_for_manytomany(
        self, db_field: Any, request: HttpRequest | None = None, **kwargs: Any
    ) -> forms.ModelMultipleChoiceField | None:  # type: ignore[type-arg]
        if db_field.name in ("permissions", "user_permissions"):
            kwargs.setdefault("form_class", PermissionChoices)
        return super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[arg-type]


@admin.register(User)
class ItalianUserAdmin(ItalianModelAdmin, ItalianPermissions, UserAdmin):  # type: ignore[type-arg]
    the_name = gettext_lazy("the user")


@admin.register(Group)
class ItalianGroupAdmin(ItalianModelAdmin, ItalianPermissions, GroupAdmin):
    the_name = gettext_lazy("the group")


# django-axes' admins (the login lock-out), which has no Italian of its own: its texts are in our
# catalogue (admin_italian.AXES_TEXTS); its two computed columns get a header and Italian text.
if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.unregister(AccessLog)
    admin.site.unregister(AccessFailureLog)

    @admin.register(AccessAttempt)
    class ItalianAccessAttemptAdmin(ItalianModelAdmin, AccessAttemptAdmin):  # type: ignore[misc]
        the_name = gettext_lazy("the access attempt")

        @admin.display(description=gettext_lazy("Expires at"))
        def expiration(self, obj: AccessAttempt) -> Any:
            return obj.expiration.expires_at if hasattr(obj, "expiration") else _("not set")

        @admin.display(description=gettext_lazy("Status"))
        def status(self, obj: AccessAttempt) -> str:
            left = settings.AXES_FAILURE_LIMIT - obj.failures_since_start
            if left <= 0:
                return _("locked out")
            return ngettext("%(count)d attempt left", "%(count)d attempts left", left) % {
                "count": left
            }

    @admin.register(AccessLog)
    class ItalianAccessLogAdmin(ItalianModelAdmin, AccessLogAdmin):  # type: ignore[misc]
        the_name = gettext_lazy("the access log")

    @admin.register(AccessFailureLog)
    class ItalianAccessFailureLogAdmin(ItalianModelAdmin, AccessFailureLogAdmin):  # type: ignore[misc]
        the_name = gettext_lazy("the failed access")
