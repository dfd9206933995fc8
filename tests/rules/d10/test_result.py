"""P7 and P8 of procedures/d10.md: who holds the region when the defending faction is wiped
out (L8 and L9 as in the game), and a neutral's reward; nothing changes otherwise."""

from __future__ import annotations

from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    GoldChanged,
    NeutralRemoved,
    VpChanged,
)
from guerra.rules.forces import Neutral
from tests.rules.d10.helpers import (
    AT,
    ES,
    FR,
    RU,
    A,
    ally,
    attacker,
    control,
    defender,
    losses,
    run,
    situation,
    tally,
    unrest,
)


def test_P7_the_attacker_places_a_marker_and_the_defender_removes_one() -> None:
    played = run(situation(attacker(armies=1), defender(armies=1, control_markers=2)), 2, 1)
    assert played.state.outcome == "attacker_wins"
    assert sorted(control(played.events)) == [("placed", FR), ("removed", RU)]
    assert {e.rule for e in played.events
            if isinstance(e, ControlPlaced | ControlRemoved)} == {"P7"}


def test_P7_L8_without_a_marker_of_the_defender_there_nobody_places_one() -> None:
    played = run(situation(attacker(armies=1), defender(armies=1, control_markers=0)), 2, 1)
    assert played.state.outcome == "attacker_wins"
    assert control(played.events) == []
    assert losses(played.events, RU) == {"army": 1}  # the losses still apply


def test_P7_L9_with_no_marker_left_in_its_supply_the_attacker_places_none() -> None:
    played = run(situation(attacker(armies=1, markers_in_supply=0), defender(armies=1)), 2, 1)
    assert control(played.events) == [("removed", RU)]
    supplied = run(situation(attacker(armies=1, markers_in_supply=1), defender(armies=1)), 2, 1)
    assert sorted(control(supplied.events)) == [("placed", FR), ("removed", RU)]


def test_P7_with_no_attacker_left_the_first_attacking_reinforcement_to_arrive_takes_it() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 1), ally(AT, A, 2)])
    # Francia's 1 loses to 5 (none left). Spagna's 9 beats 8: Russia 2 -> 1, Spagna keeps its
    # army. Austria's 10 beats 3: Russia is wiped out by Austria, but Spagna arrived first.
    played = run(s, 1, 5, 5, 9, 8, 8, 10, 10, 3)
    assert played.state.outcome == "attacker_wins"
    assert sorted(control(played.events)) == [("placed", ES), ("removed", RU)]


def test_P7_a_reinforcement_with_nothing_left_is_passed_over() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 1), ally(AT, A, 2)])
    # Francia's 1 and Spagna's 1 both lose; Austria's two tens beat Russia's two threes.
    played = run(s, 1, 5, 5, 1, 8, 8, 10, 10, 3, 3)
    assert sorted(control(played.events)) == [("placed", AT), ("removed", RU)]


def test_P7_the_attacker_with_units_left_takes_the_region_before_any_reinforcement() -> None:
    s = situation(attacker(armies=2), defender(armies=2), allies=[ally(ES, A, 1)])
    # First: (10, 5) Francia, (1, 5) Russia: 2 -> 1 each. Spagna's 6 beats Russia's last 5.
    played = run(s, 10, 1, 5, 5, 6, 5)
    assert sorted(control(played.events)) == [("placed", FR), ("removed", RU)]


def test_P7_L9_a_reinforcement_with_no_marker_left_places_none() -> None:
    s = situation(attacker(armies=1), defender(armies=1),
                  allies=[ally(ES, A, 1, markers_in_supply=0)])
    played = run(s, 1, 1, 5, 4)
    assert control(played.events) == [("removed", RU)]


def test_P7_otherwise_the_defender_keeps_the_region_and_nothing_else_changes() -> None:
    played = run(situation(attacker(armies=2), defender(armies=2)), 10, 1, 5, 5)
    assert played.state.outcome == "defender_wins"
    assert control(played.events) == []
    # Only the exchange's losses, their unrest and the declaration's 2 gold.
    assert {p: dict(c) for p, c in tally(played.events).items()} == {
        FR: {"army": 1, "unrest": 1, "gold": -2}, RU: {"army": 1, "unrest": 1}}


# --- P8: a neutral ----------------------------------------------------------------------------


def test_P8_a_wiped_out_neutral_gives_its_reward_and_control_to_the_attacker() -> None:
    played = run(situation(attacker(armies=2), neutral=Neutral(2, "gold")), 7, 7, 6, 6)
    assert played.state.outcome == "attacker_wins"
    assert [e.region for e in played.events if isinstance(e, NeutralRemoved)] == ["Baltico"]
    assert control(played.events) == [("placed", FR)]
    # 2 gold paid (D3), 2 gold won: the reward is the defence value when no amount is set.
    assert [e.delta for e in played.events if isinstance(e, GoldChanged)] == [-2, 2]


def test_P8_a_square_reward_is_victory_points() -> None:
    played = run(situation(attacker(armies=1, fleets=1), neutral=Neutral(1, "vp", 3)), 2, 2, 1)
    assert [(e.power, e.delta) for e in played.events if isinstance(e, VpChanged)] == [(FR, 3)]


def test_P8_a_neutral_without_reward_gives_control_only() -> None:
    played = run(situation(attacker(armies=1), neutral=Neutral(1)), 2, 1)
    assert control(played.events) == [("placed", FR)]
    assert [e.delta for e in played.events if isinstance(e, GoldChanged | VpChanged)] == [-2]


def test_P8_L9_the_attacker_with_no_marker_left_still_removes_the_neutral() -> None:
    played = run(situation(attacker(armies=1, markers_in_supply=0), neutral=Neutral(1, "gold")),
                 2, 1)
    assert any(isinstance(e, NeutralRemoved) for e in played.events)
    assert control(played.events) == []
    assert [e.delta for e in played.events if isinstance(e, GoldChanged)] == [-2, 1]


def test_P8_a_neutral_that_keeps_a_unit_stays_and_its_losses_give_nobody_unrest() -> None:
    # (10, 5) for Francia, two (1, 5) for the neutral: the neutral loses 1 and keeps 2.
    played = run(situation(attacker(armies=3), neutral=Neutral(3, "gold")), 10, 1, 1, 5, 5, 5)
    assert played.state.outcome == "defender_wins"
    assert not any(isinstance(e, NeutralRemoved) for e in played.events)
    assert control(played.events) == []
    assert unrest(played.events, FR) == 2
    assert set(tally(played.events)) == {FR}  # nobody else takes anything
