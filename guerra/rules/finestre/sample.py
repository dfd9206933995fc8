"""W1 for a computer player's sample game (`Procedure.memory_sampled`): the cards it has not
seen (every card of the deck less its own hand, the discards and any card it was shown) dealt
at random to the other hands and the draw pile, in the game's memory and in the attack under
way alike, so that its play-outs never read a hidden card."""

from __future__ import annotations

import random
from collections import Counter

from guerra.rules import frozen
from guerra.rules.finestre import cards, hands
from guerra.rules.finestre.state import HIDDEN, FinestreState
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj

Hands = tuple[tuple[str, tuple[str, ...]], ...]


def memory_sampled(data: Obj, memory: Obj, running: FinestreState | None, power: str,
                   rng: random.Random) -> tuple[dict[str, JSON], FinestreState | None]:
    """The memory known to `power` (`hands.known_to`) with its hidden cards dealt from `rng`;
    the attack's hands follow the memory's."""
    if not memory:
        return {}, running
    kept = hands.Memory.read(memory)
    unseen = Counter(hands.full_deck(cards.deck_of(data)))
    unseen.subtract(kept.discards)
    unseen.subtract(card for _owner, hand in kept.hands for card in hand if card != HIDDEN)
    unseen.subtract(card for card in kept.deck if card != HIDDEN)
    drawn = sorted(unseen.elements())
    rng.shuffle(drawn)

    def fill(cards_: list[str]) -> list[str]:
        return [drawn.pop() if card == HIDDEN and drawn else card for card in cards_]

    dealt = [(owner, fill(list(hand)) if owner != power else list(hand))
             for owner, hand in kept.hands]
    kept.hands = dealt
    kept.deck = fill(kept.deck)
    if running is None:
        return kept.to_json(), None
    mine = dict(dealt)

    def follow(held: Hands) -> Hands:
        found = []
        for owner, hand in held:
            known = mine.get(owner, [])
            full = HIDDEN in hand and len(known) >= len(hand)
            found.append((owner, tuple(known[:len(hand)]) if full else hand))
        return tuple(found)

    situation = frozen.replace(running.situation, hands=follow(running.situation.hands))
    return kept.to_json(), frozen.replace(running, hands=follow(running.hands),
                                          situation=situation)
