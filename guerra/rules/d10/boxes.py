"""The boxes of "d10": the declaration, the exchanges (P2-P4), the casualties (P5, P9), the
reinforcements asked one at a time (P4, P6) and the result (P6-P8)."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.allocation import Allocation, allocation_problem
from guerra.rules.d10 import graph as g
from guerra.rules.d10.events import (
    ExchangeRolled,
    NeutralUnitsLost,
    NobodyDefends,
    ReinforcementArrived,
    ReinforcementStayedOut,
)
from guerra.rules.d10.exchange import SIDES, attacking_wins, ranked
from guerra.rules.d10.inputs import Reinforce
from guerra.rules.d10.state import Answer, D10State, Exchange, Fighter, Loss
from guerra.rules.declaration import DECLARATION_COST
from guerra.rules.dice import Dice
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitKind,
    UnitLost,
    UnrestGained,
    VpChanged,
)
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, offer_problem
from guerra.rules.i18n import N_, Message, _

UNIT_LABELS = {"army": Message(N_("armies")), "fleet": Message(N_("fleets"))}


def wrong_input() -> Message:
    return _("This is not the decision awaited now.")


# --- the declaration and the exchanges ---------------------------------------------------------


def declared(state: D10State, dice: Dice) -> Transition[D10State]:
    """D3: the attacker pays 2 gold, once, whatever happens later."""
    paid = GoldChanged(state.situation.attacker.power, -DECLARATION_COST, "D3")
    return g.FIRST_EXCHANGE, state, (paid,)


def exchange_sizes(state: D10State, power: str) -> tuple[int, int]:
    """The dice of an exchange: one per unit of `power` in it, then one per unit of the
    defending faction (P2; an attacker's forts never fight, P1)."""
    fighter = state.fighter(power)
    return (0 if fighter is None else fighter.mobile), state.defending_units()


def _exchange(state: D10State, dice: Dice, power: str) -> Transition[D10State]:
    """P2: roll, pair by rank, and queue each side's losses (P5). A defending faction with no
    unit (a defender with control markers only) makes no pair: nothing is rolled (P6)."""
    attacking, defending = exchange_sizes(state, power)
    if defending == 0:
        return g.CASUALTIES, state, (NobodyDefends(state.situation.region.name),)
    roll = dice.roll
    a_rolls = tuple([roll(SIDES) for _ in range(attacking)])
    d_rolls = tuple([roll(SIDES) for _ in range(defending)])
    exchange = Exchange(power, ranked(a_rolls), ranked(d_rolls))
    won = attacking_wins(exchange.attacker_rolls, exchange.defender_rolls)
    lost = min(attacking, defending) - won
    losses: list[Loss] = []
    if lost:
        losses.append(Loss(power, lost))
    losses += defending_losses(state, won)
    event = ExchangeRolled(len(state.exchanges) + 1, power, exchange.attacker_rolls,
                           exchange.defender_rolls, lost, won)
    state = frozen.replace(state, exchanges=(*state.exchanges, exchange), losses=tuple(losses),
                           arriving=None)
    return g.CASUALTIES, state, (event,)


def defending_losses(state: D10State, count: int) -> tuple[Loss, ...]:
    """P5: the defending side's casualties go to the defending reinforcements in order of
    arrival, then to the defender (or the neutral's units)."""
    defending = state.defending()
    order = [f for f in defending if f.role == "reinforcement"]
    order += [f for f in defending if f.role != "reinforcement"]
    losses = []
    for fighter in order:
        taken = min(count, fighter.units)
        if taken:
            losses.append(Loss(fighter.power, taken))
            count -= taken
    if count and state.neutral_units:
        losses.append(Loss(None, min(count, state.neutral_units)))
    return tuple(losses)


def first_exchange(state: D10State, dice: Dice) -> Transition[D10State]:
    """P3: the attacking faction against the defending faction; then the attacker is a
    non-combatant (its units still count for P7)."""
    return _exchange(state, dice, state.situation.attacker.power)


def reinforcement_exchange(state: D10State, dice: Dice) -> Transition[D10State]:
    """P4: the attacking ally who arrived, against every defending unit still standing."""
    assert state.arriving is not None
    return _exchange(state, dice, state.arriving)


# --- casualties ---------------------------------------------------------------------------------


def army_range(fighter: Fighter, count: int) -> tuple[int, int]:
    """P5: how many of `count` losses may be armies (the rest fleets, then forts): from
    `low` to `high`; a fort goes only once no army or fleet is left."""
    mobile = min(count, fighter.mobile)
    return max(0, mobile - fighter.fleets), min(fighter.armies, mobile)


def has_choice(fighter: Fighter, count: int) -> bool:
    low, high = army_range(fighter, count)
    return high > low


def _choosers(state: D10State) -> tuple[str, ...]:
    found = []
    for loss in state.losses:
        fighter = None if loss.power is None else state.fighter(loss.power)
        if fighter is not None and has_choice(fighter, loss.count):
            found.append(fighter.power)
    return tuple(found)


def take_losses(fighter: Fighter, count: int, armies: int) -> tuple[Fighter, tuple[Event, ...]]:
    """P5/P9: `armies` armies, the rest of the mobile losses fleets, then forts; 1 unrest
    for each unit lost. The fighter with its units left, and the events."""
    mobile = min(count, fighter.mobile)
    fleets, forts = mobile - armies, count - mobile
    changed = frozen.replace(fighter, armies=fighter.armies - armies,
                             fleets=fighter.fleets - fleets, forts=fighter.forts - forts)
    lost: tuple[tuple[UnitKind, int], ...] = (("army", armies), ("fleet", fleets), ("fort", forts))
    events: list[Event] = [UnitLost(fighter.power, kind, n, "P5") for kind, n in lost if n]
    events.append(UnrestGained(fighter.power, count, "P9"))
    return changed, tuple(events)


def casualties(state: D10State, dice: Dice) -> Transition[D10State]:
    """P5: every loss without a choice is taken at once; where a power has a real choice of
    which units to lose, it chooses (all such powers at once), and its losses are taken when
    it has. P6: then the battle ends when the defending faction has no unit left, or when
    every ally whose answer could change something has been asked (`Situation.to_ask`)."""
    choosers = _choosers(state)
    waiting = {p for p in choosers if state.split_of(p) is None}
    events: list[Event] = []
    kept: list[Loss] = []
    # The losses taken go into the state together, when the box is left (one copy of it).
    changed: dict[str, Fighter] = {}
    neutral_units = state.neutral_units
    for loss in state.losses:
        if loss.power in waiting:
            kept.append(loss)
        elif loss.power is None:
            neutral_units -= loss.count
            events.append(NeutralUnitsLost(loss.count, neutral_units))
        else:
            fighter = changed.get(loss.power) or state.fighter(loss.power)
            assert fighter is not None
            chosen = state.split_of(loss.power)
            armies = army_range(fighter, loss.count)[1] if chosen is None else chosen
            changed[loss.power], lost = take_losses(fighter, loss.count, armies)
            events += lost
    fighters = tuple([changed.get(f.power, f) for f in state.fighters]) if changed \
        else state.fighters
    state = frozen.replace(state, fighters=fighters, neutral_units=neutral_units,
                           losses=tuple(kept), splits=() if not kept else state.splits)
    if kept:
        return g.LOSS_CHOICE, state, tuple(events)
    over = state.defending_units() == 0 or state.asked >= state.situation.to_ask()
    return g.RESULT if over else g.REINFORCEMENTS, state, tuple(events)


class LossChoiceBox(DecisionBox[D10State]):
    """P5: every power with both armies and fleets among its losses splits them, all at once
    (nobody's choice changes anyone else's); the default is armies first."""

    def awaited(self, state: D10State) -> tuple[str, ...]:
        return tuple(p for p in _choosers(state) if state.split_of(p) is None)

    def answered(self, state: D10State) -> tuple[str, ...]:
        return tuple(power for power, _armies in state.splits)

    def _loss(self, state: D10State, power: str) -> tuple[Fighter, int]:
        count = next(loss.count for loss in state.losses if loss.power == power)
        fighter = state.fighter(power)
        assert fighter is not None
        return fighter, count

    def accept(self, state: D10State, answer: object, *, timed_out: bool = False
               ) -> Recorded[D10State] | Message:
        if not isinstance(answer, Allocation):
            return wrong_input()
        fighter, count = self._loss(state, answer.power)
        high = army_range(fighter, count)[1]
        mobile = min(count, fighter.mobile)
        # The caps also force the least number of armies (no more fleets than it has).
        problem = allocation_problem(
            answer, mobile, {"army": high, "fleet": min(fighter.fleets, mobile)}, UNIT_LABELS)
        if problem is not None:
            return problem
        split = (answer.power, answer.of("army"))
        return frozen.replace(state, splits=(*state.splits, split)), ()

    def default(self, state: D10State, power: str) -> object:
        """P5: armies first, then fleets."""
        fighter, count = self._loss(state, power)
        high = army_range(fighter, count)[1]
        return Allocation(power, state.step,
                          (("army", high), ("fleet", min(count, fighter.mobile) - high)))

    def leave(self, state: D10State) -> Transition[D10State]:
        return g.CASUALTIES, state, ()


# --- reinforcements -----------------------------------------------------------------------------


class ReinforcementsBox(DecisionBox[D10State]):
    """P4: every ally with armies or fleets in the region is asked once, one at a time, in
    the war's turn order from the attacker on; each has a window (and a deadline) of its own.
    A defending ally who arrives joins the defending faction and the next ally is asked; an
    attacking ally who arrives fights its exchange at once (the box is left, and entered again
    for the next ally). P6: nobody is asked once the defending faction has no unit left, nor
    after the last attacking ally (`Situation.to_ask`: their answer could change nothing)."""

    sequential = True

    def awaited(self, state: D10State) -> tuple[str, ...]:
        if state.arriving is not None or state.defending_units() == 0 \
                or state.asked >= state.situation.to_ask():
            return ()
        return (state.situation.reinforcements[state.asked].power,)

    def answered(self, state: D10State) -> tuple[str, ...]:
        return tuple(answer.power for answer in state.answers)

    def accept(self, state: D10State, answer: object, *, timed_out: bool = False
               ) -> Recorded[D10State] | Message:
        if not isinstance(answer, Reinforce):
            return wrong_input()
        ally = state.situation.reinforcements[state.asked]
        problem = offer_problem(ally.power, answer.armies, answer.fleets, ally.armies,
                                ally.fleets)
        if problem is not None:
            return problem
        answers = (*state.answers, Answer(ally.power, answer.armies, answer.fleets, timed_out))
        if answer.armies + answer.fleets == 0:
            state = frozen.replace(state, asked=state.asked + 1, answers=answers)
            return state, (ReinforcementStayedOut(ally.power, ally.side, timed_out),)
        arrived = Fighter(ally.power, ally.side, "reinforcement", answer.armies, answer.fleets)
        state = frozen.replace(state, asked=state.asked + 1, answers=answers,
                               fighters=(*state.fighters, arrived),
                               arriving=ally.power if ally.side == ATTACKER else None)
        return state, (ReinforcementArrived(ally.power, ally.side, answer.armies,
                                            answer.fleets),)

    def default(self, state: D10State, power: str) -> object:
        """P4: no answer by the deadline: it stays out."""
        return Reinforce(power, state.step, 0, 0)

    def leave(self, state: D10State) -> Transition[D10State]:
        if state.arriving is not None:
            return g.REINFORCEMENT_EXCHANGE, state, ()
        return g.RESULT, state, ()


# --- the result ---------------------------------------------------------------------------------


def _may_place(markers_in_supply: int | None) -> bool:
    """L9: a control marker is placed only while the power has one left in its supply."""
    return markers_in_supply is None or markers_in_supply > 0


def taker(state: D10State) -> str | None:
    """P7: the attacker if it still has an army or a fleet in the region, otherwise the
    first attacking reinforcement (by arrival) with one; None: nobody can take the region."""
    for fighter in state.attacking():
        if fighter.mobile > 0:
            return fighter.power
    return None


def markers_in_supply(state: D10State, power: str) -> int | None:
    if power == state.situation.attacker.power:
        return state.situation.attacker.markers_in_supply
    ally = state.situation.reinforcement(power)
    return None if ally is None else ally.markers_in_supply


def result(state: D10State, dice: Dice) -> Transition[D10State]:
    """P7/P8: with the defending faction wiped out, the region changes hands; otherwise the
    defender keeps it and nothing else changes."""
    if state.defending_units() > 0:
        return g.ENDED, state, ()
    situation = state.situation
    region = situation.region.name
    gainer = taker(state)
    events: list[Event] = []
    if situation.neutral is not None:
        if gainer is not None:  # P8 (only the attacker fights a neutral)
            neutral = situation.neutral
            events.append(NeutralRemoved(region, "P8"))
            if _may_place(situation.attacker.markers_in_supply):
                events.append(ControlPlaced(gainer, region, "P8"))
            if neutral.reward == "gold" and neutral.reward_amount:
                events.append(GoldChanged(gainer, neutral.reward_amount, "P8"))
            elif neutral.reward == "vp" and neutral.reward_amount:
                events.append(VpChanged(gainer, neutral.reward_amount, "P8"))
        return g.ENDED, state, tuple(events)
    defender = situation.defender
    assert defender is not None
    if gainer is not None and defender.control_markers > 0:  # P7, L8
        events.append(ControlRemoved(defender.power, region, "P7"))
        if _may_place(markers_in_supply(state, gainer)):  # L9
            events.append(ControlPlaced(gainer, region, "P7"))
    return g.ENDED, state, tuple(events)


def ended(state: D10State) -> str:
    """P7: the attacking side wins when the defending faction has no unit left."""
    return "attacker_wins" if state.defending_units() == 0 else "defender_wins"

