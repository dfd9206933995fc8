"""L1-L9: the land battle (combattimento terrestre)."""

from __future__ import annotations

from guerra.rules.events import ControlPlaced, ControlRemoved, UnitLost, UnrestGained
from guerra.rules.flowchart import Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.events import TotalComputed
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalTiles
from guerra.rules.seed004.model import AllyForce, Situation
from guerra.rules.seed004.state import AttackState
from guerra.rules.seed004.totals import (
    ALLIED_ARMIES,
    DICE,
    FORTS,
    MORE_ARMY_TRAINING,
    NAVAL_SUPPORT,
    OWN_ARMIES,
    TILES_ON_LAND,
)
from tests.rules.helpers import (
    AT,
    ES,
    FR,
    PR,
    RU,
    SEA,
    accepted,
    attacker,
    declare,
    defender,
    losses,
    of_type,
    pairs,
    refused,
    rules_of,
    run,
    situation,
)

CALM = (1, 1)
A_WINS = ((6, 2), CALM)  # +4 for A, +0 for D, no 7
D_WINS = (CALM, (6, 2))


def land_total(played_events: tuple[object, ...], power: str) -> TotalComputed:
    found = [e for e in played_events
             if isinstance(e, TotalComputed) and e.battle == "land" and e.power == power]
    assert len(found) == 1
    return found[0]


def test_L1_the_attacker_needs_an_army_of_its_own() -> None:
    s = situation(attacker(armies=0, fleets=1), defender(fleets=0), region=SEA,
                  a_allies=[AllyForce(ES, 3, 0)])
    played = run(s)  # no dice at all: no battle is fought
    assert played.state.outcome == "ended_before_land"
    assert "land_battle" not in played.state.cursor.path


def test_L2_land_total_counts_every_bonus_with_its_reason() -> None:
    s = situation(
        attacker(armies=2, fleets=1, army_training=2, alliance_tiles=2, forts=3),
        defender(armies=1, forts=2, army_training=1, alliance_tiles=1),
        region=SEA, a_allies=[AllyForce(ES, 1, 0)],
    )
    played = run(s, (6, 3), (2, 1))
    mine = land_total(played.events, FR)
    assert dict(mine.breakdown) == {NAVAL_SUPPORT: 1, OWN_ARMIES: 2, ALLIED_ARMIES: 1,
                                    MORE_ARMY_TRAINING: 1, TILES_ON_LAND: 2, DICE: 3}
    assert mine.total == 10
    theirs = land_total(played.events, RU)
    assert dict(theirs.breakdown) == {OWN_ARMIES: 1, FORTS: 4, TILES_ON_LAND: 1, DICE: 1}
    assert theirs.total == 7


def test_L2_the_attackers_forts_never_count() -> None:
    played = run(situation(attacker(armies=1, forts=5), defender(armies=1)), CALM, CALM)
    assert FORTS not in dict(land_total(played.events, FR).breakdown)
    assert played.state.outcome == "tie"


def test_L3_the_loser_loses_one_unit() -> None:
    played = run(situation(attacker(armies=2), defender(armies=2)), *A_WINS)
    assert rules_of(played.events, RU) == ["L3"] and losses(played.events, RU) == {"army": 1}
    assert losses(played.events, FR) == {}


def _at_loss_choice(s: Situation, *dice: tuple[int, int]) -> AttackState:
    state = accepted(declare(s, *dice)).state
    assert (state.cursor.node, state.awaiting) == ("land_loss_choice", (RU,))
    return state


def test_L4_the_defender_chooses_an_army_or_a_fort() -> None:
    state = _at_loss_choice(situation(attacker(armies=3), defender(armies=1, forts=1)), *A_WINS)
    result = accepted(SEED004.advance(state, LossChoice(RU, state.step, "fort"), pairs()))
    assert losses(result.events, RU) == {"fort": 1}
    assert result.state.finished and result.state.holding(RU).armies == 1


def test_L4_the_default_and_timeout_choice_is_an_army() -> None:
    state = _at_loss_choice(situation(attacker(armies=3), defender(armies=1, forts=1)), *A_WINS)
    result = accepted(SEED004.advance(state, Timeout(state.step), pairs()))
    assert losses(result.events, RU) == {"army": 1}


def test_L4_a_choice_that_is_not_army_or_fort_is_refused() -> None:
    state = _at_loss_choice(situation(attacker(armies=3), defender(armies=1, forts=1)), *A_WINS)
    wrong = refused(SEED004.advance(state, LossChoice(RU, state.step, "fleet"),  # type: ignore[arg-type]
                                    pairs()))
    assert wrong.state is state
    assert refused(SEED004.advance(state, NavalTiles(RU, state.step, 0), pairs())).reason.msgid \
        == "This is not the decision awaited now."


def test_L4_nobody_is_asked_when_only_one_kind_can_be_lost() -> None:
    fort_only = run(situation(attacker(armies=3), defender(armies=0, forts=1)), *A_WINS)
    assert "land_loss_choice" not in fort_only.state.cursor.path
    assert losses(fort_only.events, RU) == {"fort": 1}
    army_only = run(situation(attacker(armies=3), defender(armies=2)), *A_WINS)
    assert "land_loss_choice" not in army_only.state.cursor.path


def test_L4_with_no_unit_left_the_first_committed_ally_with_an_army_loses() -> None:
    s = situation(attacker(armies=3), defender(armies=0, control_markers=1),
                  d_allies=[AllyForce("Austria", 0, 1), AllyForce(PR, 1, 0)])
    played = run(s, *A_WINS)
    assert rules_of(played.events, PR) == ["L3"]


def test_L4_of_two_allies_with_armies_the_first_in_commitment_order_loses() -> None:
    # Russia has nothing left to lose; Austria then Prussia committed an army each.
    s = situation(attacker(armies=5), defender(armies=0, control_markers=1),
                  d_allies=[AllyForce(AT, 1, 0), AllyForce(PR, 1, 0)])
    played = run(s, *A_WINS)  # A: 5 + 4 = 9, D: 2 + 0 = 2
    assert played.state.outcome == "attacker_wins"
    assert rules_of(played.events, AT) == ["L3"]
    assert losses(played.events, PR) == {}


def test_L4_the_attackers_loss_passes_to_its_first_ally_once_its_armies_are_gone() -> None:
    # Francia's only army goes with the regular loss; the 7's extra falls on Spagna (the first
    # ally), not on Austria, whatever the rule for the losing side's extra (L6).
    s = situation(attacker(armies=1), defender(armies=6),
                  a_allies=[AllyForce(ES, 1, 0), AllyForce(AT, 1, 0)])
    played = run(s, (3, 4), (1, 2))  # A: 1 + 2 + |3-4| = 4, D: 6 + |1-2| = 7
    assert played.state.outcome == "defender_wins"
    assert rules_of(played.events, FR) == ["L3"]
    assert rules_of(played.events, ES) == ["L6"]
    assert losses(played.events, AT) == {}


def test_L4_the_attacker_loses_armies_only() -> None:
    s = situation(attacker(armies=1, forts=2, fleets=1), defender(armies=1),
                  a_allies=[AllyForce(ES, 1, 0)])
    played = run(s, *D_WINS)
    assert losses(played.events, FR) == {"army": 1}  # main player first, never a fort
    assert losses(played.events, ES) == {}


def test_L5_tie_never_costs_a_fort() -> None:
    played = run(situation(attacker(armies=4), defender(armies=0, forts=2)), CALM, CALM)
    assert played.state.outcome == "tie"
    assert losses(played.events, RU) == {}  # no army and no ally: nothing, never a fort
    assert losses(played.events, FR) == {"army": 1}


def test_L5_on_a_tie_each_side_loses_a_unit_and_the_defender_keeps_control() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1, forts=1)), CALM, CALM)
    assert played.state.outcome == "tie"
    assert rules_of(played.events, FR) == ["L5"] and rules_of(played.events, RU) == ["L5"]
    assert losses(played.events, RU) == {"army": 1}
    assert "land_loss_choice" not in played.state.cursor.path
    assert not of_type(played.events, ControlRemoved)


def test_L6_a_seven_costs_the_winner_an_extra_unit() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1)), (6, 1), CALM)
    assert played.state.outcome == "attacker_wins"
    assert rules_of(played.events, FR) == ["L6"]


def test_L6_the_losers_extra_loss_falls_on_an_ally_with_an_army() -> None:
    s = situation(attacker(armies=4), defender(armies=1), d_allies=[AllyForce(PR, 1, 0)])
    played = run(s, (6, 2), (3, 4))  # A 8, D 1 + 1 + 1 = 3, and D rolled a 7
    assert rules_of(played.events, RU) == ["L3"]
    assert rules_of(played.events, PR) == ["L6"]


def test_L6_the_losers_extra_loss_goes_to_the_ally_while_the_main_player_has_armies() -> None:
    # Russia still has an army after its regular loss (L3), yet the 7's extra is Prussia's.
    s = situation(attacker(armies=6), defender(armies=2), d_allies=[AllyForce(PR, 1, 0)])
    played = run(s, (6, 2), (3, 4))  # A: 6 + 4 = 10, D: 2 + 1 + |3-4| = 4, D rolled a 7
    assert played.state.outcome == "attacker_wins"
    assert rules_of(played.events, RU) == ["L3"]
    assert rules_of(played.events, PR) == ["L6"]
    assert played.state.holding(RU).armies == 1


def test_L6_the_attacking_losers_extra_loss_goes_to_its_ally_not_to_its_own_army() -> None:
    s = situation(attacker(armies=2), defender(armies=6), a_allies=[AllyForce(ES, 1, 0)])
    played = run(s, (3, 4), (1, 2))  # A: 2 + 1 + |3-4| = 4, D: 6 + |1-2| = 7, A rolled a 7
    assert played.state.outcome == "defender_wins"
    assert rules_of(played.events, FR) == ["L3"]
    assert rules_of(played.events, ES) == ["L6"]


def test_L6_of_two_allies_with_armies_the_first_in_commitment_order_loses_the_extra() -> None:
    # Austria committed only a fleet (no army to lose on land): Spagna, then Prussia.
    s = situation(attacker(armies=7), defender(armies=2),
                  d_allies=[AllyForce(AT, 0, 1), AllyForce(ES, 1, 0), AllyForce(PR, 1, 0)])
    played = run(s, (6, 2), (3, 4))  # A: 7 + 4 = 11, D: 2 + 2 + |3-4| = 5, D rolled a 7
    assert played.state.outcome == "attacker_wins"
    assert rules_of(played.events, RU) == ["L3"]
    assert rules_of(played.events, ES) == ["L6"]
    assert losses(played.events, PR) == {}
    assert losses(played.events, AT) == {}


def test_L6_the_regular_loss_comes_first_then_the_extra_one() -> None:
    s = situation(attacker(armies=5), defender(armies=1, forts=1))
    played = run(s, (6, 2), (3, 4), choices=Choices(land_losses=((RU, ("army",)),)))
    lost = [(e.kind, e.rule) for e in of_type(played.events, UnitLost)
            if isinstance(e, UnitLost) and e.power == RU]
    assert lost == [("army", "L3"), ("fort", "L6")]  # then only the fort was left


def test_L6_the_defenders_extra_loss_may_be_a_fort_even_on_a_tie() -> None:
    # A: 2 armies + 1 = 3; D: one fort (+2) + 1 = 3, and D rolled a 7.
    played = run(situation(attacker(armies=2), defender(armies=0, forts=1)), (1, 2), (3, 4))
    assert played.state.outcome == "tie"
    assert [(e.kind, e.rule) for e in of_type(played.events, UnitLost)
            if isinstance(e, UnitLost) and e.power == RU] == [("fort", "L6")]


def test_L6_on_a_tie_the_defender_may_choose_a_fort_for_the_extra_loss() -> None:
    s = situation(attacker(armies=5), defender(armies=2, forts=1))  # 5 vs 2 + 2 + 1
    played = run(s, CALM, (3, 4), choices=Choices(land_losses=((RU, ("fort",)),)))
    assert played.state.outcome == "tie"
    lost = [(e.kind, e.rule) for e in of_type(played.events, UnitLost)
            if isinstance(e, UnitLost) and e.power == RU]
    assert lost == [("army", "L5"), ("fort", "L6")]


def test_L6_a_winner_with_no_unit_of_its_own_passes_the_extra_to_an_ally() -> None:
    s = situation(attacker(armies=1), defender(armies=0, control_markers=1),
                  d_allies=[AllyForce(PR, 2, 0)])
    played = run(s, CALM, (3, 4))  # A: 1, D: 2 + 1 = 3 with a 7
    assert played.state.outcome == "defender_wins"
    assert rules_of(played.events, PR) == ["L6"]


def test_L7_each_unit_lost_gives_its_owner_one_unrest() -> None:
    s = situation(attacker(armies=5), defender(armies=1, forts=1))
    played = run(s, (6, 2), (3, 4))
    unrest = [(e.power, e.rule) for e in of_type(played.events, UnrestGained)
              if isinstance(e, UnrestGained)]
    assert unrest == [(RU, "L7"), (RU, "L7")]


def test_L8_a_won_attack_moves_a_control_marker() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1, control_markers=2)), *A_WINS)
    region = "Stati Tedeschi"
    assert of_type(played.events, ControlRemoved) == [ControlRemoved(RU, region, "L8")]
    assert of_type(played.events, ControlPlaced) == [ControlPlaced(FR, region, "L8")]


def test_L8_without_a_defender_marker_the_attacker_places_none() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1, control_markers=0)), *A_WINS)
    assert played.state.outcome == "attacker_wins"
    assert not of_type(played.events, ControlPlaced)
    assert losses(played.events, RU) == {"army": 1}  # losses still apply


def test_L8_a_tie_or_a_defeat_changes_no_control() -> None:
    for dice in ((CALM, CALM), D_WINS):
        played = run(situation(attacker(armies=1), defender(armies=1)), *dice)
        assert not of_type(played.events, ControlPlaced)
        assert not of_type(played.events, ControlRemoved)


def test_L9_no_marker_left_in_supply_no_marker_placed() -> None:
    played = run(situation(attacker(armies=3, markers_in_supply=0), defender(armies=1)), *A_WINS)
    assert of_type(played.events, ControlRemoved) == [ControlRemoved(RU, "Stati Tedeschi", "L8")]
    assert not of_type(played.events, ControlPlaced)
    placed = run(situation(attacker(armies=3, markers_in_supply=1), defender(armies=1)), *A_WINS)
    assert len(of_type(placed.events, ControlPlaced)) == 1


def test_allies_can_commit_fleets_that_never_fight_on_land() -> None:
    # A committed fleet adds nothing on land and is never lost there (it may win its side
    # naval support: Francia has no fleet, Russia none to fight it).
    s = situation(attacker(armies=1), defender(armies=3), a_allies=[AllyForce(ES, 0, 2)],
                  region=SEA)
    state = accepted(declare(s)).state
    result = accepted(SEED004.advance(state, AllyAnswer(ES, state.step, 0, 2), pairs(*D_WINS)))
    assert losses(result.events, ES) == {}
    assert ALLIED_ARMIES not in dict(land_total(result.events, FR).breakdown)
