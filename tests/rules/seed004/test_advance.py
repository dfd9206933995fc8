"""`advance` refuses a wrong input with a reason and leaves the state unchanged."""

from __future__ import annotations

from guerra.rules.flowchart import Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision
from guerra.rules.seed004.model import AllyForce
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import (
    ES,
    FR,
    PR,
    RU,
    SEA,
    accepted,
    attacker,
    declare,
    defender,
    pairs,
    refused,
    run,
    situation,
)


def waiting_for_allies() -> AttackState:
    s = situation(a_allies=[AllyForce(ES, 1, 1)], d_allies=[AllyForce(PR, 2, 0)])
    return accepted(declare(s)).state


def test_a_power_that_is_not_awaited_is_refused() -> None:
    state = waiting_for_allies()
    result = refused(SEED004.advance(state, AllyAnswer(FR, state.step, 1, 0), pairs()))
    assert result.state is state
    assert result.reason.render() == "Ora non si attende nessuna decisione dalla Francia."


def test_a_number_out_of_range_is_refused() -> None:
    state = waiting_for_allies()
    result = refused(SEED004.advance(state, AllyAnswer(PR, state.step, 3, 0), pairs()))
    assert result.state is state and result.reason.count == 2
    assert result.reason.msgid == "{power} has only {count} army in the region."
    assert result.reason.param("power") == PR


def test_an_input_for_another_step_is_refused_as_stale() -> None:
    state = waiting_for_allies()
    for step in (state.step - 1, state.step + 1):
        result = refused(SEED004.advance(state, AllyAnswer(ES, step, 1, 0), pairs()))
        assert result.state is state
        assert result.reason.msgid.startswith("This decision was made for step")


def test_a_double_click_changes_nothing_the_second_time() -> None:
    state = waiting_for_allies()
    answer = AllyAnswer(ES, state.step, 1, 0)
    once = accepted(SEED004.advance(state, answer, pairs())).state
    again = refused(SEED004.advance(once, answer, pairs()))
    assert again.state is once
    assert again.reason.msgid == "No decision is awaited from {power} now."
    assert again.reason.param("power") == ES


def test_a_repeated_loss_choice_is_stale_at_the_next_loss_decision() -> None:
    # D loses with a 7 and holds 2 armies and a fort: losing an army first, it still holds
    # both kinds for the extra loss, so it chooses twice, at two steps.
    s = situation(attacker(armies=6), defender(armies=2, forts=1))
    state = accepted(declare(s, (6, 2), (3, 4))).state
    first = LossChoice(RU, state.step, "army")
    state = accepted(SEED004.advance(state, first, pairs())).state
    assert state.cursor.node == "land_loss_choice" and state.awaiting == (RU,)
    stale = refused(SEED004.advance(state, first, pairs()))
    assert stale.state is state
    assert stale.reason.msgid.startswith("This decision was made for step")
    done = accepted(SEED004.advance(state, LossChoice(RU, state.step, "fort"), pairs()))
    assert done.state.finished
    assert (done.state.holding(RU).armies, done.state.holding(RU).forts) == (1, 0)


def test_the_wrong_kind_of_input_is_refused() -> None:
    state = waiting_for_allies()
    result = refused(SEED004.advance(state, NavalDecision(ES, state.step, True), pairs()))
    assert result.reason.msgid == "This is not the decision awaited now."


def test_nothing_is_accepted_once_the_attack_is_over() -> None:
    played = run(situation(), (1, 1), (1, 1))
    result = refused(SEED004.advance(played.state, Timeout(played.state.step), pairs()))
    assert result.reason.render() == "Questo attacco è già finito."


def test_the_step_grows_by_one_per_accepted_input() -> None:
    state = waiting_for_allies()
    start = state.step
    state = accepted(SEED004.advance(state, AllyAnswer(PR, start, 0, 0), pairs())).state
    assert state.step == start + 1
    state = accepted(SEED004.advance(state, AllyAnswer(ES, start, 0, 0),
                                     pairs((1, 1), (1, 1)))).state
    assert state.step == start + 2


def test_a_timeout_answers_for_everyone_still_awaited() -> None:
    s = situation(attacker(fleets=1), defender(fleets=1), region=SEA,
                  a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 1, 0)])
    state = accepted(declare(s)).state
    state = accepted(SEED004.advance(state, Timeout(state.step), pairs())).state
    # A3: both declined; then the naval decision is the attacker's.
    assert state.committed("attacker") == () and state.committed("defender") == ()
    assert (state.cursor.node, state.awaiting) == ("attacker_naval_choice", (FR,))
    state = accepted(SEED004.advance(state, Timeout(state.step), pairs())).state
    assert state.attacker_fights is True and state.awaiting == (RU,)
    done = accepted(SEED004.advance(state, Timeout(state.step),
                                    pairs((1, 1), (1, 1), (1, 1), (1, 1)))).state
    assert done.defender_accepts is True and done.naval is not None


def test_a_stale_timeout_changes_nothing() -> None:
    state = waiting_for_allies()
    result = refused(SEED004.advance(state, Timeout(state.step + 1), pairs()))
    assert result.state is state
