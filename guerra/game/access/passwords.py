"""Password checks in Italian: Django 5.2 changed the message of its length check and its
Italian catalogue does not have the new one yet, so a short password was refused in English."""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_error_message(self) -> str:
        return ngettext(
            "This password is too short: it must have at least %(count)d character.",
            "This password is too short: it must have at least %(count)d characters.",
            self.min_length,
        ) % {"count": self.min_length}
