"""Each combat system's own part of a scenario in its admin page (punti's unit profiles): the
scenario's form holds one `ScenarioDataForm` per registered combat system that has one
(`ProcedureAdapter.data_form`), drawn as a table after the scenario's fieldsets
(templates/admin/game/scenario/change_form.html) and checked with the scenario's own fields, so
a bad cell refuses the whole save. What equals a system's defaults is not kept."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from guerra.game.models import Scenario
from guerra.game.procedures import Adapter, adapters
from guerra.game.procedures.data import ScenarioDataForm
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsonvalue import DataError


class ScenarioForm(forms.ModelForm):  # type: ignore[type-arg]
    """The scenario's fields, and each combat system's data (`combat_forms`)."""

    class Meta:
        model = Scenario
        # The admin's fieldsets name the fields it shows; `combat_data` is never one of them.
        fields = ["name", "description", "procedure"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        stored = self.instance.combat_data if isinstance(self.instance.combat_data, dict) else {}
        self.combat_forms: list[tuple[Adapter, ScenarioDataForm]] = []
        for system in adapters():
            if system.data_form is None:
                continue
            prefix = f"combat-{system.name}"
            # A page from before the system had a form posts none of its fields: kept as is.
            posted = self.is_bound and any(key.startswith(f"{prefix}-") for key in self.data)
            data_form = system.data_form(self.data if posted else None, prefix=prefix,
                                         initial=_initial(system, stored.get(system.name)))
            self.combat_forms.append((system, data_form))

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        combat_data = dict(self.instance.combat_data or {})
        refused = False
        for system, data_form in self.combat_forms:
            if not data_form.is_bound:
                continue
            if not data_form.is_valid() or data_form.checked is None:
                refused = True
                continue
            if data_form.checked == get_procedure(system.name).read_data({}):
                combat_data.pop(system.name, None)
            else:
                combat_data[system.name] = data_form.checked
        if refused:
            raise ValidationError(_("The data of a combat system has errors: see its table "
                                    "below."))
        self.instance.combat_data = combat_data
        return cleaned


def _initial(system: Adapter, stored: object) -> dict[str, Any]:
    """The form's values for the stored data; data its system no longer accepts (its checks
    changed since it was saved) shows the system's defaults, never an error page."""
    assert system.data_form is not None
    try:
        return system.data_form.from_data(stored if isinstance(stored, dict) else {})
    except DataError:
        return system.data_form.from_data({})
