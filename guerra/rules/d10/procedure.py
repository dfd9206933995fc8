""""d10" assembled: its graph, one function per box, its dice, odds and players."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

from guerra.rules.allocation import Allocation
from guerra.rules.d10 import boxes, exchange
from guerra.rules.d10 import graph as g
from guerra.rules.d10.declaration import initial_state, refusal
from guerra.rules.d10.events import (
    ExchangeRolled,
    NeutralUnitsLost,
    NobodyDefends,
    ReinforcementArrived,
)
from guerra.rules.d10.inputs import Reinforce
from guerra.rules.d10.model import Reinforcement, Situation
from guerra.rules.d10.state import PROCEDURE_NAME, D10State
from guerra.rules.dice import Dice, DiceSpec
from guerra.rules.events import LOGGED_EFFECTS
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Node, Outcome, Procedure, Refused
from guerra.rules.forces import ATTACKER, DEFENDER, Engagement
from guerra.rules.i18n import N_, Message
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj

EXCHANGES = (g.FIRST_EXCHANGE, g.REINFORCEMENT_EXCHANGE)
OUTCOMES = ("attacker_wins", "defender_wins")
Arrivals = Mapping[str, tuple[int, int]]  # ally -> (armies, fleets) it arrives with


def asking_order(turn_order: tuple[str, ...], attacker: str) -> tuple[str, ...]:
    """P4: the war's turn order, starting after the attacker."""
    if attacker not in turn_order:
        return turn_order
    at = turn_order.index(attacker) + 1
    return turn_order[at:] + turn_order[:at]


class D10(Procedure[D10State, Situation]):
    """Ten-sided dice in ranked pairs, reinforcements by arrival (procedures/d10.md)."""

    boxes_read_cursor = False  # its boxes read the units and choices, never the cursor
    # The log tells the exchanges and the reinforcements too (P2, P4, P8).
    logged_events = LOGGED_EFFECTS | {ExchangeRolled.type, ReinforcementArrived.type,
                                      NeutralUnitsLost.type, NobodyDefends.type}

    def __init__(self) -> None:
        super().__init__(
            name=PROCEDURE_NAME,
            label=N_("Ten-sided dice, in pairs"),
            nodes=g.NODES,
            edges=g.EDGES,
            start_node=g.DECLARED,
            auto={
                g.DECLARED: boxes.declared,
                g.FIRST_EXCHANGE: boxes.first_exchange,
                g.CASUALTIES: boxes.casualties,
                g.REINFORCEMENT_EXCHANGE: boxes.reinforcement_exchange,
                g.RESULT: boxes.result,
            },
            decisions={g.LOSS_CHOICE: boxes.LossChoiceBox(),
                       g.REINFORCEMENTS: boxes.ReinforcementsBox()},
            ends={g.ENDED: boxes.ended},
        )

    def declare(self, situation: Situation, dice: Dice) -> Outcome[D10State]:
        state = initial_state(situation)
        if not isinstance(state, D10State):
            return Refused(state)
        return self.start(state, dice)

    def state_from_dict(self, data: Obj) -> D10State:
        return D10State.from_dict(data)

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """procedures/d10.md's case files (imported when asked: pages never need them)."""
        from guerra.rules.d10.case import odds_case, resolve_case

        return {"resolve": resolve_case, "odds": odds_case}

    def refusal(self, situation: Situation) -> Message | None:
        return refusal(situation)

    def from_engagement(self, engagement: Engagement) -> Situation:
        """P4: the allies are asked in the war's turn order, starting after the attacker."""
        order = asking_order(engagement.turn_order, engagement.attacker.power)
        rank = {power: i for i, power in enumerate(order)}
        allies = sorted(engagement.allies, key=lambda item: rank.get(item[1].power, len(rank)))
        return Situation(
            engagement.region, engagement.attacker, engagement.defender, engagement.neutral,
            reinforcements=tuple(
                Reinforcement(ally.power, side, ally.armies, ally.fleets,
                              engagement.markers_of(ally.power))
                for side, ally in allies),
            defender_is_ally=engagement.defender_is_ally,
        )

    def outcomes(self) -> tuple[str, ...]:
        return OUTCOMES

    def settled_outcome(self, state: D10State) -> str | None:
        """Once the defending faction is wiped out the attacking side has won (P6)."""
        if state.cursor.outcome is not None:
            return state.cursor.outcome
        return "attacker_wins" if state.defending_units() == 0 else None

    def winner(self, state: D10State, outcome: str) -> str | None:
        """The attacking side's main player, or the defender (a neutral is no power)."""
        if outcome == "attacker_wins":
            return state.main_power(ATTACKER)
        return state.main_power(DEFENDER) if outcome == "defender_wins" else None

    # --- dice and odds --------------------------------------------------------------------
    def _exchange_sizes(self, node: Node, state: D10State) -> tuple[int, int]:
        power = state.situation.attacker.power if node.id == g.FIRST_EXCHANGE \
            else state.arriving or ""
        return boxes.exchange_sizes(state, power)

    def dice_spec(self, node: Node, state: D10State) -> DiceSpec:
        """P2: one ten-sided die per unit of the two sides of the exchange (none when nobody
        defends: no pair could be made)."""
        attacking, defending = self._exchange_sizes(node, state)
        return DiceSpec(exchange.SIDES, attacking + defending if defending else 0)

    def roll_classes(self, node: Node, state: D10State
                     ) -> tuple[tuple[tuple[int, ...], Fraction], ...] | None:
        """An exchange is classed by how many pairs the attacking side wins (see
        `exchange.win_counts`): min(a, d) + 1 classes instead of 10**(a + d) faces."""
        if node.id not in EXCHANGES:
            return None
        attacking, defending = self._exchange_sizes(node, state)
        if defending == 0:
            return (((), Fraction(1)),)
        return exchange.classes(attacking, defending)

    def odds_cost(self, state: D10State) -> int:
        """The classes exact odds walk: each exchange still to come multiplies them by its
        pairs + 1 (at most the defending faction's units + 1, each attacking arrival among
        the allies not yet asked adds one), and counting one exchange's classes takes about
        (a + 1)^2 (d + 1)^2 steps."""
        to_ask = state.situation.reinforcements[state.asked:state.situation.to_ask()]
        defending = state.defending_units() + sum(
            r.armies + r.fleets for r in to_ask if r.side == DEFENDER)
        attacking = [r.armies + r.fleets for r in to_ask if r.side == ATTACKER]
        if not state.exchanges:
            attacker = state.fighter(state.situation.attacker.power)
            attacking.append(0 if attacker is None else attacker.mobile)
        elif state.arriving is not None:
            ally = state.fighter(state.arriving)
            attacking.append(0 if ally is None else ally.mobile)
        leaves = 1
        counting = 0
        for units in attacking:
            leaves *= min(units, defending) + 1
            counting = max(counting, (units + 1) ** 2 * (defending + 1) ** 2)
        return leaves + counting // 100

    def odds_memo_key(self, state: D10State) -> Hashable | None:
        """What the rest of the battle depends on, at an exchange: the dice about to be rolled
        (the units of whoever attacks now, every defending unit still standing) and who is
        still to be asked (the ally arriving now says it). The outcome is whether the
        defending faction is wiped out (P6, P7), so how its losses were spread, and what the
        attacking side has left once it has fought (it never rolls again), change nothing;
        nor do the faces, answers and path of the past. (The policies of the odds answer by
        who is asked, never by those details.)"""
        fighter = state.fighter(state.arriving or state.situation.attacker.power)
        return (state.cursor.node, state.arriving, 0 if fighter is None else fighter.mobile,
                state.defending_units())

    # --- players --------------------------------------------------------------------------
    def bot_answers(self, state: D10State, power: str) -> tuple[object, ...]:
        """An ally asked arrives with every unit, or stays out (P4); a loss is taken with as
        many armies, or as few, as may be (P5)."""
        step = state.cursor.step
        if state.cursor.node == g.REINFORCEMENTS:
            ally = state.situation.reinforcement(power)
            if ally is None:
                return ()
            return (Reinforce(power, step, ally.armies, ally.fleets), Reinforce(power, step))
        loss = next((loss for loss in state.losses if loss.power == power), None)
        fighter = state.fighter(power)
        if loss is None or fighter is None:
            return ()
        low, high = boxes.army_range(fighter, loss.count)
        mobile = min(loss.count, fighter.mobile)
        return tuple(Allocation(power, step, (("army", armies), ("fleet", mobile - armies)))
                     for armies in dict.fromkeys((high, low)))

    def random_policy(self, rng: random.Random) -> Policy[D10State]:
        def answer(state: D10State, power: str) -> object:
            step = state.cursor.step
            if state.cursor.node == g.REINFORCEMENTS:
                ally = state.situation.reinforcement(power)
                assert ally is not None
                return Reinforce(power, step, rng.randint(0, ally.armies),
                                 rng.randint(0, ally.fleets))
            loss = next(loss for loss in state.losses if loss.power == power)
            fighter = state.fighter(power)
            assert fighter is not None
            low, high = boxes.army_range(fighter, loss.count)
            armies = rng.randint(low, high)
            mobile = min(loss.count, fighter.mobile)
            return Allocation(power, step, (("army", armies), ("fleet", mobile - armies)))

        return answer


def policy(arrivals: Arrivals | None = None) -> Policy[D10State]:
    """The answers odds and case files assume: every ally asked arrives with all its units
    (`arrivals` None) or with what `arrivals` lists (an ally not listed stays out); every
    loss is taken by default (armies, then fleets, then forts)."""

    def answer(state: D10State, power: str) -> object:
        if state.cursor.node == g.REINFORCEMENTS:
            if arrivals is None:
                ally = state.situation.reinforcement(power)
                assert ally is not None
                return Reinforce(power, state.step, ally.armies, ally.fleets)
            armies, fleets = arrivals.get(power, (0, 0))
            return Reinforce(power, state.step, armies, fleets)
        return D10_PROCEDURE.default_input(state, power)

    return answer


D10_PROCEDURE = D10()
