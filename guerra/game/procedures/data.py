"""A combat system's own part of a scenario, edited in the scenario's admin page.

A procedure with scenario data (punti's unit profiles; later a deck of cards, unit ratings)
gives its web adapter a `data_form` (`ProcedureAdapter.data_form`): a subclass of
`ScenarioDataForm` that turns the stored data into the form's initial values (`from_data`) and
the cleaned values back into data (`to_data`), which the procedure itself then checks
(`Procedure.read_data`, its Italian refusal shown on the form). A form laid out as a table
names its `rows` and `columns`; its fields are then named "<row>_<column>".

A form laid out as a list (finestre's deck: any number of cards) names its `item_columns`
and makes a row's fields (`item_fields`): one row per item of the stored data (`from_data`
gives their number as "items"), then `blank_items` empty rows to add one; a post of more
than `max_items` rows is refused. Row n's fields are "<n>_<column>"; the hidden field "items"
carries the number of rows the page showed, so a post is read with the rows it was drawn with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from guerra.game.text.messages import render_rules_message
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj

# A row or a column of a table form: its key and its words (a lazy translation).
Header = tuple[str, Any]
ITEMS = "items"  # a list form's hidden field: how many rows the page showed


class ScenarioDataForm(forms.Form):
    """One combat system's data in a scenario. `procedure` is its rules' name; after a valid
    form, `checked` is the data as the procedure checked and completed it."""

    procedure: ClassVar[str] = ""
    rows: ClassVar[tuple[Header, ...]] = ()
    columns: ClassVar[tuple[Header, ...]] = ()
    item_columns: ClassVar[tuple[Header, ...]] = ()
    blank_items: ClassVar[int] = 0
    max_items: ClassVar[int] = 50

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checked: dict[str, JSON] | None = None
        self.item_count = 0
        if self.item_columns:
            self._add_items()

    def _add_items(self) -> None:
        """A list form's rows: as many as the page showed (a post), or the stored items and
        the blank rows (a page to draw)."""
        if self.is_bound:
            try:
                count = int(str(self.data.get(self.add_prefix(ITEMS), "")))
            except ValueError:
                count = 0  # the hidden field's own error says it
            count = max(0, min(count, self.max_items))
        else:  # every stored item, whatever their number: none is dropped unseen
            count = int(self.initial.get(ITEMS, 0)) + self.blank_items
        self.item_count = count
        self.initial = {**self.initial, ITEMS: self.item_count}  # the page's, blank rows too
        self.fields[ITEMS] = forms.IntegerField(
            min_value=0, max_value=self.max_items, initial=self.item_count,
            widget=forms.HiddenInput, error_messages={
                "required": _("The page sent no number of rows: reload it."),
                "invalid": _("The page sent a wrong number of rows: reload it."),
                "min_value": _("The page sent a wrong number of rows: reload it."),
                "max_value": _("At most %(limit_value)s rows.")})
        words = dict(self.item_columns)
        for n in range(1, self.item_count + 1):
            for column, field in self.item_fields(n).items():
                # A cell has no label of its own on the page: its column's words and row.
                field.widget.attrs.setdefault("aria-label", f"{words[column]} ({n})")
                self.fields[f"{n}_{column}"] = field

    def item_fields(self, n: int) -> dict[str, forms.Field]:
        """A list form's fields of row `n`, by column (blank rows too: none required)."""
        raise NotImplementedError

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

    def item_table(self) -> list[list[forms.BoundField]]:
        """The rows of a list form, each its fields in column order."""
        return [[self[f"{n}_{column}"] for column, _words in self.item_columns]
                for n in range(1, self.item_count + 1)]

    def loose_fields(self) -> list[forms.BoundField]:
        """A list form's visible fields outside its rows (finestre's hand size)."""
        listed = {f"{n}_{column}" for n in range(1, self.item_count + 1)
                  for column, _words in self.item_columns}
        return [field for field in self.visible_fields() if field.name not in listed]

    def items_of(self, cleaned: Mapping[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        """A list form's rows with anything in them, each its number and its cleaned values
        by column; a blank row (every cell empty or unticked) is left out."""
        found = []
        for n in range(1, self.item_count + 1):
            values = {column: cleaned.get(f"{n}_{column}") for column, _words in self.item_columns}
            if any(value not in (None, "", False) for value in values.values()):
                found.append((n, values))
        return found
