"""W1 through a whole game: the hands dealt at each war's start from one deck shuffled with the
game's dice, kept in the game's combat memory (`hands`), the cards played discarded, an empty
deck reshuffled from the discards, every hand secret but to its owner."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from typing import Any

import pytest

from guerra.rules.dice import RandomDice
from guerra.rules.events import NodeEntered
from guerra.rules.finestre import FINESTRE_PROCEDURE as P
from guerra.rules.finestre import hands
from guerra.rules.finestre.cards import DEFAULT_DECK, deck_of
from guerra.rules.finestre.events import CardsPlayed
from guerra.rules.finestre.state import FinestreState
from guerra.rules.forces import Engagement, Force, Region
from guerra.rules.game import combat
from guerra.rules.game.events import GameWon, HandsDealt
from guerra.rules.game.robot import PlayedGame, play_game
from guerra.rules.game.scenario_file import shipped
from guerra.rules.game.state import GameState
from guerra.rules.jsonvalue import Obj
from tests.rules.finestre.helpers import AT, ES, FR, RU

POWERS = (FR, RU, ES, AT)
CARDS = {card.name for card in DEFAULT_DECK.cards}


class Recording:
    """Dice that show their highest face (a Fisher-Yates that swaps nothing) and write down
    the size of every die rolled."""

    def __init__(self) -> None:
        self.sides: list[int] = []

    def roll(self, sides: int = 6) -> int:
        self.sides.append(sides)
        return sides


class Faces:
    """Dice that show the given faces in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def roll(self, sides: int = 6) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face


def part(memory: Obj, key: str) -> Any:
    """A part of the memory, as plain JSON."""
    return json.loads(json.dumps(memory[key]))


def held(memory: Obj) -> dict[str, list[str]]:
    return {power: cards for power, cards in part(memory, "hands")}


def every_card(memory: Obj) -> Counter[str]:
    found = Counter(part(memory, "deck")) + Counter(part(memory, "discards"))
    for cards in held(memory).values():
        found += Counter(cards)
    return found


def small(hand_size: int, **copies: int) -> dict[str, object]:
    return {"hand_size": hand_size,
            "deck": [{"name": name, "copies": n, "kind": "counter"} for name, n in copies.items()]}


# --- dealing -----------------------------------------------------------------------------------


def test_W1_every_power_draws_up_to_the_hand_size_at_the_first_war() -> None:
    memory = P.war_begins({}, {}, POWERS, RandomDice(1))
    assert [power for power, _cards in part(memory, "hands")] == list(POWERS)
    assert all(len(cards) == 5 for cards in held(memory).values())
    assert len(part(memory, "deck")) == 40 - 20 and memory["discards"] == []
    assert every_card(memory) == Counter(hands.full_deck(DEFAULT_DECK))


def test_W1_the_hand_size_is_scenario_data() -> None:
    memory = P.war_begins({"hand_size": 3}, {}, POWERS, RandomDice(1))
    assert all(len(cards) == 3 for cards in held(memory).values())


def test_W1_the_deck_is_shuffled_by_the_games_dice_one_die_per_position() -> None:
    dice = Recording()
    memory = P.war_begins({}, {}, (FR, RU), dice)
    # Fisher-Yates over the 40 cards: a d40, a d39, ... a d2
    assert dice.sides == list(range(40, 1, -1))
    # highest faces swap nothing: the deck in W2's order, dealt from the top in seating order
    assert held(memory) == {FR: ["Contrordine"] * 5, RU: ["Contrordine"] * 5}
    # a lowest first face swaps the last card (a Salvataggio) with the first
    memory = P.war_begins({}, {}, (FR,), Faces(1, *range(39, 1, -1)))
    assert held(memory)[FR] == ["Salvataggio", *["Contrordine"] * 4]


def test_W1_same_seed_same_hands_another_seed_other_hands() -> None:
    first = P.war_begins({}, {}, POWERS, RandomDice(7))
    assert P.war_begins({}, {}, POWERS, RandomDice(7)) == first
    assert P.war_begins({}, {}, POWERS, RandomDice(8)) != first


def test_W1_a_die_beyond_256_faces_is_made_of_256_faced_dice_without_bias() -> None:
    # 300 positions: two bytes (0..65535), values from 65400 on rejected
    assert hands.pick(300, Faces(1, 1)) == 0
    assert hands.pick(300, Faces(256, 256, 1, 2)) == 1
    assert hands.pick(300, Faces(2, 1)) == 256 % 300
    seen = {hands.pick(300, RandomDice(seed)) for seed in range(400)}
    assert min(seen) >= 0 and max(seen) < 300


def test_W1_a_later_war_tops_up_the_hands_and_keeps_what_was_not_played() -> None:
    memory = P.war_begins({}, {}, POWERS, RandomDice(2))
    kept = held(memory)[FR][2:]
    played = tuple(held(memory)[FR][:2])
    memory = P.remember(memory, (CardsPlayed(FR, played[:1], "W4"),
                                 CardsPlayed(FR, played[1:], "W12")))
    assert held(memory)[FR] == kept
    again = P.war_begins({}, memory, POWERS, RandomDice(3))
    assert held(again)[FR][:3] == kept and len(held(again)[FR]) == 5
    assert {p: h for p, h in held(again).items() if p != FR} == {
        p: h for p, h in held(memory).items() if p != FR}
    assert again["discards"] == list(played)
    assert every_card(again) == Counter(hands.full_deck(DEFAULT_DECK))


def test_W1_an_empty_deck_is_reshuffled_from_the_discards() -> None:
    data = small(3, Contrordine=4, Ritirata=4)
    memory = P.war_begins(data, {}, (FR, RU), RandomDice(4))
    assert len(part(memory, "deck")) == 2
    played = tuple(held(memory)[FR])
    memory = P.remember(memory, tuple(CardsPlayed(FR, (card,), "W12") for card in played))
    assert held(memory)[FR] == [] and sorted(part(memory, "discards")) == sorted(played)
    dice = Recording()
    again = P.war_begins(data, memory, (FR, RU), dice)
    # two cards from the deck, then the three discards shuffled (a d3, a d2), one drawn
    assert dice.sides == [3, 2]
    assert len(held(again)[FR]) == 3 and len(part(again, "deck")) == 2
    assert again["discards"] == []
    assert every_card(again) == Counter({"Contrordine": 4, "Ritirata": 4})


def test_W1_with_deck_and_discards_empty_a_power_draws_less() -> None:
    memory = P.war_begins(small(5, Contrordine=3, Ritirata=4), {}, (FR, RU), RandomDice(5))
    assert [len(cards) for cards in held(memory).values()] == [5, 2]
    assert memory["deck"] == [] and memory["discards"] == []


def test_W1_played_cards_leave_the_hand_for_the_discards_in_play_order() -> None:
    memory = {"deck": [], "discards": ["Ritirata"],
              "hands": [[FR, ["Rinforzo", "Contrordine", "Rinforzo"]], [RU, ["Imboscata"]]]}
    after = P.remember(memory, (CardsPlayed(FR, ("Rinforzo",), "W12"),
                                CardsPlayed(RU, ("Imboscata",), "W7d")))
    assert held(after) == {FR: ["Contrordine", "Rinforzo"], RU: []}
    assert after["discards"] == ["Ritirata", "Rinforzo", "Imboscata"]
    assert P.remember(memory, ()) == memory


# --- secrecy ---------------------------------------------------------------------------------


def test_W1_memory_seen_by_shows_a_power_its_own_hand_and_the_others_sizes() -> None:
    memory = {"deck": ["Ritirata", "Contrordine"], "discards": ["Rinforzo"],
              "hands": [[FR, ["Rinforzo", "Imboscata"]], [RU, ["Salvataggio"]], [AT, []]]}
    sizes = {"hand_sizes": {FR: 2, RU: 1, AT: 0}, "deck_size": 2, "discards_size": 1}
    assert P.memory_seen_by(memory, FR) == {**sizes, "hand": ["Rinforzo", "Imboscata"]}
    assert P.memory_seen_by(memory, RU) == {**sizes, "hand": ["Salvataggio"]}
    assert P.memory_seen_by(memory, ES) == {**sizes, "hand": []}
    assert P.memory_seen_by(memory, None) == sizes
    assert "Imboscata" not in json.dumps(P.memory_seen_by(memory, RU))
    assert P.memory_seen_by({}, FR) == {}


def test_W1_the_hands_dealt_are_told_by_their_sizes_only() -> None:
    event = HandsDealt(1, ((FR, 5), (RU, 5)))
    text = json.dumps(event.to_dict()) + event.describe().render("it")
    assert not CARDS & set(re.findall(r"\w+", text))


# --- into an attack ----------------------------------------------------------------------------


def test_W1_an_attack_takes_every_hand_from_the_games_memory() -> None:
    memory = P.war_begins({}, {}, (FR, RU, AT), RandomDice(6))
    engagement = Engagement(Region("Stati Tedeschi", False), Force(FR, gold=5, armies=2),
                            Force(RU, armies=1), turn_order=(FR, RU, AT), memory=memory)
    situation = P.from_engagement(engagement)
    assert dict(situation.hands) == {p: tuple(h) for p, h in held(memory).items()}
    outcome = P.declare(situation, RandomDice(1))
    assert isinstance(outcome.state, FinestreState)
    assert outcome.state.hand(RU) == tuple(held(memory)[RU])
    assert P.from_engagement(dataclasses.replace(engagement, memory={})).hands == ()


def _game(seed: int) -> PlayedGame:
    scenario = dataclasses.replace(shipped("europa_1700_partenza_rapida"), procedure="finestre")
    return play_game(scenario, tuple(p.name for p in scenario.powers), RandomDice(seed),
                     seed=seed)


@pytest.mark.parametrize("seed", [0, 1])
def test_W1_a_seeded_robot_game_with_hands_reaches_the_final_standings(seed: int) -> None:
    played = _game(seed)
    state = played.state
    assert state.finished and len([e for e in played.events if isinstance(e, GameWon)]) == 1
    kinds = Counter(e.type for e in played.events)
    assert kinds["cards_played"] > 0 and kinds["attack_ended"] > 0
    dealt = [e for e in played.events if isinstance(e, HandsDealt)]
    assert [e.war for e in dealt] == [1, 2, 3]
    assert all(tuple(p for p, _n in e.sizes) == state.seating for e in dealt)
    assert all(n == 5 for e in dealt for _p, n in e.sizes)
    memory = combat.memory_of(state)
    assert every_card(memory) == Counter(hands.full_deck(DEFAULT_DECK))
    # W1: no event tells a card before it is played (CardsPlayed names the cards played; a
    # box's label names the cards its window allows, the same in every game)
    played_so_far: set[str] = set()
    for event in played.events:
        if isinstance(event, CardsPlayed):
            played_so_far.update(event.cards)
            continue
        if isinstance(event, NodeEntered):
            continue
        words = set(re.findall(r"[\w ]+", json.dumps(event.to_dict())))
        told = {card for card in CARDS if any(card in word for word in words)}
        assert told <= played_so_far, (event, told - played_so_far)
    # the memory rides in the saved state
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_W1_the_same_seed_deals_the_same_hands_through_a_whole_game() -> None:
    assert _game(0).state.combat_memory == _game(0).state.combat_memory
    assert deck_of({}).hand_size == 5
