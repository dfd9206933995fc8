"""W1-W2 in the scenario's admin page: the hand size, and each card of the deck with its
copies (and its value, for a modifier). The cards are W2's, in its order; empty data shows
W2's defaults; the procedure checks what is saved (`Procedure.read_data`, its Italian refusal
shown above the fields)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from guerra.game.procedures.data import ScenarioDataForm
from guerra.rules.finestre.cards import DEFAULT_DECK, MAX_COPIES, MAX_VALUE, Card, deck_of
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj

CARDS = DEFAULT_DECK.cards


class FinestreDataForm(ScenarioDataForm):
    """W1: how many cards a hand is dealt up to; W2: each card's copies, a modifier's value."""

    procedure = "finestre"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hand_size"] = forms.IntegerField(
            label=_("Cards in a hand"), min_value=0, max_value=20,
            widget=forms.NumberInput(attrs={"class": "vIntegerField", "size": 3}))
        for i, card in enumerate(CARDS, start=1):
            self.fields[f"copies_{i}"] = forms.IntegerField(
                label=f"{card.name} · {_('copies')}", min_value=0, max_value=MAX_COPIES,
                widget=forms.NumberInput(attrs={"class": "vIntegerField", "size": 3}))
            if card.kind == "modifier":
                self.fields[f"value_{i}"] = forms.IntegerField(
                    label=f"{card.name} · {_('value')}", min_value=1, max_value=MAX_VALUE,
                    widget=forms.NumberInput(attrs={"class": "vIntegerField", "size": 3}))

    @classmethod
    def from_data(cls, data: Obj) -> dict[str, Any]:
        deck = deck_of(data)
        initial: dict[str, Any] = {"hand_size": deck.hand_size}
        for i, default in enumerate(CARDS, start=1):
            card = deck.card(default.name) or Card(default.name, 0, default.kind,
                                                   default.value)
            initial[f"copies_{i}"] = card.copies
            if default.kind == "modifier":
                initial[f"value_{i}"] = card.value or default.value
        return initial

    def to_data(self, cleaned: Mapping[str, Any]) -> dict[str, JSON]:
        deck: list[JSON] = []
        for i, card in enumerate(CARDS, start=1):
            entry: dict[str, JSON] = {"name": card.name, "copies": cleaned[f"copies_{i}"],
                                      "kind": card.kind}
            if card.kind == "modifier":
                entry["value"] = cleaned[f"value_{i}"]
            deck.append(entry)
        return {"hand_size": cleaned["hand_size"], "deck": deck}
