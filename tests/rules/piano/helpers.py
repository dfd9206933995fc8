"""Situations and drivers shared by the "piano" tests."""

from __future__ import annotations

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import Event
from guerra.rules.flowchart import Accepted, Timeout
from guerra.rules.forces import Force, Neutral, Region
from guerra.rules.piano import PIANO_PROCEDURE as P
from guerra.rules.piano.data import DEFAULT_DATA, PianoData
from guerra.rules.piano.inputs import Plan, PlanStep
from guerra.rules.piano.model import Ally, Situation
from guerra.rules.piano.state import PianoState

FR, AT, PR, ES = "Francia", "Austria", "Prussia", "Spagna"
REGION = Region("Fiandre", True)
# Ratings with a fort of 5/1/3/4: a defender with an army and a fort is 5/2/3/4 (strength
# Disciplina, weakness Astuzia), so Rapidita and Forza need dice.
FORT_5134 = PianoData(fort=(5, 1, 3, 4))


def steps(*pairs: str) -> tuple[PlanStep, ...]:
    """`steps("approach astuzia", "engagement forza")`."""
    return tuple(PlanStep(*pair.split()) for pair in pairs)


def situation(armies: int = 2, fleets: int = 0, *, d_armies: int = 2, d_fleets: int = 0,
              d_forts: int = 0, markers: int = 1, data: PianoData = DEFAULT_DATA,
              attacker_allies: tuple[Ally, ...] = (), defender_allies: tuple[Ally, ...] = (),
              neutral: Neutral | None = None, supply: int | None = None) -> Situation:
    attacker = Force(FR, gold=5, armies=armies, fleets=fleets, markers_in_supply=supply)
    if neutral is not None:
        return Situation(REGION, attacker, neutral=neutral, data=data)
    defender = Force(AT, armies=d_armies, fleets=d_fleets, forts=d_forts,
                     control_markers=markers)
    return Situation(REGION, attacker, defender, attacker_allies=attacker_allies,
                     defender_allies=defender_allies, data=data)


def declared(s: Situation) -> PianoState:
    found = P.declare(s, ScriptedDice((), 6))
    assert isinstance(found, Accepted), found
    return found.state


def answer(state: PianoState, value: object, dice: tuple[int, ...] = ()
           ) -> tuple[PianoState, tuple[Event, ...]]:
    """One input, the dice after it from `dice`; it must be accepted."""
    found = P.advance(state, value, ScriptedDice(dice, 6))
    assert isinstance(found, Accepted), found
    return found.state, found.events


def submitted(state: PianoState, value: object) -> PianoState:
    """One input recorded (no box walked after it); it must be accepted."""
    found = P.submit(state, value)
    assert isinstance(found, Accepted), found
    return found.state


def timeout(state: PianoState, dice: tuple[int, ...] = ()) -> PianoState:
    return answer(state, Timeout(state.step), dice)[0]


DEFAULT = steps("approach astuzia", "engagement astuzia")


def planned(state: PianoState, attacker: object = None, defender: object = None,
            dice: tuple[int, ...] = ()) -> PianoState:
    """Both plans in (None: the default), the dice rolled from `dice`."""
    a = attacker if attacker is not None else P.default_input(state, FR)
    state = answer(state, a)[0]
    d = defender if defender is not None else P.default_input(state, AT)
    return answer(state, d, dice)[0]


def finished(state: PianoState) -> PianoState:
    while not state.finished:
        state = timeout(state)
    return state


def at_assign(dice: tuple[int, ...], plan: tuple[str, ...]) -> PianoState:
    state = declared(situation(3, d_armies=2, d_forts=1, data=FORT_5134))
    state = planned(state, Plan(FR, state.step, steps(*plan)), dice=dice)
    return timeout(state)
