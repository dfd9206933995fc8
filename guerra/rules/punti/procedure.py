""""punti" assembled: its graph, one function per box, its dice, odds and players."""

from __future__ import annotations

import random
from collections.abc import Callable

from guerra.rules.allocation import Allocation
from guerra.rules.dice import Dice, DiceSpec
from guerra.rules.events import LOGGED_EFFECTS
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Node, Outcome, Procedure, Refused
from guerra.rules.forces import ATTACKER, DEFENDER, Engagement, Side
from guerra.rules.i18n import N_, Message
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from guerra.rules.odds import EXACT_ODDS_LIMIT
from guerra.rules.punti import battle, damage, profiles
from guerra.rules.punti import graph as g
from guerra.rules.punti.declaration import initial_state, refusal
from guerra.rules.punti.events import (
    AttackRolled,
    CounterAttackChosen,
    CounterRolled,
    DamagePlaced,
    GroupJoined,
    GroupNamed,
    GroupRefused,
    NeutralUnitsLost,
    NobodyDefends,
)
from guerra.rules.punti.inputs import Consent, CounterAttack, Group, Name, Retreat
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.reinforcements import ConsentBox, NameBox, next_to_ask
from guerra.rules.punti.state import PROCEDURE_NAME, PuntiState

OUTCOMES = ("attacker_wins", "defender_wins")


class Punti(Procedure[PuntiState, Situation]):
    """Attack points against the best defence, damage, retreat, counter-attack
    (procedures/punti.md)."""

    boxes_read_cursor = False  # its boxes read the units and choices, never the cursor
    logged_events = LOGGED_EFFECTS | {
        GroupNamed.type, GroupJoined.type, GroupRefused.type, AttackRolled.type,
        CounterRolled.type, DamagePlaced.type, CounterAttackChosen.type, NobodyDefends.type,
        NeutralUnitsLost.type, "unit_lost_elsewhere"}

    def __init__(self) -> None:
        super().__init__(
            name=PROCEDURE_NAME,
            label=N_("Attack and defence points"),
            nodes=g.NODES,
            edges=g.EDGES,
            start_node=g.DECLARED,
            auto={
                g.DECLARED: battle.declared,
                g.ATTACK_ROLL: battle.attack_roll,
                g.COUNTER_ROLL: battle.counter_roll,
                g.RESULT: battle.result,
            },
            decisions={
                g.ATTACK_REINFORCEMENTS: NameBox(ATTACKER),
                g.ATTACK_CONSENT: ConsentBox(ATTACKER),
                g.DEFENCE_REINFORCEMENTS: NameBox(DEFENDER),
                g.DEFENCE_CONSENT: ConsentBox(DEFENDER),
                g.DAMAGE: battle.DamageBox(DEFENDER),
                g.RETREAT: battle.RetreatBox(),
                g.COUNTER_ATTACK: battle.CounterAttackBox(),
                g.COUNTER_DAMAGE: battle.DamageBox(ATTACKER),
            },
            ends={g.ENDED: battle.ended},
        )

    def declare(self, situation: Situation, dice: Dice) -> Outcome[PuntiState]:
        state = initial_state(situation)
        if not isinstance(state, PuntiState):
            return Refused(state)
        return self.start(state, dice)

    def state_from_dict(self, data: Obj) -> PuntiState:
        return PuntiState.from_dict(data)

    def read_data(self, data: Obj) -> dict[str, JSON]:
        """E1: the units' profiles (`profiles.read_data`)."""
        return profiles.read_data(data)

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """procedures/punti.md's case files (imported when asked: pages never need them)."""
        from guerra.rules.punti.case import odds_case, resolve_case

        return {"resolve": resolve_case, "odds": odds_case}

    def refusal(self, situation: Situation) -> Message | None:
        return refusal(situation)

    def from_engagement(self, engagement: Engagement) -> Situation:
        return situation_of(engagement)

    def outcomes(self) -> tuple[str, ...]:
        return OUTCOMES

    def winner(self, state: PuntiState, outcome: str) -> str | None:
        """The attacker or the defender (a neutral is no power)."""
        if outcome == "attacker_wins":
            return state.main_power(ATTACKER)
        return state.main_power(DEFENDER) if outcome == "defender_wins" else None

    # --- dice and odds --------------------------------------------------------------------
    def dice_spec(self, node: Node, state: PuntiState) -> DiceSpec:
        """E6: one die per attack point; E10: one per point of the best defence left."""
        if node.id == g.ATTACK_ROLL:
            return DiceSpec(g.SIDES, battle.attack_dice(state))
        return DiceSpec(g.SIDES, battle.counter_dice(state))

    def odds_cost(self, state: PuntiState) -> int:
        """Always above the limit: the damage spreads are too many to enumerate, so the odds
        are a Monte Carlo estimate (procedures/punti.md), with its sample size and interval."""
        return EXACT_ODDS_LIMIT + 1

    def settled_outcome(self, state: PuntiState) -> str | None:
        """Once the damage is placed and the primary defender has nothing left in the region,
        the attacker has won (E11): no counter-attack can come (E10)."""
        if state.cursor.outcome is not None:
            return state.cursor.outcome
        attack = state.attack
        if attack is not None and attack.damage is not None and not state.defender_holds():
            return "attacker_wins"
        return None

    # --- players --------------------------------------------------------------------------
    def bot_answers(self, state: PuntiState, power: str) -> tuple[object, ...]:
        """Every group that may reinforce, or none (E4-E5); agreeing or refusing; each place
        to retreat to (E9); counter-attacking or not (E10)."""
        node, step = state.cursor.node, state.cursor.step
        if node in (g.ATTACK_REINFORCEMENTS, g.DEFENCE_REINFORCEMENTS):
            side: Side = ATTACKER if node == g.ATTACK_REINFORCEMENTS else DEFENDER
            groups = tuple(Group(c.power, c.source, c.armies, c.fleets)
                           for c in state.situation.candidates_of(side))
            own = tuple(group for group in groups if group.power == power)
            return tuple(dict.fromkeys((Name(power, step, groups), Name(power, step, own),
                                        Name(power, step, ()))))
        if node in (g.ATTACK_CONSENT, g.DEFENCE_CONSENT):
            return (Consent(power, step, True), Consent(power, step, False))
        if node == g.RETREAT:
            return tuple(Retreat(power, step, place)
                         for place in state.situation.retreat_options())
        if node == g.COUNTER_ATTACK:
            return (CounterAttack(power, step, True), CounterAttack(power, step, False))
        return ()

    def random_policy(self, rng: random.Random) -> Policy[PuntiState]:
        """A seeded random player, legal moves only: names a random part of what may reinforce
        its side, agrees or refuses at random, spreads damage point by point on a random unit
        that may take it, retreats to a random linked place, counter-attacks at random."""

        def answer(state: PuntiState, power: str) -> object:
            node, step = state.cursor.node, state.cursor.step
            if node in (g.ATTACK_REINFORCEMENTS, g.DEFENCE_REINFORCEMENTS):
                side: Side = ATTACKER if node == g.ATTACK_REINFORCEMENTS else DEFENDER
                groups = []
                for c in state.situation.candidates_of(side):
                    armies, fleets = rng.randint(0, c.armies), rng.randint(0, c.fleets)
                    if armies + fleets and rng.random() < 0.7:
                        groups.append(Group(c.power, c.source, armies, fleets))
                return Name(power, step, tuple(groups))
            if node in (g.ATTACK_CONSENT, g.DEFENCE_CONSENT):
                return Consent(power, step, rng.random() < 0.6)
            if node in (g.DAMAGE, g.COUNTER_DAMAGE):
                side = DEFENDER if node == g.DAMAGE else ATTACKER
                strike = state.attack if side == DEFENDER else state.counter
                assert strike is not None
                spread = damage.random_spread(state, side, strike.hits, rng,
                                              primary_only=side == ATTACKER)
                return Allocation(power, step, spread)
            if node == g.RETREAT:
                return Retreat(power, step, rng.choice(state.situation.retreat_options()))
            return CounterAttack(power, step, rng.random() < 0.8)

        return answer


def situation_of(engagement: Engagement) -> Situation:
    """E3 from what the game knows: the allies' armies and fleets in the region, and the armies
    of both sides' powers in the regions and homes within the army's range in land links
    (`LinkedForce.distance`; range 0: none), less the units that
    already fought this round (`Engagement.engaged`). Nobody reinforces against a neutral."""
    data_profiles = profiles.profiles_of(engagement.procedure_data)
    region = engagement.region.name
    candidates: list[Candidate] = []
    if engagement.neutral is None and not engagement.defender_is_ally:
        used: dict[tuple[str, str | None], tuple[int, int]] = {}
        for power, place, armies, fleets in engagement.engaged:
            a, f = used.get((power, place), (0, 0))
            used[(power, place)] = (a + armies, f + fleets)

        def add(side: Side, power: str, source: str | None, armies: int, fleets: int) -> None:
            spent_armies, spent_fleets = used.get((power, source), (0, 0))
            armies, fleets = max(0, armies - spent_armies), max(0, fleets - spent_fleets)
            if armies + fleets:
                candidates.append(Candidate(power, side, source, armies, fleets))

        for side, ally in engagement.allies:
            add(side, ally.power, region, ally.armies, ally.fleets)
        for side, linked in engagement.linked:
            if linked.distance <= data_profiles.army.range:
                add(side, linked.power, linked.region, linked.armies, 0)  # E3: fleets stay
    defender = engagement.defender
    return Situation(
        engagement.region, engagement.attacker, defender, engagement.neutral,
        profiles=data_profiles, links=engagement.links,
        home_linked=defender is not None and defender.power in engagement.homes_linked,
        candidates=tuple(candidates), turn_order=engagement.turn_order,
        defender_is_ally=engagement.defender_is_ally,
    )


def policy(*, name_all: bool = True, agree: bool = True) -> Policy[PuntiState]:
    """The answers odds assume: each main player names everything that may reinforce its side
    (`name_all`; otherwise nobody), every ally agrees (`agree`), and every other decision takes
    its default (E8's order, E9's destination, E10: counter-attack)."""

    def answer(state: PuntiState, power: str) -> object:
        node = state.cursor.node
        if node in (g.ATTACK_REINFORCEMENTS, g.DEFENCE_REINFORCEMENTS):
            side: Side = ATTACKER if node == g.ATTACK_REINFORCEMENTS else DEFENDER
            groups = tuple(Group(c.power, c.source, c.armies, c.fleets)
                           for c in state.situation.candidates_of(side)) if name_all else ()
            return Name(power, state.step, groups)
        if node in (g.ATTACK_CONSENT, g.DEFENCE_CONSENT):
            return Consent(power, state.step, agree)
        return PUNTI_PROCEDURE.default_input(state, power)

    return answer


PUNTI_PROCEDURE = Punti()

__all__ = ["PUNTI_PROCEDURE", "Punti", "next_to_ask", "policy", "situation_of"]
