"""A combat system's own part of a scenario, edited in the scenario's admin page.

A procedure with scenario data (punti's unit profiles; later a deck of cards, unit ratings)
gives its web adapter a `data_form` (`ProcedureAdapter.data_form`): a subclass of
`ScenarioDataForm` that turns the stored data into the form's initial values (`from_data`) and
the cleaned values back into data (`to_data`), which the procedure itself then checks
(`Procedure.read_data`, its Italian refusal shown on the form). A form laid out as a table
names its `rows` and `columns`; its fields are then named "<row>_<column>".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError

from guerra.game.text.messages import render_rules_message
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj

# A row or a column of a table form: its key and its words (a lazy translation).
Header = tuple[str, Any]


class ScenarioDataForm(forms.Form):
    """One combat system's data in a scenario. `procedure` is its rules' name; after a valid
    form, `checked` is the data as the procedure checked and completed it."""

    procedure: ClassVar[str] = ""
    rows: ClassVar[tuple[Header, ...]] = ()
    columns: ClassVar[tuple[Header, ...]] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checked: dict[str, JSON] | None = None

    @classmethod
    def from_data(cls, data: Obj) -> dict[str, Any]:
        """The form's initial values for the stored data (empty: the system's defaults)."""
        raise NotImplementedError

    def to_data(self, cleaned: Mapping[str, Any]) -> dict[str, JSON]:
        """The data the cleaned values say, for the procedure to check."""
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:  # a field's own error says it already
            return cleaned
        try:
            self.checked = get_procedure(self.procedure).read_data(self.to_data(cleaned))
        except DataError as exc:
            raise ValidationError(render_rules_message(exc.message)) from None
        return cleaned

    def table(self) -> list[tuple[Any, list[forms.BoundField]]]:
        """The rows of a table form, each its words and its fields in column order."""
        return [(label, [self[f"{row}_{column}"] for column, _words in self.columns])
                for row, label in self.rows]
