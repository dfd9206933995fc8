"""What a power may do now: the actions of its turn with the reason for those it may not
take, where each unit may go, what it may attack, build, take. Pages draw their buttons from
these and the robot picks from them; each is computed with the very checks `advance` makes,
so an option offered is an input accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from guerra.rules.flowchart import get_procedure
from guerra.rules.game import actions, combat, movement
from guerra.rules.game.inputs import Attack, Build, Colonise, TakeTile, Trade, UnitMove
from guerra.rules.game.machine import pending
from guerra.rules.game.movement import Route
from guerra.rules.game.scenario import MOBILE, MobileKind
from guerra.rules.game.state import GameState, TurnState
from guerra.rules.i18n import Message, _

ACTION_NAMES = ("build", "move", "attack", "pass", "tile", "colonise", "trade")


def _turn(state: GameState, power: str) -> TurnState | None:
    waiting = pending(state)
    if waiting.kind != "action" or power not in waiting.powers:
        return None
    return state.turn


def builds(state: GameState, power: str) -> tuple[Build, ...]:
    """G30: every Build the power may make now (forts: per region with its marker)."""
    candidates = [Build(power, state.step, "army"), Build(power, state.step, "fleet")]
    candidates += [Build(power, state.step, "fort", p.region)
                   for p in state.of_power(power) if p.region is not None and p.markers]
    if actions.mercenaries(state, power) is not None:
        candidates += [Build(power, b.step, b.kind, b.region, with_gold=True)
                       for b in list(candidates)]
    return tuple(b for b in candidates if not isinstance(actions.build(state, b), Message))


def destinations(state: GameState, power: str, kind: str, source: str | None
                 ) -> tuple[tuple[str | None, Route], ...]:
    """G32/G33: where one army or fleet of the power in `source` may go in a Move, and how
    (by land, by sea, on an ocean voyage with its storm risk)."""
    if kind not in MOBILE:
        return ()
    mobile: MobileKind = "army" if kind == "army" else "fleet"
    if state.pieces(power, source).count(mobile) < 1:
        return ()
    places: list[str | None] = [None, *(r.name for r in state.scenario.regions)]
    found = []
    for target in places:
        if target == source:
            continue
        route = movement.route(state, power, UnitMove(mobile, source, target))
        if isinstance(route, Route):
            found.append((target, route))
    return tuple(found)


def unit_moves(state: GameState, power: str) -> tuple[tuple[UnitMove, Route], ...]:
    """Every single-unit move the power could start a Move with."""
    moves = []
    for pieces in state.of_power(power):
        for kind in MOBILE:
            if pieces.count(kind):
                for target, route in destinations(state, power, kind, pieces.region):
                    moves.append((UnitMove(kind, pieces.region, target), route))
    return tuple(moves)


def attacks(state: GameState, power: str) -> tuple[Attack, ...]:
    """G34/D1-D4/N0: every declaration the procedure would accept now."""
    procedure = get_procedure(state.scenario.procedure)
    found = []
    for pieces in state.of_power(power):
        region = pieces.region
        if region is None or not (pieces.armies or pieces.fleets):
            continue
        targets = [Attack(power, state.step, region, defender=other.power)
                   for other in state.in_region(region) if other.power != power]
        targets += [Attack(power, state.step, region, counter=c) for c in state.face_up
                    if state.scenario.counter_by_id[c].region == region
                    and state.scenario.counter_by_id[c].kind == "numbered"]
        for attack in targets:
            situation = combat.situation(state, attack)
            if not isinstance(situation, Message) and procedure.refusal(situation) is None:
                found.append(attack)
    return tuple(found)


def tiles(state: GameState, power: str) -> tuple[TakeTile, ...]:
    """G38: the tiles the power may take and pay for now."""
    turn = _turn(state, power) or TurnState(power)
    return tuple(
        TakeTile(power, state.step, key) for key, left in state.market
        if left and not isinstance(actions.take_tile(state, turn,
                                                     TakeTile(power, state.step, key)), Message)
    )


def counters(state: GameState, power: str) -> tuple[Colonise | Trade, ...]:
    """G36/G37: the counters the power may colonise or trade now."""
    turn = _turn(state, power) or TurnState(power)
    found: list[Colonise | Trade] = []
    for counter in state.face_up:
        kind = state.scenario.counter_by_id[counter].kind
        order: Colonise | Trade
        if kind == "population":
            order = Colonise(power, state.step, counter)
        elif kind == "trade":
            order = Trade(power, state.step, counter)
        else:
            continue
        if not isinstance(actions.take_counter(state, turn, order), Message):
            found.append(order)
    return tuple(found)


Menu = tuple[tuple[str, Message | None], ...]


@dataclass(frozen=True)
class TurnOptions:
    """Everything a power may do now, each computed once: the menu of its turn's actions and
    the builds, moves, attacks and counters the pages offer (the panel and the region cards
    draw from the same)."""

    menu: Menu
    builds: tuple[Build, ...]
    moves: tuple[tuple[UnitMove, Route], ...]
    attacks: tuple[Attack, ...]
    counters: tuple[Colonise | Trade, ...]


def turn_options(state: GameState, power: str) -> TurnOptions:
    found = TurnOptions((), builds(state, power), unit_moves(state, power),
                        attacks(state, power), counters(state, power))
    return replace(found, menu=_menu(state, power, found))


def menu(state: GameState, power: str) -> Menu:
    """G29/G39: each action of a turn, with None when it can be taken now, else the reason."""
    if _turn(state, power) is None:
        return _not_your_turn(power)
    return turn_options(state, power).menu


def _not_your_turn(power: str) -> Menu:
    reason = _("It is not {power}'s turn to act.", power=power)
    return tuple((name, reason) for name in ACTION_NAMES)


def _menu(state: GameState, power: str, found: TurnOptions) -> Menu:
    turn = _turn(state, power)
    if turn is None:
        return _not_your_turn(power)
    checks: dict[str, Message | None] = {
        "build": None if found.builds else _why_no_build(state, power),
        "move": None if found.moves else _("No unit of {power} can move.", power=power),
        "attack": None if found.attacks else _why_no_attack(state, power),
        "pass": None,
        "tile": _why_no_tile(state, turn, power),
        "colonise": None if any(isinstance(o, Colonise) for o in found.counters)
        else _why_no_counter(state, turn, Colonise(power, state.step, -1)),
        "trade": None if any(isinstance(o, Trade) for o in found.counters)
        else _why_no_counter(state, turn, Trade(power, state.step, -1)),
    }
    return tuple((name, checks[name]) for name in ACTION_NAMES)


def _why_no_build(state: GameState, power: str) -> Message:
    refused = actions.build(state, Build(power, state.step, "army"))
    return refused if isinstance(refused, Message) else _("Nothing can be built now.")


def _why_no_attack(state: GameState, power: str) -> Message:
    if state.power(power).gold < 2:
        return _("Declaring an attack costs 2 gold.")
    return _("{power} has no army or fleet in a region with something to attack.",
             power=power)


def _why_no_tile(state: GameState, turn: TurnState, power: str) -> Message | None:
    if turn.tile_taken:
        return _("Only one Tile action per turn.")
    if tiles(state, power):
        return None
    return _("No tile left in the market that {power} can pay for now.", power=power)


def _why_no_counter(state: GameState, turn: TurnState, order: Colonise | Trade
                    ) -> Message:
    if turn.special:
        return _("Only one Colonise or Trade action per turn.")
    wanted = "population" if isinstance(order, Colonise) else "trade"
    for counter in state.face_up:
        if state.scenario.counter_by_id[counter].kind == wanted:
            refused = actions.take_counter(state, turn, type(order)(order.power, order.step,
                                                                    counter))
            if isinstance(refused, Message):
                return refused
    if wanted == "population":
        return _("No population counter is face up on the map.")
    return _("No trade counter is face up on the map.")
