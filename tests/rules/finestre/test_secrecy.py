"""W1's secrecy in the windows (W3): a hand's size is public, its cards are not. A power is
passed unasked only when public facts show it can play nothing (an empty hand, or no card of
the deck allowed to it there); otherwise it is asked, whatever its hand holds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from guerra.rules.dice import RandomDice, ScriptedDice
from guerra.rules.explore import Played, play
from guerra.rules.finestre import FINESTRE_PROCEDURE as P
from guerra.rules.finestre.cards import DEFAULT_DECK
from guerra.rules.finestre.model import Ally, Situation
from guerra.rules.finestre.state import FinestreState
from guerra.rules.finestre.windows import _some_ally, might_play, rule_problem
from guerra.rules.forces import Force, Region
from tests.rules.finestre.helpers import AT, ES, FR, RU

Asked = list[tuple[str, str]]


def situation(**hands: tuple[str, ...]) -> Situation:
    return Situation(Region("Stati Tedeschi", False), Force(FR, gold=5, armies=2),
                     Force(RU, armies=1, forts=1, control_markers=1),
                     turn_order=(FR, RU, AT), hands=tuple(hands.items()))


def passing(hands: dict[str, tuple[str, ...]]) -> tuple[Played[FinestreState], Asked]:
    """Every decision by default (every call a pass), recording who was asked where."""
    asked: Asked = []

    def answer(state: FinestreState, power: str) -> object:
        window = state.window
        if window is not None and window.announced:
            asked.append((window.name, power))
        return P.default_input(state, power)

    return play(P, situation(**hands), answer, ScriptedDice((3, 3), 6)), asked


def test_W3_a_power_holding_only_unplayable_cards_is_asked() -> None:
    # Russia holds a Ritirata only: it may play nothing in W12 or W4, yet it is asked there
    played, asked = passing({RU: ("Ritirata",)})
    assert ("W12", RU) in asked and ("W4", RU) in asked and ("W7a", RU) in asked
    w12 = next(w for w in played.state.windows if w.name == "W12")
    assert [(c.power, c.card, c.asked) for c in w12.calls] == [
        (FR, None, False), (RU, None, True), (AT, None, False)]


def test_W3_a_power_with_an_empty_hand_is_not_asked() -> None:
    played, asked = passing({RU: ("Ritirata",)})
    assert FR not in {power for _w, power in asked}
    assert all(not c.asked for w in played.state.windows for c in w.calls if c.power == FR)


def test_W3_a_power_of_no_side_is_asked_once_there_is_something_to_counter() -> None:
    # Austria (no side): only a Contrordine could be played by it, so it is asked after the
    # announcement of W4 but not in W12 before any card
    _played, asked = passing({AT: ("Rinforzo",)})
    assert ("W4", AT) in asked and ("W12", AT) not in asked


def test_W3_who_is_asked_depends_on_the_sizes_of_the_hands_not_their_cards() -> None:
    for hands_a, hands_b in (({RU: ("Ritirata",)}, {RU: ("Rinforzo",)}),
                             ({AT: ("Salvataggio", "Imboscata")},
                              {AT: ("Contrordine", "Contrordine")}),
                             ({FR: ("Cambio al comando",), RU: ("Artiglieria",)},
                              {FR: ("Imboscata",), RU: ("Salvataggio",)})):
        first, asked_a = passing(dict(hands_a))
        second, asked_b = passing(dict(hands_b))
        assert asked_a == asked_b
        assert first.events == second.events
        for viewer in (FR, RU, AT, None):
            if viewer not in hands_a:  # the viewer's own hand is the same in both
                seen_a = P.seen_by(first.state, viewer)
                seen_b = P.seen_by(second.state, viewer)
                assert seen_a.windows == seen_b.windows and seen_a.hands == seen_b.hands
                assert seen_a.situation.hands == seen_b.situation.hands


def deck_verdict(state: FinestreState, power: str) -> bool:
    """W3's public test as its words say: a hand not empty, and some card of the deck (copies
    above 0) the rules allow `power` now, a Cambio al comando naming an ally it could."""
    return bool(state.hand(power)) and any(
        rule_problem(state, power, card.name, _some_ally(state, power, card.name)) is None
        for card in state.situation.deck.cards if card.copies > 0)


@pytest.mark.parametrize("seed", range(12))
def test_W3_whether_a_power_is_asked_is_the_rules_verdict_on_the_cards_of_the_deck(seed: int
                                                                                   ) -> None:
    """`might_play` (asked at every call, so worked out by kind of card) agrees with the rules'
    verdict card by card, for every power at every call of random attacks: with allies on both
    sides, random hands and decks with some kinds of card left out."""
    rng = random.Random(seed)
    kept = [card if rng.random() < 0.7 else dataclasses.replace(card, copies=0)
            for card in DEFAULT_DECK.cards]
    names = [card.name for card in DEFAULT_DECK.cards]
    hands = tuple((power, tuple(rng.choices(names, k=rng.randrange(3))))
                  for power in (FR, RU, ES, AT))
    s = Situation(Region("Stati Tedeschi", False), Force(FR, gold=5, armies=3, fleets=1),
                  Force(RU, armies=2, forts=1, control_markers=1),
                  attacker_allies=(Ally(ES, rng.randrange(2)),),
                  defender_allies=(Ally(AT, rng.randrange(2)),), turn_order=(FR, ES, RU, AT),
                  hands=hands, deck=dataclasses.replace(DEFAULT_DECK, cards=tuple(kept)))
    policy = P.random_policy(rng)
    checked: list[bool] = []

    def answer(state: FinestreState, power: str) -> object:
        if state.window is not None and state.window.announced:
            for each in (FR, RU, ES, AT):
                verdict = deck_verdict(state, each)
                assert might_play(state, each) == verdict, (state.window.name, each)
                checked.append(verdict)
        return policy(state, power)

    assert play(P, s, answer, RandomDice(random.Random(seed))).state.finished
    assert {True, False} <= set(checked)  # both verdicts met
