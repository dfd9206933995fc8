"""The lines an attack writes in the game's log (`describe()`), read in English.

Each expected line is written by hand from the event's fields, with the singular and the plural
form wherever the text has both.
"""

from __future__ import annotations

import pytest

from guerra.rules.events import (
    AttackEnded,
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    NodeEntered,
    UnitLost,
    UnrestGained,
    VpChanged,
    outcome_label,
    to_json,
)
from guerra.rules.game.events import ProposalWon
from guerra.rules.seed004.events import (
    AllyCommitted,
    AllyDeclined,
    BattleDecided,
    DiceRolled,
    NavalDecisionMade,
    NavalSupport,
    TilesAtSea,
    TotalComputed,
    units_text,
)

FR, GB, PR = "Francia", "Gran Bretagna", "Prussia"

TEXTS: list[tuple[Event, str]] = [
    # A2, A3
    (AllyCommitted(PR, "attacker", 2, 0), "Prussia joins the attacker with 2 armies."),
    (AllyCommitted(PR, "defender", 0, 1), "Prussia joins the defender with 1 fleet."),
    (AllyCommitted(PR, "defender", 1, 3), "Prussia joins the defender with 1 army and 3 fleets."),
    (AllyDeclined(PR, "attacker", False), "Prussia stays out of the attack."),
    (AllyDeclined(PR, "defender", True), "Prussia did not answer in time and stays out."),
    # S1-S4, M2-M4
    (NavalDecisionMade(FR, "attacker", True, False), "Francia wants a naval battle."),
    (NavalDecisionMade(FR, "attacker", False, False), "Francia does not want a naval battle."),
    (NavalDecisionMade(GB, "defender", True, False), "Gran Bretagna accepts the naval battle."),
    (NavalDecisionMade(GB, "defender", False, True), "Gran Bretagna refuses the naval battle."),
    (TilesAtSea(FR, "attacker", 1), "Francia uses 1 Alliance tile at sea."),
    (TilesAtSea(FR, "attacker", 2), "Francia uses 2 Alliance tiles at sea."),
    (NavalSupport("defender", GB, "S3"), "Gran Bretagna gets naval support."),
    (NavalSupport(None, None, "M4"), "Nobody gets naval support."),
    # M1, L2, N1, N2: dice and totals
    (DiceRolled("land", "attacker", FR, (6, 2), 4, False), "Francia rolls 6 and 2: +4."),
    (DiceRolled("naval", "defender", GB, (3, 4), 1, True), "Gran Bretagna rolls 3 and 4: +1, "
                                                           "and a 7!"),
    (DiceRolled("land", "defender", None, (5, 2), 3, True),
     "The neutral country rolls 5 and 2: +3."),
    (TotalComputed("naval", "attacker", FR, 6, ()), "Total of Francia in the naval battle: 6."),
    (TotalComputed("land", "defender", None, 4, ()),
     "Total of the neutral country in the land battle: 4."),
    (BattleDecided("land", "tie", None), "The land battle is a tie."),
    (BattleDecided("naval", "defender", None), "The neutral country wins the naval battle."),
    (BattleDecided("naval", "attacker", FR), "Francia wins the naval battle."),
    (BattleDecided("land", "defender", GB), "Gran Bretagna wins the land battle."),
    # The shared effect events
    (NodeEntered("land_battle", "Land battle"), "Land battle"),
    (AttackEnded("attacker_wins"), "The attack is over: the attacker wins."),
    (AttackEnded("defender_wins"), "The attack is over: the defender wins."),
    (AttackEnded("tie"), "The attack is over: tie."),
    (AttackEnded("ended_before_land"), "The attack is over: no land battle."),
    (UnitLost(FR, "army", 1, "L7"), "Francia loses 1 army."),
    (UnitLost(FR, "army", 2, "L7"), "Francia loses 2 armies."),
    (UnitLost(GB, "fleet", 1, "M7"), "Gran Bretagna loses 1 fleet."),
    (UnitLost(GB, "fleet", 3, "M7"), "Gran Bretagna loses 3 fleets."),
    (UnitLost(GB, "fort", 1, "L5"), "Gran Bretagna loses 1 fort."),
    (UnitLost(GB, "fort", 2, "L5"), "Gran Bretagna loses 2 forts."),
    (UnitLost(GB, "fort", 1, "L6"), "A 7 was rolled: Gran Bretagna loses one fort more."),
    (UnitLost(FR, "army", 1, "L6"), "A 7 was rolled: Francia loses one army more."),
    (UnitLost(GB, "fleet", 1, "M5"), "A 7 was rolled: Gran Bretagna loses one fleet more."),
    (AttackEnded("attacker_wins", FR), "The attack is over: Francia wins (attacker)."),
    (AttackEnded("defender_wins", GB), "The attack is over: Gran Bretagna wins (defender)."),
    (UnrestGained(FR, 1, "L7"), "Francia takes 1 unrest point."),
    (UnrestGained(FR, 2, "L7"), "Francia takes 2 unrest points."),
    (ControlPlaced(FR, "Baltico", "L8"), "Francia places a control marker in Baltico."),
    (ControlRemoved(GB, "Baltico", "L8"), "Gran Bretagna removes a control marker from Baltico."),
    (NeutralRemoved("India", "N3"), "The neutral marker leaves India."),
    (GoldChanged(FR, -2, "D3"), "Francia pays 2 gold."),
    (GoldChanged(FR, 3, "N3"), "Francia gains 3 gold."),
    (VpChanged(FR, 1, "N3"), "Francia gains 1 victory point."),
    (VpChanged(FR, 3, "N3"), "Francia gains 3 victory points."),
    (VpChanged(GB, -1, "L6"), "Gran Bretagna loses 1 victory point."),
    (VpChanged(GB, -2, "L6"), "Gran Bretagna loses 2 victory points."),
]


@pytest.mark.parametrize(("event", "text"), TEXTS, ids=[f"{e.type}-{i}" for i, (e, _t)
                                                        in enumerate(TEXTS)])
def test_every_attack_event_writes_its_line_in_the_log(event: Event, text: str) -> None:
    assert event.describe().render("en") == text


@pytest.mark.parametrize(("armies", "fleets", "text"), [
    (1, 0, "1 army"), (2, 0, "2 armies"), (0, 1, "1 fleet"), (0, 2, "2 fleets"),
    (2, 1, "2 armies and 1 fleet"), (1, 2, "1 army and 2 fleets"), (0, 0, "0 armies"),
])
def test_A2_units_are_counted_in_words(armies: int, fleets: int, text: str) -> None:
    assert units_text(armies, fleets).render("en") == text


def test_gold_gained_and_paid_read_in_italian() -> None:
    assert GoldChanged(FR, 3, "N3").describe().render() == "La Francia guadagna 3 ori."
    assert GoldChanged(FR, 1, "N3").describe().render() == "La Francia guadagna 1 oro."
    assert GoldChanged(FR, -2, "D3").describe().render() == "La Francia paga 2 ori."


def test_a_change_of_0_is_told_as_a_gain() -> None:
    assert GoldChanged(FR, 0, "N3").describe().render("en") == "Francia gains 0 gold."
    assert VpChanged(FR, 0, "N3").describe().render("en") == "Francia gains 0 victory points."


def test_an_outcome_without_a_label_is_told_as_it_is_named() -> None:
    assert outcome_label("surrendered").render("en") == "surrendered"
    assert AttackEnded("surrendered").describe().render("en") == (
        "The attack is over: surrendered.")


def test_an_event_becomes_plain_json_for_the_log() -> None:
    """Tuples become lists (nested too), the line it writes its message's dict."""
    event = ProposalWon(FR, 2, ((1, FR, "A"), (2, GB, "B")))
    assert event.to_dict() == {
        "type": "proposal_won", "power": FR, "bid": 2,
        "slots": [[1, FR, "A"], [2, GB, "B"]],
        "message": {"msgid": "{power} wins the proposal for {count} gold: {slots}.",
                    "params": {"power": FR, "slots": "1. Francia (A), 2. Gran Bretagna (B)"},
                    "plural": "{power} wins the proposal for {count} gold: {slots}.",
                    "count": 2},
    }


def test_a_value_that_is_not_json_is_refused_naming_it() -> None:
    with pytest.raises(TypeError) as caught:
        to_json((1, {2}))
    assert str(caught.value) == "not JSON-safe: {2}"
