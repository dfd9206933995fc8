"""P1-P3 of procedures/d10.md: who fights, how an exchange of ten-sided dice is paired and
lost, and the attacker's single exchange. Every expectation is worked out by hand from the
rules; the dice are listed attacking side first, then the defending side, as rolled."""

from __future__ import annotations

from guerra.rules.d10.events import NeutralUnitsLost
from guerra.rules.forces import Neutral
from tests.rules.d10.helpers import (
    ES,
    FR,
    RU,
    A,
    accepted,
    ally,
    attacker,
    declare,
    defender,
    exchanges,
    losses,
    refused,
    run,
    situation,
    units,
)

# --- P1: the two factions ---------------------------------------------------------------------


def test_P1_the_attacking_faction_is_the_attackers_armies_and_fleets_never_its_forts() -> None:
    s = situation(attacker(armies=2, fleets=1, forts=3), defender(armies=1))
    played = run(s, 4, 9, 2, 5)  # three attacking dice (2 armies + 1 fleet), one defending
    (first,) = exchanges(played.events)
    assert first.attacker_rolls == (9, 4, 2)
    assert first.defender_rolls == (5,)
    assert played.state.outcome == "attacker_wins"


def test_P1_the_defending_faction_is_the_defenders_armies_fleets_and_forts() -> None:
    s = situation(attacker(armies=1), defender(armies=1, fleets=1, forts=2))
    played = run(s, 3, 1, 2, 1, 1)  # one attacking die, four defending ones
    (first,) = exchanges(played.events)
    assert first.defender_rolls == (2, 1, 1, 1)
    assert (first.attacker_losses, first.defender_losses) == (0, 1)  # 3 beats 2
    assert losses(played.events, RU) == {"army": 1}
    assert units(played.state, RU) == (0, 1, 2)
    assert played.state.outcome == "defender_wins"


def test_P1_against_a_neutral_the_defending_faction_is_its_defence_value() -> None:
    s = situation(attacker(armies=2), neutral=Neutral(3))
    played = run(s, 10, 10, 1, 1, 1)  # the neutral rolls three dice
    (first,) = exchanges(played.events)
    assert first.defender_rolls == (1, 1, 1)
    neutral = [e for e in played.events if isinstance(e, NeutralUnitsLost)]
    assert [(e.count, e.left) for e in neutral] == [(2, 1)]
    assert played.state.neutral_units == 1
    assert played.state.outcome == "defender_wins"


def test_P1_against_a_neutral_nobody_reinforces() -> None:
    s = situation(attacker(armies=2), neutral=Neutral(1), allies=[ally(ES, A, 1)])
    assert refused(declare(s)).reason.msgid == (
        "Against a neutral marker nobody reinforces either side.")


# --- P2: an exchange ----------------------------------------------------------------------------


def test_P2_each_side_sorts_its_rolls_and_pairs_them_by_rank() -> None:
    # As rolled, 5 would meet 2 and 1 would meet 6 (one pair each); by rank 5 meets 6 and
    # 1 meets 2, so the attacker loses both pairs.
    played = run(situation(attacker(armies=2), defender(armies=2)), 5, 1, 2, 6)
    (first,) = exchanges(played.events)
    assert (first.attacker_rolls, first.defender_rolls) == ((5, 1), (6, 2))
    assert first.pairs == ((5, 6, "defender"), (1, 2, "defender"))
    assert (first.attacker_losses, first.defender_losses) == (2, 0)
    assert losses(played.events, FR) == {"army": 2}
    assert losses(played.events, RU) == {}


def test_P2_rolls_without_a_partner_are_discarded() -> None:
    # One attacking die meets the defender's highest; its two tens beyond are discarded.
    played = run(situation(attacker(armies=1), defender(armies=3)), 3, 10, 2, 10)
    (first,) = exchanges(played.events)
    assert first.pairs == ((3, 10, "defender"),)
    assert losses(played.events, RU) == {}
    # And the other way: three attacking dice against one, two of them unpaired.
    played = run(situation(attacker(armies=3), defender(armies=1)), 1, 2, 9, 8)
    (first,) = exchanges(played.events)
    assert first.pairs == ((9, 8, "attacker"),)
    assert losses(played.events, FR) == {}
    assert losses(played.events, RU) == {"army": 1}


def test_P2_a_tie_goes_to_the_defending_side() -> None:
    played = run(situation(attacker(armies=2), defender(armies=2)), 6, 6, 6, 6)
    (first,) = exchanges(played.events)
    assert (first.attacker_losses, first.defender_losses) == (2, 0)
    assert played.state.outcome == "defender_wins"


def test_P2_the_loser_of_each_pair_loses_one_unit() -> None:
    # (9, 8) and (10, 9) for the attacker, (1, 9) for the defender.
    played = run(situation(attacker(armies=3), defender(armies=3)), 10, 1, 9, 9, 8, 9)
    (first,) = exchanges(played.events)
    assert first.pairs == ((10, 9, "attacker"), (9, 9, "defender"), (1, 8, "defender"))
    assert losses(played.events, FR) == {"army": 2}
    assert losses(played.events, RU) == {"army": 1}
    assert units(played.state, FR) == (1, 0, 0) and units(played.state, RU) == (2, 0, 0)


# --- P3: the first exchange -----------------------------------------------------------------------


def test_P3_the_first_exchange_is_the_attacking_faction_against_the_defending_faction() -> None:
    state = accepted(declare(situation(attacker(armies=2), defender(armies=1)), 7, 7, 3)).state
    (first,) = state.exchanges
    assert (first.attacking, first.attacker_rolls, first.defender_rolls) == (FR, (7, 7), (3,))


def test_P3_after_the_first_exchange_the_attacker_rolls_no_more_dice() -> None:
    s = situation(attacker(armies=3), defender(armies=3), allies=[ally(ES, A, 1)])
    # First: (10, 9) and (10, 9) for Francia, (1, 9) for Russia: 3 -> 2 and 3 -> 1. Then
    # Spagna's one die against Russia's one: two dice, not Francia's two more.
    played = run(s, 10, 10, 1, 9, 9, 9, 5, 4)
    first, second = exchanges(played.events)
    assert first.attacking == FR
    assert (second.attacking, second.attacker_rolls, second.defender_rolls) == (ES, (5,), (4,))
    assert played.state.outcome == "attacker_wins"


def test_P3_the_attacker_loses_nothing_in_a_later_exchange_but_its_units_still_count() -> None:
    s = situation(attacker(armies=2), defender(armies=2), allies=[ally(ES, A, 1)])
    # First: (10, 5) Francia, (1, 5) Russia: both 2 -> 1. Spagna's 1 loses to Russia's 2.
    played = run(s, 10, 1, 5, 5, 1, 2)
    assert losses(played.events, FR) == {"army": 1}
    assert losses(played.events, ES) == {"army": 1}
    assert units(played.state, FR) == (1, 0, 0)
    assert played.state.outcome == "defender_wins"
