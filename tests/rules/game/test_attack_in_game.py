"""G34 and G6: the Attack action runs attack-rules.md; its effects are the game's."""

from __future__ import annotations

import dataclasses

from guerra.rules.game.combat import allies, force, situation
from guerra.rules.game.events import AttackBegan
from guerra.rules.game.inputs import (
    Attack,
    Build,
    CallPass,
    Deadline,
    Pass,
    Propose,
    Tax,
    Transfer,
)
from guerra.rules.game.machine import pending
from guerra.rules.game.phases import run_on
from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import Pieces, Side, TurnState
from guerra.rules.seed004.inputs import AllyAnswer
from guerra.rules.seed004.model import AllyForce, Force, Neutral, Situation
from tests.rules.game.helpers import PrefixDice, in_rounds, of_type, play, refused, steps
from tests.rules.game.scenarios import AT, BA, CA, ES, FR, GB, PR, RU, ST, europa, tiny

# Seed-004 dice: for each battle the attacker's pair, then the defender's; a side adds
# |d1 - d2| to its total.


def test_G34_an_attack_on_a_neutral_counter_takes_it_off_the_map() -> None:
    # Counter 1: Stati Tedeschi, defence 3. Francia: 2 armies -> 2 + |6-2| = 6 > 3 + |2-2|.
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2)], face_up=(1, 2))
    result = play(state, Attack(FR, state.step, ST, counter=1), dice=[6, 2, 2, 2])
    after = result.state
    assert after.face_up == (2,)
    assert after.pieces(FR, ST) == Pieces(FR, ST, armies=2, markers=1)
    assert after.power(FR).gold == 8  # D3: 2 gold
    assert of_type(result.events, AttackBegan) == [AttackBegan(1, FR, ST, None, 1)]
    assert after.turn == TurnState(FR, done=1) and after.attacks == 1


def test_G34_losses_and_unrest_of_an_attack_reach_the_board() -> None:
    # Francia attacks Prussia in Stati Tedeschi (no sea): 1 + |1-1| = 1 against 1 + |6-2| = 5.
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1)],
                      alliances=((FR, "A"), (PR, "B")))
    after = play(state, Attack(FR, state.step, ST, defender=PR), dice=[1, 1, 6, 2]).state
    assert after.pieces(FR, ST).empty and after.power(FR).unrest == 1
    assert after.pieces(PR, ST) == Pieces(PR, ST, armies=1, markers=1)
    assert after.supply_left(FR, "army") == 14


def test_G34_the_attacker_wins_control_from_the_defender() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2), Pieces(PR, ST, markers=2)],
                      alliances=((FR, "A"), (PR, "B")))
    # 2 + |6-2| = 6 against 0 + |1-1| = 0: Prussia has no unit to lose, only a marker.
    after = play(state, Attack(FR, state.step, ST, defender=PR), dice=[6, 2, 1, 1]).state
    assert after.pieces(FR, ST) == Pieces(FR, ST, armies=2, markers=1)
    assert after.pieces(PR, ST) == Pieces(PR, ST, markers=1)


def test_G34_allies_are_this_wars_alliance_and_the_turn_waits_for_the_attack() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(GB, ST, armies=2)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A")))
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    assert declared.attack_under_way
    assert pending(declared).kind == "attack" and pending(declared).powers == (GB,)
    # No other action, and no phase end, while the attack is under way.
    assert refused(declared, Pass(FR, declared.step)).msgid == (
        "An attack is under way: the game goes on when it ends.")
    assert run_on(declared, PrefixDice([]))[0] == declared
    # Free actions go on: Gran Bretagna may tax? No, it is not its turn; Francia may.
    assert refused(declared, Tax(GB, declared.step, 2)).msgid.startswith("A power taxes")
    assert play(declared, Tax(FR, declared.step, 2)).state.power(FR).gold == 10
    # Gran Bretagna commits its 2 armies: 1 + 2 + |1-1| = 3 against 1 + |2-1| = 2.
    answer = AllyAnswer(GB, declared.attack.state.step, 2, 0)
    result = play(declared, answer, dice=[1, 1, 2, 1])
    assert not result.state.attack_under_way
    assert result.state.pieces(FR, ST).markers == 1
    assert result.state.turn == TurnState(FR, done=1)


def test_G34_two_attack_actions_in_one_turn() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=3)], face_up=(1, 7))
    # Counters 1 (defence 3) and 7 (defence 5): 3 + |6-2| = 7 beats 3 and 5 + |1-1|.
    first = play(state, Attack(FR, state.step, ST, counter=1), dice=[6, 2, 1, 1]).state
    second = play(first, Attack(FR, first.step, ST, counter=7), dice=[6, 2, 1, 1]).state
    assert second.face_up == () and second.attacks == 2
    assert second.turn == TurnState(PR)  # both actions used


def test_G34_a_deadline_during_the_attack_is_the_attacks_timeout() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(GB, ST, armies=2)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A")))
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    # A3: Gran Bretagna declines; 1 + |1-1| = 1 against 1 + |1-1| = 1: a tie (L5).
    after = play(declared, Deadline(declared.step), dice=[1, 1, 1, 1]).state
    assert not after.attack_under_way and after.attack is not None
    assert after.attack.state.outcome == "tie"
    assert after.pieces(GB, ST).armies == 2  # declined: nothing lost


def test_G34_allies_in_this_war_cannot_be_attacked() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(GB, ST, armies=1)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A")))
    assert refused(state, Attack(FR, state.step, ST, defender=GB)).msgid == (
        "{power} cannot attack {target}: they are allies in this war.")


def test_G34_alliance_and_training_tiles_feed_the_attack() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, armies=1), Pieces(PR, BA, armies=1, markers=1)],
                      alliances=((FR, "A"), (PR, "B")),
                      Francia={"tiles": (("alliance:Baltico", 1), ("army_training", 1))})
    # Baltico has sea but nobody has fleets there: no naval step. Francia: 1 army + 1 Army
    # Training (Prussia holds none) + 1 Alliance tile + |1-1| = 3; Prussia 1 + |3-1| = 3: tie.
    declared = play(state, Attack(FR, state.step, BA, defender=PR), dice=[1, 1, 3, 1])
    land = declared.state.attack.state.land
    assert land is not None and (land.attacker.total, land.defender.total) == (3, 3)


def test_G6_only_numbered_counters_are_attacked() -> None:
    # Counter 3 is a population counter of Caraibi.
    state = in_rounds(pieces=[Pieces(FR, CA, armies=1)], face_up=(3,))
    assert refused(state, Attack(FR, state.step, CA, counter=3)).msgid == (
        "There is no such neutral marker in {region}.")


def test_G34_a_home_unit_builds_while_the_counter_gold_reward_is_paid() -> None:
    """N3 through the game: a gold reward lands in the attacker's purse."""
    scenario = in_rounds().scenario
    counters = tuple(c if c.id != 1 else c.__class__(1, ST, "numbered", 3, "gold", 3)
                     for c in scenario.counters)
    state = in_rounds(scenario=dataclasses.replace(scenario, counters=counters),
                      pieces=[Pieces(FR, ST, armies=2)], face_up=(1,))
    after = steps(state, Build(FR, 0, "army"))
    after = play(after, Attack(FR, after.step, ST, counter=1), dice=[6, 2, 1, 1]).state
    assert after.power(FR).gold == 10 - 2 + 3


def test_G43_gold_may_be_given_during_an_attack() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(GB, ST, armies=2)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A")))
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    given = play(declared, Transfer(GB, declared.step, FR, 3)).state
    assert (given.power(GB).gold, given.power(FR).gold) == (7, 11)


def test_A1_allies_are_invited_in_slot_order_which_is_the_commitment_order() -> None:
    """A1/L4/L6: slot (turn) order Francia, Prussia, Spagna, Russia, Gran Bretagna, Austria:
    Francia's allies are asked Spagna first, Prussia's Russia first, and each side's first
    ally is the one that bears the losses passed to the allies."""
    slots: tuple[tuple[str, Side], ...] = (
        (FR, "A"), (PR, "B"), (ES, "A"), (RU, "B"), (GB, "A"), (AT, "B"))
    state = in_rounds(scenario=europa(), alliances=slots,
                      pieces=[Pieces(p, ST, armies=1, markers=1) for p, _side in slots])
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    assert declared.attack is not None
    attack = declared.attack.state
    assert [a.power for a in attack.situation.attacker_allies] == [ES, GB]
    assert [a.power for a in attack.situation.defender_allies] == [RU, AT]
    assert attack.awaiting == (ES, GB, RU, AT)
    for power in (AT, GB, RU):  # answered in another order: the order stays the slots'
        declared = play(declared, AllyAnswer(power, attack.step, 1, 0)).state
    # Both sides 1 + 2 allied + |3-4| = 4: a tie (L5), both with a 7 (L6). Each main player
    # loses its only army (L5), then each side's extra falls on its first ally (L4, L6).
    after = play(declared, AllyAnswer(ES, attack.step, 1, 0), dice=[3, 4, 3, 4]).state
    assert after.attack is not None and after.attack.state.outcome == "tie"
    assert [after.pieces(p, ST).armies for p in (FR, PR, ES, RU, GB, AT)] == [0, 0, 0, 0, 1, 1]


def test_D1_last_wars_ally_may_be_attacked_and_this_wars_may_not() -> None:
    """War 1: Francia and Prussia allied (A) against Gran Bretagna; war 2's auction puts
    Prussia and Gran Bretagna in A and Francia in B."""
    state = in_rounds(scenario=tiny(wars=2, rounds=1),
                      alliances=((FR, "A"), (PR, "A"), (GB, "B")),
                      pieces=[Pieces(FR, ST, armies=2, markers=1),
                              Pieces(PR, ST, armies=2, markers=1), Pieces(GB, ST, armies=1)])
    assert refused(state, Attack(FR, state.step, ST, defender=PR)).msgid == (
        "{power} cannot attack {target}: they are allies in this war.")
    state = steps(state, *(Pass(power, 0) for power in (FR, FR, PR, PR, GB, GB)))
    assert (state.phase, state.war) == ("auction", 2)
    state = steps(state, Propose(PR, 0, PR, FR, 0), CallPass(GB, 0), CallPass(FR, 0),
                  Propose(GB, 0, GB, None, 0), CallPass(FR, 0), CallPass(PR, 0))
    assert state.alliances == ((PR, "A"), (FR, "B"), (GB, "A"))
    assert state.phase == "rounds" and state.turn == TurnState(PR)
    refusal = refused(state, Attack(PR, state.step, ST, defender=GB))
    assert refusal.msgid == "{power} cannot attack {target}: they are allies in this war."
    declared = play(state, Attack(PR, state.step, ST, defender=FR)).state
    assert declared.attack is not None and declared.attack_under_way
    assert declared.attack.state.awaiting == (GB,)  # A1: this war's ally of Prussia
    assert declared.power(PR).gold == state.power(PR).gold - 2


def test_G34_a_counters_vp_reward_reaches_the_attackers_vp() -> None:
    """N3 through the game: a VP reward lands on the attacker's score."""
    scenario = in_rounds().scenario
    counters = tuple(c if c.id != 1 else c.__class__(1, ST, "numbered", 3, "vp", 2)
                     for c in scenario.counters)
    state = in_rounds(scenario=dataclasses.replace(scenario, counters=counters),
                      pieces=[Pieces(FR, ST, armies=2)], face_up=(1,), Francia={"vp": 4})
    # Francia 2 + |6-2| = 6 against the counter's 3 + |1-1| = 3: taken, 2 VP.
    after = play(state, Attack(FR, state.step, ST, counter=1), dice=[6, 2, 1, 1]).state
    assert after.power(FR).vp == 4 + 2 and after.power(PR).vp == 0


def test_G34_the_attack_sees_each_powers_units_tiles_and_markers_in_supply() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("navy_training", 6, gold=3)))
    state = in_rounds(
        scenario=scenario, gold=7,
        pieces=[Pieces(FR, BA, armies=2, fleets=1, forts=1, markers=2),
                Pieces(FR, ST, markers=1)],
        Francia={"tiles": (("alliance:Baltico", 1), ("army_training", 1),
                           ("navy_training", 2))})
    # Markers in supply: 21 - (2 + 1) on the map = 18.
    assert force(state, FR, BA) == Force(FR, gold=7, armies=2, fleets=1, forts=1,
                                         army_training=1, navy_training=2, alliance_tiles=1,
                                         control_markers=2, markers_in_supply=18)
    assert force(state, FR, ST).alliance_tiles == 0  # its Alliance tile is Baltico's


def test_G34_an_ally_brings_its_armies_and_its_fleets() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, armies=1), Pieces(PR, BA, armies=1),
                              Pieces(GB, BA, armies=1, fleets=2)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "B")))
    assert allies(state, PR, BA, {FR, PR}) == (AllyForce(GB, 1, 2),)


def test_G34_an_attack_on_a_power_keeps_its_defender() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(PR, ST, armies=1, markers=1),
                              Pieces(GB, ST, armies=2)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A")))
    declared = play(state, Attack(FR, state.step, ST, defender=PR))  # Gran Bretagna is asked
    assert of_type(declared.events, AttackBegan) == [AttackBegan(1, FR, ST, PR, None)]
    running = declared.state.attack
    assert running is not None
    assert (running.number, running.power, running.region, running.defender,
            running.counter) == (1, FR, ST, PR, None)


def test_G34_an_attack_on_an_ally_brings_no_allies_in() -> None:
    # Spagna, on the same side as Francia and Gran Bretagna, is there too: it is not asked.
    state = in_rounds(scenario=europa(),
                      pieces=[Pieces(p, ST, armies=1) for p in (FR, PR, GB, ES)],
                      alliances=((FR, "A"), (PR, "B"), (GB, "A"), (ES, "A")))
    found = situation(state, Attack(FR, state.step, ST, defender=GB))
    assert isinstance(found, Situation)
    assert (found.attacker_allies, found.defender_allies, found.defender_is_ally) == (
        (), (), True)


def test_G34_G6_the_neutral_marker_attacked_has_its_defence_and_reward() -> None:
    scenario = in_rounds().scenario
    counters = tuple(c if c.id != 1 else c.__class__(1, ST, "numbered", 3, "gold", 5)
                     for c in scenario.counters)
    state = in_rounds(scenario=dataclasses.replace(scenario, counters=counters),
                      pieces=[Pieces(FR, ST, armies=1), Pieces(FR, BA, armies=1)],
                      face_up=(1, 2))
    rewarded = situation(state, Attack(FR, state.step, ST, counter=1))
    assert isinstance(rewarded, Situation) and rewarded.neutral == Neutral(3, "gold", 5)
    plain = situation(state, Attack(FR, state.step, BA, counter=2))  # Baltico, defence 4
    assert isinstance(plain, Situation) and plain.neutral == Neutral(4, None, None)


def test_G34_G6_a_neutral_marker_must_be_face_up_in_the_region_attacked() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2)], face_up=(2,))
    # Counter 7 belongs to Stati Tedeschi but is not on the map; counter 2 is Baltico's;
    # there is no counter 99.
    for counter in (7, 2, 99):
        assert refused(state, Attack(FR, state.step, ST, counter=counter)).render("en") == (
            "There is no such neutral marker in Stati Tedeschi.")


def test_G34_a_refused_attack_says_why() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=2)], face_up=(1,))
    assert refused(state, Attack(FR, state.step, "Atlantide", defender=PR)).render("en") == (
        "“Atlantide” is not a region of this game.")
    assert refused(state, Attack(FR, state.step, ST, defender="Atlantide")).render("en") == (
        "“Atlantide” is not a power of this game.")
    both = Attack(FR, state.step, ST, defender=PR, counter=1)
    neither = Attack(FR, state.step, ST)
    assert refused(state, both).render("en") == refused(state, neither).render("en") == (
        "An attack needs exactly one target: a power or a neutral marker.")
