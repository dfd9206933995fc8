"""The words of "piano" on the pages: the four characteristics (K1), the actions of a plan's
steps (K3), the kinds of unit (K2), a side's strength and weakness (K7)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from guerra.rules.piano.data import CHARACTERISTICS

CHARACTERISTIC_WORDS = {
    "disciplina": pgettext_lazy("piano characteristic", "Discipline"),
    "astuzia": pgettext_lazy("piano characteristic", "Cunning"),
    "rapidita": pgettext_lazy("piano characteristic", "Speed"),
    "forza": pgettext_lazy("piano characteristic", "Strength"),
}


def characteristic_word(name: str) -> str:
    """K1: a characteristic, capitalised (an Italian proper name: "Rapidità")."""
    word = CHARACTERISTIC_WORDS.get(name)
    return str(word) if word is not None else name


def action_word(action: str) -> str:
    """K3: a step's action, capitalised ("Ingaggio mortale")."""
    return {"approach": pgettext("piano step", "Approach"),
            "control": pgettext("piano step", "Control"),
            "deadly": pgettext("piano step", "Deadly engagement"),
            "engagement": pgettext("piano step", "Engagement")}.get(action, action)


def unit_word(kind: str, count: int = 1) -> str:
    if count == 1:
        return {"army": _("Army"), "fleet": _("Fleet"), "fort": _("Fort")}.get(kind, kind)
    return {"army": _("Armies"), "fleet": _("Fleets"), "fort": _("Forts")}.get(kind, kind)


def characteristics_words(names: Iterable[str]) -> str:
    """Several characteristics ("Astuzia e Rapidità"); "nessuno" for none (a strength or a
    weakness: K7, a neutral counter's ratings all equal)."""
    words = [characteristic_word(n) for n in CHARACTERISTICS if n in set(names)]
    if not words:
        return pgettext("piano strength or weakness", "none")
    if len(words) == 1:
        return words[0]
    return _("%(some)s and %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}
