"""G29-G38: the actions of a turn, each checked before it changes anything (G39).

Every function returns the new state and its events, or the reason in a `Message` with
nothing changed. Whose turn it is and how many actions are left is `rounds.py`'s business;
Move is `movement.py`, Attack `combat.py`.
"""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.events import Event, GoldChanged
from guerra.rules.game.events import ActionPassed, Built, CounterTaken, TilePlayed, TileTaken
from guerra.rules.game.inputs import Build, Colonise, PlayTile, TakeTile, Trade
from guerra.rules.game.money import cannot_pay, spend
from guerra.rules.game.state import UNIT_FIELDS, GameState, TurnState
from guerra.rules.game.tiles import EFFECTS, effect_of, held_effects, unused
from guerra.rules.i18n import Message, _, ngettext

Done = tuple[GameState, tuple[Event, ...]]


def pass_action(state: GameState, power: str) -> Done:
    """G35."""
    return state, (ActionPassed(power),)


def mercenaries(state: GameState, power: str) -> str | None:
    """A held once-per-war tile that pays a Build in gold and is unused in this war."""
    for key, effect, _count in held_effects(state, power):
        if effect.build_gold is not None and unused(state, power, key) > 0:
            return key
    return None


def build(state: GameState, order: Build) -> Done | Message:
    """G30: one unit of the supply for 1 population (or 2 gold with Mercenaries): an army or a
    fleet at home, a fort in a region where the power has a control marker."""
    power, kind = order.power, order.kind
    if kind not in UNIT_FIELDS:
        return _("Build an army, a fleet or a fort.")
    if state.supply_left(power, kind) < 1:
        return _("{power} has no {unit} left in its supply.", power=power,
                 unit=Message(_unit_label(kind)))
    if kind == "fort":
        region = order.region
        if region is None or region not in state.scenario.region_by_name:
            return _("A fort is built in a region.")
        if state.pieces(power, region).markers < 1:
            return _("A fort is built only where {power} has a control marker.", power=power)
    elif order.region is not None:
        return _("Armies and fleets are built at home.")
    paid_gold, paid_population = 0, 0
    if order.with_gold:
        key = mercenaries(state, power)
        if key is None:
            return _("{power} has no unused Mercenaries tile in this war.", power=power)
        paid_gold = EFFECTS[state.scenario.tile_by_key[key].effect].build_gold or 0
        problem = cannot_pay(state, power, paid_gold)
        if problem is not None:
            return problem
        state = spend(state, power, paid_gold)
        state = _spend_tile(state, power, key)
    else:
        paid_population = state.scenario.build_cost
        have = state.power(power).population
        if have < paid_population:
            return ngettext("Building costs {count} population: {power} has {have}.",
                            "Building costs {count} population: {power} has {have}.",
                            paid_population, power=power, have=have)
        state = state.with_power(power, population=have - paid_population)
    state = state.with_pieces(power, order.region, **{UNIT_FIELDS[kind]: 1})
    events: tuple[Event, ...] = (Built(power, kind, order.region, paid_population, paid_gold),)
    if paid_gold:
        events = (GoldChanged(power, -paid_gold, "G40"), *events)
    return state, events


def _unit_label(kind: str) -> str:
    from guerra.rules.game.events import UNIT_LABELS

    return UNIT_LABELS[kind]


def _spend_tile(state: GameState, power: str, key: str) -> GameState:
    holder = state.power(power)
    spent = dict(holder.spent)
    spent[key] = spent.get(key, 0) + 1
    return state.with_power(power, spent=tuple(sorted(spent.items())))


def take_tile(state: GameState, turn: TurnState, order: TakeTile) -> Done | Message:
    """G38: a tile still in the market, its cost paid (gold, population, unrest)."""
    power = order.power
    if turn.tile_taken:
        return _("Only one Tile action per turn.")
    tile = state.scenario.tile_by_key.get(order.tile)
    if tile is None:
        return _("There is no such tile in the market.")
    if state.copies_left(tile.key) < 1:
        return _("No copy of this tile is left in the market.")
    problem = cannot_pay(state, power, tile.gold)
    if problem is not None:
        return problem
    holder = state.power(power)
    if holder.population < tile.population:
        return ngettext("This tile costs {count} population: {power} has {have}.",
                        "This tile costs {count} population: {power} has {have}.",
                        tile.population, power=power, have=holder.population)
    effect = EFFECTS[tile.effect]
    state = spend(state, power, tile.gold).with_market(tile.key, -1)
    holder = state.power(power)
    state = state.with_power(power, population=holder.population - tile.population,
                             unrest=holder.unrest + tile.unrest)
    if effect.kept:
        tiles = dict(holder.tiles)
        tiles[tile.key] = tiles.get(tile.key, 0) + 1
        state = state.with_power(power, tiles=tuple(sorted(tiles.items())))
    events: list[Event] = [TileTaken(power, tile.key, effect.label, tile.region)]
    if tile.gold:
        events.insert(0, GoldChanged(power, -tile.gold, "G38"))
    if effect.on_take is not None:
        state, more = effect.on_take(state, power, tile)
        events += more
    return state, tuple(events)


def take_counter(state: GameState, turn: TurnState, order: Colonise | Trade) -> Done | Message:
    """G36 Colonise / G37 Trade: one of the two per turn; the counter leaves the game and the
    power puts a control marker in its region."""
    power = order.power
    if turn.special:
        return _("Only one Colonise or Trade action per turn.")
    wanted = "population" if isinstance(order, Colonise) else "trade"
    counter = state.scenario.counter_by_id.get(order.counter)
    if counter is None or counter.id not in state.face_up or counter.kind != wanted:
        if wanted == "population":
            return _("There is no such population counter face up on the map.")
        return _("There is no such trade counter face up on the map.")
    if state.markers_left(power) < 1:
        return _("{power} has no control marker left in its supply.", power=power)
    population = 0
    if isinstance(order, Trade):
        hubs = [r.name for r in state.scenario.regions if r.trade_hub]
        if not any(state.pieces(power, hub).fleets for hub in hubs):
            return _("Trade needs a fleet of {power} in {region}.", power=power,
                     region=" / ".join(hubs) or "—")
    elif not any(effect.free_colonise for _k, effect, _n in held_effects(state, power)):
        population = 1
        have = state.power(power).population
        if have < population:
            return _("Colonising costs 1 population: {power} has none.", power=power)
        state = state.with_power(power, population=have - population)
    state = frozen.replace(
        state, face_up=tuple(c for c in state.face_up if c != counter.id))
    state = state.with_pieces(power, counter.region, markers=1)
    kind = "colonise" if isinstance(order, Colonise) else "trade"
    return state, (CounterTaken(power, counter.id, counter.region, kind, population),)


def play_tile(state: GameState, turn: TurnState, order: PlayTile) -> Done | Message:
    """G40: War Ministry, once per war: this turn has one more action."""
    power = order.power
    if order.tile not in state.scenario.tile_by_key or state.power(power).held(order.tile) < 1:
        return _("{power} does not hold this tile.", power=power)
    effect = effect_of(state, order.tile)
    if not effect.extra_action:
        return _("This tile is not played on its own: it acts by itself.")
    if unused(state, power, order.tile) < 1:
        return _("This tile has already been used in this war.")
    if turn.ministry:
        return _("A turn takes at most one War Ministry.")
    state = _spend_tile(state, power, order.tile)
    played = frozen.replace(turn, actions=turn.actions + effect.extra_action, ministry=True)
    return frozen.replace(state, turn=played), (TilePlayed(power, order.tile, effect.label),)
