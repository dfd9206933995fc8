"""Hypothesis: invariants of every attack, played from choices or by erratic players."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import Event, GoldChanged
from guerra.rules.explore import play
from guerra.rules.flowchart import Accepted, Refused, Timeout
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import policy
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import Situation
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import AT, ES, FR, GB, PR, RU
from tests.rules.invariants import check_attack
from tests.rules.strategies import choices, commitments, declarable, dice_faces, situations

FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def round_trip(state: AttackState) -> AttackState:
    return AttackState.from_dict(json.loads(json.dumps(state.to_dict())))


@FEW
@given(st.data(), situations(gold=st.integers(0, 4)), dice_faces)
def test_invariants_hold_for_any_attack_played_from_choices(
    data: st.DataObject, situation: Situation, faces: list[int]
) -> None:
    declared = SEED004.declare(situation, ScriptedDice(faces))
    if isinstance(declared, Refused):
        assert declared.state is None
        assert situation.attacker.gold < 2 or declared.reason.msgid != (
            "Declaring an attack costs 2 gold: {power} has only {count} gold."
        )
        return
    chosen = data.draw(choices(situation))
    committed = data.draw(commitments(situation))
    played = play(SEED004, situation, policy(chosen, committed), ScriptedDice(faces))
    check_attack(situation, played.state, played.events)
    assert round_trip(played.state) == played.state


POWERS = (FR, RU, ES, AT, PR, GB)


@st.composite
def erratic_input(draw: st.DrawFn, state: AttackState) -> object:
    """Sometimes right, often wrong: any power, any step near the current one, any numbers."""
    power = draw(st.sampled_from(state.awaiting + POWERS))
    step = state.step + draw(st.sampled_from([0, 0, 0, -1, 1]))
    number = st.integers(-1, 3)
    return draw(st.one_of(
        st.builds(AllyAnswer, st.just(power), st.just(step), number, number),
        st.builds(NavalDecision, st.just(power), st.just(step), st.booleans()),
        st.builds(NavalTiles, st.just(power), st.just(step), number),
        st.builds(LossChoice, st.just(power), st.just(step), st.sampled_from(["army", "fort"])),
        st.builds(Timeout, st.just(step)),
    ))


@FEW
@given(st.data(), declarable(), dice_faces)
def test_invariants_hold_when_players_send_anything(
    data: st.DataObject, situation: Situation, faces: list[int]
) -> None:
    dice = ScriptedDice(faces)
    declared = SEED004.declare(situation, dice)
    assert isinstance(declared, Accepted)
    state, events = declared.state, list(declared.events)
    for _ in range(30):
        if state.finished:
            break
        answer = data.draw(erratic_input(state))
        result = SEED004.advance(state, answer, dice)
        if isinstance(result, Refused):
            assert result.state is state  # a refusal changes nothing
            continue
        assert result.state.step == state.step + 1
        state = result.state
        events.extend(result.events)
        assert round_trip(state) == state
    while not state.finished:  # deadlines pass for whoever is left
        result = SEED004.advance(state, Timeout(state.step), dice)
        assert isinstance(result, Accepted)
        state = result.state
        events.extend(result.events)
    check_attack(situation, state, tuple(events))
    assert sum(1 for e in events if isinstance(e, GoldChanged) and e.rule == "D3") == 1


def _events_json(events: list[Event]) -> str:
    return json.dumps([e.to_dict() for e in events], ensure_ascii=False)


@FEW
@given(declarable(), dice_faces)
def test_every_event_and_state_is_plain_json(situation: Situation, faces: list[int]) -> None:
    declared = SEED004.declare(situation, ScriptedDice(faces))
    assert isinstance(declared, Accepted)
    text = _events_json(list(declared.events))
    for item in json.loads(text):
        assert item["type"] and item["message"]["msgid"]
    assert round_trip(declared.state) == declared.state
    assert SEED004.state_from_dict(declared.state.to_dict()) == declared.state
