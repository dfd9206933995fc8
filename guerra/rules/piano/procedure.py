""""piano" assembled: its graph, one function per box, its dice, odds and players."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction

from guerra.rules import frozen
from guerra.rules.dice import Dice, DiceSpec
from guerra.rules.events import LOGGED_EFFECTS
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Node, Outcome, Procedure, Refused
from guerra.rules.forces import ATTACKER, DEFENDER, SIDES, Engagement
from guerra.rules.i18n import N_, Message
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.piano import boxes, data, grouping, players, result
from guerra.rules.piano import graph as g
from guerra.rules.piano.declaration import initial_state, refusal
from guerra.rules.piano.events import NARRATIVE
from guerra.rules.piano.losses import LossOrderBox
from guerra.rules.piano.model import Ally, Situation
from guerra.rules.piano.state import PROCEDURE_NAME, PianoState

OUTCOMES = ("attacker_wins", "defender_wins")


class Piano(Procedure[PianoState, Situation]):
    """Plan every step, then roll and assign the dice (procedures/piano.md)."""

    boxes_read_cursor = False  # its boxes read the sides, never the cursor
    logged_events = LOGGED_EFFECTS | NARRATIVE

    def __init__(self) -> None:
        super().__init__(
            name=PROCEDURE_NAME,
            label=N_("Plan and dice"),
            nodes=g.NODES,
            edges=g.EDGES,
            start_node=g.DECLARED,
            auto={g.DECLARED: boxes.declared, g.ROLL: boxes.roll,
                  g.REROLL_ROLL: boxes.reroll_roll, g.DAMAGE: boxes.damage,
                  g.RESULT: result.result},
            decisions={g.PLAN: boxes.PlanBox(), g.REROLL: boxes.RerollBox(),
                       g.ASSIGN: boxes.AssignBox(), g.LOSSES: LossOrderBox()},
            ends={g.ENDED: result.ended},
        )

    def declare(self, situation: Situation, dice: Dice) -> Outcome[PianoState]:
        state = initial_state(situation)
        if not isinstance(state, PianoState):
            return Refused(state)
        return self.start(state, dice)

    def state_from_dict(self, data: Obj) -> PianoState:
        return PianoState.from_dict(data)

    def read_data(self, data_: Obj) -> dict[str, JSON]:
        """K1/K2: the ratings and the integrity (`data.read_data`)."""
        return data.read_data(data_)

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """procedures/piano.md's case files (imported when asked: pages never need them)."""
        from guerra.rules.piano.case import odds_case, resolve_case

        return {"resolve": resolve_case, "odds": odds_case}

    def refusal(self, situation: Situation) -> Message | None:
        return refusal(situation)

    def from_engagement(self, engagement: Engagement) -> Situation:
        """K1: the main forces, the allies' committed armies and fleets (slot order, as
        committed), the war's turn order and the scenario's ratings and integrity."""
        return Situation(
            engagement.region, engagement.attacker, engagement.defender, engagement.neutral,
            attacker_allies=tuple(Ally(a.power, a.armies, a.fleets,
                                       markers_in_supply=engagement.markers_of(a.power))
                                  for a in engagement.allies_of(ATTACKER)),
            defender_allies=tuple(Ally(a.power, a.armies, a.fleets,
                                       markers_in_supply=engagement.markers_of(a.power))
                                  for a in engagement.allies_of(DEFENDER)),
            turn_order=engagement.turn_order, data=data.data_of(engagement.procedure_data),
            defender_is_ally=engagement.defender_is_ally)

    def outcomes(self) -> tuple[str, ...]:
        return OUTCOMES

    def winner(self, state: PianoState, outcome: str) -> str | None:
        if outcome == "attacker_wins":
            return state.main_power(ATTACKER)
        return state.main_power(DEFENDER) if outcome == "defender_wins" else None

    def seen_by(self, state: PianoState, power: str | None) -> PianoState:
        """K3/K5/K6: another side's plan, rerolls and assignment stay secret (None, as if not
        made) while their box is open; all of it once both are in."""
        for side in SIDES:
            if state.main_power(side) == power or not state.units(side):
                continue
            now = state.side(side)
            hidden: dict[str, object] = {}
            if not state.plans_revealed and state.situation.neutral is None:
                hidden.update(plan=None, plan_timed_out=False)
            if not state.rerolls_revealed:
                hidden["reroll"] = None
            if not state.assigned:
                hidden.update(assignment=None, best=False)
            if hidden:
                state = state.with_side(side, frozen.replace(now, **hidden))
        return state

    # --- dice and odds --------------------------------------------------------------------
    def dice_spec(self, node: Node, state: PianoState) -> DiceSpec:
        """K5: one die per unit (at most 8) a side; then one per die chosen again."""
        if node.id == g.ROLL:
            return DiceSpec(g.SIDES, sum(boxes.dice_count(state, s) for s in SIDES))
        return DiceSpec(g.SIDES, boxes.rerolled(state))

    def roll_classes(self, node: Node, state: PianoState
                     ) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        """Exact classes over the dice: faces grouped by what the best assignments make of
        them (`grouping`); valid for odds that assign "best" and, after the first roll,
        roll nothing again (the odds' policy, `odds.py`)."""
        return grouping.classes(state, reroll=node.id == g.REROLL_ROLL)

    def odds_memo_key(self, state: PianoState) -> Hashable | None:
        return None

    # --- players --------------------------------------------------------------------------
    def bot_answers(self, state: PianoState, power: str) -> tuple[object, ...]:
        """Plans that can win (the default one never deals more than 1), and a reroll of the
        dice no step may take (`players.bot_answers`)."""
        return players.bot_answers(state, power)

    def random_policy(self, rng: random.Random) -> Policy[PianoState]:
        """A seeded random player, legal moves only (`players.random_answer`)."""

        def answer(state: PianoState, power: str) -> object:
            return players.random_answer(state, power, rng)

        return answer


PIANO_PROCEDURE = Piano()

__all__ = ["OUTCOMES", "PIANO_PROCEDURE", "Piano"]
