"""The rules of attack-rules.md that order powers (A1's invitations, the commitment order of
M5/M6/L4/L6, L6's regular loss before the extra one), on fixtures where the plausible wrong
orders give another answer than the right one.

The committed allies are listed so that their commitment order is neither alphabetical, nor
the order of their numbers of units, nor reversed: Russia before Austria (the alphabet and
the larger force say Austria), and an ally with nothing of the kind lost comes first.
"""

from __future__ import annotations

import dataclasses

from guerra.rules.game.inputs import Attack
from guerra.rules.game.state import Pieces, Side
from guerra.rules.seed004.events import AllyCommitted
from guerra.rules.seed004.inputs import AllyAnswer
from guerra.rules.seed004.model import AllyForce
from tests.rules.game.helpers import in_rounds, play
from tests.rules.game.scenarios import NL, ST, europa
from tests.rules.helpers import (
    AT,
    ES,
    FR,
    GB,
    LAND,
    PR,
    RU,
    SEA,
    attacker,
    defender,
    losses,
    rules_of,
    run,
    situation,
)


def test_A1_allies_are_invited_and_commit_in_slot_order_not_seating_nor_answer_order() -> None:
    """Slot (turn) order: Francia, Prussia, Spagna, Russia, Gran Bretagna, Austria; seating:
    Austria, Province Unite, Russia, Gran Bretagna, Prussia, Spagna, Francia. Francia's allies
    are Spagna then Gran Bretagna, Prussia's Russia then Austria; the seating, the alphabet,
    the scenario's order and the reverse of the slots all say Gran Bretagna then Spagna,
    Austria then Russia; the answers come Austria, Gran Bretagna, Russia, Spagna."""
    slots: tuple[tuple[str, Side], ...] = (
        (FR, "A"), (PR, "B"), (ES, "A"), (RU, "B"), (GB, "A"), (AT, "B"), (NL, "A"))
    state = in_rounds(scenario=europa(), alliances=slots,
                      pieces=[Pieces(p, ST, armies=1, markers=1) for p, _side in slots[:6]])
    state = dataclasses.replace(state, seating=(AT, NL, RU, GB, PR, ES, FR))
    declared = play(state, Attack(FR, state.step, ST, defender=PR)).state
    assert declared.attack is not None
    attack = declared.attack.state
    assert [a.power for a in attack.situation.attacker_allies] == [ES, GB]
    assert [a.power for a in attack.situation.defender_allies] == [RU, AT]
    awaiting = attack.awaiting
    assert [p for p in awaiting if p in (ES, GB)] == [ES, GB]
    assert [p for p in awaiting if p in (RU, AT)] == [RU, AT]
    for power in (AT, GB, RU):
        declared = play(declared, AllyAnswer(power, attack.step, 1, 0)).state
    # Both sides 1 + 2 allied + |3-4| = 4: a tie (L5), both with a 7 (L6). Each main player
    # loses its only army (L5), then each side's extra falls on its first ally in
    # commitment order (L4, L6): Spagna and Russia, not Gran Bretagna and Austria.
    after = play(declared, AllyAnswer(ES, attack.step, 1, 0), dice=[3, 4, 3, 4]).state
    assert after.attack is not None and after.attack.state.outcome == "tie"
    assert [after.pieces(p, ST).armies for p in (FR, PR, ES, RU, GB, AT)] == [0, 0, 0, 0, 1, 1]


# Francia's allies in commitment order: Spagna (an army, no fleet), Russia (one fleet),
# Austria (two fleets). Francia has an army, so a land battle follows the naval one and
# Spagna's army is worth committing; in it Francia's 1 + Spagna's 1 + |1-1| loses to
# Prussia's army 1 + |1-3| (+1 with naval support): Francia loses its army there.
NAVAL_ALLIES = (AllyForce(ES, 1, 0), AllyForce(RU, 0, 1), AllyForce(AT, 0, 2))
LAND_DICE = ((1, 1), (1, 3))


def test_M5_the_losers_extra_fleet_falls_on_the_first_committed_ally_with_a_fleet_left() -> None:
    """Francia (2 fleets) loses the naval battle with a 7: 2 + 3 + |3-4| = 6 against
    Prussia's 5 + |2-6| = 9. The regular loss is Francia's (M6); the extra one Russia's.
    Wrong: the main player again (Francia), the first ally whatever it has (Spagna, who has
    no fleet), the last ally, the largest, the alphabet's first (all Austria)."""
    s = situation(attacker(power=FR, armies=1, fleets=2), defender(power=PR, fleets=5),
                  region=SEA, a_allies=NAVAL_ALLIES)
    played = run(s, (3, 4), (2, 6), *LAND_DICE)
    committed = [(e.power, e.armies, e.fleets) for e in played.events
                 if isinstance(e, AllyCommitted)]
    assert committed == [(ES, 1, 0), (RU, 0, 1), (AT, 0, 2)]  # the commitment order
    assert {p: losses(played.events, p) for p in (FR, ES, RU, AT, PR)} == {
        FR: {"fleet": 1, "army": 1}, ES: {}, RU: {"fleet": 1}, AT: {}, PR: {}}
    assert rules_of(played.events, RU) == ["M5"]


def test_M6_a_fleet_lost_goes_from_the_main_player_then_the_allies_in_commitment_order(
) -> None:
    """A tie (M4), Francia with a 7: the extra fleet is not a loser's, so M6 orders it. With
    two fleets (2 + 3 + |3-4| = 6 against Prussia's 6 + |1-1|) Francia loses both, its
    allies none; with one (1 + 3 + 1 = 5 against 5 + 0) the tie takes it and the extra falls
    on Russia, the first ally in commitment order with a fleet. Wrong: an ally first (as
    M5's loser), Austria (last, largest, alphabet), Spagna (the first ally, no fleet)."""
    s = situation(attacker(power=FR, armies=1, fleets=2), defender(power=PR, fleets=6),
                  region=SEA, a_allies=NAVAL_ALLIES)
    played = run(s, (3, 4), (1, 1), *LAND_DICE)
    assert {p: losses(played.events, p) for p in (FR, ES, RU, AT, PR)} == {
        FR: {"fleet": 2, "army": 1}, ES: {}, RU: {}, AT: {}, PR: {"fleet": 1}}
    s = situation(attacker(power=FR, armies=1, fleets=1), defender(power=PR, fleets=5),
                  region=SEA, a_allies=NAVAL_ALLIES)
    played = run(s, (3, 4), (1, 1), *LAND_DICE)
    assert {p: losses(played.events, p) for p in (FR, ES, RU, AT, PR)} == {
        FR: {"fleet": 1, "army": 1}, ES: {}, RU: {"fleet": 1}, AT: {}, PR: {"fleet": 1}}


def test_L4_L6_a_main_player_with_nothing_to_lose_passes_the_losses_to_its_allies_in_order(
) -> None:
    """Prussia (a control marker, no unit) defends with Gran Bretagna (1 army) then Austria
    (2 armies) and loses with a 7: 3 + |6-2| = 7 against 3 + |3-4| = 4. The regular loss
    falls on Gran Bretagna, the first ally with an army (L4); the extra one on Austria, the
    first ally with an army *left* (L6). Wrong: Austria twice (last, largest, alphabet's
    first), Gran Bretagna twice (the first ally whatever it has left)."""
    s = situation(attacker(power=FR, armies=3), defender(power=PR, armies=0),
                  region=LAND, d_allies=(AllyForce(GB, 1, 0), AllyForce(AT, 2, 0)))
    played = run(s, (6, 2), (3, 4))
    assert {p: losses(played.events, p) for p in (FR, PR, GB, AT)} == {
        FR: {}, PR: {}, GB: {"army": 1}, AT: {"army": 1}}
    assert (rules_of(played.events, GB), rules_of(played.events, AT)) == (["L3"], ["L6"])


def test_L6_the_losers_extra_unit_falls_on_its_first_committed_ally_with_an_army() -> None:
    """Francia (2 armies) with Russia (1 army) then Austria (2) loses with a 7: 2 + 3 + |3-4|
    = 6 against Prussia's 5 + |2-6| = 9. Francia loses the regular army, Russia the extra.
    Wrong: Francia again (the main player first), Austria (last, largest, alphabet)."""
    s = situation(attacker(power=FR, armies=2), defender(power=PR, armies=5),
                  region=LAND, a_allies=(AllyForce(RU, 1, 0), AllyForce(AT, 2, 0)))
    played = run(s, (3, 4), (2, 6))
    assert {p: losses(played.events, p) for p in (FR, RU, AT, PR)} == {
        FR: {"army": 1}, RU: {"army": 1}, AT: {}, PR: {}}


def test_L6_the_regular_loss_is_taken_before_the_extra_one() -> None:
    """A tie, Prussia with a 7 (1 army, 1 fort: 1 + 2 + |3-4| = 4 against Francia's 4 + 0).
    The tie costs Prussia its army (never a fort), then the extra loss can only be the fort.
    Taken the other way round, the extra loss would take the army and the tie loss could
    take nothing (a tie never costs a fort)."""
    s = situation(attacker(power=FR, armies=4), defender(power=PR, armies=1, forts=1),
                  region=LAND)
    played = run(s, (1, 1), (3, 4))
    assert losses(played.events, PR) == {"army": 1, "fort": 1}
    assert rules_of(played.events, PR) == ["L5", "L6"]
