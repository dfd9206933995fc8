"""Names with their Italian articles in templates: {{ seat.power|art:"a" }} is "alla Francia",
{{ region.name|art:"in" }} "nei Caraibi" or "in Africa", {{ power|art:"Il" }} "La Francia".
The forms are the rules' own (`guerra.rules.i18n.name_form`), with the default scenario's
grammar of names."""

from __future__ import annotations

from django import template

from guerra.rules.i18n import DEFAULT_NAMES, Grammar, name_form

register = template.Library()


@register.filter
def art(name: object, spec: str) -> str:
    """The name as `spec` asks: il, a, di, da, in, su (capitalised: Il, A...)."""
    text = str(name)
    return name_form(text, DEFAULT_NAMES.get(text, Grammar()), spec)


@register.filter
def duration(seconds: int) -> str:
    """A deadline's length in words: "2 minuti", "1 ora", "24 ore"."""
    from django.utils.translation import ngettext

    if seconds % 3600 == 0:
        hours = seconds // 3600
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    if seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}
    return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
