"""K1-K2 in the scenario's admin page: the ratings and the integrity of "piano" as a table, one
row per kind of unit (army, fleet, fort), one column per characteristic (Disciplina, Astuzia,
Rapidità, Forza) and one for the integrity. Empty data shows the defaults; the procedure checks
what is saved (`Procedure.read_data`, its Italian refusal shown above the table)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from guerra.game.procedures.data import ScenarioDataForm
from guerra.game.procedures.piano.words import CHARACTERISTIC_WORDS
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.piano.data import CHARACTERISTICS, INTEGRITY_LIMITS, KINDS, RATING_LIMITS

ROWS = (("army", _("Army")), ("fleet", _("Fleet")), ("fort", _("Fort")))
COLUMNS = (*CHARACTERISTIC_WORDS.items(), ("integrity", _("Integrity")))


def table_of(data: Obj) -> dict[str, dict[str, int]]:
    """The data as the procedure completes it, cell by cell: {kind: {column: value}}."""
    full = get_procedure("piano").read_data(data)
    ratings, integrity = full.get("ratings"), full.get("integrity")
    assert isinstance(ratings, dict) and isinstance(integrity, dict)
    found: dict[str, dict[str, int]] = {}
    for kind in KINDS:
        row = ratings[kind]
        size = integrity[kind]
        assert isinstance(row, list) and isinstance(size, int)
        found[kind] = {**{c: int(str(v)) for c, v in zip(CHARACTERISTICS, row, strict=True)},
                       "integrity": size}
    return found


class PianoDataForm(ScenarioDataForm):
    """K1-K2: each kind's four ratings and its integrity; every cell a whole number within
    its bounds."""

    procedure = "piano"
    rows = ROWS
    columns = COLUMNS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kinds, words = dict(ROWS), dict(COLUMNS)
        for kind in KINDS:
            for column, _words in COLUMNS:
                low, high = INTEGRITY_LIMITS if column == "integrity" else RATING_LIMITS
                self.fields[f"{kind}_{column}"] = forms.IntegerField(
                    label=f"{kinds[kind]} · {words[column]}", min_value=low, max_value=high,
                    widget=forms.NumberInput(attrs={"class": "vIntegerField", "size": 3}))

    @classmethod
    def from_data(cls, data: Obj) -> dict[str, Any]:
        return {f"{kind}_{column}": value for kind, row in table_of(data).items()
                for column, value in row.items()}

    def to_data(self, cleaned: Mapping[str, Any]) -> dict[str, JSON]:
        ratings: dict[str, JSON] = {
            kind: [cleaned[f"{kind}_{c}"] for c in CHARACTERISTICS] for kind in KINDS}
        integrity: dict[str, JSON] = {kind: cleaned[f"{kind}_integrity"] for kind in KINDS}
        return {"ratings": ratings, "integrity": integrity}


def rating_rows(data: Obj) -> list[dict[str, Any]]:
    """K1-K2 for the rules page: a row per kind of unit, its name, ratings and integrity."""
    names = dict(ROWS)
    return [{"kind": kind, "label": names[kind], **row} for kind, row in table_of(data).items()]


class RatingsIn(Mapping[object, list[dict[str, Any]]]):
    """The rating rows of any scenario, looked up by its rules (`ScenarioRules`): a template
    reads `{{ s.ratings_in|get_item:facts.rules }}`; anything else finds the defaults."""

    def __getitem__(self, rules: object) -> list[dict[str, Any]]:
        from guerra.rules.game.scenario import ScenarioRules

        if isinstance(rules, ScenarioRules):
            return rating_rows(rules.combat_data_of("piano"))
        return rating_rows({})

    def __iter__(self) -> Iterator[object]:
        return iter(())

    def __len__(self) -> int:
        return 0
