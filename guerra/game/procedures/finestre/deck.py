"""W2's deck as the rules page quotes it: the scenario's own (its "finestre" data), W2's
default where it has none, so the page cannot drift from the cards games play with: each
card with its kind, and the sentences of each window with the names of the cards of the kinds
it admits (`names`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from guerra.game.procedures.finestre.words import deck_rows, names_by_kind
from guerra.rules.finestre.cards import DEFAULT_DECK, deck_of
from guerra.rules.game.scenario import ScenarioRules


class DeckIn(Mapping[object, dict[str, Any]]):
    """The deck and hand size of any scenario, looked up by its rules (`ScenarioRules`): a
    template reads `{{ s.deck_in|get_item:facts.rules }}`; anything else finds W2's."""

    def __getitem__(self, rules: object) -> dict[str, Any]:
        deck = deck_of(rules.combat_data_of("finestre")) if isinstance(rules, ScenarioRules) \
            else DEFAULT_DECK
        return {"cards": deck_rows(deck), "hand_size": deck.hand_size,
                "names": names_by_kind(deck)}

    def __iter__(self) -> Iterator[object]:
        return iter(())

    def __len__(self) -> int:
        return 0
