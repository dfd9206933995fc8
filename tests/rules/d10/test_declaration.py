"""D1-D4 for a "d10" attack (the game's rules, shared with seed 004) and the checks of its own
situation: a refused declaration rolls nothing and pays nothing (D3)."""

from __future__ import annotations

import pytest

from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.model import Situation
from guerra.rules.events import GoldChanged
from guerra.rules.flowchart import Accepted, Timeout
from guerra.rules.forces import Neutral
from tests.rules.d10.helpers import (
    AT,
    ES,
    FR,
    PR,
    RU,
    A,
    D,
    accepted,
    ally,
    attacker,
    d10,
    declare,
    defender,
    situation,
)

REFUSED = [
    ("D1_nobody_attacks_itself",
     situation(attacker(), defender(power=FR)), "Francia cannot attack itself."),
    ("D1_nobody_attacks_an_ally",
     situation(attacker(), defender(), defender_is_ally=True),
     "Francia cannot attack Russia: they are allies in this war."),
    ("D2_the_attacker_needs_an_army_or_a_fleet_there",
     situation(attacker(armies=0, fleets=0, forts=2), defender()),
     "Francia needs at least one army or fleet in Baltico to attack."),
    ("D3_declaring_costs_2_gold",
     situation(attacker(gold=1), defender()),
     "Declaring an attack costs 2 gold: Francia has only 1 gold."),
    ("D4_the_defender_must_be_present",
     situation(attacker(), defender(armies=0, control_markers=0)),
     "Russia has no units and no control markers in Baltico: it cannot be attacked there."),
    ("D4_one_target_not_two",
     Situation(situation().region, attacker(), defender(), Neutral(2)),
     "An attack needs exactly one target: a power or a neutral marker."),
    ("D4_one_target_not_none",
     Situation(situation().region, attacker()),
     "An attack needs exactly one target: a power or a neutral marker."),
    ("P1_nobody_reinforces_against_a_neutral",
     situation(attacker(), neutral=Neutral(2), allies=[ally(PR, D, 1)]),
     "Against a neutral marker nobody reinforces either side."),
    ("P4_an_ally_is_asked_once",
     situation(allies=[ally(ES, A, 1), ally(ES, D, 1)]),
     "Spagna cannot be invited twice, nor invited to its own attack."),
    ("P4_the_attacker_is_no_reinforcement",
     situation(allies=[ally(FR, A, 1)]),
     "Francia cannot be invited twice, nor invited to its own attack."),
    ("P4_the_defender_is_no_reinforcement",
     situation(allies=[ally(AT, A, 1), ally(RU, D, 1)]),
     "Russia cannot be invited twice, nor invited to its own attack."),
    ("a_negative_count_names_its_field",
     situation(allies=[ally(ES, A, -1)]),
     "Field “reinforcements[0].armies” cannot be negative."),
    ("a_negative_defence_names_its_field",
     situation(neutral=Neutral(-1)), "Field “neutral.defense” cannot be negative."),
]


@pytest.mark.parametrize(("s", "english"), [pytest.param(s, e, id=i) for i, s, e in REFUSED])
def test_a_refused_declaration_rolls_nothing_and_pays_nothing(s: Situation, english: str) -> None:
    outcome = declare(s)  # no scripted dice: a die rolled would raise
    assert not outcome.accepted
    assert outcome.state is None and outcome.code == "invalid"  # no state, no event, no gold
    assert outcome.reason.render("en") == english
    assert D10_PROCEDURE.refusal(s) == outcome.reason


def test_D3_the_refusal_for_gold_is_said_in_italian() -> None:
    outcome = declare(situation(attacker(gold=1), defender()))
    assert outcome.reason.render() == "Dichiarare un attacco costa 2 ori: la Francia ha solo 1 oro."


def test_D3_an_accepted_declaration_pays_2_gold_once_whatever_follows() -> None:
    s = situation(attacker(gold=2, armies=1), defender(armies=1), allies=[ally(ES, A, 1)])
    outcome = accepted(declare(s, 1, 9))  # Francia loses its army; Spagna is asked
    paid = [e for e in outcome.events if isinstance(e, GoldChanged)]
    assert [(e.power, e.delta, e.rule) for e in paid] == [(FR, -2, "D3")]
    assert outcome.state.awaiting == (ES,)
    later = D10_PROCEDURE.advance(outcome.state, Timeout(outcome.state.step), d10())
    assert isinstance(later, Accepted) and later.state.finished
    assert not [e for e in later.events if isinstance(e, GoldChanged)]
    assert D10_PROCEDURE.refusal(s) is None
