"""E1's unit profiles as the rules page quotes them: the scenario's own (its "punti" data),
E1's defaults where it has none, so the page cannot drift from the numbers games play with."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.utils.translation import gettext as _

from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.punti.profiles import DEFAULT_PROFILES, KINDS, Profiles, profiles_of


def profile_rows(profiles: Profiles) -> list[dict[str, Any]]:
    """A row per kind of unit: its name and its five numbers."""
    names = {"army": _("Army"), "fleet": _("Fleet"), "fort": _("Fort")}
    return [{"kind": kind, "label": names[kind], **profiles.of(kind).to_dict()}
            for kind in KINDS]


class ProfilesIn(Mapping[object, list[dict[str, Any]]]):
    """The profile rows of any scenario, looked up by its rules (`ScenarioRules`): a template
    reads `{{ s.profiles_in|get_item:facts.rules }}`; anything else finds E1's defaults."""

    def __getitem__(self, rules: object) -> list[dict[str, Any]]:
        if isinstance(rules, ScenarioRules):
            return profile_rows(profiles_of(rules.combat_data_of("punti")))
        return profile_rows(DEFAULT_PROFILES)

    def __iter__(self) -> Iterator[object]:
        return iter(())

    def __len__(self) -> int:
        return 0
