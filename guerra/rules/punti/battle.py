"""The battle of "punti": the declaration's payment, the attack roll (E6-E7), the damage
(E8), the retreat (E9), the counter-attack (E10) and the result (E11)."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.allocation import Allocation
from guerra.rules.control import Rules, region_won
from guerra.rules.declaration import DECLARATION_COST
from guerra.rules.dice import Dice
from guerra.rules.events import (
    Event,
    GoldChanged,
    UnitLost,
    UnitsEngaged,
    UnitsMoved,
    UnrestGained,
)
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import Message, _
from guerra.rules.punti import graph as g
from guerra.rules.punti.damage import (
    allocation_problem,
    apply_spread,
    default_spread,
    has_choice,
)
from guerra.rules.punti.events import (
    AttackRolled,
    CounterAttackChosen,
    CounterRolled,
    NobodyDefends,
    RegionDecided,
)
from guerra.rules.punti.inputs import CounterAttack, Retreat
from guerra.rules.punti.reinforcements import wrong_input
from guerra.rules.punti.state import PuntiState, Strike, Unit, Withdrawal

MAX_DIE = 6  # E7, E10: a target number, or a number of counter-attack dice, is at most 6


def declared(state: PuntiState, dice: Dice) -> Transition[PuntiState]:
    """D3: the attacker pays 2 gold, once, whatever happens later."""
    paid = GoldChanged(state.situation.attacker.power, -DECLARATION_COST, "D3")
    return g.ATTACK_REINFORCEMENTS, state, (paid,)


# --- the attack roll (E6-E7) ----------------------------------------------------------------------


def attack_dice(state: PuntiState) -> int:
    """E6: one die per attack point of the primary attacker and the attacking groups that
    joined; none when nobody defends (E7)."""
    if not state.standing(DEFENDER):
        return 0
    profiles = state.situation.profiles
    return sum(profiles.of(u.kind).attack for u in state.standing(ATTACKER))


def best_defence(units: tuple[Unit, ...], state: PuntiState) -> int:
    """E7/E10: the highest defence points among `units`, at most 6."""
    profiles = state.situation.profiles
    return min(MAX_DIE, max((profiles.of(u.kind).defence for u in units), default=0))


def engaged(state: PuntiState) -> tuple[Event, ...]:
    """E3: the armies and fleets that take part in this battle, per power and place: the
    primary stacks and every group that joined (the game keeps them out of the round's other
    battles). Forts and the neutral's armies never reinforce, so they are left out."""
    counts: dict[tuple[str, str | None], list[int]] = {}
    for unit in state.units:
        if unit.power is None or unit.kind == "fort":
            continue
        place = counts.setdefault((unit.power, unit.source), [0, 0])
        place[0 if unit.kind == "army" else 1] += 1
    return tuple(UnitsEngaged(power, place, armies, fleets, "E3")
                 for (power, place), (armies, fleets) in counts.items())


def attack_roll(state: PuntiState, dice: Dice) -> Transition[PuntiState]:
    """E6/E7: roll, and count the dice at the target number or more. If the defending side
    has no unit at all, nothing is rolled and the result follows (E11)."""
    events = engaged(state)
    if not state.standing(DEFENDER):
        return g.RESULT, state, (*events, NobodyDefends(state.situation.region.name))
    target = best_defence(state.standing(DEFENDER), state)
    roll = dice.roll
    faces = tuple([roll(g.SIDES) for _ in range(attack_dice(state))])
    hits = sum(1 for face in faces if face >= target)
    state = frozen.replace(state, attack=Strike(faces, target, hits))
    return g.DAMAGE, state, (*events, AttackRolled(faces, target, hits))


# --- damage (E8, and E10's) -----------------------------------------------------------------------


class DamageBox(DecisionBox[PuntiState]):
    """E8 (the defender places the attack's damage) or E10 (the attacker places the
    counter-attack's, on the primary attacker only): asked only when there is a choice;
    default: E8's order (`damage.default_spread`). A neutral never chooses."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.primary_only = side == ATTACKER
        self.rule = "E8" if side == DEFENDER else "E10"

    def strike(self, state: PuntiState) -> Strike:
        strike = state.attack if self.side == DEFENDER else state.counter
        assert strike is not None
        return strike

    def awaited(self, state: PuntiState) -> tuple[str, ...]:
        power = state.main_power(self.side)
        strike = self.strike(state)
        if power is None or strike.damage is not None or not has_choice(
                state, self.side, strike.hits, primary_only=self.primary_only):
            return ()
        return (power,)

    def accept(self, state: PuntiState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PuntiState] | Message:
        if not isinstance(answer, Allocation):
            return wrong_input()
        strike = self.strike(state)
        problem = allocation_problem(state, self.side, strike.hits, answer,
                                     primary_only=self.primary_only)
        if problem is not None:
            return problem
        return self._with(state, frozen.replace(strike, damage=tuple(
            (unit_id, n) for unit_id, n in answer.parts if n))), ()

    def _with(self, state: PuntiState, strike: Strike) -> PuntiState:
        if self.side == DEFENDER:
            return frozen.replace(state, attack=strike)
        return frozen.replace(state, counter=strike)

    def default(self, state: PuntiState, power: str) -> object:
        spread = default_spread(state, self.side, self.strike(state).hits,
                                primary_only=self.primary_only)
        return Allocation(power, state.step, spread)

    def leave(self, state: PuntiState) -> Transition[PuntiState]:
        strike = self.strike(state)
        spread = strike.damage if strike.damage is not None else default_spread(
            state, self.side, strike.hits, primary_only=self.primary_only)
        state = self._with(state, frozen.replace(strike, damage=spread))
        state, events = apply_spread(state, self.side, strike.hits, spread, self.rule)
        return (g.RETREAT if self.side == DEFENDER else g.RESULT), state, events


# --- the retreat (E9) -----------------------------------------------------------------------------


def must_retreat(state: PuntiState) -> bool:
    """E9: the primary defender still has units, but its health left is half its health at
    the start of the battle or less, and some of them are armies or fleets (forts stay). A
    neutral never retreats (E11)."""
    if state.situation.neutral is not None:
        return False
    standing = state.standing(DEFENDER, primary=True)
    if not any(u.kind != "fort" for u in standing):
        return False
    return 2 * state.health_left(standing) <= state.primary_start_health(DEFENDER)


def default_retreat(state: PuntiState) -> str | None:
    """E9: the defender's home if it is linked, else the first linked region in alphabetical
    order (`Situation.retreat_options` lists them in that order)."""
    return state.situation.retreat_options()[0]


class RetreatBox(DecisionBox[PuntiState]):
    """E9: the primary defender's armies and fleets leave the region: fleets to their home,
    armies all together to one linked region of the defender's choice (asked only when there
    are two or more; default `default_retreat`). With no land link the armies are destroyed
    (1 unrest each: they are destroyed units, E11). Forts stay."""

    def awaited(self, state: PuntiState) -> tuple[str, ...]:
        power = state.main_power(DEFENDER)
        if power is None or state.retreat_chosen or not must_retreat(state) \
                or len(state.situation.retreat_options()) < 2 \
                or not any(u.kind == "army" for u in state.standing(DEFENDER, primary=True)):
            return ()
        return (power,)

    def accept(self, state: PuntiState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PuntiState] | Message:
        if not isinstance(answer, Retreat):
            return wrong_input()
        if answer.target not in state.situation.retreat_options():
            return _("The armies cannot retreat there: it is not linked by land to {region}.",
                     region=state.situation.region.name)
        return frozen.replace(state, retreat_chosen=True, retreat_to=answer.target), ()

    def default(self, state: PuntiState, power: str) -> object:
        return Retreat(power, state.step, default_retreat(state))

    def leave(self, state: PuntiState) -> Transition[PuntiState]:
        if not must_retreat(state):
            return g.COUNTER_ATTACK, state, ()
        situation = state.situation
        region = situation.region.name
        power = situation.main_power(DEFENDER)
        assert power is not None
        options = situation.retreat_options()
        target = state.retreat_to if state.retreat_chosen else (
            options[0] if options else None)
        leaving = [u for u in state.standing(DEFENDER, primary=True) if u.kind != "fort"]
        armies = [u for u in leaving if u.kind == "army"]
        fleets = [u for u in leaving if u.kind == "fleet"]
        events: list[Event] = []
        moved = fleets + (armies if options else [])
        destroyed = [] if options else armies
        if armies and options:
            events.append(UnitsMoved(power, "army", len(armies), region, target, "E9"))
        if fleets:
            events.append(UnitsMoved(power, "fleet", len(fleets), region, None, "E9"))
        if destroyed:
            events += [UnitLost(power, "army", len(destroyed), "E9"),
                       UnrestGained(power, len(destroyed), "E11")]
        status = {u.id: "retreated" for u in moved} | {u.id: "destroyed" for u in destroyed}
        units = tuple(frozen.replace(u, status=status[u.id]) if u.id in status else u
                      for u in state.units)
        withdrawal = Withdrawal(target if armies and options else None,
                                tuple(u.id for u in moved), tuple(u.id for u in destroyed))
        state = frozen.replace(state, units=units, withdrawal=withdrawal,
                               retreat_to=withdrawal.armies_to)
        return g.COUNTER_ATTACK, state, tuple(events)


# --- the counter-attack (E10) ---------------------------------------------------------------------


def may_counter(state: PuntiState) -> bool:
    """E10: the primary defender still has an army, fleet or fort in the region (and the
    primary attacker something to hit)."""
    return state.defender_holds() and state.attacker_holds()


def counter_dice(state: PuntiState) -> int:
    """E10: one die per point of the highest defence among the defending units neither
    destroyed nor retreated, at most 6."""
    return best_defence(state.standing(DEFENDER), state)


def attacker_speed(state: PuntiState) -> int:
    """E10: the primary attacker's highest speed."""
    profiles = state.situation.profiles
    return max((profiles.of(u.kind).speed for u in state.standing(ATTACKER, primary=True)),
               default=0)


class CounterAttackBox(DecisionBox[PuntiState]):
    """E10: the defender may counter-attack (default: yes); a neutral always does."""

    def awaited(self, state: PuntiState) -> tuple[str, ...]:
        power = state.main_power(DEFENDER)
        if power is None or state.counter_chosen is not None or not may_counter(state):
            return ()
        return (power,)

    def accept(self, state: PuntiState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PuntiState] | Message:
        if not isinstance(answer, CounterAttack):
            return wrong_input()
        state = frozen.replace(state, counter_chosen=answer.attacks)
        return state, (CounterAttackChosen(answer.power, answer.attacks, timed_out),)

    def default(self, state: PuntiState, power: str) -> object:
        return CounterAttack(power, state.step, True)

    def leave(self, state: PuntiState) -> Transition[PuntiState]:
        if not may_counter(state):
            return g.RESULT, state, ()
        if state.situation.neutral is not None:
            return g.COUNTER_ROLL, state, (CounterAttackChosen(None, True),)
        return (g.COUNTER_ROLL if state.counter_chosen else g.RESULT), state, ()


def counter_roll(state: PuntiState, dice: Dice) -> Transition[PuntiState]:
    """E10: each die showing more than the primary attacker's highest speed is one damage."""
    speed = attacker_speed(state)
    roll = dice.roll
    faces = tuple([roll(g.SIDES) for _ in range(counter_dice(state))])
    hits = sum(1 for face in faces if face > speed)
    state = frozen.replace(state, counter=Strike(faces, speed, hits))
    return g.COUNTER_DAMAGE, state, (CounterRolled(faces, speed, hits),)


# --- the result (E11) -----------------------------------------------------------------------------


def attacker_wins(state: PuntiState) -> bool:
    """E11: the primary defender has no unit left in the region (destroyed or retreated) and
    the primary attacker still has an army or fleet there."""
    return not state.defender_holds() and state.attacker_holds()


def result(state: PuntiState, dice: Dice) -> Transition[PuntiState]:
    """E11 (L8-L9, N3): the attacker places a control marker and the defender loses one
    (none when it has none there); against a neutral, the counter leaves, the attacker
    places a control marker and takes the reward."""
    situation = state.situation
    if not attacker_wins(state):
        holder = None if situation.defender is None else situation.defender.power
        return g.ENDED, state, (RegionDecided(DEFENDER, holder),)
    region, attacker = situation.region.name, situation.attacker
    events: list[Event] = [RegionDecided(ATTACKER, attacker.power)]
    defender = situation.defender
    events += region_won(region, attacker.power, Rules(control="E11", neutral="E11"),
                         markers_in_supply=attacker.markers_in_supply, neutral=situation.neutral,
                         defender=defender)
    return g.ENDED, state, tuple(events)


def ended(state: PuntiState) -> str:
    return "attacker_wins" if attacker_wins(state) else "defender_wins"
