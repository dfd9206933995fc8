"""M1-M8: the naval battle (combattimento navale)."""

from __future__ import annotations

from guerra.rules.events import ControlPlaced, ControlRemoved, UnitLost, UnrestGained
from guerra.rules.explore import Played
from guerra.rules.flowchart import Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.events import NavalSupport, TilesAtSea, TotalComputed
from guerra.rules.seed004.inputs import NavalDecision, NavalTiles
from guerra.rules.seed004.model import AllyForce, Force, Situation
from guerra.rules.seed004.state import AttackState
from guerra.rules.seed004.totals import (
    ALLIED_FLEETS,
    DICE,
    MORE_NAVY_TRAINING,
    NAVAL_SUPPORT,
    OWN_FLEETS,
    TILES_AT_SEA,
    TILES_ON_LAND,
)
from tests.rules.helpers import (
    AT,
    ES,
    FR,
    GB,
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

CALM = (1, 1)  # a land pair adding nothing, without a 7


def at_sea(a: Force, d: Force, *a_allies: AllyForce) -> Situation:
    return situation(a, d, region=SEA, a_allies=a_allies)


def naval(played: Played[AttackState], power: str) -> list[str]:
    return rules_of(played.events, power, "M")


def total(events: object, battle: str, power: str) -> TotalComputed:
    assert isinstance(events, tuple)
    found = [e for e in events if isinstance(e, TotalComputed)
             and e.battle == battle and e.power == power]
    assert len(found) == 1
    return found[0]


def test_M1_naval_total_counts_fleets_allied_fleets_tiles_training_and_dice() -> None:
    s = at_sea(attacker(fleets=2, navy_training=2, alliance_tiles=2),
               defender(fleets=1, navy_training=1), AllyForce(ES, 0, 1))
    played = run(s, (5, 2), (1, 1), CALM, CALM, choices=Choices(attacker_naval_tiles=1))
    mine = total(played.events, "naval", FR)
    assert dict(mine.breakdown) == {OWN_FLEETS: 2, ALLIED_FLEETS: 1, TILES_AT_SEA: 1,
                                    MORE_NAVY_TRAINING: 1, DICE: 3}
    assert mine.total == 8
    theirs = total(played.events, "naval", RU)
    assert dict(theirs.breakdown) == {OWN_FLEETS: 1, DICE: 0} and theirs.total == 1


def test_M1_equal_navy_training_gives_nobody_the_bonus() -> None:
    s = at_sea(attacker(fleets=1, navy_training=1), defender(fleets=1, navy_training=1))
    played = run(s, CALM, CALM, CALM, CALM)
    assert MORE_NAVY_TRAINING not in dict(total(played.events, "naval", FR).breakdown)
    assert MORE_NAVY_TRAINING not in dict(total(played.events, "naval", RU).breakdown)


def test_M2_tiles_used_at_sea_do_not_count_on_land() -> None:
    s = at_sea(attacker(fleets=1, alliance_tiles=3), defender(fleets=1))
    played = run(s, CALM, CALM, CALM, CALM, choices=Choices(attacker_naval_tiles=1))
    assert dict(total(played.events, "naval", FR).breakdown)[TILES_AT_SEA] == 1
    assert dict(total(played.events, "land", FR).breakdown)[TILES_ON_LAND] == 2


def _at_tiles(s: Situation) -> AttackState:
    state = accepted(declare(s)).state
    for power in (FR, RU):
        state = accepted(SEED004.advance(state, NavalDecision(power, state.step, True),
                                         pairs())).state
    assert state.cursor.node == "naval_tiles"
    return state


def test_M2_both_main_players_choose_their_tiles_at_once() -> None:
    state = _at_tiles(at_sea(attacker(fleets=1, alliance_tiles=1),
                             defender(fleets=1, alliance_tiles=2)))
    assert state.awaiting == (FR, RU)
    first = accepted(SEED004.advance(state, NavalTiles(RU, state.step, 2), pairs()))
    assert first.events == ()  # RU's choice stays hidden until both have chosen
    both = accepted(SEED004.advance(first.state, NavalTiles(FR, state.step, 1),
                                    pairs(CALM, CALM, CALM, CALM)))
    assert TilesAtSea(FR, "attacker", 1) in both.events
    assert TilesAtSea(RU, "defender", 2) in both.events


def test_M2_a_power_cannot_use_more_tiles_than_it_holds() -> None:
    state = _at_tiles(at_sea(attacker(fleets=1, alliance_tiles=2), defender(fleets=1)))
    result = refused(SEED004.advance(state, NavalTiles(FR, state.step, 3), pairs()))
    assert result.state is state
    assert result.reason.render() == "La Francia ha solo 2 tessere Alleanza per questa regione."
    negative = refused(SEED004.advance(state, NavalTiles(FR, state.step, -1), pairs()))
    assert negative.reason.msgid == "A number of tiles cannot be negative."


def test_M2_a_power_without_tiles_is_not_asked() -> None:
    state = _at_tiles(at_sea(attacker(fleets=1, alliance_tiles=1), defender(fleets=1)))
    assert state.awaiting == (FR,)
    s = at_sea(attacker(fleets=1), defender(fleets=1))
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, NavalDecision(FR, state.step, True), pairs())).state
    result = accepted(SEED004.advance(state, NavalDecision(RU, state.step, True),
                                      pairs(CALM, CALM, CALM, CALM)))
    assert result.state.finished  # nobody held a tile: the tiles box did not wait


def test_M2_by_default_no_tile_goes_to_sea() -> None:
    state = _at_tiles(at_sea(attacker(fleets=1, alliance_tiles=2), defender(fleets=1)))
    result = accepted(SEED004.advance(state, Timeout(state.step), pairs(CALM, CALM, CALM, CALM)))
    assert TilesAtSea(FR, "attacker", 0) in result.events
    assert dict(total(result.events, "land", FR).breakdown)[TILES_ON_LAND] == 2


def test_M3_the_loser_loses_a_fleet_and_the_winner_gets_naval_support() -> None:
    played = run(at_sea(attacker(fleets=2), defender(fleets=2)), (6, 2), CALM, CALM, CALM)
    assert naval(played, RU) == ["M3"]
    assert naval(played, FR) == []
    assert NavalSupport("attacker", FR, "M3") in played.events
    assert dict(total(played.events, "land", FR).breakdown)[NAVAL_SUPPORT] == 1


def test_M4_a_tie_costs_each_side_a_fleet_never_a_fort_and_no_support() -> None:
    s = at_sea(attacker(fleets=1), defender(fleets=1, forts=2))
    played = run(s, (2, 2), (3, 3), CALM, CALM)
    assert naval(played, FR) == ["M4"]
    assert naval(played, RU) == ["M4"]
    assert losses(played.events, RU).get("fort", 0) == 0
    assert NavalSupport(None, None, "M4") in played.events


def test_M5_a_seven_costs_the_winner_an_extra_fleet_of_its_own() -> None:
    s = at_sea(attacker(fleets=2), defender(fleets=1), AllyForce(ES, 0, 1))
    played = run(s, (3, 4), CALM, CALM, CALM)  # A: 2 + 1 + 1 = 4 beats D: 1
    assert naval(played, RU) == ["M3"]
    assert naval(played, FR) == ["M5"]  # the winner's main player, not its ally
    assert naval(played, ES) == []


def test_M5_the_losers_extra_fleet_falls_on_the_first_ally_with_a_fleet() -> None:
    s = at_sea(attacker(fleets=1), defender(fleets=3), AllyForce(AT, 1, 0), AllyForce(ES, 0, 1))
    played = run(s, (3, 4), (1, 2), CALM, CALM)  # A: 1 + 1 + 1 = 3, D: 3 + 1 = 4
    assert naval(played, FR) == ["M3"]
    assert naval(played, ES) == ["M5"]  # Austria has no fleet: Spagna loses it
    assert naval(played, AT) == []


def test_M5_the_losers_extra_fleet_goes_to_the_ally_while_the_main_player_still_has_one(
) -> None:
    # Francia keeps a fleet after its regular loss (M3), yet the 7's extra fleet is Spagna's.
    s = at_sea(attacker(fleets=2), defender(fleets=5), AllyForce(ES, 0, 1))
    played = run(s, (3, 4), (1, 2), CALM, CALM)  # A: 2 + 1 + |3-4| = 4, D: 5 + |1-2| = 6
    assert naval(played, FR) == ["M3"]
    assert naval(played, ES) == ["M5"]
    assert played.state.holding(FR).fleets == 1


def test_M5_of_two_allies_with_fleets_the_first_in_commitment_order_loses_the_extra() -> None:
    # Austria (no fleet) is skipped; Spagna comes before Gran Bretagna: Spagna loses it.
    s = at_sea(attacker(fleets=2), defender(fleets=6), AllyForce(AT, 1, 0), AllyForce(ES, 0, 1),
               AllyForce(GB, 0, 1))
    played = run(s, (3, 4), (1, 2), CALM, CALM)  # A: 2 + 1 + 1 + |3-4| = 5, D: 6 + 1 = 7
    assert naval(played, FR) == ["M3"]
    assert naval(played, ES) == ["M5"]
    assert naval(played, GB) == []
    assert naval(played, AT) == []


def test_M5_without_an_allied_fleet_the_losers_main_player_loses_the_extra() -> None:
    played = run(at_sea(attacker(fleets=2), defender(fleets=3)), (3, 4), (1, 2), CALM, CALM)
    assert naval(played, FR) == ["M3", "M5"]


def test_M6_a_loss_falls_on_the_main_player_first_then_allies_in_order() -> None:
    s = at_sea(attacker(fleets=0), defender(fleets=2), AllyForce(ES, 0, 1), AllyForce(AT, 0, 1))
    played = run(s, CALM, (6, 2), CALM, CALM)  # A has fleets only through its allies
    assert naval(played, ES) == ["M3"]
    assert losses(played.events, AT) == {}
    s = at_sea(attacker(fleets=1), defender(fleets=2), AllyForce(ES, 0, 1))
    played = run(s, CALM, (6, 2), CALM, CALM)
    assert naval(played, FR) == ["M3"] and naval(played, ES) == []


def test_M6_a_side_with_no_fleet_left_loses_nothing_more() -> None:
    played = run(at_sea(attacker(fleets=1), defender(fleets=3)), (3, 4), (1, 2), CALM, CALM)
    assert naval(played, FR) == ["M3"]  # the 7's extra fleet does not exist
    assert played.state.holding(FR).fleets == 0


def test_M7_each_fleet_lost_gives_its_owner_one_unrest() -> None:
    s = at_sea(attacker(fleets=1), defender(fleets=3), AllyForce(ES, 0, 1))
    played = run(s, (3, 4), (1, 2), CALM, CALM)
    unrest = [(e.power, e.amount, e.rule) for e in of_type(played.events, UnrestGained)
              if isinstance(e, UnrestGained) and e.rule == "M7"]
    assert unrest == [(FR, 1, "M7"), (ES, 1, "M7")]


def test_M8_without_an_army_of_its_own_the_attack_ends_after_the_naval_battle() -> None:
    s = at_sea(attacker(armies=0, fleets=2), defender(fleets=1), AllyForce(ES, 3, 0))
    played = run(s, (6, 2), (3, 3))  # A wins at sea; only two pairs are needed
    assert played.state.outcome == "ended_before_land"
    assert played.state.cursor.path[-1] == "ended_without_land"
    assert played.state.land is None
    assert not of_type(played.events, ControlPlaced) and not of_type(played.events,
                                                                     ControlRemoved)


def test_M2_the_state_as_seen_by_each_side_hides_the_other_sides_choice_until_both_chose(
) -> None:
    """What a page may compute from (the odds) must not betray a choice made at the open box."""
    state = _at_tiles(at_sea(attacker(fleets=1, alliance_tiles=1),
                             defender(fleets=1, alliance_tiles=2)))
    chose = accepted(SEED004.advance(state, NavalTiles(RU, state.step, 2), pairs())).state
    assert chose.as_seen_by(RU).defender_sea_tiles == 2
    assert chose.as_seen_by(FR).defender_sea_tiles is None
    assert chose.as_seen_by(None).defender_sea_tiles is None
    from guerra.rules.seed004.odds import odds_from_state

    none = accepted(SEED004.advance(state, NavalTiles(RU, state.step, 0), pairs())).state
    assert odds_from_state(chose.as_seen_by(FR)) == odds_from_state(none.as_seen_by(FR))
    assert odds_from_state(chose.as_seen_by(RU)) != odds_from_state(none.as_seen_by(RU))


def test_M4_M6_in_a_naval_tie_each_main_player_loses_the_fleet_before_its_ally() -> None:
    """Each side: 1 own fleet + 1 allied fleet, no difference: 2 against 2, a tie. Each side
    loses one fleet (M4), its main player's first (M6): Francia's and Russia's, not Spagna's
    or Prussia's."""
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 0, 1)], d_allies=[AllyForce(PR, 0, 1)])
    played = run(s, CALM, CALM, CALM, CALM)
    assert played.state.naval is not None and played.state.naval.winner == "tie"
    assert [e for e in of_type(played.events, UnitLost) if e.rule == "M4"] == [
        UnitLost(FR, "fleet", 1, "M4"), UnitLost(RU, "fleet", 1, "M4")]


def test_M2_once_the_tiles_are_chosen_both_sides_numbers_are_settled() -> None:
    """Only Russia holds Alliance tiles, so only it is asked (2 at sea); Francia's number is
    then settled at 0, not left unknown."""
    state = _at_tiles(at_sea(attacker(fleets=1), defender(fleets=1, alliance_tiles=2)))
    assert state.awaiting == (RU,)
    done = accepted(SEED004.advance(state, NavalTiles(RU, state.step, 2),
                                    pairs(CALM, CALM, CALM, CALM))).state
    assert (done.attacker_sea_tiles, done.defender_sea_tiles) == (0, 2)
