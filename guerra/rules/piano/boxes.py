"""The boxes of "piano": the declaration, the three decisions both sides make at once and in
secret (K3 plan, K5 rerolls, K6 assignment), the two rolls (K5) and the damage (K7-K10). The
losses (K2) and the result (K10, L8-L9, K11) are in `losses.py` and `result.py`."""

from __future__ import annotations

from abc import abstractmethod

from guerra.rules import frozen
from guerra.rules.declaration import DECLARATION_COST
from guerra.rules.dice import Dice
from guerra.rules.events import Event, GoldChanged
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, DEFENDER, SIDES, Side, other
from guerra.rules.i18n import Message, _
from guerra.rules.piano import battle
from guerra.rules.piano import graph as g
from guerra.rules.piano.events import (
    DamageDone,
    DiceAssigned,
    DiceRerolled,
    DiceRolled,
    PlanMade,
    PlansRevealed,
    StepsTaken,
)
from guerra.rules.piano.inputs import Assign, Plan, Reroll
from guerra.rules.piano.state import PianoState, SideState


def wrong_input() -> Message:
    return _("This is not the decision awaited now.")


def dice_count(state: PianoState, side: Side) -> int:
    """K5: one die per unit in the battle, at most 8."""
    return min(g.MAX_DICE, state.units(side))


def decider(state: PianoState, side: Side) -> str | None:
    """The power that decides for a side: its main power, if it has a unit in the battle (a
    neutral decides nothing, K11)."""
    if not state.units(side):
        return None
    return state.main_power(side)


def plan_of(state: PianoState, side: Side) -> battle.Plan:
    plan = state.side(side).plan
    return plan if plan is not None else ()


def declared(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """D3: the attacker pays 2 gold, once, whatever happens later."""
    paid = GoldChanged(state.situation.attacker.power, -DECLARATION_COST, "D3")
    return g.PLAN, state, (paid,)


class BothAtOnce(DecisionBox[PianoState]):
    """A box that asks both sides' deciders at once; what one answered stays secret
    (`Procedure.seen_by`) until both are in and the box is left."""

    @abstractmethod
    def chosen(self, side_state: SideState) -> bool:
        """Whether this side's answer is in."""

    def asks(self, state: PianoState, side: Side) -> bool:
        """Whether this side has a real choice here."""
        return decider(state, side) is not None

    def awaited(self, state: PianoState) -> tuple[str, ...]:
        found = []
        for side in SIDES:
            power = decider(state, side)
            if power is not None and not self.chosen(state.side(side)) and self.asks(state, side):
                found.append(power)
        return tuple(found)

    def answered(self, state: PianoState) -> tuple[str, ...]:
        return tuple(power for side in SIDES
                     if (power := decider(state, side)) is not None
                     and self.chosen(state.side(side)))

    def side_of(self, state: PianoState, power: str) -> Side:
        side = state.side_of(power)
        assert side is not None
        return side


class PlanBox(BothAtOnce):
    """K3-K4: both sides plan in secret, at the same time; the plans are revealed together
    (default at the deadline: Approach, then Engagement, naming the opponent's weakness)."""

    def chosen(self, side_state: SideState) -> bool:
        return side_state.plan is not None

    def accept(self, state: PianoState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PianoState] | Message:
        if not isinstance(answer, Plan):
            return wrong_input()
        side = self.side_of(state, answer.power)
        problem = battle.plan_problem(answer.steps, state.units(side), state.units(other(side)))
        if problem is not None:
            return problem
        now = frozen.replace(state.side(side), plan=answer.steps, plan_timed_out=timed_out)
        events: tuple[Event, ...] = (PlanMade(answer.power, side),)
        return state.with_side(side, now), events

    def default(self, state: PianoState, power: str) -> object:
        side = self.side_of(state, power)
        return Plan(power, state.cursor.step, battle.default_plan(
            state.side(side).ratings, state.side(other(side)).ratings))

    def leave(self, state: PianoState) -> Transition[PianoState]:
        for side in SIDES:
            if state.side(side).plan is None:  # a side with no unit plans nothing (K4)
                state = state.with_side(side, frozen.replace(state.side(side), plan=()))
        state = frozen.replace(state, plans_revealed=True)
        revealed = PlansRevealed(
            tuple((s.action, s.characteristic) for s in plan_of(state, ATTACKER)),
            tuple((s.action, s.characteristic) for s in plan_of(state, DEFENDER)))
        return g.ROLL, state, (revealed,)


def roll(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """K5: each side rolls one die per unit in the battle (at most 8): the attacker's first."""
    for side in SIDES:
        faces = tuple(dice.roll(g.SIDES) for _ in range(dice_count(state, side)))
        state = state.with_side(side, frozen.replace(state.side(side), rolls=faces,
                                                     dice=faces))
    return g.REROLL, state, (DiceRolled(state.attacker.dice, state.defender.dice),)


class RerollBox(BothAtOnce):
    """K5: each side may roll any of its dice again, once (default none); a neutral never
    does (K11). Both choose at once; the choices come out with the new dice."""

    def chosen(self, side_state: SideState) -> bool:
        return side_state.reroll is not None

    def asks(self, state: PianoState, side: Side) -> bool:
        return decider(state, side) is not None and bool(state.side(side).dice)

    def accept(self, state: PianoState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PianoState] | Message:
        if not isinstance(answer, Reroll):
            return wrong_input()
        side = self.side_of(state, answer.power)
        count = len(state.side(side).dice)
        if len(set(answer.dice)) != len(answer.dice):
            return _("A die is rolled again at most once.")
        for index in answer.dice:
            if not 0 <= index < count:
                return _("Die {number} does not exist.", number=index + 1)
        now = frozen.replace(state.side(side), reroll=tuple(sorted(answer.dice)))
        return state.with_side(side, now), ()

    def default(self, state: PianoState, power: str) -> object:
        return Reroll(power, state.cursor.step, ())

    def leave(self, state: PianoState) -> Transition[PianoState]:
        for side in SIDES:
            if state.side(side).reroll is None:
                state = state.with_side(side, frozen.replace(state.side(side), reroll=()))
        state = frozen.replace(state, rerolls_revealed=True)
        if rerolled(state):
            return g.REROLL_ROLL, state, ()
        return g.ASSIGN, state, ()


def rerolled(state: PianoState) -> int:
    """K5: how many dice are rolled again (both sides)."""
    return sum(len(state.side(side).reroll or ()) for side in SIDES)


def reroll_roll(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """K5: the dice chosen are rolled again, the attacker's first, each side's in index
    order."""
    events: list[Event] = []
    for side in SIDES:
        now = state.side(side)
        indices = now.reroll or ()
        if not indices:
            continue
        faces = tuple(dice.roll(g.SIDES) for _ in indices)
        new = list(now.dice)
        for index, face in zip(indices, faces, strict=True):
            new[index] = face
        state = state.with_side(side, frozen.replace(now, dice=tuple(new)))
        power = decider(state, side)
        assert power is not None
        events.append(DiceRerolled(power, side, indices, faces, tuple(new)))
    return g.ASSIGN, state, tuple(events)


class AssignBox(BothAtOnce):
    """K6: each side assigns its dice to its steps, at most one a step, a die only where its
    face is at most the side's rating (default "best"). A side is asked only when a die of
    its may change a step; a neutral assigns "best" (K11)."""

    def chosen(self, side_state: SideState) -> bool:
        return side_state.assignment is not None

    def asks(self, state: PianoState, side: Side) -> bool:
        now = state.side(side)
        return decider(state, side) is not None and battle.has_choice(
            plan_of(state, side), now.dice, now.ratings, state.side(other(side)).ratings)

    def accept(self, state: PianoState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PianoState] | Message:
        if not isinstance(answer, Assign):
            return wrong_input()
        side = self.side_of(state, answer.power)
        now = state.side(side)
        plan = plan_of(state, side)
        found = best(state, side)
        assignment = found
        if answer.dice is not None:
            problem = battle.assignment_problem(plan, now.dice, answer.dice, now.ratings)
            if problem is not None:
                return problem
            assignment = answer.dice
        # an assignment given die by die that is "best"'s own is told as "best" too
        now = frozen.replace(now, assignment=assignment, best=assignment == found)
        return state.with_side(side, now), ()

    def default(self, state: PianoState, power: str) -> object:
        return Assign(power, state.cursor.step, None)

    def leave(self, state: PianoState) -> Transition[PianoState]:
        events: list[Event] = []
        for side in SIDES:
            now = state.side(side)
            if now.assignment is None:
                now = frozen.replace(now, assignment=best(state, side), best=True)
                state = state.with_side(side, now)
            assignment = now.assignment or ()
            if plan_of(state, side):
                events.append(DiceAssigned(
                    side, state.main_power(side), assignment,
                    tuple(None if d is None else now.dice[d] for d in assignment), now.best))
        return g.DAMAGE, frozen.replace(state, assigned=True), tuple(events)


def best(state: PianoState, side: Side) -> battle.Assignment:
    now = state.side(side)
    return battle.best_assignment(plan_of(state, side), now.dice, now.ratings,
                                  state.side(other(side)).ratings)


def damage(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """K7-K10: each side's steps in plan order, the damage each deals, and what each takes:
    the other's damage plus 1 per failed step of its own, applied at once."""
    events: list[Event] = []
    for side in SIDES:
        now = state.side(side)
        plan = plan_of(state, side)
        steps = battle.take_steps(plan, now.dice, now.assignment or (None,) * len(plan),
                                  now.ratings, state.side(other(side)).ratings)
        dealt, failed = battle.totals(steps)
        state = state.with_side(side, frozen.replace(now, steps=steps, dealt=dealt,
                                                     failed=failed))
        if steps:
            events.append(StepsTaken(side, tuple(s.counts_as for s in steps),
                                     tuple(s.characteristic for s in steps),
                                     tuple(s.face for s in steps),
                                     tuple(s.success for s in steps),
                                     tuple(s.reason for s in steps),
                                     tuple(s.damage for s in steps)))
    a, d = state.attacker, state.defender
    state = state.with_side(ATTACKER, frozen.replace(a, taken=d.dealt + a.failed))
    state = state.with_side(DEFENDER, frozen.replace(d, taken=a.dealt + d.failed))
    events.append(DamageDone(a.dealt, a.failed, state.attacker.taken, d.dealt, d.failed,
                             state.defender.taken))
    return g.LOSSES, state, tuple(events)
