"""A game the Stratega may be in, drawn from what its power knows: the secrets filled in from
what it has not seen, and nothing it has seen changed."""

from __future__ import annotations

import json
import random
from collections import Counter

from guerra.rules.bots.determinize import sample
from guerra.rules.bots.view import known_to
from guerra.rules.dice import RandomDice
from guerra.rules.finestre import cards, hands
from guerra.rules.finestre.state import HIDDEN
from tests.rules.bots.helpers import FR, started, to_phase


def test_the_counters_to_draw_are_shuffled_from_their_set() -> None:
    seen = known_to(started(seed=2), FR)
    drawn = sample(seen, FR, random.Random(1))
    assert sorted(drawn.pool) == list(seen.pool)
    assert drawn.pool != seen.pool
    assert sample(seen, FR, random.Random(1)) == drawn  # seeded
    assert drawn.board == seen.board and drawn.powers == seen.powers


def test_the_unseen_cards_are_dealt_to_the_other_hands_and_the_draw_pile() -> None:
    state = to_phase(started("finestre", seed=3), "rounds", RandomDice(3))
    seen = known_to(state, FR)
    drawn = json.loads(sample(seen, FR, random.Random(4)).combat_memory)
    masked = json.loads(seen.combat_memory)
    deck = hands.full_deck(cards.deck_of(state.scenario.combat_data_of("finestre") or {}))
    dealt = [card for _owner, hand in drawn["hands"] for card in hand]
    assert HIDDEN not in dealt + drawn["deck"]
    assert Counter(dealt + drawn["deck"] + drawn["discards"]) == Counter(deck)
    mine = {owner: hand for owner, hand in drawn["hands"]}
    assert mine[FR] == dict(masked["hands"])[FR]
    assert {owner: len(hand) for owner, hand in drawn["hands"]} == {
        owner: len(hand) for owner, hand in masked["hands"]}
    other = json.loads(sample(seen, FR, random.Random(5)).combat_memory)
    assert other["hands"] != drawn["hands"]  # another seed, another deal
