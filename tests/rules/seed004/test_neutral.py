"""N0-N7: attacking a neutral country (N0 is in test_declaration.py)."""

from __future__ import annotations

from guerra.rules.events import (
    ControlPlaced,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.seed004.events import DiceRolled, TotalComputed
from guerra.rules.seed004.model import AllyForce, Neutral
from guerra.rules.seed004.totals import (
    ALLIANCE_TILES,
    ARMY_TRAINING,
    DEFENCE_VALUE,
    DICE,
    OWN_ARMIES,
)
from tests.rules.helpers import ES, FR, SEA, attacker, of_type, run, situation

CALM = (1, 1)
REGION = "Stati Tedeschi"


def totals(events: tuple[object, ...]) -> dict[str | None, TotalComputed]:
    return {e.power: e for e in events if isinstance(e, TotalComputed)}


def test_N1_the_neutral_total_is_its_defence_plus_dice() -> None:
    played = run(situation(attacker(armies=1), neutral=Neutral(3)), CALM, (5, 1))
    neutral = totals(played.events)[None]
    assert dict(neutral.breakdown) == {DEFENCE_VALUE: 3, DICE: 4}
    assert neutral.total == 7


def test_N1_no_allies_and_no_naval_support_against_a_neutral() -> None:
    s = situation(attacker(armies=1, fleets=3), neutral=Neutral(1), region=SEA,
                  a_allies=[AllyForce(ES, 2, 2)])
    played = run(s, CALM, CALM)
    assert played.state.cursor.path == (
        "declared", "is_neutral", "neutral_battle", "neutral_result", "ended",
    )
    assert played.state.naval_support is None
    assert played.state.committed("attacker") == ()


def test_N2_attacker_total_armies_any_army_training_and_every_alliance_tile() -> None:
    s = situation(attacker(armies=2, army_training=3, alliance_tiles=2), neutral=Neutral(9))
    played = run(s, (5, 2), CALM)
    mine = totals(played.events)[FR]
    assert dict(mine.breakdown) == {OWN_ARMIES: 2, ARMY_TRAINING: 1, ALLIANCE_TILES: 2, DICE: 3}
    assert mine.total == 8


def test_N3_a_win_removes_the_neutral_and_places_a_control_marker() -> None:
    played = run(situation(attacker(armies=3), neutral=Neutral(1)), (6, 2), CALM)
    assert played.state.outcome == "attacker_wins"
    assert of_type(played.events, NeutralRemoved) == [NeutralRemoved(REGION, "N3")]
    assert of_type(played.events, ControlPlaced) == [ControlPlaced(FR, REGION, "N3")]


def test_N3_a_number_in_a_circle_pays_gold() -> None:
    played = run(situation(attacker(armies=3), neutral=Neutral(2, "gold", 3)), (6, 2), CALM)
    assert [e.delta for e in of_type(played.events, GoldChanged)] == [-2, 3]
    assert not of_type(played.events, VpChanged)


def test_N3_a_number_in_a_square_gives_victory_points() -> None:
    played = run(situation(attacker(armies=3), neutral=Neutral(2, "vp", 4)), (6, 2), CALM)
    assert of_type(played.events, VpChanged) == [VpChanged(FR, 4, "N3")]


def test_N3_the_reward_defaults_to_the_defence_value_and_needs_a_reward_kind() -> None:
    played = run(situation(attacker(armies=5), neutral=Neutral(2, "gold")), (6, 2), CALM)
    assert [e.delta for e in of_type(played.events, GoldChanged)] == [-2, 2]
    plain = run(situation(attacker(armies=5), neutral=Neutral(2)), (6, 2), CALM)
    assert [e.delta for e in of_type(plain.events, GoldChanged)] == [-2]
    assert not of_type(plain.events, VpChanged)


def test_N3_with_no_marker_in_supply_the_neutral_leaves_but_no_marker_is_placed() -> None:
    played = run(situation(attacker(armies=3, markers_in_supply=0), neutral=Neutral(1, "vp")),
                 (6, 2), CALM)
    assert of_type(played.events, NeutralRemoved)
    assert not of_type(played.events, ControlPlaced)
    assert of_type(played.events, VpChanged) == [VpChanged(FR, 1, "N3")]


def test_N4_a_tie_costs_an_army_and_gains_no_control() -> None:
    played = run(situation(attacker(armies=2), neutral=Neutral(2)), CALM, CALM)
    assert played.state.outcome == "tie"
    assert [(e.kind, e.rule) for e in of_type(played.events, UnitLost)
            if isinstance(e, UnitLost)] == [("army", "N4")]
    assert not of_type(played.events, ControlPlaced)
    assert not of_type(played.events, NeutralRemoved)


def test_N5_when_the_neutral_wins_the_attacker_loses_an_army() -> None:
    played = run(situation(attacker(armies=2), neutral=Neutral(2, "gold")), CALM, (3, 1))
    assert played.state.outcome == "defender_wins"
    assert [(e.kind, e.rule) for e in of_type(played.events, UnitLost)
            if isinstance(e, UnitLost)] == [("army", "N5")]
    assert [e.delta for e in of_type(played.events, GoldChanged)] == [-2]


def test_N6_a_seven_costs_the_attacker_an_extra_army_even_when_it_wins() -> None:
    played = run(situation(attacker(armies=2), neutral=Neutral(1)), (6, 1), CALM)
    assert played.state.outcome == "attacker_wins"
    assert [e.rule for e in of_type(played.events, UnitLost) if isinstance(e, UnitLost)] == ["N6"]
    lost_twice = run(situation(attacker(armies=2), neutral=Neutral(5)), (3, 4), CALM)
    assert [e.rule for e in of_type(lost_twice.events, UnitLost)
            if isinstance(e, UnitLost)] == ["N5", "N6"]


def test_N6_the_neutrals_seven_costs_nothing_and_no_army_is_lost_twice() -> None:
    played = run(situation(attacker(armies=3), neutral=Neutral(1)), (6, 2), (3, 4))
    assert not of_type(played.events, UnitLost)
    dice = [e for e in of_type(played.events, DiceRolled) if isinstance(e, DiceRolled)]
    assert dice[1].power is None and dice[1].seven
    one_army = run(situation(attacker(armies=1), neutral=Neutral(5)), (3, 4), CALM)
    assert [e.rule for e in of_type(one_army.events, UnitLost)
            if isinstance(e, UnitLost)] == ["N5"]  # no army left for the 7's extra loss


def test_N7_each_army_lost_gives_one_unrest() -> None:
    played = run(situation(attacker(armies=2), neutral=Neutral(5)), (3, 4), CALM)
    assert [(e.power, e.amount, e.rule) for e in of_type(played.events, UnrestGained)
            if isinstance(e, UnrestGained)] == [(FR, 1, "N7"), (FR, 1, "N7")]


def test_N3_an_amount_without_a_reward_kind_rewards_nothing() -> None:
    """A neutral of defence 2 with an amount 3 but no reward kind: winning pays only the
    declaration (D3, 2 gold) and gives no VP."""
    played = run(situation(attacker(armies=5), neutral=Neutral(2, None, 3)), (6, 2), CALM)
    assert played.state.outcome == "attacker_wins"
    assert [e.delta for e in of_type(played.events, GoldChanged)] == [-2]
    assert not of_type(played.events, VpChanged)
