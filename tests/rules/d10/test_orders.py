"""The rules of procedures/d10.md that order dice or powers (P2's ranked pairs, P4's asking
order, P5's order of arrival), on fixtures where the plausible wrong orders give another
answer than the right one."""

from __future__ import annotations

import dataclasses

from guerra.rules.d10.inputs import Reinforce
from guerra.rules.game.inputs import Attack
from guerra.rules.game.state import GameState, Pieces, Side, TurnState
from tests.rules.d10.helpers import (
    AT,
    ES,
    FR,
    GB,
    PR,
    RU,
    A,
    D,
    ally,
    attacker,
    control,
    defender,
    exchanges,
    losses,
    run,
    situation,
)
from tests.rules.game.helpers import in_rounds, play
from tests.rules.game.scenarios import BA, NL, europa


def test_P2_each_side_sorts_its_rolls_high_to_low_before_pairing() -> None:
    """Francia rolls 2, 9, 5 and Russia 3, 8: ranked 9-8 and 5-3, Francia wins both pairs
    (Russia loses its two armies, Francia nothing). Wrong: pairing as rolled (2-3, 9-8: one
    each), sorting low to high (2-3, 5-8: Francia loses two), sorting one side only (one
    each), reading Russia's dice first (8-9, 5-2: one each)."""
    played = run(situation(attacker(armies=3), defender(armies=2)), 2, 9, 5, 3, 8)
    (rolled,) = exchanges(played.events)
    assert (rolled.attacker_rolls, rolled.defender_rolls) == ((9, 5, 2), (8, 3))
    assert losses(played.events, FR) == {} and losses(played.events, RU) == {"army": 2}


# Slot (turn) order: Spagna, Russia, Francia, Gran Bretagna, Austria, Prussia; Francia (A)
# attacks Russia (B) in the Baltic. Seating: Austria, Prussia, Spagna, Gran Bretagna, Russia,
# Francia, Province Unite.
SLOTS: tuple[tuple[str, Side], ...] = (
    (ES, "A"), (RU, "B"), (FR, "A"), (GB, "B"), (AT, "A"), (PR, "B"), (NL, "A"))
SEATING = (AT, PR, ES, GB, RU, FR, NL)


def _declared() -> GameState:
    state = in_rounds(scenario=europa(procedure="d10"), alliances=SLOTS,
                      pieces=[Pieces(p, BA, armies=1, markers=1) for p, _side in SLOTS[:6]],
                      turn=TurnState(FR))
    state = dataclasses.replace(state, seating=SEATING)
    # Francia's 1 against Russia's 5: Francia has no unit left, its allies are asked.
    return play(state, Attack(FR, state.step, BA, defender=RU), dice=[1, 5]).state


def test_P4_allies_are_asked_in_the_wars_turn_order_after_the_attacker_not_the_seating() -> None:
    """After Francia in the slots: Gran Bretagna (defending), Austria (attacking), Prussia
    (defending), then round to Spagna (attacking). Wrong orders: the slots from the first
    (Spagna first), the seating after Francia (Province Unite, Austria, Prussia, Spagna...),
    the alphabet (Austria first), the attacker's allies first (Austria, Spagna), the slots
    backwards from Francia (Spagna first)."""
    state = _declared()
    assert state.attack is not None
    reinforcements = state.attack.state.situation.reinforcements
    assert [(r.power, r.side) for r in reinforcements] == [(GB, D), (AT, A), (PR, D), (ES, A)]
    asked = []
    while state.attack is not None and not state.attack.state.finished:
        (power,) = state.attack.state.awaiting
        asked.append(power)
        state = play(state, Reinforce(power, state.attack.state.step, 0, 0)).state
    assert asked == [GB, AT, PR, ES]


def test_P5_defending_casualties_go_to_the_defending_reinforcements_in_order_of_arrival(
) -> None:
    """Prussia (1 army) arrives first, Gran Bretagna (2 armies) second, both defending; then
    Spagna attacks with 3 armies and wins two pairs: Prussia loses its army, then Gran
    Bretagna one, Russia (the defender) nothing. Wrong: Gran Bretagna twice (the later
    arrival, the larger, the alphabet's first), Russia first (the defender before its
    reinforcements)."""
    s = situation(attacker(armies=1), defender(armies=1),
                  allies=[ally(PR, D, 1), ally(GB, D, 2), ally(ES, A, 3)])
    # Francia's 1 loses to Russia's 5. Spagna's 10, 9, 1 against 8, 7, 2, 2: two pairs won.
    played = run(s, 1, 5, 10, 9, 1, 8, 7, 2, 2)
    assert [losses(played.events, p) for p in (PR, GB, RU, ES)] == [
        {"army": 1}, {"army": 1}, {}, {"army": 1}]
    assert control(played.events) == []  # Russia and Gran Bretagna still stand
