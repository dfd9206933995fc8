"""Edges of the game machine that mutation testing found unguarded; every expected value is
worked out by hand from game-rules.md."""

from __future__ import annotations

from guerra.rules.events import AttackEnded, GoldChanged, NodeEntered
from guerra.rules.game.combat import split_attack_events
from guerra.rules.game.events import AttackBegan, TurnBegan, WarEnded
from guerra.rules.game.options import menu
from guerra.rules.game.state import Pieces, units_of
from tests.rules.game.helpers import in_rounds
from tests.rules.game.scenarios import FR, GB

BEGAN = AttackBegan(1, FR, "Baltico", GB, None)
PAID = GoldChanged(FR, -2, "D3")
ENTERED = NodeEntered("declared", "An attack is declared!")
ENDED = AttackEnded("attacker_wins")
NEXT = TurnBegan(GB, 1)


def test_G34_an_attack_actions_events_split_around_the_procedures_own() -> None:
    events = (BEGAN, PAID, ENTERED, ENDED, NEXT)
    assert split_attack_events(events, answered=False) == ((BEGAN,), (PAID, ENTERED, ENDED),
                                                           (NEXT,))


def test_G34_an_attack_still_under_way_keeps_every_later_event_its_own() -> None:
    events = (NEXT, BEGAN, PAID, ENTERED)
    assert split_attack_events(events, answered=False) == ((NEXT, BEGAN), (PAID, ENTERED), ())


def test_G34_an_answer_starts_with_the_procedures_events() -> None:
    assert split_attack_events((ENTERED, ENDED, NEXT), answered=True) == (
        (), (ENTERED, ENDED), (NEXT,))
    # The answer that ends the attack at once: its AttackEnded is the first event.
    assert split_attack_events((ENDED, NEXT, WarEnded(1)), answered=True) == (
        (), (ENDED,), (NEXT, WarEnded(1)))


def test_G34_events_without_an_attack_are_all_the_games() -> None:
    events = (NEXT, WarEnded(1))
    assert split_attack_events(events, answered=False) == (events, (), ())


def test_G30_the_menu_says_why_nothing_can_be_built() -> None:
    state = in_rounds(population=0)
    name, why = menu(state, FR)[0]
    assert name == "build" and why is not None
    assert why.render("en") == "Building costs 1 population: Francia has 0."
    assert menu(in_rounds(population=1), FR)[0] == ("build", None)


def test_G3_units_of_counts_armies_and_fleets_not_forts() -> None:
    assert units_of(Pieces(FR, "Baltico", armies=2, fleets=3, forts=4, markers=5)) == 5
    assert units_of(Pieces(FR, None)) == 0
