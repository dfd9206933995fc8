"""E1 in the scenario's admin page: the unit profiles of "punti" as a table, one row per kind
of unit (army, fleet, fort), one column per field (attack points, defence points, health,
speed, range). Empty data shows E1's defaults; the procedure checks what is saved
(`Procedure.read_data`, its Italian refusal shown above the table)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from guerra.game.procedures.data import ScenarioDataForm
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.punti.profiles import FIELDS, KINDS, LIMITS

ROWS = (("army", _("Army")), ("fleet", _("Fleet")), ("fort", _("Fort")))
COLUMNS = (("attack", _("Attack points")), ("defence", _("Defence points")),
           ("health", _("Health")), ("speed", _("Speed")), ("range", _("Range")))


class PuntiDataForm(ScenarioDataForm):
    """E1: the profile of each kind of unit; every cell a whole number within its bounds."""

    procedure = "punti"
    rows = ROWS
    columns = COLUMNS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words = dict(COLUMNS)
        kinds = dict(ROWS)
        for kind in KINDS:
            for name in FIELDS:
                low, high = LIMITS[name]
                self.fields[f"{kind}_{name}"] = forms.IntegerField(
                    label=f"{kinds[kind]} · {words[name]}", min_value=low, max_value=high,
                    widget=forms.NumberInput(attrs={"class": "vIntegerField", "size": 3}))

    @classmethod
    def from_data(cls, data: Obj) -> dict[str, Any]:
        full = get_procedure(cls.procedure).read_data(data)
        profiles = full.get("profiles")
        assert isinstance(profiles, dict)
        initial: dict[str, Any] = {}
        for kind in KINDS:
            profile = profiles[kind]
            assert isinstance(profile, dict)
            initial.update({f"{kind}_{name}": profile[name] for name in FIELDS})
        return initial

    def to_data(self, cleaned: Mapping[str, Any]) -> dict[str, JSON]:
        profiles: dict[str, JSON] = {
            kind: {name: cleaned[f"{kind}_{name}"] for name in FIELDS} for kind in KINDS}
        return {"profiles": profiles}
