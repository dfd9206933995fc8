"""K3/K5/K6 secrecy: what one side decided (its plan, its rerolls, its assignment) is seen by
nobody else, in the state (`seen_by`), the events or the odds, until both sides are in."""

from __future__ import annotations

from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano.events import PlansRevealed
from guerra.rules.piano.inputs import Assign, Plan, Reroll
from guerra.rules.piano.odds import BEFORE_REVEAL, REVEALED, odds_shown, piano_odds
from guerra.rules.piano.state import PianoState
from tests.rules.piano.helpers import AT, FORT_5134, FR, PR, answer, declared, situation, steps

PLAN_A = steps("approach astuzia", "control forza", "deadly forza")
PLAN_B = steps("approach disciplina", "engagement rapidita")


def start() -> PianoState:
    return declared(situation(3, d_armies=2, d_forts=1, data=FORT_5134))


def test_K3_a_plan_is_hidden_from_the_other_side_and_spectators_until_both_are_in() -> None:
    seen = []
    for plan in (PLAN_A, PLAN_B):
        state = start()
        state, events = answer(state, Plan(FR, state.step, plan))
        assert P.seen_by(state, FR).attacker.plan == plan
        for viewer in (AT, PR, None):
            assert P.seen_by(state, viewer).attacker.plan is None
        assert all(plan_text not in repr(e.to_dict()) for e in events
                   for plan_text in ("forza", "rapidita"))
        assert all(piano_odds(state, viewer) is None for viewer in (AT, PR, None))
        seen.append((P.seen_by(state, AT).to_dict(), [e.to_dict() for e in events],
                     P.seen_by(state, None).to_dict()))
    assert seen[0] == seen[1]


def test_K3_the_plans_come_out_together() -> None:
    state = start()
    state = answer(state, Plan(FR, state.step, PLAN_A))[0]
    state, events = answer(state, Plan(AT, state.step, PLAN_B), (4, 3, 6, 1, 1, 1))
    revealed = next(e for e in events if isinstance(e, PlansRevealed))
    assert revealed.attacker[1] == ("control", "forza")
    assert revealed.defender[1] == ("engagement", "rapidita")
    assert P.seen_by(state, AT).attacker.plan == PLAN_A
    assert P.seen_by(state, None).defender.plan == PLAN_B


def test_K5_K6_rerolls_and_assignments_are_hidden_until_both_are_in() -> None:
    state = start()
    state = answer(state, Plan(FR, state.step, PLAN_A))[0]
    # Austria's deadly engagement on Francia's weakness may take a die of 1 or 2 (K6).
    deadly = steps("approach astuzia", "control astuzia", "deadly astuzia")
    state = answer(state, Plan(AT, state.step, deadly), (4, 3, 6, 1, 1, 1))[0]
    state, events = answer(state, Reroll(FR, state.step, (2,)))
    assert events == () and P.seen_by(state, AT).attacker.reroll is None
    assert P.seen_by(state, FR).attacker.reroll == (2,)
    state = answer(state, Reroll(AT, state.step, ()), (2,))[0]
    assert P.seen_by(state, AT).attacker.reroll == (2,)  # out with the new die
    assert set(state.awaiting) == {FR, AT}
    state, events = answer(state, Assign(FR, state.step, (None, 1, 0)))
    assert events == () and P.seen_by(state, AT).attacker.assignment is None
    assert P.seen_by(state, FR).attacker.assignment == (None, 1, 0)
    state, events = answer(state, Assign(AT, state.step, (None, None, None)))
    assert P.seen_by(state, AT).attacker.assignment == (None, 1, 0)
    assert [e.type for e in events][:2] == ["dice_assigned", "dice_assigned"]


def test_K3_odds_before_the_reveal_go_to_the_attacker_alone_and_after_it_to_everyone() -> None:
    """piano.md, "Odds": before the plans are revealed, "only the attacker's own plan against
    the default plan"; the defender (who has planned or not), an ally and a spectator get none."""
    state = start()
    for viewer in (AT, PR, None):
        assert not odds_shown(state, viewer) and piano_odds(state, viewer) is None
    mine = piano_odds(state, FR)
    assert mine is not None and not mine.revealed and mine.label.msgid == BEFORE_REVEAL
    assert "non sono ancora svelati" in mine.label.render("it")
    state = answer(state, Plan(AT, state.step, PLAN_B))[0]  # the defender planned first
    assert piano_odds(state, AT) is None and piano_odds(state, None) is None
    assert piano_odds(state, FR) is not None
    state = answer(state, Plan(FR, state.step, PLAN_A), (4, 3, 6, 1, 1, 1))[0]
    shown = [piano_odds(state, viewer) for viewer in (FR, AT, PR, None)]
    assert all(found is not None and found.revealed and found.label.msgid == REVEALED
               for found in shown)
    assert len({found.estimate for found in shown if found is not None}) == 1
    assert shown[0] is not None and "svelati" in shown[0].label.render("it")
