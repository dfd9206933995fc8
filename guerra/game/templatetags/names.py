"""Names with their Italian articles in templates: {{ seat.power|art:"a" }} is "alla Francia",
{{ region.name|art:"in" }} "nei Caraibi" or "in Africa", {{ power|art:"Il" }} "La Francia";
the verb of a name agrees through {% blocktranslate count agree=power|agreement %}.
The forms are `guerra.game.text.grammar.art`'s, with the grammar the scenarios give each name."""

from __future__ import annotations

from django import template

from guerra.game.text import grammar

register = template.Library()


@register.filter
def art(name: object, spec: str) -> str:
    """The name as `spec` asks: il, a, di, da, in, su (capitalised: Il, A...)."""
    return grammar.art(name, spec)


@register.filter
def agreement(name: object) -> int:
    """The count a verb agrees with for `name`, for `{% blocktranslate count %}`: 2 for a
    plural name ("le Province Unite attaccano"), 1 otherwise ("la Francia attacca")."""
    return grammar.agreement(name)


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
