"""E4-E5: the main players name the groups that reinforce them; the allies named agree or refuse,
one group at a time, in the war's turn order; a deadline is a refusal."""

from __future__ import annotations

from guerra.rules.events import UnitsEngaged
from guerra.rules.flowchart import Refused, Timeout
from guerra.rules.punti.events import GroupJoined, GroupRefused
from guerra.rules.punti.inputs import Consent, Group, Name
from guerra.rules.punti.model import Candidate
from guerra.rules.punti.procedure import policy
from tests.rules.punti.helpers import (
    AT,
    ES,
    FR,
    LAND,
    PR,
    RU,
    SV,
    A,
    D,
    P,
    attacker,
    d6,
    declare,
    defender,
    of_type,
    ok,
    run,
    situation,
)

CANDIDATES = (Candidate(ES, A, LAND.name, 1, 0), Candidate(FR, A, "Austria", 2, 0),
              Candidate(SV, A, "Austria", 1, 0), Candidate(PR, D, None, 1, 0))
ORDER = (RU, SV, FR, ES, PR)  # after the attacker (Francia): Spagna, Prussia, Russia, Svezia


def test_E4_the_attacker_names_its_groups_and_its_own_join_at_once() -> None:
    state = ok(declare(situation(candidates=CANDIDATES, turn_order=ORDER)))
    assert state.cursor.node == "attack_reinforcements" and state.awaiting == (FR,)
    named = P.advance(state, Name(FR, state.step, (Group(SV, "Austria", 1), Group(FR, "Austria", 2),
                                                   Group(ES, LAND.name, 1))), d6())
    state = ok(named)
    assert [(n.number, n.power, n.joins) for n in state.named] == [
        (1, SV, None), (2, FR, True), (3, ES, None)]
    assert [u.id for u in state.units if u.group] == ["R2.1", "R2.2"]
    # E4: the allies one at a time in turn order from the attacker: Spagna before Svezia.
    assert state.cursor.node == "attack_consent" and state.awaiting == (ES,)


def test_E4_each_ally_is_asked_in_a_window_of_its_own_and_a_deadline_is_a_refusal() -> None:
    state = ok(declare(situation(candidates=CANDIDATES, turn_order=ORDER)))
    state = ok(P.advance(state, Name(FR, state.step, (Group(SV, "Austria", 1),
                                                      Group(ES, LAND.name, 1))), d6()))
    first_window = state.cursor.opened_at
    state = ok(P.advance(state, Consent(ES, state.step, True), d6()))
    assert state.awaiting == (SV,) and state.cursor.opened_at > first_window
    timed_out = P.advance(state, Timeout(state.step), d6())
    state = ok(timed_out)
    assert of_type(timed_out.events, GroupRefused) == [GroupRefused(1, SV, A, True)]
    assert [(n.power, n.joins, n.timed_out) for n in state.named] == [
        (SV, False, True), (ES, True, False)]
    assert state.cursor.node == "defence_reinforcements"


def test_E4_a_refused_group_takes_no_part_and_rolls_no_die() -> None:
    s = situation(candidates=(Candidate(ES, A, LAND.name, 2, 0),))
    refused = run(s, 1, 1, 1, 1, 1, answer=policy(agree=False))
    assert not [u for u in refused.state.units if u.group]
    assert refused.state.attack is not None and len(refused.state.attack.dice) == 2
    joined = run(s, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert joined.state.attack is not None and len(joined.state.attack.dice) == 6
    assert of_type(joined.events, GroupJoined) == [GroupJoined(1, ES, A, LAND.name, 2, 0)]


def test_E4_only_what_may_reinforce_may_be_named() -> None:
    state = ok(declare(situation(candidates=CANDIDATES)))
    for groups in ((Group(ES, "Austria", 1),), (Group(FR, "Austria", 3),),
                   (Group(ES, LAND.name, 0, 1),), (Group(ES, LAND.name, 0),),
                   (Group(PR, None, 1),), (Group(FR, "Austria", 1), Group(FR, "Austria", 1))):
        refused = P.advance(state, Name(FR, state.step, groups), d6())
        assert isinstance(refused, Refused) and refused.code == "invalid", groups
    assert isinstance(P.advance(state, Consent(FR, state.step, True), d6()), Refused)


def test_E4_by_default_nobody_is_named() -> None:
    state = ok(declare(situation(candidates=CANDIDATES)))
    assert P.default_input(state, FR) == Name(FR, state.step, ())
    state = ok(P.advance(state, Timeout(state.step), d6()))
    assert state.named == () and state.cursor.node == "defence_reinforcements"


def test_E5_the_defender_names_its_own_and_its_allies_the_same_way() -> None:
    s = situation(attacker(armies=1), defender(armies=1),
                  candidates=(Candidate(AT, D, LAND.name, 1, 1), Candidate(RU, D, "Austria", 1, 0)))
    state = ok(declare(s))
    assert state.cursor.node == "defence_reinforcements" and state.awaiting == (RU,)
    state = ok(P.advance(state, Name(RU, state.step, (Group(AT, LAND.name, 0, 1),
                                                      Group(RU, "Austria", 1))), d6()))
    assert state.awaiting == (AT,) and state.cursor.node == "defence_consent"
    assert P.default_input(state, AT) == Consent(AT, state.step, False)


def test_E3_units_engaged_are_the_primary_stacks_and_the_groups_that_joined() -> None:
    s = situation(attacker(armies=1, fleets=1), defender(armies=1, forts=1),
                  candidates=(Candidate(ES, A, LAND.name, 1, 0), Candidate(FR, A, "Austria", 1, 0),
                              Candidate(PR, D, None, 1, 0)))
    played = run(s, *[1] * 8, 1, 1, 1, 1, 1)
    assert set(of_type(played.events, UnitsEngaged)) == {
        UnitsEngaged(FR, LAND.name, 1, 1, "E3"), UnitsEngaged(RU, LAND.name, 1, 0, "E3"),
        UnitsEngaged(ES, LAND.name, 1, 0, "E3"), UnitsEngaged(FR, "Austria", 1, 0, "E3"),
        UnitsEngaged(PR, None, 1, 0, "E3")}
