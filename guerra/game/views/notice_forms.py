"""The forms of the page "Notifiche": the switches of a player's e-mail notices, and a new
address to confirm."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from guerra.game.models import NoticePrefs

# The switches, in the page's order, under the model's own labels.
SWITCHES = ("active", "turn", "auction", "setup", "invitation", "attack", "reminders",
            "fast_games", "digest")


class NoticeSwitchesForm(forms.Form):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in SWITCHES:
            field = NoticePrefs._meta.get_field(name)
            assert isinstance(field, models.BooleanField)
            self.fields[name] = forms.BooleanField(label=field.verbose_name, required=False)

    @classmethod
    def of(cls, prefs: NoticePrefs) -> NoticeSwitchesForm:
        return cls(initial={name: getattr(prefs, name) for name in SWITCHES})


class AddressForm(forms.Form):
    address = forms.EmailField(
        label=_("E-mail address"), max_length=254,
        error_messages={"invalid": _("Enter a valid e-mail address, like nome@esempio.it.")},
    )
