"""Seed 004 assembled: its graph, one function per box, and the procedure-specific hooks."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from guerra.rules import frozen
from guerra.rules.cursor import Cursor
from guerra.rules.dice import Dice
from guerra.rules.events import LOGGED_EFFECTS
from guerra.rules.explore import Policy
from guerra.rules.flowchart import AutoBox, Node, Outcome, Procedure, Refused
from guerra.rules.forces import Engagement
from guerra.rules.i18n import N_, Message
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.seed004 import battles, sea
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.choices import random_policy
from guerra.rules.seed004.decisions import (
    AlliesBox,
    LandLossChoiceBox,
    NavalDecisionBox,
    NavalTilesBox,
)
from guerra.rules.seed004.declaration import initial_state, refusal
from guerra.rules.seed004.events import (
    AllyCommitted,
    BattleDecided,
    NavalDecisionMade,
    NavalSupport,
)
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER, Situation
from guerra.rules.seed004.state import PROCEDURE_NAME, AttackState

# Every end of an attack, in the order a page lists them: M8/S4 may end it after the sea.
OUTCOMES = ("attacker_wins", "tie", "defender_wins", "ended_before_land")

AUTO: dict[str, AutoBox[AttackState]] = {
    g.DECLARED: sea.declared,
    g.IS_NEUTRAL: sea.is_neutral,
    g.HAS_SEA: sea.has_sea,
    g.BOTH_FLEETS: sea.both_fleets,
    g.ONE_SIDE_FLEETS: sea.one_side_fleets,
    g.DEFENDER_SUPPORT: sea.defender_support,
    g.ATTACKER_SUPPORT: sea.attacker_support,
    g.NAVAL_BATTLE: battles.naval_battle,
    g.NAVAL_RESULT: battles.naval_result,
    g.ATTACKER_HAS_ARMY: battles.attacker_has_army,
    g.LAND_BATTLE: battles.land_battle,
    g.LAND_LOSSES: battles.land_losses,
    g.CONTROL: battles.control,
    g.NEUTRAL_BATTLE: battles.neutral_battle,
    g.NEUTRAL_RESULT: battles.neutral_result,
}


def _differences(faces: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(abs(faces[i] - faces[i + 1]) for i in range(0, len(faces), 2))


class Seed004(Procedure[AttackState, Situation]):
    """The attack flowchart of seed 004, as read by attack-rules.md."""

    boxes_read_cursor = False  # its boxes read the units and choices, never the cursor
    # The log tells the allies' answers, the sea and the land battle's result too.
    logged_events = LOGGED_EFFECTS | {AllyCommitted.type, NavalDecisionMade.type,
                                      NavalSupport.type, BattleDecided.type}
    outcome_labels = {"ended_before_land": N_("no land battle")}  # M8, S4

    def __init__(self) -> None:
        super().__init__(
            name=PROCEDURE_NAME,
            label=N_("Classic flowchart"),
            nodes=g.NODES,
            edges=g.EDGES,
            start_node=g.DECLARED,
            auto=AUTO,
            decisions={
                g.ALLIES: AlliesBox(),
                g.ATTACKER_NAVAL_CHOICE: NavalDecisionBox(ATTACKER),
                g.DEFENDER_NAVAL_CHOICE: NavalDecisionBox(DEFENDER),
                g.NAVAL_TILES: NavalTilesBox(),
                g.LAND_LOSS_CHOICE: LandLossChoiceBox(),
            },
            ends={g.ENDED: battles.ended, g.ENDED_WITHOUT_LAND: battles.ended_without_land},
        )

    def declare(self, situation: Situation, dice: Dice) -> Outcome[AttackState]:
        """D1-D4, N0: refuse with nothing paid, or pay (D3) and run to the first decision."""
        state = initial_state(situation)
        if not isinstance(state, AttackState):
            return Refused(state)
        return self.start(state, dice)

    def state_from_dict(self, data: Obj) -> AttackState:
        return AttackState.from_dict(data)

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """attack-rules.md's case files (imported when asked: pages never need them)."""
        from guerra.rules.seed004.case import odds_case, resolve_case

        return {"resolve": resolve_case, "odds": odds_case}

    def from_engagement(self, engagement: Engagement) -> Situation:
        """The allies are invited in slot order (A1), which is also their commitment order."""
        return Situation(
            engagement.region, engagement.attacker, engagement.defender, engagement.neutral,
            attacker_allies=engagement.allies_of(ATTACKER),
            defender_allies=engagement.allies_of(DEFENDER),
            defender_is_ally=engagement.defender_is_ally,
        )

    def random_policy(self, rng: random.Random) -> Policy[AttackState]:
        return random_policy(rng)

    def bot_answers(self, state: AttackState, power: str) -> tuple[object, ...]:
        """Every unit and none for an invited ally (and its armies or its fleets alone), both
        answers of a naval decision, each number of tiles at sea, both kinds of loss."""
        node, step = state.cursor.node, state.cursor.step
        if node == g.ALLIES:
            ally = state.situation.invitation(power)
            if ally is None:
                return ()
            return tuple(dict.fromkeys(
                AllyAnswer(power, step, armies, fleets)
                for armies, fleets in ((ally.armies, ally.fleets), (0, 0), (ally.armies, 0),
                                       (0, ally.fleets))))
        if node in (g.ATTACKER_NAVAL_CHOICE, g.DEFENDER_NAVAL_CHOICE):
            return (NavalDecision(power, step, True), NavalDecision(power, step, False))
        if node == g.NAVAL_TILES:
            side = ATTACKER if power == state.main_power(ATTACKER) else DEFENDER
            force = state.situation.main(side)
            return tuple(NavalTiles(power, step, n)
                         for n in range((force.alliance_tiles if force else 0) + 1))
        if node == g.LAND_LOSS_CHOICE:
            return (LossChoice(power, step, "army"), LossChoice(power, step, "fort"))
        return ()

    def seen_by(self, state: AttackState, power: str | None) -> AttackState:
        """A4/M2: the other side's answers stay secret while their box is open."""
        return state.as_seen_by(power)

    def refusal(self, situation: Situation) -> Message | None:
        """D1-D4, N0."""
        return refusal(situation)

    def settled_outcome(self, state: AttackState) -> str | None:
        """Once the land battle is rolled, later boxes only apply losses and control."""
        if state.cursor.outcome is not None:
            return state.cursor.outcome
        if state.land is not None:
            return battles.OUTCOMES[state.land.winner]
        return None

    def outcomes(self) -> tuple[str, ...]:
        """M8, S4: an attack may end after the sea, with no land battle."""
        return OUTCOMES

    def winner(self, state: AttackState, outcome: str) -> str | None:
        """The main player of the side that won; a neutral country is no power."""
        side = {"attacker_wins": ATTACKER, "defender_wins": DEFENDER}.get(outcome)
        return state.main_power(side) if side is not None else None

    def odds_key(self, node: Node, faces: tuple[int, ...]) -> object:
        """Only each pair's |d1 - d2| can change the outcome of the attack.

        A 7 costs units, never the battle: in the naval battle it costs fleets, which no later
        total counts (L2 counts armies, forts and naval support, and M8 looks at armies); in
        the land battle the outcome is settled before any loss is taken.
        """
        if node.id in (g.NAVAL_BATTLE, g.LAND_BATTLE, g.NEUTRAL_BATTLE):
            return _differences(faces)
        return faces

    def odds_memo_key(self, state: AttackState) -> Hashable | None:
        """After the dice, later boxes read the units left, the naval support and the choices
        made, never the faces of a past battle (the naval battle's are spent once its losses
        and support are applied) nor the path walked: the state without them, at its box, is
        the key. (A roll box is entered awaiting nobody, before any loss is chosen.)"""
        return frozen.replace(state, cursor=Cursor(node=state.cursor.node), naval=None)


SEED004 = Seed004()
