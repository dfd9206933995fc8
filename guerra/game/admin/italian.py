"""The admin in natural Italian.

Django's Italian admin says "Il {name} «{obj}» è stato modificato" whatever the noun: "Il
scenario", "Il partita", "Il utente". Each of our admins names its model with its own article and
agreement (`the_name`, `feminine`) and says what happened to it; each inline says how to add one
more of its rows ("Aggiungi un'altra potenza", not "Aggiungi un altro Potenza."). The few texts of
Django's that cannot know the noun's gender read right through our own catalogue (DJANGO_TEXTS).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import quote
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext_noop, pgettext

# Django's own msgids whose Italian (in Django's catalogue) names the model without its article
# or agreement; ours, which take precedence, are worded so that none is needed. Listed here so
# that `i18n_tools update` keeps them in our catalogue.
DJANGO_TEXTS = (
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    gettext_noop(
        'Are you sure you want to delete the %(object_name)s "%(escaped_object)s"? All of the '
        "following related items will be deleted:"
    ),
    gettext_noop(
        "Are you sure you want to delete the selected %(objects_name)s? All of the following "
        "objects and their related items will be deleted:"
    ),
    gettext_noop("Add another %(verbose_name)s"),
    # The list's delete action ("Cancella partite selezionati" in Django's Italian).
    gettext_noop("Delete selected %(verbose_name_plural)s"),
)

# Django's own msgids its Italian catalogues do not translate yet (Django 5.2): the admin's
# page title after a refused form ("Errore:"), the app index's column captions, the user
# admin's password switch, the login page's link, a few validation messages of its forms; and
# the username's help, whose Italian lacks a space ("o meno.Solo"). Ours translates them.
DJANGO_UNTRANSLATED = (
    gettext_noop("Error:"),
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop("Set password"),
    gettext_noop(
        "This action will <strong>enable</strong> password-based authentication for this user."
    ),
    gettext_noop("Disable password-based authentication"),
    gettext_noop("Enable password-based authentication"),
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("In case you’ve forgotten, you are:"),
    gettext_noop("Conflicting form data submitted. Please try again."),
    gettext_noop("Password-based authentication was disabled."),
    gettext_noop("Set password: %s"),
    gettext_noop("Reset password"),
    gettext_noop(
        "Whether the user will be able to authenticate using a password or not. If disabled, "
        "they may still be able to authenticate using other backends, such as Single Sign-On or "
        "LDAP."
    ),
    gettext_noop("Password-based authentication"),
    gettext_noop("Enabled"),
    gettext_noop("Disabled"),
    gettext_noop(
        "Raw passwords are not stored, so there is no way to see the user’s password."
    ),
    gettext_noop("Enable password-based authentication for this user by setting a password."),
    gettext_noop("Enter a valid domain name."),
    gettext_noop("Enter a valid %(protocol)s address."),
    gettext_noop("IPv4 or IPv6"),
    gettext_noop("%(model)s instance with %(field)s %(value)r is not a valid choice."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
)

# django-axes' texts (it has no Italian catalogue): ours translates them.
AXES_TEXTS = (
    gettext_noop("Access Attempt"),
    gettext_noop("Access lock out"),
    gettext_noop("Attempt Time"),
    gettext_noop("Clean up expired attempts"),
    gettext_noop("Expires At"),
    gettext_noop("Failed Logins"),
    gettext_noop("Form Data"),
    gettext_noop("GET Data"),
    gettext_noop("HTTP Accept"),
    gettext_noop("IP Address"),
    gettext_noop("Locked Out"),
    gettext_noop("Logout Time"),
    gettext_noop("Meta Data"),
    gettext_noop("Not set"),
    gettext_noop("POST Data"),
    gettext_noop("Path"),
    gettext_noop("Session key hash (sha256)"),
    gettext_noop("The time when access attempt expires and is no longer valid."),
    gettext_noop("User Agent"),
    gettext_noop("Username"),
    gettext_noop("access attempt expiration"),
    gettext_noop("access attempt expirations"),
    gettext_noop("access attempt"),
    gettext_noop("access attempts"),
    gettext_noop("access failure"),
    gettext_noop("access failures"),
    gettext_noop("access log"),
    gettext_noop("access logs"),
)

# The request attribute holding the message that replaces Django's next success message.
_OWN_MESSAGE = "_guerra_admin_message"


def _done(what: str, feminine: bool) -> str:
    """What happened to the object, agreeing with it: "è stato aggiunto", "è stata aggiunta"."""
    if feminine:
        return {
            "added": pgettext("feminine", "%(the_name)s “%(obj)s” was added."),
            "changed": pgettext("feminine", "%(the_name)s “%(obj)s” was changed."),
            "deleted": pgettext("feminine", "%(the_name)s “%(obj)s” was deleted."),
        }[what]
    return {
        "added": pgettext("masculine", "%(the_name)s “%(obj)s” was added."),
        "changed": pgettext("masculine", "%(the_name)s “%(obj)s” was changed."),
        "deleted": pgettext("masculine", "%(the_name)s “%(obj)s” was deleted."),
    }[what]


def _then_text(then: str | None, feminine: bool) -> str:
    if then == "edit":
        if feminine:
            return pgettext("feminine", "You can edit it again below.")
        return pgettext("masculine", "You can edit it again below.")
    if then == "add":
        if feminine:
            return pgettext("feminine", "You can add another one below.")
        return pgettext("masculine", "You can add another one below.")
    return ""


def saved_message(
    the_name: str, feminine: bool, what: str, obj: str | SafeString, then: str | None = None
) -> SafeString:
    """ "Lo scenario «X» è stato modificato. Puoi modificarlo di nuovo qui sotto." `obj` may be a
    link (safe HTML); `then` is "edit" or "add" (the button pressed), or None."""
    text = escape(_done(what, feminine)) % {
        "the_name": escape(capfirst(the_name)),
        "obj": obj if isinstance(obj, SafeString) else escape(obj),
    }
    if then is not None:
        text += " " + escape(_then_text(then, feminine))
    return mark_safe(text)  # every part above is escaped or already safe


def _then(request: HttpRequest) -> str | None:
    if "_continue" in request.POST:
        return "edit"
    if "_addanother" in request.POST:
        return "add"
    return None


class ItalianModelAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A model admin whose messages name the object with the right article and agreement."""

    # The model's name with its article, as a message starts it ("lo scenario", "la partita").
    the_name: Any = None
    feminine = False

    def _name(self) -> str:
        return str(self.the_name) if self.the_name is not None else str(self.opts.verbose_name)

    def message_user(
        self,
        request: HttpRequest,
        message: Any,
        level: int | str = messages.INFO,
        extra_tags: str = "",
        fail_silently: bool = False,
    ) -> None:
        own = getattr(request, _OWN_MESSAGE, None)
        if own is not None and level == messages.SUCCESS:
            delattr(request, _OWN_MESSAGE)
            message = own
        super().message_user(request, message, level, extra_tags, fail_silently)

    def _object_link(self, request: HttpRequest, obj: Any) -> str | SafeString:
        if not self.has_change_permission(request, obj):
            return str(obj)
        url = reverse(
            f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change",
            args=(quote(obj.pk),),
            current_app=self.admin_site.name,
        )
        return format_html('<a href="{}">{}</a>', url, obj)

    def _tell(self, request: HttpRequest, verb: str, obj: Any) -> None:
        """Keep this admin's own message for what was done to `obj` (see `message_user`)."""
        if verb == "deleted":
            text = saved_message(self._name(), self.feminine, verb, obj)
        else:
            text = saved_message(self._name(), self.feminine, verb,
                                 self._object_link(request, obj), _then(request))
        setattr(request, _OWN_MESSAGE, text)

    def response_add(
        self, request: HttpRequest, obj: Any, post_url_continue: str | None = None
    ) -> HttpResponse:
        self._tell(request, "added", obj)
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request: HttpRequest, obj: Any) -> HttpResponse:
        self._tell(request, "changed", obj)
        return super().response_change(request, obj)

    def response_delete(self, request: HttpRequest, obj_display: str, obj_id: Any) -> HttpResponse:
        self._tell(request, "deleted", obj_display)
        return super().response_delete(request, obj_display, obj_id)

    def get_inline_formsets(
        self, request: HttpRequest, formsets: Any, inline_instances: Any, obj: Any = None
    ) -> list[Any]:
        wrapped = super().get_inline_formsets(request, formsets, inline_instances, obj)
        for inline_formset in wrapped:
            inline_formset.__class__ = ItalianInlineAdminFormSet
        return wrapped


class ItalianInlineAdminFormSet(helpers.InlineAdminFormSet):
    """An inline whose "add another" link says it as its inline does (`add_another`)."""

    def inline_formset_data(self) -> str:
        data = json.loads(super().inline_formset_data())
        add_another = getattr(self.opts, "add_another", None)
        if add_another is not None:
            data["options"]["addText"] = str(add_another)
        return json.dumps(data)
