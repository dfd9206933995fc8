"""W1: the hands of battle cards through a whole game, kept in the game's combat memory.

The memory (plain JSON, `Procedure.war_begins`/`remember`/`memory_seen_by`):
`{"deck": [card, ...], "discards": [card, ...], "hands": [[power, [card, ...]], ...]}` — the
draw pile top first, the discards in the order played, every seated power's hand in seating
order. At each war's start (`deal`) every power, in seating order, draws up to the deck's
`hand_size` from the top; the first war shuffles the whole deck (W2's copies of each card) with
the game's dice, and an empty draw pile is reshuffled from the discards whenever a draw needs
it (a power draws less only when both are empty). A card played (`events.CardsPlayed`) leaves
its owner's hand for the discards (`discard`).

Rulings: the shuffle is Fisher-Yates, one die per position (`pick`: a die of `n` faces when
`n` is at most 256, otherwise bytes of 256-faced dice with rejection, so every order is as
likely); a power keeps the cards it did not play from one war to the next and only draws up
to the size; the discards are the cards played, public, but `seen_by` gives their number only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from guerra.rules.dice import MAX_SIDES, Dice
from guerra.rules.events import Event
from guerra.rules.finestre.cards import Deck
from guerra.rules.finestre.events import CardsPlayed
from guerra.rules.finestre.model import Hands
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj, as_list, as_str, invalid


def pick(n: int, dice: Dice) -> int:
    """A number from 0 to n - 1, each as likely, from the game's dice: one die of `n` faces
    (2 to 256), or base-256 digits of 256-faced dice, rejected above the largest multiple of
    `n` they can reach."""
    if n <= 1:
        return 0
    if n <= MAX_SIDES:
        return dice.roll(n) - 1
    digits, span = 0, 1
    while span < n:
        digits, span = digits + 1, span * MAX_SIDES
    limit = span - span % n
    while True:
        value = 0
        for _digit in range(digits):
            value = value * MAX_SIDES + dice.roll(MAX_SIDES) - 1
        if value < limit:
            return value % n


def shuffled(cards: Sequence[str], dice: Dice) -> list[str]:
    """Fisher-Yates: from the last position down, swap it with a position picked at or
    before it."""
    order = list(cards)
    for last in range(len(order) - 1, 0, -1):
        other = pick(last + 1, dice)
        order[last], order[other] = order[other], order[last]
    return order


def full_deck(deck: Deck) -> list[str]:
    """W2: every copy of every card, in the deck's order (before shuffling)."""
    return [card.name for card in deck.cards for _copy in range(card.copies)]


class Memory:
    """The memory read into lists (and written back, `to_json`)."""

    def __init__(self, deck: list[str], discards: list[str],
                 hands: list[tuple[str, list[str]]]) -> None:
        self.deck, self.discards, self.hands = deck, discards, hands

    @classmethod
    def read(cls, memory: Obj) -> Memory:
        def names(value: object, where: str) -> list[str]:
            return [as_str(item, f"{where}[{i}]")
                    for i, item in enumerate(as_list(value, where))]

        hands = []
        for i, pair in enumerate(as_list(memory.get("hands", []), "hands")):
            items = as_list(pair, f"hands[{i}]")
            if len(items) != 2:
                raise invalid(f"hands[{i}]")
            hands.append((as_str(items[0], f"hands[{i}][0]"), names(items[1], f"hands[{i}][1]")))
        return cls(names(memory.get("deck", []), "deck"),
                   names(memory.get("discards", []), "discards"), hands)

    def hand(self, power: str) -> list[str]:
        for owner, cards in self.hands:
            if owner == power:
                return cards
        cards = []
        self.hands.append((power, cards))
        return cards

    def to_json(self) -> dict[str, JSON]:
        return {"deck": list(self.deck), "discards": list(self.discards),
                "hands": [[power, list(cards)] for power, cards in self.hands]}


def deal(deck: Deck, memory: Obj, powers: tuple[str, ...], dice: Dice) -> dict[str, JSON]:
    """W1 at a war's start: every power, in seating order, draws up to `hand_size`; the first
    war shuffles the whole deck first; an empty draw pile takes the discards, shuffled."""
    kept = Memory.read(memory) if memory else Memory(shuffled(full_deck(deck), dice), [], [])
    ordered = [(power, kept.hand(power)) for power in powers]
    kept.hands = [*ordered, *((p, h) for p, h in kept.hands if p not in powers)]
    for _power, hand in ordered:
        while len(hand) < deck.hand_size:
            if not kept.deck:
                if not kept.discards:
                    break
                kept.deck, kept.discards = shuffled(kept.discards, dice), []
            hand.append(kept.deck.pop(0))
    return kept.to_json()


def discard(memory: Obj, events: Sequence[Event]) -> dict[str, JSON]:
    """W1: each card played leaves its owner's hand for the discards."""
    played = [event for event in events if isinstance(event, CardsPlayed)]
    if not played:
        return cast("dict[str, JSON]", dict(memory))
    kept = Memory.read(memory)
    for event in played:
        hand = kept.hand(event.power)
        for card in event.cards:
            if card in hand:
                hand.remove(card)
                kept.discards.append(card)
    return kept.to_json()


def hands_of(memory: Obj) -> Hands:
    """Every power's hand held in the memory, for an attack's `Situation.hands`."""
    if not memory:
        return ()
    return tuple((power, tuple(cards)) for power, cards in Memory.read(memory).hands)


def seen_by(memory: Obj, power: str | None) -> dict[str, JSON]:
    """W1's secrecy: `power` sees its own hand; everyone sees every hand's size and the sizes
    of the draw pile and the discards (None: a spectator, sizes only)."""
    if not memory:
        return {}
    kept = Memory.read(memory)
    seen: dict[str, JSON] = {
        "hand_sizes": {owner: len(cards) for owner, cards in kept.hands},
        "deck_size": len(kept.deck), "discards_size": len(kept.discards),
    }
    if power is not None:
        seen["hand"] = list(next((cards for owner, cards in kept.hands if owner == power), []))
    return seen


def known_to(memory: Obj, power: str, hidden: str) -> dict[str, JSON]:
    """The memory as `power` may know it, in its own shape: its own hand and the discards
    (played in the open); each card of the draw pile and of the other hands as `hidden`."""
    if not memory:
        return {}
    kept = Memory.read(memory)
    masked: dict[str, JSON] = {
        "deck": [hidden] * len(kept.deck),
        "discards": list(kept.discards),
        "hands": [[owner, list(cards) if owner == power else [hidden] * len(cards)]
                  for owner, cards in kept.hands],
    }
    return masked
