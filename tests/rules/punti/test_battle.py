"""E6-E11: the attack roll, the hits, the damage, the retreat, the counter-attack, the result."""

from __future__ import annotations

from guerra.rules.allocation import Allocation
from guerra.rules.events import (
    NeutralRemoved,
    UnitLost,
    UnitLostElsewhere,
    UnitsMoved,
    UnrestGained,
)
from guerra.rules.flowchart import Refused
from guerra.rules.forces import Neutral, Region
from guerra.rules.punti.events import AttackRolled, CounterRolled, NobodyDefends, RegionDecided
from guerra.rules.punti.inputs import Consent, CounterAttack, Group, Name, Retreat
from guerra.rules.punti.model import Candidate
from guerra.rules.punti.profiles import read_profiles
from guerra.rules.punti.state import PuntiState
from tests.rules.punti.helpers import (
    ES,
    FR,
    LAND,
    PR,
    RU,
    A,
    D,
    P,
    attacker,
    control,
    d6,
    declare,
    defender,
    left,
    of_type,
    ok,
    opened,
    run,
    situation,
    tally,
)


def test_E6_one_die_per_attack_point_of_the_primary_attacker_and_its_reinforcements() -> None:
    s = situation(attacker(armies=2, fleets=1), defender(armies=0, forts=1),
                  candidates=(Candidate(ES, A, LAND.name, 1, 1),))
    played = run(s, *[1] * 10, 1, 1, 1, 1, 1)
    assert len(played.state.attack.dice) == 3 * 2 + 2 * 2


def test_E7_the_target_is_the_best_defence_at_most_6_and_ties_hit() -> None:
    played = run(situation(attacker(armies=1), defender(armies=1, forts=1)), 5, 4, 1, 1, 1, 1, 1)
    assert of_type(played.events, AttackRolled) == [AttackRolled((5, 4), 5, 1)]
    huge = read_profiles({"fort": {"defence": 9}})
    state = opened(situation(attacker(armies=1), defender(armies=1, forts=1), profiles=huge))
    rolled = P.run_on(state, d6(6, 5, 1, 1, 1, 1, 1, 1))[0]
    assert rolled.attack is not None and (rolled.attack.threshold, rolled.attack.hits) == (6, 1)


def test_E7_a_defending_reinforcement_raises_the_target() -> None:
    s = situation(attacker(armies=1), defender(armies=0, fleets=1),
                  candidates=(Candidate(ES, D, LAND.name, 1, 0),))
    played = run(s, 2, 2, 1, 1, 1)
    assert of_type(played.events, AttackRolled) == [AttackRolled((2, 2), 3, 0)]


def test_E7_nobody_defending_rolls_nothing_and_the_attacker_takes_the_region() -> None:
    played = run(situation(attacker(armies=1), defender(armies=0, control_markers=1)))
    assert of_type(played.events, NobodyDefends) and played.state.attack is None
    assert played.state.outcome == "attacker_wins"
    assert control(played.events) == [("removed", RU), ("placed", FR)]


def test_E8_damage_goes_to_the_primary_defender_first_armies_then_fleets_then_forts() -> None:
    s = situation(attacker(armies=3), defender(armies=1, fleets=1, forts=1),
                  candidates=(Candidate(ES, D, LAND.name, 1, 0),))
    played = run(s, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    assert played.state.attack is not None
    assert played.state.attack.damage == (("D1", 2), ("D2", 2), ("D3", 1))
    assert left(played.state)["R1.1"] == (2, "standing")


def test_E8_then_the_defender_places_the_rest_on_its_reinforcements() -> None:
    s = situation(attacker(armies=3), defender(armies=1),
                  candidates=(Candidate(ES, D, LAND.name, 2, 0),))
    state = ok(declare(s, 6, 6, 6, 1, 1, 1))
    state = ok(P.advance(state, Name(RU, state.step, (Group(ES, LAND.name, 2),)), d6()))
    state = ok(P.advance(state, Consent(ES, state.step, True), d6(6, 6, 6, 1, 1, 1)))
    assert state.cursor.node == "damage" and state.awaiting == (RU,)
    assert P.default_input(state, RU) == Allocation(RU, state.step, (("D1", 2), ("R1.1", 1)))
    wrong = P.advance(state, Allocation(RU, state.step, (("R1.1", 2), ("D1", 1))), d6())
    assert isinstance(wrong, Refused) and wrong.code == "invalid"
    assert isinstance(P.advance(state, Allocation(RU, state.step, (("D1", 3),)), d6()), Refused)
    done = ok(P.advance(state, Allocation(RU, state.step, (("D1", 2), ("R1.2", 1))), d6(1, 1, 1)))
    assert left(done)["R1.2"] == (1, "standing") and left(done)["R1.1"] == (2, "standing")


def test_E8_damage_beyond_every_defending_unit_is_lost_and_each_destroyed_unit_costs_unrest(
) -> None:
    s = situation(attacker(armies=3), defender(armies=1),
                  candidates=(Candidate(PR, D, "Austria", 1, 0),))
    played = run(s, 6, 6, 6, 6, 6, 6)
    assert tally(played.events)[RU]["unrest"] == 1 and tally(played.events)[PR]["unrest"] == 1
    assert UnitLostElsewhere(PR, "army", 1, "Austria", "E8") in played.events
    assert played.state.outcome == "attacker_wins"


def test_E9_at_half_health_or_less_the_primary_defender_retreats_home_by_default() -> None:
    played = run(situation(attacker(armies=1), defender(armies=2, fleets=1, forts=1)),
                 6, 6, 1, 1, 1, 1, 1)
    # 2 hits on D1 (armies first): 2 + 2 + 3 = 7 of 9 left, more than half: no retreat.
    assert played.state.withdrawal is None
    s = situation(attacker(armies=2), defender(armies=1, fleets=1, forts=1))
    played = run(s, 6, 6, 6, 6, 1, 1, 1, 1, 1)  # 4 hits: D1 gone, D2 gone: 3 of 7 left
    moved = of_type(played.events, UnitsMoved)
    assert moved == []  # only the fort is left: it stays
    s = situation(attacker(armies=2), defender(armies=2, fleets=1))
    played = run(s, 6, 6, 6, 1)  # 3 hits: D1 gone, D2 at 1: 3 of 6 left
    assert of_type(played.events, UnitsMoved) == [
        UnitsMoved(RU, "army", 1, LAND.name, None, "E9"),
        UnitsMoved(RU, "fleet", 1, LAND.name, None, "E9")]
    assert tally(played.events)[RU]["unrest"] == 1  # the retreat costs none
    assert played.state.outcome == "attacker_wins" and played.state.counter is None


def test_E9_the_defender_chooses_among_linked_places_and_without_links_armies_die() -> None:
    s = situation(attacker(armies=2), defender(armies=2))
    state = ok(declare(s, 6, 6, 6, 1))
    assert state.cursor.node == "damage"  # two armies: where the third point goes is a choice
    state = ok(P.advance(state, P.default_input(state, RU), d6()))
    assert state.cursor.node == "retreat" and state.awaiting == (RU,)
    assert P.default_input(state, RU) == Retreat(RU, state.step, None)
    assert isinstance(P.advance(state, Retreat(RU, state.step, "Spagna"), d6()), Refused)
    done = P.advance(state, Retreat(RU, state.step, "Europa Centrale"), d6())
    assert of_type(done.events, UnitsMoved) == [
        UnitsMoved(RU, "army", 1, LAND.name, "Europa Centrale", "E9")]
    stranded = run(situation(attacker(armies=2), defender(armies=2), links=(),
                             home_linked=False, region=Region("Baltico", True)), 6, 6, 6, 1)
    assert UnitLost(RU, "army", 1, "E9") in stranded.events
    assert tally(stranded.events)[RU]["unrest"] == 2
    first = situation(attacker(armies=2), defender(armies=2), home_linked=False)
    assert opened(first).situation.retreat_options()[0] == "Austria"


def test_E10_the_counter_attack_rolls_the_best_defence_left_against_the_attackers_speed(
) -> None:
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, forts=1),
                  candidates=(Candidate(ES, A, LAND.name, 1, 0),))
    # 6 attack dice, all misses; the counter: 5 dice (the fort's defence), speed 3 (fleet).
    played = run(s, 1, 1, 1, 1, 1, 1, 4, 3, 6, 1, 2)
    assert of_type(played.events, CounterRolled) == [CounterRolled((4, 3, 6, 1, 2), 3, 2)]
    # The attacker's default: armies first; its reinforcement never takes damage.
    assert played.state.counter is not None and played.state.counter.damage == (("A1", 2),)
    assert left(played.state)["R1.1"] == (2, "standing")
    assert played.state.outcome == "defender_wins"


def test_E10_the_defender_may_decline_and_the_attacker_spreads_the_damage() -> None:
    state = ok(declare(situation(attacker(armies=2), defender(armies=2)), 1, 1, 1, 1))
    assert state.cursor.node == "counter_attack"
    assert P.default_input(state, RU) == CounterAttack(RU, state.step, True)
    declined = ok(P.advance(state, CounterAttack(RU, state.step, False), d6()))
    assert declined.finished and declined.counter is None
    state = ok(P.advance(state, CounterAttack(RU, state.step, True), d6(6, 6, 1)))
    assert state.cursor.node == "counter_damage" and state.awaiting == (FR,)
    done = ok(P.advance(state, Allocation(FR, state.step, (("A1", 1), ("A2", 1))), d6()))
    assert left(done)["A1"] == (1, "standing") and left(done)["A2"] == (1, "standing")


def test_E11_a_neutral_never_retreats_always_counter_attacks_and_costs_no_unrest() -> None:
    s = situation(attacker(armies=1), neutral=Neutral(2, "gold"))
    played = run(s, 6, 1, 3, 3, 1)  # 1 hit on N1; the counter: 3 dice, 2 above speed 2
    assert played.state.withdrawal is None and played.state.counter is not None
    assert tally(played.events)[FR]["unrest"] == 1  # A1 destroyed
    assert not [e for e in played.events if isinstance(e, UnrestGained) and e.power != FR]
    won = run(situation(attacker(armies=2), neutral=Neutral(1, "vp", 3)), 6, 6, 1, 1)
    assert of_type(won.events, NeutralRemoved) and tally(won.events)[FR]["vp"] == 3
    assert control(won.events) == [("placed", FR)]


def test_E11_the_attacker_takes_control_only_with_units_left_and_the_defender_gone() -> None:
    played = run(situation(attacker(armies=2), defender(armies=1)), 6, 6, 1, 1)
    assert played.state.outcome == "attacker_wins"
    assert control(played.events) == [("removed", RU), ("placed", FR)]
    held = run(situation(attacker(armies=1), defender(armies=1, forts=1)), 1, 1, 1, 1, 1, 1, 1)
    assert held.state.outcome == "defender_wins" and control(held.events) == []
    full = run(situation(attacker(armies=1, markers_in_supply=0), defender(armies=0)))
    assert control(full.events) == [("removed", RU)]


def test_E11_the_result_box_says_who_won_the_battle() -> None:
    won = run(situation(attacker(armies=2), defender(armies=1)), 6, 6, 1, 1)
    assert of_type(won.events, RegionDecided) == [RegionDecided(A, FR)]
    held = run(situation(attacker(armies=1), defender(armies=1, forts=1)), 1, 1, 1, 1, 1, 1, 1)
    assert of_type(held.events, RegionDecided) == [RegionDecided(D, RU)]
    neutral = run(situation(attacker(armies=1), neutral=Neutral(2, "gold")), 6, 1, 3, 3, 1)
    assert of_type(neutral.events, RegionDecided) == [RegionDecided(D, None)]
    assert RegionDecided(D, RU).describe().render("it") == "La Russia tiene la regione."


def test_E11_units_lost_by_reinforcements_from_elsewhere_are_lost_there() -> None:
    s = situation(attacker(armies=1), defender(armies=1, forts=1),
                  candidates=(Candidate(FR, A, "Austria", 1, 0),))
    played = run(s, 1, 1, 1, 1, 6, 6, 6, 6, 6)  # the counter-attack hits the primary only
    assert UnitLost(FR, "army", 1, "E10") in played.events
    assert not of_type(played.events, UnitLostElsewhere)
    state: PuntiState = played.state
    assert left(state)["R1.1"] == (2, "standing")
    assert D and PR  # the helpers' names stay in use
