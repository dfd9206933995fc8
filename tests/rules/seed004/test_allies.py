"""A1-A5: looking for allies (ricerca alleanze)."""

from __future__ import annotations

from guerra.rules.flowchart import Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.events import AllyCommitted, AllyDeclined, TotalComputed
from guerra.rules.seed004.inputs import AllyAnswer
from guerra.rules.seed004.model import AllyForce
from guerra.rules.seed004.totals import ALLIED_ARMIES, MORE_ARMY_TRAINING
from tests.rules.helpers import (
    AT,
    ES,
    FR,
    LAND,
    PR,
    RU,
    SEA,
    accepted,
    attacker,
    declare,
    defender,
    of_type,
    pairs,
    refused,
    run,
    situation,
)

NO_DICE = pairs()


def test_A1_allies_with_units_in_the_region_are_invited() -> None:
    s = situation(a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 0, 1)], region=SEA)
    state = accepted(declare(s)).state
    assert state.cursor.node == "allies"
    assert state.awaiting == (ES, PR)
    assert state.invitation(PR) == AllyForce(PR, 0, 1)  # the bounds of PR's answer (A2)
    assert state.invitation(FR) is None


def test_A1_allies_without_armies_or_fleets_are_not_invited() -> None:
    s = situation(a_allies=[AllyForce(ES, 0, 0)])
    played = run(s, (6, 1), (1, 1))
    assert "allies" in played.state.cursor.path  # the box is passed...
    assert not of_type(played.events, AllyCommitted)  # ...but nobody was asked
    assert not of_type(played.events, AllyDeclined)


# A1 (ruling): nobody is asked a question whose answer could change nothing. An ally is
# invited with the units that could take part, and not at all when none could.


def test_A1_no_ally_is_invited_with_armies_when_no_land_battle_will_be_fought() -> None:
    """M8: without an army of its own the attacker fights at sea at most; the allies' armies
    could change nothing, so allies with armies only are not invited."""
    s = situation(attacker(armies=0, fleets=1), defender(fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 2, 0)], d_allies=[AllyForce(PR, 3, 0)])
    state = accepted(declare(s)).state
    assert s.invited() == ()
    assert "allies" in state.cursor.path and state.cursor.node == "attacker_naval_choice"
    assert state.awaiting == (FR,)


def test_A1_an_ally_with_armies_and_fleets_is_invited_with_those_that_could_fight() -> None:
    s = situation(attacker(armies=0, fleets=1), defender(fleets=1), region=SEA,
                  d_allies=[AllyForce(PR, 3, 1)])
    state = accepted(declare(s)).state
    assert state.awaiting == (PR,)
    assert state.invitation(PR) == AllyForce(PR, 0, 1)
    armies = refused(SEED004.advance(state, AllyAnswer(PR, state.step, 1, 1), NO_DICE))
    assert armies.state is state
    assert armies.reason.render() == (
        "In questo attacco non ci sarà combattimento terrestre: le armate della Prussia non "
        "possono prendervi parte.")
    # More than it has is still said as such.
    assert refused(SEED004.advance(state, AllyAnswer(PR, state.step, 4, 0), NO_DICE)
                   ).reason.render() == "La Prussia ha solo 3 armate nella regione."


def test_A1_fleets_are_not_offered_in_a_region_without_sea() -> None:
    """S1: no naval step there; an ally with fleets only is not invited at all."""
    s = situation(attacker(armies=2), defender(armies=1), region=LAND,
                  a_allies=[AllyForce(ES, 1, 2)], d_allies=[AllyForce(PR, 0, 1)])
    state = accepted(declare(s)).state
    assert state.awaiting == (ES,)
    assert state.invitation(ES) == AllyForce(ES, 1, 0)
    fleets = refused(SEED004.advance(state, AllyAnswer(ES, state.step, 1, 1), NO_DICE))
    assert fleets.reason.render() == (
        "Le flotte della Spagna non cambierebbero nulla in questo attacco: non possono "
        "prendervi parte.")


def test_A1_fleets_that_could_neither_fight_nor_win_naval_support_are_not_offered() -> None:
    """Francia has a fleet (its side has naval support whatever Spagna does) and Russia's side
    can have none (no naval battle): Spagna's fleets could change nothing."""
    lone = situation(attacker(armies=1, fleets=1), defender(armies=1), region=SEA,
                     a_allies=[AllyForce(ES, 0, 2)])
    assert lone.invited() == ()
    # A defending ally with a fleet could bring a naval battle: then Spagna's fleets count (M1),
    # and so do Prussia's.
    contested = situation(attacker(armies=1, fleets=1), defender(armies=1), region=SEA,
                          a_allies=[AllyForce(ES, 0, 2)], d_allies=[AllyForce(PR, 0, 1)])
    assert contested.invited() == (("attacker", AllyForce(ES, 0, 2)),
                                   ("defender", AllyForce(PR, 0, 1)))
    # Without its own fleet a side's allies' fleets may win it naval support (S3).
    support = situation(attacker(armies=1), defender(armies=1, fleets=1), region=SEA,
                        a_allies=[AllyForce(ES, 0, 2)])
    assert support.invited() == (("attacker", AllyForce(ES, 0, 2)),)


def test_A2_an_ally_commits_only_units_it_has_in_the_region() -> None:
    state = accepted(declare(situation(a_allies=[AllyForce(ES, 2, 1)], region=SEA))).state
    too_many = refused(SEED004.advance(state, AllyAnswer(ES, state.step, 3, 0), NO_DICE))
    assert too_many.state is state
    assert too_many.reason.render() == "La Spagna ha solo 2 armate nella regione."
    too_many_fleets = refused(SEED004.advance(state, AllyAnswer(ES, state.step, 0, 2), NO_DICE))
    assert too_many_fleets.reason.render() == "La Spagna ha solo 1 flotta nella regione."
    negative = refused(SEED004.advance(state, AllyAnswer(ES, state.step, -1, 0), NO_DICE))
    assert negative.reason.msgid == "A number of units cannot be negative."


def test_A2_part_of_the_units_may_be_committed() -> None:
    s = situation(a_allies=[AllyForce(ES, 3, 0)])
    played = run(s, (1, 1), (1, 1), commitments={ES: (2, 0)})
    assert of_type(played.events, AllyCommitted) == [AllyCommitted(ES, "attacker", 2, 0)]


def test_A2_zero_units_declines() -> None:
    state = accepted(declare(situation(a_allies=[AllyForce(ES, 2, 0)]))).state
    result = accepted(SEED004.advance(state, AllyAnswer(ES, state.step, 0, 0), pairs((1, 1),
                                                                                     (1, 1))))
    assert AllyDeclined(ES, "attacker", False) in result.events
    assert result.state.committed("attacker") == ()


def test_A3_no_answer_by_the_deadline_counts_as_declining() -> None:
    s = situation(a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 1, 0)])
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, AllyAnswer(ES, state.step, 1, 0), NO_DICE)).state
    assert state.awaiting == (PR,)
    result = accepted(SEED004.advance(state, Timeout(state.step), pairs((1, 1), (1, 1))))
    assert AllyDeclined(PR, "defender", timed_out=True) in result.events
    assert [h.power for h in result.state.committed("defender")] == []
    assert [h.power for h in result.state.committed("attacker")] == [ES]


def test_A4_the_procedure_waits_for_every_invited_ally() -> None:
    s = situation(a_allies=[AllyForce(ES, 1, 0), AllyForce(AT, 1, 0)])
    state = accepted(declare(s)).state
    after_one = accepted(SEED004.advance(state, AllyAnswer(AT, state.step, 1, 0), NO_DICE))
    assert after_one.state.cursor.node == "allies"
    assert after_one.state.awaiting == (ES,)


def test_A4_allies_answering_the_same_invitation_concurrently_are_all_accepted() -> None:
    # Both pages were rendered at the same step; the second answer is not "stale".
    s = situation(a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 1, 0)])
    state = accepted(declare(s)).state
    step = state.step
    state = accepted(SEED004.advance(state, AllyAnswer(PR, step, 1, 0), NO_DICE)).state
    done = accepted(SEED004.advance(state, AllyAnswer(ES, step, 1, 0), pairs((1, 1), (1, 1))))
    assert done.state.finished


def test_A4_commitment_order_is_invitation_order_not_answer_order() -> None:
    s = situation(a_allies=[AllyForce(ES, 1, 0), AllyForce(AT, 1, 0)])
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, AllyAnswer(AT, state.step, 1, 0), NO_DICE)).state
    state = accepted(SEED004.advance(state, AllyAnswer(ES, state.step, 1, 0),
                                     pairs((1, 1), (6, 6)))).state
    assert [h.power for h in state.committed("attacker")] == [ES, AT]


def test_A5_allies_bring_units_only() -> None:
    # Spagna brings 2 armies: +2. Army Training compares the main players only (1 vs 1: no +1),
    # and no ally field can add forts or tiles.
    s = situation(attacker(army_training=1), defender(army_training=1, forts=0),
                  a_allies=[AllyForce(ES, 2, 0)])
    played = run(s, (1, 1), (1, 1))
    attacker_total = next(e for e in of_type(played.events, TotalComputed)
                          if isinstance(e, TotalComputed) and e.power == FR)
    assert isinstance(attacker_total, TotalComputed)
    assert dict(attacker_total.breakdown)[ALLIED_ARMIES] == 2
    assert MORE_ARMY_TRAINING not in dict(attacker_total.breakdown)
    assert attacker_total.total == 1 + 2


def test_A_allies_are_not_invited_against_a_neutral() -> None:
    from guerra.rules.seed004.model import Neutral

    s = situation(neutral=Neutral(1), a_allies=[AllyForce(ES, 3, 0)])
    played = run(s, (1, 1), (1, 1))
    assert "allies" not in played.state.cursor.path
    assert RU not in {h.power for h in played.state.holdings}


def test_A4_answers_are_secret_until_the_box_closes_then_told_together_in_invitation_order(
) -> None:
    """The enemy's ally must not answer knowing what this side's ally has committed: an answer
    gives no event; all of them are told when the last one is in, in invitation order."""
    s = situation(a_allies=[AllyForce(ES, 2, 0)], d_allies=[AllyForce(PR, 1, 0)])
    state = accepted(declare(s)).state
    first = accepted(SEED004.advance(state, AllyAnswer(PR, state.step, 1, 0), NO_DICE))
    assert first.events == ()
    assert first.state.cursor.node == "allies"
    last = accepted(SEED004.advance(first.state, AllyAnswer(ES, first.state.step, 0, 0),
                                    pairs((1, 1), (1, 1))))
    told = [e for e in last.events if isinstance(e, (AllyCommitted, AllyDeclined))]
    assert told == [AllyDeclined(ES, "attacker", False), AllyCommitted(PR, "defender", 1, 0)]


def test_A4_the_state_as_seen_by_a_power_keeps_only_its_own_sides_answers_while_open() -> None:
    s = situation(a_allies=[AllyForce(ES, 2, 0)], d_allies=[AllyForce(PR, 1, 0)])
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, AllyAnswer(PR, state.step, 1, 0), NO_DICE)).state
    assert [a.power for a in state.as_seen_by(RU).answers] == [PR]  # the defender's side
    assert state.as_seen_by(PR).answers == state.answers
    assert state.as_seen_by(ES).answers == ()  # the attacker's ally: Prussia still thinking
    assert state.as_seen_by(FR).answers == ()
    assert state.as_seen_by(None).answers == ()


def test_A4_the_odds_an_enemy_sees_do_not_depend_on_an_answer_given_at_the_open_box() -> None:
    from guerra.rules.seed004.odds import odds_from_state

    s = situation(a_allies=[AllyForce(ES, 2, 0)], d_allies=[AllyForce(PR, 2, 0)])
    opened = accepted(declare(s)).state
    helps, declines = (
        accepted(SEED004.advance(opened, AllyAnswer(PR, opened.step, n, 0), NO_DICE)).state
        for n in (2, 0)
    )
    assert odds_from_state(helps.as_seen_by(ES)) == odds_from_state(declines.as_seen_by(ES))
    assert odds_from_state(helps.as_seen_by(FR)) == odds_from_state(declines.as_seen_by(FR))
    assert odds_from_state(helps.as_seen_by(RU)) != odds_from_state(declines.as_seen_by(RU))
