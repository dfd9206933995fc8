"""G34: the Attack action runs the game's combat procedure in one region.

The game builds an `Engagement` from its own state (units in the region, tiles held,
alliances of the current war, the counter attacked), which the game's procedure (seed 004,
"d10"...: `ScenarioRules.procedure`, chosen with the game) turns into its own situation; it
starts the attack, forwards the players' inputs to it, and applies the effects it reports
(losses, unrest, control markers, counter rewards, gold, units moved) to the board as they
come. The turn waits until the attack ends. Nothing here knows a procedure by name.
"""

from __future__ import annotations

import json
from typing import Any

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import (
    AttackEnded,
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    UnitLost,
    UnitLostElsewhere,
    UnitsEngaged,
    UnitsMoved,
    UnrestGained,
    VpChanged,
)
from guerra.rules.flowchart import Procedure, Refused, Timeout, get_procedure
from guerra.rules.forces import (
    ATTACKER,
    DEFENDER,
    AllyForce,
    Engagement,
    Force,
    LinkedForce,
    Neutral,
    Region,
    Side,
)
from guerra.rules.game.events import AttackBegan, HandsDealt
from guerra.rules.game.inputs import Attack
from guerra.rules.game.refusal import Rejected
from guerra.rules.game.state import HOME, UNIT_FIELDS, AttackInProgress, GameState
from guerra.rules.i18n import Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj


def procedure_of(state: GameState) -> Procedure[Any, Any]:
    """The combat procedure of this game (the scenario's, or the one chosen with the game)."""
    return get_procedure(state.scenario.procedure)


def force(state: GameState, power: str, region: str) -> Force:
    """A main player as the attack engine sees it (Alliance and Training tiles, L9 supply)."""
    pieces = state.pieces(power, region)
    return Force(
        power=power, gold=state.power(power).gold, armies=pieces.armies, fleets=pieces.fleets,
        forts=pieces.forts, army_training=state.held(power, "army_training"),
        navy_training=state.held(power, "navy_training"),
        alliance_tiles=state.held(power, "alliance", region),
        control_markers=pieces.markers, markers_in_supply=state.markers_left(power),
    )


def allies(state: GameState, main: str, region: str, exclude: set[str]) -> tuple[AllyForce, ...]:
    """A1: the main player's allies in this war with armies or fleets in the region, in
    slot (= turn) order, which is also the commitment order of M5/L6."""
    side = state.side_of(main)
    found = []
    for power in state.slot_order():
        pieces = state.pieces(power, region)
        if power in exclude or side is None or state.side_of(power) != side:
            continue
        if pieces.armies or pieces.fleets:
            found.append(AllyForce(power, pieces.armies, pieces.fleets))
    return tuple(found)


def links(state: GameState, region: str) -> tuple[str, ...]:
    """G32: the regions linked by land to `region`, alphabetical."""
    return tuple(sorted(b for a, b in state.scenario.links if a == region))


def homes_linked(state: GameState, region: str) -> tuple[str, ...]:
    """G32: the powers of the game, in seating order, whose home is linked by land to `region`."""
    specs = {power.name: power for power in state.scenario.powers}
    return tuple(power for power in state.seating
                 if power in specs and region in specs[power].home_links)


# The farthest, in land links, that any procedure's units may reinforce from (punti's E3
# range is at most 3).
REACH = 3


def linked(state: GameState, region: str, sides: dict[str, Side]) -> tuple[
        tuple[Side, LinkedForce], ...]:
    """The armies and fleets of both sides' powers within `REACH` land links (G32), nearest
    first (`LinkedForce.distance`): at each distance the regions in alphabetical order, then
    the homes linked to a region one link nearer (`region` None), in seating order. A home is
    an end: nothing lies beyond it."""
    found: list[tuple[Side, LinkedForce]] = []
    seen, frontier, homes = {region}, [region], set[str]()
    for distance in range(1, REACH + 1):
        nearer = sorted({b for a in frontier for b in links(state, a)} - seen)
        for b in nearer:
            for pieces in state.in_region(b):
                side = sides.get(pieces.power)
                if side is not None and (pieces.armies or pieces.fleets):
                    found.append((side, LinkedForce(pieces.power, b, pieces.armies,
                                                    pieces.fleets, distance)))
        for power in state.seating:
            side = sides.get(power)
            if power in homes or side is None or not any(
                    power in homes_linked(state, a) for a in frontier):
                continue
            homes.add(power)
            home = state.pieces(power, HOME)
            if home.armies or home.fleets:
                found.append((side, LinkedForce(power, HOME, home.armies, home.fleets,
                                                distance)))
        seen.update(nearer)
        frontier = nearer
    return tuple(found)


def engagement(state: GameState, attack: Attack) -> Engagement | Message:
    """What the game knows of an Attack action, for any procedure, or why it names no valid
    target (D4)."""
    spec = state.scenario.region_by_name.get(attack.region)
    if spec is None:
        return _("“{region}” is not a region of this game.", region=attack.region)
    region = Region(spec.name, spec.has_sea)
    attacker = force(state, attack.power, spec.name)
    if (attack.defender is None) == (attack.counter is None):
        return _("An attack needs exactly one target: a power or a neutral marker.")
    if attack.counter is not None:
        counter = state.scenario.counter_by_id.get(attack.counter)
        if (counter is None or counter.id not in state.face_up or counter.region != spec.name
                or counter.kind != "numbered"):
            return _("There is no such neutral marker in {region}.", region=spec.name)
        amount = counter.amount if counter.reward is not None else None
        return Engagement(region, attacker, neutral=Neutral(counter.defence, counter.reward,
                                                            amount),
                          turn_order=state.slot_order(), markers_left=_markers(state),
                          procedure_data=_data(state), memory=memory_of(state),
                          **_board_facts(state, spec.name))
    defender = attack.defender
    assert defender is not None
    if not state.is_power(defender):
        return _("“{power}” is not a power of this game.", power=defender)
    same = state.side_of(attack.power) is not None and (
        state.side_of(attack.power) == state.side_of(defender))
    both = {attack.power, defender}
    invited: list[tuple[Side, AllyForce]] = []
    sides: dict[str, Side] = {}
    if not same:
        sides = {p: ATTACKER if state.side_of(p) == state.side_of(attack.power) else DEFENDER
                 for p in state.slot_order() if state.side_of(p) is not None}
        found = {a.power: (ATTACKER, a) for a in allies(state, attack.power, spec.name, both)}
        found |= {a.power: (DEFENDER, a) for a in allies(state, defender, spec.name, both)}
        invited = [found[p] for p in state.slot_order() if p in found]
    return Engagement(
        region, attacker, force(state, defender, spec.name), allies=tuple(invited),
        turn_order=state.slot_order(), defender_is_ally=same and attack.power != defender,
        markers_left=_markers(state), linked=linked(state, spec.name, sides),
        procedure_data=_data(state), memory=memory_of(state),
        **_board_facts(state, spec.name),
    )


def _board_facts(state: GameState, region: str) -> dict[str, Any]:
    """What every engagement says of the board around the region and of this round (G32)."""
    return {"links": links(state, region), "homes_linked": homes_linked(state, region),
            "engaged": state.engaged}


def _data(state: GameState) -> Obj:
    return state.scenario.combat_data_of(state.scenario.procedure)


def memory_of(state: GameState) -> dict[str, JSON]:
    """The game's combat memory (`GameState.combat_memory`) as JSON: {} when there is none."""
    if state.combat_memory == "{}":
        return {}
    value = json.loads(state.combat_memory)
    return value if isinstance(value, dict) else {}


def with_memory(state: GameState, memory: Obj) -> GameState:
    """The game with this combat memory, as canonical JSON text ("{}" for none)."""
    text = json.dumps(memory, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return state if text == state.combat_memory else frozen.replace(
        state, combat_memory=text)


def war_begins(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """G20: a war begins: the combat system updates its memory (deals hands of cards) with
    the game's dice; when it changed, everyone hears the hands' sizes (`HandsDealt`), never
    their cards."""
    procedure = procedure_of(state)
    memory = procedure.war_begins(_data(state), memory_of(state), state.seating, dice)
    after = with_memory(state, memory)
    if after.combat_memory == state.combat_memory:
        return state, ()
    sizes = procedure.memory_seen_by(memory, None).get("hand_sizes")
    counts = sizes if isinstance(sizes, dict) else {}
    dealt = tuple((power, count) for power in state.seating
                  if isinstance(count := counts.get(power), int))
    return after, (HandsDealt(state.war, dealt),) if dealt else ()


def _markers(state: GameState) -> tuple[tuple[str, int], ...]:
    return tuple((power, state.markers_left(power)) for power in state.seating)


def situation(state: GameState, attack: Attack) -> Any:
    """The game's procedure's situation for an Attack action, or why it names no valid
    target (D4)."""
    found = engagement(state, attack)
    if isinstance(found, Message):
        return found
    return procedure_of(state).from_engagement(found)


def declare(state: GameState, attack: Attack, dice: Dice
            ) -> tuple[GameState, tuple[Event, ...]] | Message:
    """D1-D4, N0 are the procedure's; an accepted declaration pays (D3) and runs on."""
    found = situation(state, attack)
    if isinstance(found, Message):
        return found
    procedure = procedure_of(state)
    outcome = procedure.declare(found, dice)
    if isinstance(outcome, Refused):
        return outcome.reason
    number = state.attacks + 1
    running = AttackInProgress(number, attack.power, attack.region, outcome.state,
                               attack.defender, attack.counter)
    state = frozen.replace(state, attack=running, attacks=number)
    began = AttackBegan(number, attack.power, attack.region, attack.defender, attack.counter)
    return apply_effects(state, running, outcome.events), (began, *outcome.events)


def answer(state: GameState, given: object, dice: Dice
           ) -> tuple[GameState, tuple[Event, ...]] | Rejected:
    """An input of the attack under way (or its timeout), forwarded to the procedure; a
    refusal keeps the procedure's code (stale, repeated, not yours, invalid)."""
    running = state.attack
    assert running is not None
    outcome = procedure_of(state).advance(running.state, given, dice)
    if isinstance(outcome, Refused):
        return Rejected(outcome.reason, outcome.code)
    running = frozen.replace(running, state=outcome.state)
    state = frozen.replace(state, attack=running)
    return apply_effects(state, running, outcome.events), outcome.events


def timeout(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]] | Rejected:
    running = state.attack
    assert running is not None
    return answer(state, Timeout(running.state.step), dice)


def split_attack_events(events: tuple[Event, ...], *, answered: bool
                        ) -> tuple[tuple[Event, ...], tuple[Event, ...], tuple[Event, ...]]:
    """The events of one accepted input as (before the attack, the attack's own, after it).

    An Attack action's events are its AttackBegan, then the procedure's; an input that
    `answered` the attack under way (a decision or its timeout) starts with the procedure's.
    The procedure's end with its AttackEnded when the attack is over; what follows (the next
    turn, the next phases) is the game's again.
    """
    start = next((i + 1 for i, e in enumerate(events) if isinstance(e, AttackBegan)),
                 0 if answered else None)
    if start is None:
        return events, (), ()
    end = next((i + 1 for i, e in enumerate(events) if i >= start and isinstance(e, AttackEnded)),
               len(events))
    return events[:start], events[start:end], events[end:]


def apply_effects(state: GameState, running: AttackInProgress, events: tuple[Event, ...]
                  ) -> GameState:
    """The effect events of the procedure, applied to the board (G34); the procedure
    remembers what it needs of them (cards played) in the game's combat memory."""
    region = running.region
    if events:
        state = with_memory(state, procedure_of(state).remember(memory_of(state), events))
    for event in events:
        if isinstance(event, GoldChanged):
            state = state.with_power(event.power, gold=state.power(event.power).gold + event.delta)
        elif isinstance(event, VpChanged):
            state = state.with_power(event.power, vp=state.power(event.power).vp + event.delta)
        elif isinstance(event, UnrestGained):
            state = state.with_power(event.power,
                                     unrest=state.power(event.power).unrest + event.amount)
        elif isinstance(event, UnitLost):
            state = state.with_pieces(event.power, region,
                                      **{UNIT_FIELDS[event.kind]: -event.count})
        elif isinstance(event, UnitLostElsewhere):
            state = state.with_pieces(event.power, event.source,
                                      **{UNIT_FIELDS[event.kind]: -event.count})
        elif isinstance(event, UnitsEngaged):
            state = frozen.replace(state, engaged=(
                *state.engaged, (event.power, event.place, event.armies, event.fleets)))
        elif isinstance(event, ControlPlaced):
            state = state.with_pieces(event.power, region, markers=1)
        elif isinstance(event, ControlRemoved):
            state = state.with_pieces(event.power, region, markers=-1)
        elif isinstance(event, UnitsMoved):
            field = UNIT_FIELDS[event.kind]
            state = state.with_pieces(event.power, event.source, **{field: -event.count})
            state = state.with_pieces(event.power, event.target, **{field: event.count})
        elif isinstance(event, NeutralRemoved):
            state = frozen.replace(
                state, face_up=tuple(c for c in state.face_up if c != running.counter))
    return state
