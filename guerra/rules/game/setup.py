"""G10-G14: seating, the counter pool, the setup draw and the placement of the first units."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from guerra.rules.dice import Dice, shuffled
from guerra.rules.events import Event
from guerra.rules.game.events import CountersDrawn, SeatingDrawn, SetupMarker, UnitPlaced
from guerra.rules.game.inputs import PlaceUnit
from guerra.rules.game.scenario import ScenarioRules, UnitKind, scenario_problems
from guerra.rules.game.state import UNIT_FIELDS, GameState, PowerState
from guerra.rules.i18n import Message, _

Done = tuple[GameState, tuple[Event, ...]]
MIN_POWERS, MAX_POWERS = 2, 7  # G1


def powers_problem(scenario: ScenarioRules, powers: Sequence[str]) -> Message | None:
    """G1: 2-7 seated powers of the scenario, each once."""
    if not MIN_POWERS <= len(powers) <= MAX_POWERS:
        return _("A game needs from 2 to 7 powers.")
    if len(set(powers)) != len(powers):
        return _("A power cannot sit twice.")
    for power in powers:
        if power not in scenario.power_by_name:
            return _("“{power}” is not a power of this scenario.", power=power)
    return None


def new_state(scenario: ScenarioRules, powers: Sequence[str], dice: Dice) -> Done:
    """G10: seating drawn from the game's dice; G11: the pool shuffled, war 1's counters
    drawn; then G14's fixed positions, or G12's draw of five counters per power."""
    named = tuple(p.name for p in scenario.powers if p.name in powers)
    seating = shuffled(named, dice)
    start = scenario.start
    state = GameState(
        scenario=scenario, seating=seating,
        powers=tuple(PowerState(name, start.gold, start.population, start.unrest, start.vp)
                     for name in seating),
        pool=shuffled(tuple(c.id for c in scenario.counters), dice),
        market=tuple((tile.key, tile.copies) for tile in scenario.tiles),
    )
    events: list[Event] = [SeatingDrawn(seating)]
    state, drawn = draw_counters(state)
    events += drawn
    state, placed = fixed_positions(state) if scenario.fixed_setup else setup_markers(state)
    return state, (*events, *placed)


def draw_counters(state: GameState) -> Done:
    """G11/G20: the war's counters face up in their regions (what is left, if fewer)."""
    count = state.scenario.counters_per_war
    drawn, pool = state.pool[:count], state.pool[count:]
    if not drawn:
        return state, ()
    regions = tuple(state.scenario.counter_by_id[c].region for c in drawn)
    state = dataclasses.replace(state, pool=pool, face_up=state.face_up + drawn)
    return state, (CountersDrawn(state.war, drawn, regions),)


def setup_markers(state: GameState) -> Done:
    """G12: in seating order, each power draws its counters one at a time and puts a control
    marker in the region of each; those counters leave the game."""
    events: list[Event] = []
    for power in state.seating:
        for _draw in range(state.scenario.setup_counters):
            if not state.pool or state.markers_left(power) < 1:
                break
            counter, pool = state.scenario.counter_by_id[state.pool[0]], state.pool[1:]
            state = dataclasses.replace(state, pool=pool).with_pieces(power, counter.region,
                                                                       markers=1)
            events.append(SetupMarker(power, counter.region, counter.id))
    return state, tuple(events)


def fixed_positions(state: GameState) -> Done:
    """G14: the scenario's positions and tiles, for the seated powers only (G1)."""
    seated = set(state.seating)
    for position in state.scenario.fixed_positions:
        if position.power in seated:
            state = state.with_pieces(position.power, position.region, armies=position.armies,
                                      fleets=position.fleets, forts=position.forts,
                                      markers=position.markers)
    for tile in state.scenario.fixed_tiles:
        if tile.power in seated:
            holder = state.power(tile.power)
            tiles = dict(holder.tiles)
            tiles[tile.tile] = tiles.get(tile.tile, 0) + tile.count
            state = state.with_power(tile.power, tiles=tuple(sorted(tiles.items())))
            state = state.with_market(tile.tile, -tile.count)
    return state, ()


def placements(state: GameState) -> int:
    """G13: units each power places (none with fixed positions)."""
    return 0 if state.scenario.fixed_setup else state.scenario.setup_units


def placer(state: GameState) -> str | None:
    """G13 ruling: in seating order, one unit at a time, round after round."""
    if state.placed >= placements(state) * len(state.seating):
        return None
    return state.seating[state.placed % len(state.seating)]


def place(state: GameState, order: PlaceUnit, *, timed_out: bool = False) -> Done | Message:
    """G13: any unit of the supply, in any region or at home; fleets only where there is sea,
    forts only in a region. No population is paid."""
    kind, region = order.kind, order.region
    if kind not in UNIT_FIELDS:
        return _("Place an army, a fleet or a fort.")
    if region is not None and region not in state.scenario.region_by_name:
        return _("“{region}” is not a region of this game.", region=region)
    if kind == "fort" and region is None:
        return _("A fort is placed in a region, never at home.")
    if kind == "fleet" and region is not None and not state.scenario.region(region).has_sea:
        return _("{region} has no sea: no fleet can be placed there.", region=region)
    if state.supply_left(order.power, kind) < 1:
        return _("{power} has no unit of that kind left in its supply.", power=order.power)
    state = state.with_pieces(order.power, region, **{UNIT_FIELDS[kind]: 1})
    state = dataclasses.replace(state, placed=state.placed + 1)
    return state, (UnitPlaced(order.power, kind, region, timed_out),)


def default_place(state: GameState) -> Done:
    """G13: a placement not made by its deadline puts an army at home (a fleet when no army
    is left in the supply)."""
    power = placer(state)
    assert power is not None
    kind: UnitKind = "army" if state.supply_left(power, "army") else "fleet"
    placed = place(state, PlaceUnit(power, state.step, kind, None), timed_out=True)
    if isinstance(placed, Message):  # nothing left to place: the placement is skipped
        return dataclasses.replace(state, placed=state.placed + 1), ()
    return placed


def start_problem(scenario: ScenarioRules, powers: Sequence[str]) -> Message | None:
    problems = scenario_problems(scenario)
    return problems[0] if problems else powers_problem(scenario, powers)
