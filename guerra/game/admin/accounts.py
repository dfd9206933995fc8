"""The accounts' admins in Italian: Django's users and groups (their permissions named in
Italian) and django-axes' login lock-out."""

from __future__ import annotations

from typing import Any

from axes.admin import AccessAttemptAdmin, AccessFailureLogAdmin, AccessLogAdmin
from axes.conf import settings
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django import forms
from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, Permission, User
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from guerra.game.admin.italian import ItalianModelAdmin

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
# catalogue (admin/italian.py's AXES_TEXTS); its two computed columns get a header and Italian text.
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
