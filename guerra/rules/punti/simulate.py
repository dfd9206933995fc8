"""A direct simulator of a "punti" battle (procedures/punti.md, E6-E11) for its Monte Carlo
odds: the same battle as the flowchart's boxes (guerra.rules.punti.battle and .damage), played
on plain ints and lists (`play`, some twenty times faster than the engine). `estimate` plays
each sequence of hits once and draws each roll's hits at once from their binomial law
(`seeded_roll`): some microseconds a battle, against the engine's half millisecond.

Coverage: from a state at the attack roll or any later box (the damage, the retreat, the
counter-attack, its roll, its damage, the result, or the end), with the players' later
decisions as the odds assume them: E8's default spread, E9's retreat (where the armies go
changes neither the outcome nor any unit's fate, only whether they have a place to go), E10's
counter-attack as `counter_attacks` says (default yes; a neutral always counter-attacks). An
answer the state already records at its box (a spread placed, a counter-attack chosen) is
honoured. The reinforcements (E3-E5) are not simulated: they roll no dice, so the engine
answers them once before the battles are sampled (`guerra.rules.punti.odds.punti_odds`).
Control markers, gold and unrest (E11, L8-L9, N3) are no part of the odds and are left out.

Its agreement with the engine (outcome, every unit's health left and fate, the dice used) for
the same dice is tested over thousands of random situations in
tests/rules/punti/test_simulate.py.

Why each side's default spread can be ordered once per battle: the defender's units take
damage only at E8 and the primary attacker's only at E10's damage, so each side's health left
when its damage is placed is the state's; and E8's order, point by point the least health left
first, finishes a unit before it starts the next (the unit hit keeps the lowest key of its
kind), the primary stack before the reinforcements.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from fractions import Fraction
from math import comb

from guerra.rules.dice import Dice
from guerra.rules.forces import DEFENDER
from guerra.rules.odds import MONTE_CARLO_SEED, Estimate
from guerra.rules.punti import graph as g
from guerra.rules.punti.damage import KIND_ORDER, order_key
from guerra.rules.punti.state import PuntiState, Spread

# The boxes, in the order a battle passes them.
ROLL, DAMAGE, RETREAT, COUNTER, COUNTER_ROLL, COUNTER_DAMAGE, RESULT, ENDED = range(8)
PHASES = {g.ATTACK_ROLL: ROLL, g.DAMAGE: DAMAGE, g.RETREAT: RETREAT, g.COUNTER_ATTACK: COUNTER,
          g.COUNTER_ROLL: COUNTER_ROLL, g.COUNTER_DAMAGE: COUNTER_DAMAGE, g.RESULT: RESULT,
          g.ENDED: ENDED}
ARMY, FLEET, FORT = KIND_ORDER["army"], KIND_ORDER["fleet"], KIND_ORDER["fort"]
STANDING, DESTROYED, RETREATED = 0, 1, 2
STATUSES = ("standing", "destroyed", "retreated")
MAX_DIE = 6
ATTACKER_WINS, DEFENDER_WINS = "attacker_wins", "defender_wins"

# A roll: `roll(n, low)` rolls n six-sided dice and says how many show `low` or more.
Roll = Callable[[int, int], int]
# A battle played: its outcome, then each unit's health left and status (`STATUSES`).
Played = tuple[str, list[int], list[int]]


class Battle:
    """The battle from one state, as lists indexed like `PuntiState.units`: what every sample
    starts from (it is never changed by a sample)."""

    __slots__ = ("attack", "attack_dice", "attacker_order", "counter_attacks", "defence",
                 "defender_order", "defender_start", "defenders", "defending", "hits", "ids",
                 "kind", "left", "neutral", "outcome", "phase", "primary", "primary_attackers",
                 "primary_defenders", "retreat_place", "speed", "spread", "status", "target")

    def __init__(self, state: PuntiState, *, counter_attacks: bool = True) -> None:
        node = state.cursor.node
        if node not in PHASES:
            raise ValueError(f"punti's simulator starts at the attack roll or later, "
                             f"not at {node}")
        situation, units = state.situation, state.units
        profiles = [situation.profiles.of(kind) for kind in KIND_ORDER]
        self.attack = [p.attack for p in profiles]
        self.defence = [p.defence for p in profiles]
        self.speed = [p.speed for p in profiles]
        self.ids = [u.id for u in units]
        self.defending = [u.side == DEFENDER for u in units]
        self.primary = [u.primary for u in units]
        self.kind = [KIND_ORDER[u.kind] for u in units]
        self.left = [u.left for u in units]
        self.status = [STATUSES.index(u.status) for u in units]
        self.phase = ENDED if state.cursor.finished else PHASES[node]
        self.outcome = state.cursor.outcome
        self.neutral = situation.neutral is not None
        self.retreat_place = bool(situation.retreat_options())
        self.counter_attacks = counter_attacks if state.counter_chosen is None \
            else state.counter_chosen
        self.defender_start = sum(u.health for u in units if u.side == DEFENDER and u.primary)
        every = range(len(units))
        self.defenders = [i for i in every if self.defending[i]]
        self.primary_defenders = [i for i in self.defenders if self.primary[i]]
        self.primary_attackers = [i for i in every if self.primary[i] and not self.defending[i]]
        standing = [i for i, u in enumerate(units) if u.standing and u.left > 0]
        self.defender_order = _order(state, [i for i in standing if self.defending[i]])
        self.attacker_order = _order(state, [i for i in standing if not self.defending[i]
                                             and self.primary[i]])
        # E6/E7: nothing changes the units between the state and its attack roll.
        self.attack_dice = sum(self.attack[self.kind[i]] for i in self.standing(False))
        defenders = self.standing(True)
        self.target = self.best_defence(defenders) if defenders else -1  # -1: nobody defends
        # At a damage box: the hits to place, and the spread already placed (None: default).
        strike = state.attack if self.phase == DAMAGE else \
            state.counter if self.phase == COUNTER_DAMAGE else None
        self.hits = 0 if strike is None else strike.hits
        self.spread = None if strike is None or strike.damage is None else \
            _indexed(self.ids, strike.damage)

    def standing(self, defending: bool) -> list[int]:
        """The units of one side neither destroyed nor retreated (in the state)."""
        return [i for i, s in enumerate(self.status) if s == STANDING
                and self.defending[i] == defending]

    def best_defence(self, units: list[int]) -> int:
        """E7/E10: the highest defence points among `units`, at most 6."""
        return min(MAX_DIE, max((self.defence[self.kind[i]] for i in units), default=0))


def _order(state: PuntiState, indices: list[int]) -> list[int]:
    """E8: the default order of the units that may take damage: the primary stack first,
    then the reinforcements, each by `damage.order_key` (kind, health left, order named)."""
    units = state.units
    return sorted(indices, key=lambda i: (not units[i].primary, order_key(units[i])))


def _indexed(ids: list[str], spread: Spread) -> list[tuple[int, int]]:
    return [(ids.index(unit_id), points) for unit_id, points in spread]


def play(battle: Battle, roll: Roll) -> Played:
    """E6-E11: one battle from `battle`'s state with the dice `roll` gives."""
    left, status = battle.left[:], battle.status[:]
    phase = battle.phase
    if phase == ENDED:
        assert battle.outcome is not None
        return battle.outcome, left, status
    hits = battle.hits
    if phase == ROLL:
        if battle.target < 0:  # E7: nobody defends, nothing is rolled
            phase = RESULT
        else:
            hits = roll(battle.attack_dice, battle.target)
            phase = DAMAGE
    if phase == DAMAGE:
        spread = battle.spread if battle.phase == DAMAGE else None
        place_damage(left, status, hits, spread, battle.defender_order)
        phase = RETREAT
    if phase == RETREAT:
        retreat(battle, left, status)
        phase = COUNTER
    if phase == COUNTER:
        phase = COUNTER_ROLL if counter_follows(battle, status) else RESULT
    if phase == COUNTER_ROLL:
        hits = counter_roll(battle, status, roll)
        phase = COUNTER_DAMAGE
    if phase == COUNTER_DAMAGE:
        spread = battle.spread if battle.phase == COUNTER_DAMAGE else None
        place_damage(left, status, hits, spread, battle.attacker_order)
    return result(battle, status), left, status


def place_damage(left: list[int], status: list[int], hits: int,
                 spread: list[tuple[int, int]] | None, order: list[int]) -> None:
    """E8 (and E10's damage): the spread placed (`spread`, already checked by its box) or,
    None, E8's default: each unit in `order` takes points until destroyed; points beyond
    every unit are lost. A unit at 0 is destroyed."""
    if spread is not None:
        for i, points in spread:
            left[i] -= points
            if left[i] <= 0:
                status[i] = DESTROYED
        return
    for i in order:
        if hits <= 0:
            return
        if status[i] != STANDING or left[i] <= 0:
            continue
        taken = min(hits, left[i])
        hits -= taken
        left[i] -= taken
        if left[i] == 0:
            status[i] = DESTROYED


def retreat(battle: Battle, left: list[int], status: list[int]) -> None:
    """E9: if the primary defender still has an army or fleet but its health left is half its
    health at the start or less, its armies and fleets leave: fleets home, armies to a linked
    region or, with none, destroyed. Forts stay; a neutral never retreats (E11)."""
    if battle.neutral:
        return
    kind = battle.kind
    standing = [i for i in battle.primary_defenders if status[i] == STANDING]
    leaving = [i for i in standing if kind[i] != FORT]
    if not leaving or 2 * sum(left[i] for i in standing) > battle.defender_start:
        return
    for i in leaving:
        status[i] = RETREATED if battle.retreat_place or kind[i] == FLEET else DESTROYED


def counter_follows(battle: Battle, status: list[int]) -> bool:
    """E10: a counter-attack comes when the primary defender still has a unit in the region,
    the primary attacker too, and the defender chooses it (a neutral always does)."""
    if not (_holds(battle, status, True) and _holds(battle, status, False)):
        return False
    return battle.neutral or battle.counter_attacks


def counter_roll(battle: Battle, status: list[int], roll: Roll) -> int:
    """E10: one die per point of the best defence among the defenders still standing (at
    most 6); each showing more than the primary attacker's highest speed is one damage."""
    kind = battle.kind
    dice = battle.best_defence([i for i in battle.defenders if status[i] == STANDING])
    speed = max((battle.speed[kind[i]] for i in battle.primary_attackers
                 if status[i] == STANDING), default=0)
    return roll(dice, speed + 1) if dice else 0


def result(battle: Battle, status: list[int]) -> str:
    """E11: the attacker wins when the primary defender has no unit left in the region and
    the primary attacker still has one."""
    wins = not _holds(battle, status, True) and _holds(battle, status, False)
    return ATTACKER_WINS if wins else DEFENDER_WINS


def _holds(battle: Battle, status: list[int], defending: bool) -> bool:
    for i in battle.primary_defenders if defending else battle.primary_attackers:
        if status[i] == STANDING:
            return True
    return False


# --- dice and odds -----------------------------------------------------------------------------


def seeded_roll(seed: int = MONTE_CARLO_SEED) -> Roll:
    """E6/E10's dice from `random.Random(seed)`: the hits of n dice, each showing `low` or
    more with probability (7 - low) / 6, drawn at once from their binomial law (one uniform
    draw against the law's cumulative table, made once per number of dice and `low`): the
    same law as n dice rolled one by one, at the cost of one."""
    draw = random.Random(seed).random
    tables: dict[tuple[int, int], list[float]] = {}

    def roll(n: int, low: int) -> int:
        table = tables.get((n, low))
        if table is None:
            table = tables[(n, low)] = _cumulative(n, low)
        return bisect_right(table, draw())

    return roll


def _cumulative(n: int, low: int) -> list[float]:
    """P(at most k hits) for k = 0..n, n dice each hitting at `low` or more (exactly 1 at n)."""
    hit = Fraction(min(MAX_DIE, max(0, MAX_DIE + 1 - low)), MAX_DIE)
    total, table = Fraction(0), []
    for k in range(n + 1):
        total += comb(n, k) * hit**k * (1 - hit) ** (n - k)
        table.append(float(total))
    table[-1] = 1.0
    return table


def dice_roll(dice: Dice) -> Roll:
    """E6/E10's dice from a `guerra.rules.dice.Dice` (scripted in the tests), one face per die
    in order, as the engine's boxes roll them."""

    def roll(n: int, low: int) -> int:
        return sum(1 for _ in range(n) if dice.roll(g.SIDES) >= low)

    return roll


class _Replay:
    """A `Roll` giving back the hits of earlier rolls, in order, and noting the roll after
    them (its dice and lowest face that hits) instead of rolling it."""

    def __init__(self, hits: tuple[int, ...]) -> None:
        self.hits = hits
        self.used = 0
        self.next: tuple[int, int] | None = None

    def __call__(self, n: int, low: int) -> int:
        if self.used < len(self.hits):
            self.used += 1
            return self.hits[self.used - 1]
        if self.next is None:
            self.next = (n, low)
        return 0


def after(battle: Battle, hits: tuple[int, ...]) -> tuple[int, int] | str:
    """E6-E11: what follows rolls that gave `hits` (the attack roll's, the counter-attack's):
    the next roll (its dice and lowest face that hits), or the outcome."""
    replay = _Replay(hits)
    outcome = play(battle, replay)[0]
    return outcome if replay.next is None else replay.next


def estimate(state: PuntiState, samples: int, *, counter_attacks: bool = True,
             seed: int = MONTE_CARLO_SEED) -> Estimate:
    """E6-E11's odds from `state` (at the attack roll or later): `samples` battles with
    seeded dice, as a Monte Carlo `Estimate` (sample size, 95% interval).

    A battle is a function of the hits its rolls give (every decision after them takes its
    default), so each sequence of hits is played once (`after`) and a sample only draws its
    dice: the same figures as `play` for every sample, at a fraction of the time."""
    if samples < 1:
        raise ValueError("a Monte Carlo estimate needs at least one sample")
    battle = Battle(state, counter_attacks=counter_attacks)
    roll = seeded_roll(seed)
    following: dict[tuple[int, ...], tuple[int, int] | str] = {}
    wins = 0
    for _ in range(samples):
        hits: tuple[int, ...] = ()
        while True:
            found = following.get(hits)
            if found is None:
                found = following[hits] = after(battle, hits)
            if isinstance(found, str):
                break
            hits += (roll(*found),)
        if found == ATTACKER_WINS:
            wins += 1
    counts = {ATTACKER_WINS: wins, DEFENDER_WINS: samples - wins}
    return Estimate(tuple((k, Fraction(n, samples)) for k, n in sorted(counts.items()) if n),
                    samples)
