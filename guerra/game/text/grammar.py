"""The Italian forms of powers' and regions' names, for every message and page of the site:
`art("Francia", "a")` is "alla Francia", `art("Caraibi", "in")` "nei Caraibi",
`art("Africa", "in")` "in Africa", `art("Impero Ottomano", "Il")` "L'Impero Ottomano".

The forms are the rules' own (`guerra.rules.i18n.name_form`). What each name takes (its article,
and "in" without it) is scenario data, edited in the admin and exported with the scenario; the
names of the default scenario are known even before any is loaded. A name no scenario knows is
used as it is.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from django.db.models.signals import post_delete, post_save

from guerra.game.models import ScenarioPower, ScenarioRegion
from guerra.rules.i18n import DEFAULT_NAMES, Grammar, name_form

# Another server process learns of an edit within this many seconds; this one at once.
TTL_SECONDS = 60.0

_cache: dict[str, tuple[float, dict[str, Grammar]]] = {}


def known_names() -> Mapping[str, Grammar]:
    """Every name the scenarios give a grammar, over the default scenario's."""
    read_at, names = _cache.get("names", (0.0, {}))
    if not names or time.monotonic() - read_at > TTL_SECONDS:
        names = dict(DEFAULT_NAMES)
        for model in (ScenarioPower, ScenarioRegion):
            for name, article, bare_in in model.objects.values_list("name", "article", "bare_in"):
                names[name] = Grammar(article, bare_in)
        _cache["names"] = (time.monotonic(), names)
    return names


def forget_names(**_kwargs: object) -> None:
    _cache.clear()


for _model in (ScenarioPower, ScenarioRegion):
    post_save.connect(forget_names, sender=_model, dispatch_uid=f"grammar-{_model.__name__}")
    post_delete.connect(forget_names, sender=_model, dispatch_uid=f"grammar-d-{_model.__name__}")


def art(name: object, spec: str) -> str:
    """The name with its article, or fused with a preposition: spec is il, a, di, da, in, su
    (capitalised, Il, A…, at the start of a sentence)."""
    text = str(name)
    return name_form(text, known_names().get(text, Grammar()), spec)


def art_of(row: ScenarioPower | ScenarioRegion, spec: str) -> str:
    """A scenario's power or region with its article as `spec` asks, from its own row (a
    scenario being imported or edited is not among the known names yet)."""
    return name_form(row.name, Grammar(row.article, row.bare_in), spec)


def agreement(name: object) -> int:
    """A count for `ngettext` that picks the verb a name agrees with: 2 for a plural name ("le
    Province Unite hanno"), 1 otherwise ("la Francia ha")."""
    return 2 if known_names().get(str(name), Grammar()).plural else 1
