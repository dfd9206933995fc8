"""W1-W2 in the scenario's admin page: the hand size, and the deck as a list of cards, one row
each: its name, copies, kind (in the words of the rules page) and value (a modifier's only),
and "Remove"; then a few blank rows to add a card (a row left blank is ignored). Empty data
shows W2's default deck. The form refuses in Italian what it can tell by itself (a card
without a name, a modifier without a value, a value on another kind, a name twice); the
procedure checks what is saved (`Procedure.read_data`, its Italian refusal shown above the
list)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from guerra.game.procedures.data import ITEMS, ScenarioDataForm
from guerra.game.procedures.finestre.words import kind_word
from guerra.rules.finestre.cards import KINDS, MAX_CARDS, MAX_COPIES, MAX_VALUE, deck_of
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj

NAME_LENGTH = 40
NUMBER = {"class": "vIntegerField", "size": 3}


class FinestreDataForm(ScenarioDataForm):
    """W1: how many cards a hand is dealt up to; W2: the deck, a card a row."""

    procedure = "finestre"
    item_columns = (("name", _("Name")), ("copies", _("Copies")), ("kind", _("Kind")),
                    ("value", _("Value")), ("remove", _("Remove")))
    blank_items = 3
    max_items = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hand_size"] = forms.IntegerField(
            label=_("Cards in a hand"), min_value=0, max_value=20,
            widget=forms.NumberInput(attrs=NUMBER))

    def item_fields(self, n: int) -> dict[str, forms.Field]:
        kinds = [("", "—"), *((kind, kind_word(kind)) for kind in KINDS)]
        return {
            "name": forms.CharField(required=False, max_length=NAME_LENGTH,
                                    widget=forms.TextInput(attrs={"size": 18})),
            "copies": forms.IntegerField(required=False, min_value=0, max_value=MAX_COPIES,
                                         widget=forms.NumberInput(attrs=NUMBER)),
            "kind": forms.ChoiceField(required=False, choices=kinds),
            "value": forms.IntegerField(required=False, min_value=1, max_value=MAX_VALUE,
                                        widget=forms.NumberInput(attrs=NUMBER)),
            "remove": forms.BooleanField(required=False),
        }

    @classmethod
    def from_data(cls, data: Obj) -> dict[str, Any]:
        deck = deck_of(data)
        initial: dict[str, Any] = {"hand_size": deck.hand_size, ITEMS: len(deck.cards)}
        for n, card in enumerate(deck.cards, start=1):
            initial.update({f"{n}_name": card.name, f"{n}_copies": card.copies,
                            f"{n}_kind": card.kind,
                            f"{n}_value": card.value if card.kind == "modifier" else None})
        return initial

    def clean(self) -> dict[str, Any]:
        cleaned = dict(self.cleaned_data)
        if not self.errors:
            self._check_cards(cleaned)
        return super().clean()

    def _check_cards(self, cleaned: Mapping[str, Any]) -> None:
        """What a row says wrong, on its own cell (nothing is saved then)."""
        seen: dict[str, int] = {}
        kept = [(n, row) for n, row in self.items_of(cleaned) if not row["remove"]]
        if len(kept) > MAX_CARDS:  # a call's form posts a card by its row, up to MAX_CARDS
            self.add_error(None, gettext("A deck has at most %(n)d cards: remove some.")
                           % {"n": MAX_CARDS})
        for n, row in kept:
            name = row["name"] or ""
            if not name:
                self.add_error(f"{n}_name", gettext("A card needs a name (or leave its row "
                                                    "blank)."))
                continue
            if name.casefold() in seen:
                self.add_error(f"{n}_name", gettext("The card “%(name)s” is already in the "
                                                    "deck, in row %(row)d.")
                               % {"name": name, "row": seen[name.casefold()]})
            seen[name.casefold()] = n
            if row["copies"] is None:
                self.add_error(f"{n}_copies", gettext("How many copies of “%(name)s”? From 0 "
                                                      "to %(high)d.")
                               % {"name": name, "high": MAX_COPIES})
            kind = row["kind"]
            if not kind:
                self.add_error(f"{n}_kind", gettext("Choose the kind of “%(name)s”.")
                               % {"name": name})
            elif kind == "modifier" and row["value"] is None:
                self.add_error(f"{n}_value", gettext("A modifier needs its value, from 1 to "
                                                     "%(high)d.") % {"high": MAX_VALUE})
            elif kind != "modifier" and row["value"] is not None:
                self.add_error(f"{n}_value", gettext("Only a modifier has a value: leave it "
                                                     "empty for “%(name)s” (%(kind)s).")
                               % {"name": name, "kind": kind_word(kind)})

    def to_data(self, cleaned: Mapping[str, Any]) -> dict[str, JSON]:
        deck: list[JSON] = []
        for _n, row in self.items_of(cleaned):
            if row["remove"]:
                continue
            card: dict[str, JSON] = {"name": row["name"], "copies": row["copies"],
                                     "kind": row["kind"]}
            if row["value"] is not None:
                card["value"] = row["value"]
            deck.append(card)
        return {"hand_size": cleaned["hand_size"], "deck": deck}
