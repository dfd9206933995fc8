"""The choices the Stratega weighs at a decision: the Esperto's own first, then the few others
the Esperto rates nearly as well (its first looks, `value.worth` one step ahead), so that a
search spends its play-outs on choices worth comparing.

- a setup placement (G13): the placements worth most;
- an action of its turn (G29-G43): among the simple actions (Build, Colonise, Trade, a
  Tile), the best Move, the best attack and a Pass, those that look nearly as good as the
  best (`CLOSE`): the close calls;
- an auction call (G22-G24): the proposals worth most when it opens; passing, or raising
  with the proposal it prefers, when it is called;
- a decision of an attack: the answers the Esperto weighs (`expert_combat.candidates`).

A free action the Esperto sends (a Tax, a War Ministry) is no decision to search: the
Stratega sends it as the Esperto would. Every list has the Esperto's choice first and no
choice twice.
"""

from __future__ import annotations

import random

from guerra.rules.bots import expert_auction, expert_combat, expert_turn, playout
from guerra.rules.bots.value import worth
from guerra.rules.game import options, setup
from guerra.rules.game.inputs import CallPass, Pass, PlaceUnit, Propose, Raise
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

CLOSE = 1.5  # how far below the best first look an action may look and still be weighed
PLACES = 3  # setup placements weighed
PROPOSALS = 3  # proposals weighed when opening an auction call
ATTACK_FLOOR = -3.0  # an attack whose first look is worth less is not weighed
MOST = 5  # choices weighed at one decision


def of(state: GameState, power: str, chosen: object, rng: random.Random) -> list[object]:
    """The choices weighed at the decision awaited from `power`, `chosen` (the Esperto's)
    first."""
    kind = pending(state).kind
    found: list[object] = [chosen]
    if kind == "attack":
        found += expert_combat.candidates(state, power, rng)
    elif kind == "place":
        found += _places(state, power)
    elif kind in ("propose", "call"):
        found += _calls(state, power)
    elif kind == "action":
        found += _actions(state, power, rng.randrange(1 << 30))
    unique: list[object] = []
    for choice in found:
        if choice not in unique:
            unique.append(choice)
    return unique[:MOST]


def _places(state: GameState, power: str) -> list[object]:
    scored: list[tuple[float, int, PlaceUnit]] = []
    places: list[str | None] = [None, *(r.name for r in state.scenario.regions)]
    for kind in expert_turn.UNIT_KINDS:
        for where in places:
            order = PlaceUnit(power, state.step, kind, where)
            placed = setup.place(state, order)
            if isinstance(placed, tuple):
                scored.append((-worth(placed[0], power), len(scored), order))
    scored.sort(key=lambda item: item[:2])
    return [order for _score, _index, order in scored[:PLACES]]


def _calls(state: GameState, power: str) -> list[object]:
    table = state.auction
    assert table is not None
    ranked = sorted(((-expert_auction.proposal_worth(state, power, p), i, p) for i, p in
                     enumerate(expert_auction.options(state, power))), key=lambda t: t[:2])
    if table.proposal is None:
        return [Propose(power, state.step, p.a, p.b, 0) for _s, _i, p in ranked[:PROPOSALS]]
    if table.leader == power:
        return [CallPass(power, state.step)]
    found: list[object] = [CallPass(power, state.step)]
    bid = table.bid + 1
    if ranked and bid <= min(state.power(power).gold, expert_auction.BID_CAP):
        best = ranked[0][2]
        found.append(Raise(power, state.step, bid) if best == table.proposal
                     else Propose(power, state.step, best.a, best.b, bid))
    return found


def _actions(state: GameState, power: str, seed: int) -> list[object]:
    """The actions whose gain at a first look (`value.worth` one step ahead, an attack's over
    the Esperto's seeded play-outs, a Pass 0) is within `CLOSE` of the best one's, best first:
    a choice the Esperto makes by a wide margin is no close call, and is not searched."""
    base = worth(state, power)
    scored: list[tuple[float, int, object]] = [(0.0, 0, Pass(power, state.step))]
    for order in expert_turn.TurnMind._simple(state, power):
        after = playout.after(state, order)
        if after is not None:
            scored.append((worth(after, power) - base, len(scored), order))
    if options.attacks(state, power):
        attack = expert_turn.best_attack(state, power, seed, base, ATTACK_FLOOR)
        if attack is not None:
            scored.append((attack[0], len(scored), attack[1]))
    move = expert_turn.best_move(state, power, base)
    if move is not None:
        scored.append((move[0], len(scored), move[1]))
    top = max(gain for gain, _i, _order in scored)
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [order for gain, _i, order in scored if gain >= top - CLOSE]
