"""W1-W2: the battle cards, their kinds, and the deck as scenario data.

A scenario gives `"combat_data": {"finestre": {"hand_size": 5, "deck": [...]}}`; each card
`{"name": "Rinforzo", "copies": 8, "kind": "modifier", "value": 2}`. `read_data` checks it (one
Italian line per mistake) and returns it whole, W2's default deck where none is given.

Kinds (W2): "counter" (Contrordine), "modifier" (its `value` to its owner's side, W12),
"strike_order" (Imboscata, W7), "combatants" (Cambio al comando, W6), "combat_ending"
(Ritirata, W8/W10), "escape" (Salvataggio, W14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from guerra.rules.i18n import _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj, as_list, as_obj

CardKind = Literal["counter", "modifier", "strike_order", "combatants", "combat_ending",
                   "escape"]
KINDS: tuple[CardKind, ...] = ("counter", "modifier", "strike_order", "combatants",
                               "combat_ending", "escape")
DEFAULT_HAND_SIZE = 5
MAX_COPIES = 60
MAX_VALUE = 10
MAX_CARDS = 32  # kinds of card in a deck: a call names its card by its row in the deck


@dataclass(frozen=True)
class Card:
    """W2: one kind of card in the deck: its name (an Italian proper name), copies, kind and,
    for a modifier, the points it adds to its owner's side."""

    name: str
    copies: int
    kind: CardKind
    value: int = 0

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"name": self.name, "copies": self.copies, "kind": self.kind}
        if self.kind == "modifier":
            data["value"] = self.value
        return data


@dataclass(frozen=True)
class Deck:
    """W1-W2: the cards of the shared deck and how many each power draws up to."""

    cards: tuple[Card, ...]
    hand_size: int = DEFAULT_HAND_SIZE

    def card(self, name: str) -> Card | None:
        for card in self.cards:
            if card.name == name:
                return card
        return None

    def kind_of(self, name: str) -> CardKind | None:
        card = self.card(name)
        return None if card is None else card.kind

    def to_dict(self) -> dict[str, JSON]:
        return {"hand_size": self.hand_size, "deck": [card.to_dict() for card in self.cards]}


DEFAULT_DECK = Deck((
    Card("Contrordine", 10, "counter"),
    Card("Rinforzo", 8, "modifier", 2),
    Card("Artiglieria", 8, "modifier", 1),
    Card("Imboscata", 4, "strike_order"),
    Card("Cambio al comando", 3, "combatants"),
    Card("Ritirata", 3, "combat_ending"),
    Card("Salvataggio", 4, "escape"),
))


def _whole(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(_("Field “{field}” must be a whole number from {low} to {high}.",
                          field=where, low=low, high=high))
    return value


def read_card(data: Obj, where: str) -> Card:
    for key in data:
        if key not in ("name", "copies", "kind", "value"):
            raise DataError(_("Unknown field “{field}” (name, copies, kind or value).",
                              field=f"{where}.{key}"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(_("Field “{field}” must be a non-empty text.", field=f"{where}.name"))
    kind = data.get("kind")
    found = next((k for k in KINDS if k == kind), None)
    if found is None:
        raise DataError(_("Field “{field}” must be one of: counter, modifier, strike_order, "
                          "combatants, combat_ending, escape.", field=f"{where}.kind"))
    copies = _whole(data.get("copies"), f"{where}.copies", 0, MAX_COPIES)
    value = 0
    if found == "modifier":
        value = _whole(data.get("value"), f"{where}.value", 1, MAX_VALUE)
    elif "value" in data:
        raise DataError(_("Only a modifier card has a value ({field}).", field=f"{where}.value"))
    return Card(name, copies, found, value)


def read_deck(data: Obj) -> Deck:
    """W2: the deck given (or the default), checked: every card named once."""
    for key in data:
        if key not in ("hand_size", "deck"):
            raise DataError(_("Unknown field “{field}” in the data of “finestre” (only "
                              "“hand_size” and “deck”).", field=key))
    hand_size = _whole(data.get("hand_size", DEFAULT_HAND_SIZE), "hand_size", 0, 20)
    if "deck" not in data:
        return Deck(DEFAULT_DECK.cards, hand_size)
    items = as_list(data["deck"], "deck")
    if len(items) > MAX_CARDS:
        raise DataError(_("A deck lists at most {n} cards.", n=MAX_CARDS))
    cards = tuple(read_card(as_obj(item, f"deck[{i}]"), f"deck[{i}]")
                  for i, item in enumerate(items))
    names = [card.name for card in cards]
    for name in names:
        if names.count(name) > 1:
            raise DataError(_("The card “{name}” is listed twice in the deck.", name=name))
    return Deck(cards, hand_size)


def read_data(data: Obj) -> dict[str, JSON]:
    """The scenario's data of "finestre", checked and completed (W2's deck by default)."""
    return read_deck(data).to_dict()


def deck_of(data: Obj) -> Deck:
    """The deck held in checked scenario data (an empty object: W2's default)."""
    return read_deck(data)
