"""G31-G33: the Move action: land links, sea moves, carried armies, ocean voyages, storms.

A Move is checked whole before anything happens, as if every unit arrived (a fleet moved
earlier in the action counts at its destination); only then are the storm dice rolled, so a
refused Move never rolls a die and costs nothing (G39).
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.dice import Dice
from guerra.rules.events import Event, UnrestGained
from guerra.rules.game.events import LostAtSea, Moved, StormRolled
from guerra.rules.game.inputs import UnitMove
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import held_effects
from guerra.rules.i18n import Message, _, ngettext

BASE_MOVES = 2  # G31


@dataclass(frozen=True)
class Route:
    by_sea: bool
    voyage: bool  # G33: an ocean voyage rolls for storms


def move_limit(state: GameState, power: str) -> int:
    """G31: two units; Logistics (G40) makes it three."""
    bonus = max((effect.extra_moves for _k, effect, _n in held_effects(state, power)), default=0)
    return BASE_MOVES + bonus


def in_europe(state: GameState, place: str | None) -> bool:
    """A home is in Europe; a region is in Europe or a colony (G5)."""
    return place is None or state.scenario.region(place).europe


def ocean_voyage(state: GameState, source: str | None, target: str | None) -> bool:
    """G33: between Europe and a colony, or between two colonies not both in the American
    block."""
    if in_europe(state, source) != in_europe(state, target):
        return True
    if in_europe(state, source):
        return False
    assert source is not None and target is not None
    return not (state.scenario.region(source).american and state.scenario.region(target).american)


def land_linked(state: GameState, power: str, source: str | None, target: str | None) -> bool:
    """G32: region-region links, and the links of the power's own home."""
    if source is None or target is None:
        other = target if source is None else source
        return other in state.scenario.power_by_name[power].home_links
    return (source, target) in state.scenario.links


def _has_sea(state: GameState, place: str | None) -> bool:
    return place is None or state.scenario.region(place).has_sea


def route(state: GameState, power: str, move: UnitMove) -> Route | Message:
    """How one unit may go from its place to the target on the board as it stands, or why
    it may not. `state` already holds the units moved earlier in the same action."""
    source, target = move.source, move.target
    for place in (source, target):
        if place is not None and place not in state.scenario.region_by_name:
            return _("“{region}” is not a region of this game.", region=place)
    if source == target:
        return _("A unit must move to another place.")
    if move.kind == "fleet":
        if not _has_sea(state, source) or not _has_sea(state, target):
            return _("A fleet moves only between places with sea.")
        return Route(by_sea=True, voyage=ocean_voyage(state, source, target))
    if land_linked(state, power, source, target):
        return Route(by_sea=False, voyage=False)
    return _army_by_sea(state, power, source, target)


def _army_by_sea(state: GameState, power: str, source: str | None,
                 target: str | None) -> Route | Message:
    """G32: an army goes by sea to a region with sea where its power has a fleet on arrival;
    home from a region with sea where its power has a fleet."""
    if not _has_sea(state, source):
        assert source is not None  # a home always has a port
        return _("From {source} no land link leads there, and it has no sea.", source=source)
    if target is None:
        if state.pieces(power, source).fleets == 0:
            return _("An army goes home by sea only from a region where its power has a "
                     "fleet.")
        return Route(by_sea=True, voyage=ocean_voyage(state, source, target))
    if not _has_sea(state, target):
        return _("No land link leads to {target}, which has no sea.", target=target)
    if state.pieces(power, target).fleets == 0:
        return _("An army goes by sea only to a region where its power has a fleet "
                 "(a fleet moved earlier in the same action counts).")
    return Route(by_sea=True, voyage=ocean_voyage(state, source, target))


def check_move(state: GameState, power: str, moves: tuple[UnitMove, ...]
               ) -> tuple[GameState, tuple[Route, ...]] | Message:
    """G31: the whole Move checked in order; returns the board with every unit arrived."""
    limit = move_limit(state, power)
    if not moves:
        return _("Choose at least one unit to move.")
    if len(moves) > limit:
        return ngettext("A Move moves at most {count} unit.", "A Move moves at most {count} units.",
                        limit)
    start = state
    taken: dict[tuple[str, str | None], int] = {}
    routes = []
    for move in moves:
        if move.kind not in ("army", "fleet"):
            return _("Only armies and fleets move; forts never do.")
        key = (move.kind, move.source)
        taken[key] = taken.get(key, 0) + 1
        if move.source is not None and move.source not in state.scenario.region_by_name:
            return _("“{region}” is not a region of this game.", region=move.source)
        # Each unit moves once: only units there when the action began may leave.
        if taken[key] > start.pieces(power, move.source).count(move.kind):
            return _("{power} has not that many units there to move: each unit moves once.",
                     power=power)
        found = route(state, power, move)
        if isinstance(found, Message):
            return found
        routes.append(found)
        field = "armies" if move.kind == "army" else "fleets"
        state = state.with_pieces(power, move.source, **{field: -1})
        state = state.with_pieces(power, move.target, **{field: 1})
    return state, tuple(routes)


def do_move(state: GameState, power: str, moves: tuple[UnitMove, ...], dice: Dice
            ) -> tuple[GameState, tuple[Event, ...]] | Message:
    """G31-G33: move, then roll one storm die per unit on an ocean voyage (1: lost at sea)."""
    checked = check_move(state, power, moves)
    if isinstance(checked, Message):
        return checked
    state, routes = checked
    events: list[Event] = []
    for move, found in zip(moves, routes, strict=True):
        events.append(Moved(power, move.kind, move.source, move.target, found.by_sea,
                            found.voyage))
        if not (found.voyage and state.scenario.storms):
            continue
        die = dice.roll()
        if die != 1:
            events.append(StormRolled(power, move.kind, die))
            continue
        field = "armies" if move.kind == "army" else "fleets"
        state = state.with_pieces(power, move.target, **{field: -1})
        state = state.with_power(power, unrest=state.power(power).unrest + 1)
        events += [LostAtSea(power, move.kind, move.target, die), UnrestGained(power, 1, "G33")]
    return state, tuple(events)
