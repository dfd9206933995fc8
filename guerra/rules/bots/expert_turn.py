"""The Esperto in its own turn (G29-G43) and at the setup (G13): every action it may take is
tried on its own copy of the game and weighed by `value.worth`; the best one is sent.

- Build, Colonise, Trade, a Tile, a Move: applied as the rules would (`playout.after`); a Move
  with an ocean voyage loses what a storm may cost (G33: a unit in six, 1 unrest each);
- Attack: played out with seeded dice (`playout.attack_results`), the mean worth after it;
- Tax (G41) only for an action it cannot pay and that is worth the unrest: the action is
  weighed as if taxed, and the Tax goes first (once per action of a turn, so it never loops);
- a War Ministry it holds is played at the start of a turn (one more action).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from guerra.rules.bots import playout, position, value
from guerra.rules.bots.value import worth
from guerra.rules.game import movement, options, setup
from guerra.rules.game.inputs import (
    Attack,
    Move,
    Pass,
    PlaceUnit,
    PlayTile,
    TakeTile,
    Tax,
    UnitMove,
)
from guerra.rules.game.money import tax_unrest
from guerra.rules.game.scenario import UnitKind
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import held_effects, unused

STORM = 0.9  # worth lost per unit on an ocean voyage: a unit and an unrest, one time in six
ATTACK_SAMPLES = 6  # play-outs of each attack weighed
ATTACK_SHORTLIST = 2  # attacks played out, the most promising by a first look
LOOK_MARGIN = 1.5  # how far below another action's gain an attack may look and be tried
MOVE_SHORTLIST = 6  # single moves combined into two-unit Moves
UNIT_KINDS: tuple[UnitKind, ...] = ("army", "fleet", "fort")


def place(state: GameState, power: str) -> PlaceUnit:
    """G13: the unit and place worth most (armies where they can win a counter, a fleet for
    trade or transport, a fort where a marker stands threatened)."""
    best: tuple[float, PlaceUnit] | None = None
    places: list[str | None] = [None, *(r.name for r in state.scenario.regions)]
    for kind in UNIT_KINDS:
        for where in places:
            order = PlaceUnit(power, state.step, kind, where)
            placed = setup.place(state, order)
            if isinstance(placed, tuple):
                score = worth(placed[0], power)
                if best is None or score > best[0]:
                    best = (score, order)
    if best is None:
        return PlaceUnit(power, state.step, "army", None)
    return best[1]


class TurnMind:
    """The Esperto's turn: remembers the action slots it taxed for, so it taxes once each."""

    def __init__(self) -> None:
        self.taxed: set[tuple[int, int, str, int]] = set()

    def act(self, state: GameState, power: str, seed: int) -> object:
        turn = state.turn
        assert turn is not None
        ministry = self._ministry(state, power)
        if ministry is not None:
            return ministry
        base = worth(state, power)
        best_score, best = self._best(state, power, seed, base)
        slot = (state.war, state.round, power, turn.done)
        gold = state.power(power).gold
        if slot not in self.taxed and gold < 6:
            taxed = self._taxed_best(state, power, seed, base)
            if taxed is not None and taxed[0] > best_score + 0.2:
                self.taxed.add(slot)
                return Tax(power, state.step, taxed[1])
        return best

    @staticmethod
    def _ministry(state: GameState, power: str) -> PlayTile | None:
        turn = state.turn
        assert turn is not None
        if turn.ministry or turn.done:
            return None
        for key, effect, _count in held_effects(state, power):
            if effect.extra_action and unused(state, power, key) > 0:
                return PlayTile(power, state.step, key)
        return None

    def _best(self, state: GameState, power: str, seed: int, base: float
              ) -> tuple[float, object]:
        """The action worth most, with its worth's gain over `base` (a Pass gains 0)."""
        best: tuple[float, object] = (0.0, Pass(power, state.step))
        for order in self._simple(state, power):
            after = playout.after(state, order)
            if after is not None:
                score = worth(after, power) - base
                if score > best[0]:
                    best = (score, order)
        move = best_move(state, power, base)
        if move is not None and move[0] > best[0]:
            best = move
        attack = best_attack(state, power, seed, base, best[0] - LOOK_MARGIN)
        if attack is not None and attack[0] > best[0]:
            best = attack
        return best

    @staticmethod
    def _simple(state: GameState, power: str) -> Iterable[object]:
        turn = state.turn
        assert turn is not None
        yield from options.builds(state, power)
        if not turn.special:
            yield from options.counters(state, power)
        if not turn.tile_taken:
            yield from options.tiles(state, power)

    @staticmethod
    def _taxed_best(state: GameState, power: str, seed: int, base: float
                    ) -> tuple[float, int] | None:
        """The best action the power cannot pay for now (an attack, a tile), weighed as if
        it had taxed just enough for it (an even amount: an odd one costs the same unrest),
        with its worth's gain over `base` and the gold to tax."""
        turn = state.turn
        assert turn is not None
        holder = state.power(power)
        needs: dict[int, list[object]] = {}
        if holder.gold < 2:
            needs.setdefault(2 - holder.gold, []).append("attack")
        if not turn.tile_taken:
            for key, left in state.market:
                cost = state.scenario.tile_by_key[key].gold
                if left and cost > holder.gold:
                    needs.setdefault(cost - holder.gold, []).append(key)
        found: tuple[float, int] | None = None
        for short, wanted in needs.items():
            gold = short + short % 2
            taxed = state.with_power(power, gold=holder.gold + gold,
                                     unrest=holder.unrest + tax_unrest(gold))
            for want in wanted:
                if want == "attack":
                    scored = best_attack(taxed, power, seed, base, -LOOK_MARGIN)
                    score = None if scored is None else scored[0]
                else:
                    after = playout.after(taxed, TakeTile(power, state.step, str(want)))
                    score = None if after is None else worth(after, power) - base
                if score is not None and (found is None or score > found[0]):
                    found = (score, gold)
        return found


# --- Moves ------------------------------------------------------------------------------------


def _move_worth(state: GameState, power: str, moves: tuple[UnitMove, ...], base: float
                ) -> float | None:
    checked = movement.check_move(state, power, moves)
    if not isinstance(checked, tuple):
        return None
    after, routes = checked
    storms = sum(route.voyage for route in routes) if state.scenario.storms else 0
    return worth(after, power) - base - STORM * storms


def best_move(state: GameState, power: str, base: float) -> tuple[float, Move] | None:
    """G31: the best Move: each single unit's, then two (or three, with Logistics) units
    together, to one place or two, a fleet first to carry an army."""
    singles = options.unit_moves(state, power)
    if not singles:
        return None
    scored: list[tuple[float, UnitMove]] = []
    for move, _route in singles:
        score = _move_worth(state, power, (move,), base)
        if score is not None:
            scored.append((score, move))
    scored.sort(key=lambda item: -item[0])
    limit = movement.move_limit(state, power)
    tried: list[tuple[UnitMove, ...]] = []
    top = [move for _score, move in scored[:MOVE_SHORTLIST]]
    tried += [pair for pair in itertools.permutations(top, 2)]
    targets = {move.target for move in top}
    for pieces in state.of_power(power):
        for target in targets:
            if pieces.region == target:
                continue
            if pieces.fleets and pieces.armies:
                tried.append((UnitMove("fleet", pieces.region, target),
                              UnitMove("army", pieces.region, target)))
            if pieces.armies >= 2:
                tried.append((UnitMove("army", pieces.region, target),) * 2)
                if limit >= 3 and pieces.armies >= 3:
                    tried.append((UnitMove("army", pieces.region, target),) * 3)
    best = (scored[0][0], Move(power, state.step, (scored[0][1],))) if scored else None
    for moves in dict.fromkeys(tried):
        if len(moves) > limit:
            continue
        score = _move_worth(state, power, moves, base)
        if score is not None and (best is None or score > best[0]):
            best = (score, Move(power, state.step, moves))
    return best


# --- Attacks ----------------------------------------------------------------------------------


def best_attack(state: GameState, power: str, seed: int, base: float, floor: float
                ) -> tuple[float, Attack] | None:
    """G34: the attack worth most on average over seeded play-outs (the same dice for
    each, so they are compared fairly), among the few that look best at a first look
    (`value.attack_worths`) and look worth more than `floor` (what another action gains,
    less `LOOK_MARGIN`: a first look is rough)."""
    found = options.attacks(state, power)
    if not found:
        return None
    first = position.reading(state)
    looks: dict[tuple[str, int | str], float] = {}
    ranked: list[tuple[float, int, Attack]] = []
    for index, attack in enumerate(found):
        pieces = state.pieces(power, attack.region)
        if attack.region not in {key[0] for key in looks}:
            for aim, look in value.attack_worths(first, power, attack.region,
                                                 (pieces.armies, pieces.fleets)).items():
                looks[(attack.region, aim)] = look
        target: int | str = attack.counter if attack.counter is not None \
            else attack.defender or ""
        seen = looks.get((attack.region, target))
        if seen is not None and seen > floor:
            ranked.append((-seen, index, attack))
    ranked.sort()
    answer = playout.policy_for(state, power)
    best: tuple[float, Attack] | None = None
    for _look, _index, attack in ranked[:ATTACK_SHORTLIST]:
        results = playout.attack_results(state, attack, answer,
                                         range(seed, seed + ATTACK_SAMPLES))
        if not results:
            continue
        score = sum(worth(r, power) for r in results) / len(results) - base
        if best is None or score > best[0]:
            best = (score, attack)
    return best
