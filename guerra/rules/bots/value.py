"""What a game position is worth to one power, in victory points: the Esperto's yardstick.

Each power's *projected score* adds what the game will count at its end (G54-G62): its VP, the
VP its control markers win in each region at every scoring still to come (later ones weigh
a little less: markers can be lost), what its gold, income and population will buy, its units,
and the unrest penalty it is heading for (the most unrest −7, the next −4, revolution at 20).
A position's worth to a power is its own projected score less its rivals' (the best of them
counts most: only first place wins). The power deciding also counts what its armies could
win where they stand (`potential`): the neutral counters and rival markers within their reach,
and what rival armies beside its markers could take (`threat`). A finished game is worth what
its standings say (`final_worth`): the Stratega's play-outs of the game's last rounds end there.
A bot weighs many positions that differ from one another in a region or two: the figures of a
part of one (the VP in the regions, a power's projected score, an attack's first look, the
threat in a region) are kept by what they read there (`memo`), and shared.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from guerra.rules.bots import quick
from guerra.rules.bots.memo import Memo
from guerra.rules.bots.position import Reading, reading
from guerra.rules.game.scenario import RegionSpec
from guerra.rules.game.scoring import PENALTIES, REVOLUTION, score_region
from guerra.rules.game.state import GameState, Pieces, PowerState
from guerra.rules.game.tiles import tile_income

RIVAL_BEST, RIVAL_MEAN = 0.55, 0.35  # how much the best rival and the rivals' mean count
ARMY, FLEET, FORT = 0.5, 0.4, 0.3  # a unit's worth beyond its upkeep and its uses
POPULATION = 0.3  # a population point's worth beyond its income (builds, colonies)
REACH = 0.5  # the share of an attack's worth counted while its armies stand ready
NEAR = 0.25  # ...and while they stand at home, one Move away
DANGER = 0.25  # the chance a rival's units beside a marker attack it before the war ends
# Worth of holding a tile, per scoring to come, beyond what it pays (Bank, Company).
TILE_USE: Mapping[str, float] = {
    "army_training": 0.8, "navy_training": 0.2, "logistics": 0.4, "mercenaries": 0.3,
    "colonial_office": 0.6, "war_ministry": 0.9, "alliance": 0.25,
}
WIN = 10.0  # what first place is worth at the game's end, beyond the lead in VP


_VP: Memo[dict[str, float]] = Memo()


def region_vp(state: GameState, markers: Mapping[str, Mapping[str, int]]) -> dict[str, float]:
    """G54-G55: the VP each power would score in the regions now (kept by the markers)."""
    key = (state.seating, tuple((region, tuple(held.items())) for region, held in markers.items()))
    return _VP.get(state.scenario, key, _region_vp, state, markers)


def _region_vp(state: GameState, markers: Mapping[str, Mapping[str, int]]) -> dict[str, float]:
    won: dict[str, float] = dict.fromkeys(state.seating, 0.0)
    for region in state.scenario.regions:
        held = markers.get(region.name)
        if held:
            for power, _count, _place, vp in score_region(region.vp, region.places, held):
                won[power] += vp
    return won


def unrest_penalty(unrest: float, others: list[float], left: float) -> float:
    """G60-G61 as the power may expect them: the most unrest among those with any loses 7,
    the next value 4 (smoothed: the others' unrest still grows); revolution at 20."""
    if unrest <= 0:
        return 0.0
    spread = 1.0 + 3.0 * left
    rivals = sorted({u for u in others if u > 0}, reverse=True)
    top = rivals[0] if rivals else 0.0
    second = rivals[1] if len(rivals) > 1 else 0.0

    def above(level: float) -> float:
        return 1.0 / (1.0 + math.exp(-(unrest - level) / spread))

    first_place = above(top)
    penalty = PENALTIES[0] * first_place + PENALTIES[1] * max(0.0, above(second) - first_place)
    penalty += 0.25 * unrest
    if unrest >= REVOLUTION - 6:
        penalty += 2.0 * (unrest - (REVOLUTION - 7)) ** 2
    return penalty


def projected_unrest(state: GameState, left: float) -> dict[str, float]:
    """Each power's unrest as it may end: the unrest so far, grown at its pace so far."""
    played = max(0.15, 1.0 - left)
    return {p.name: p.unrest + p.unrest * min(2.0, left / played) * 0.5 for p in state.powers}


_PROJECTED: Memo[float] = Memo()


def projected(reading: Reading, power: str, vp_now: float,
              unrest: tuple[tuple[str, float], ...]) -> float:
    """A power's projected score (its potential apart), kept by what it reads: its record,
    its pieces, its VP in the regions now, every power's unrest to come, what is left of the
    game (a tile's income reads only its holder's tiles and pieces, `tiles.tile_income`)."""
    holder = reading.state.power(power)
    pieces = reading.by_power.get(power, ())
    key = (power, reading.view, holder, pieces, vp_now, unrest)
    return _PROJECTED.get(reading.state.scenario, key, _projected, reading, holder, pieces,
                          vp_now, dict(unrest))


def _projected(reading: Reading, holder: PowerState, board: tuple[Pieces, ...], vp_now: float,
               unrest: Mapping[str, float]) -> float:
    state, view, power = reading.state, reading.view, holder.name
    armies = fleets = forts = markers = 0
    for pieces in board:
        armies += pieces.armies
        fleets += pieces.fleets
        forts += pieces.forts
        markers += pieces.markers
    units = armies + fleets + forts
    income = holder.population + markers + sum(g for _k, g in tile_income(state, power)) - units
    growth = state.scenario.population_growth
    score = holder.vp + vp_now * view.scorings
    score += view.gold * holder.gold
    score += sum(weight * (income + growth * i) for i, weight in enumerate(view.incomes))
    short = max(0, -(holder.gold + income)) if view.incomes else 0
    own = unrest[power] + short / 2
    others = [u for name, u in unrest.items() if name != power]
    score -= unrest_penalty(own, others, view.left)
    if view.scorings:
        score += ARMY * armies + FLEET * fleets + FORT * forts
        score += POPULATION * holder.population
        for key, count in holder.tiles:
            effect = state.scenario.tile_by_key[key].effect
            score += TILE_USE.get(effect, 0.0) * count * view.scorings
    return score


def worth(state: GameState, power: str) -> float:
    """The position's worth to `power`: its projected score and potential, less its rivals'."""
    read = reading(state)
    view = read.view
    vp_now = region_vp(state, read.markers)
    unrest = tuple(projected_unrest(state, view.left).items())
    own = projected(read, power, vp_now[power], unrest)
    rivals = [projected(read, other, vp_now[other], unrest)
              for other in state.seating if other != power]
    if rivals:
        own -= RIVAL_BEST * max(rivals) + RIVAL_MEAN * sum(rivals) / len(rivals)
    if view.scorings:
        own += potential(read, power) - threat(read, power)
    return own


def final_worth(state: GameState, power: str) -> float:
    """A finished game's worth to `power` (G60-G62): its VP less the best other power's,
    and `WIN` more for a first place (shared or not): only first place wins."""
    rows = {row.power: row for row in state.standings}
    best = max(row.vp for name, row in rows.items() if name != power)
    return rows[power].vp - best + (WIN if rows[power].rank == 1 else 0.0)


# --- what the power's armies could win ---------------------------------------------------


def _vp_of(spec: RegionSpec, counts: Mapping[str, int], who: str) -> float:
    """The VP `who` scores in the region with these markers (G54-G55)."""
    return next((vp for p, _c, _pl, vp in score_region(spec.vp, spec.places, counts)
                 if p == who), 0.0)


def marker_gain(reading: Reading, power: str, region: str, loser: str | None = None
                ) -> float:
    """The worth to `power` of one more control marker of its own in `region` (and one less
    of `loser`'s), at every scoring to come, its income included."""
    spec = reading.state.scenario.region_by_name[region]
    view = reading.view
    held = dict(reading.markers.get(region, {}))

    before = _vp_of(spec, held, power)
    rival_before = _vp_of(spec, held, loser) if loser else 0.0
    held[power] = held.get(power, 0) + 1
    if loser is not None and held.get(loser, 0) > 0:
        held[loser] -= 1
    gain = (_vp_of(spec, held, power) - before) * view.scorings
    if loser is not None:
        gain += (rival_before - _vp_of(spec, held, loser)) * view.scorings * RIVAL_BEST
    return gain + sum(view.incomes) * 0.5


def _side(state: GameState, power: str, region: str, units: tuple[int, int, int]
          ) -> quick.Side:
    """A side of a sketch: its units in the region and its tiles."""
    armies, fleets, forts = units
    return quick.Side(armies, fleets, forts, state.held(power, "army_training"),
                      state.held(power, "navy_training"), state.held(power, "alliance", region))


_WORTHS: Memo[dict[int | str, float]] = Memo()


def attack_worths(reading: Reading, power: str, region: str, units: tuple[int, int]
                  ) -> dict[int | str, float]:
    """`attack_worths_now`, kept for what it reads of the position: the scenario, the
    counters face up, the alliances, the tiles held, the markers and the units of the
    powers with markers in `region`, what is left of the game (the dict returned is shared:
    it is read, never changed)."""
    state = reading.state
    held = reading.markers.get(region, {})
    key = (power, region, units, state.face_up, reading.view, tuple(sorted(held.items())),
           state.alliances, reading.tiles,
           tuple(state.pieces(other, region) for other in sorted(held)))
    return _WORTHS.get(state.scenario, key, attack_worths_now, reading, power, region, units)


def attack_worths_now(reading: Reading, power: str, region: str, units: tuple[int, int]
                      ) -> dict[int | str, float]:
    """What each attack `power` could declare in `region` with these armies and fleets is
    worth at a first look, by target (a counter's id, or a power with markers there): its
    chance of control (a sketch of the combat system, no allies) times what a marker is worth
    there (and the counter's reward), less its expected losses and the 2 gold."""
    armies, fleets = units
    if armies + fleets == 0:
        return {}
    state, view = reading.state, reading.view
    spec = state.scenario.region_by_name[region]
    name = state.scenario.procedure
    data = state.scenario.combat_data_of(name)
    mine = _side(state, power, region, (armies, fleets, 0))
    side = state.side_of(power)
    targets: list[tuple[int | str, quick.Shape, float]] = []
    for counter_id in state.face_up:
        counter = state.scenario.counter_by_id[counter_id]
        if counter.region != region or counter.kind != "numbered":
            continue
        reward = counter.amount * (1.0 if counter.reward == "vp" else view.gold
                                   if counter.reward == "gold" else 0.0)
        shape = quick.shape_of(name, spec.has_sea, mine, defence=counter.defence)
        targets.append((counter_id, shape, marker_gain(reading, power, region) + reward))
    for other, count in reading.markers.get(region, {}).items():
        if other == power or count == 0 or (side is not None and state.side_of(other) == side):
            continue
        theirs = state.pieces(other, region)
        shape = quick.shape_of(name, spec.has_sea, mine, _side(
            state, other, region, (theirs.armies, theirs.fleets, theirs.forts)))
        targets.append((other, shape, marker_gain(reading, power, region, other)))
    found: dict[int | str, float] = {}
    for target, shape, prize in targets:
        sketch = quick.sketch(shape, data)
        if sketch is not None:
            found[target] = sketch.win * prize - sketch.lost * (ARMY + 0.8) - 2 * view.gold
    return found


def best_attack(reading: Reading, power: str, region: str, units: tuple[int, int]) -> float:
    """The worth of the best attack of `attack_worths` (0 if none is worth anything)."""
    return max([0.0, *attack_worths(reading, power, region, units).values()])


def potential(reading: Reading, power: str) -> float:
    """What `power`'s armies and fleets could win by attacking where they stand (`REACH` of
    the best attack in each region), and from home, one Move away (`NEAR` of the best gain
    two more armies would bring to a region linked to its home)."""
    state = reading.state
    total = 0.0
    standing: dict[str, tuple[int, int]] = {}
    home_armies = 0
    for pieces in state.of_power(power):
        if pieces.region is None:
            home_armies = pieces.armies
        elif pieces.armies or pieces.fleets:
            standing[pieces.region] = (pieces.armies, pieces.fleets)
            total += REACH * best_attack(reading, power, pieces.region,
                                         (pieces.armies, pieces.fleets))
    if home_armies:
        extra = 0.0
        for region in state.scenario.power_by_name[power].home_links:
            armies, fleets = standing.get(region, (0, 0))
            now = best_attack(reading, power, region, (armies, fleets))
            more = best_attack(reading, power, region, (armies + min(2, home_armies), fleets))
            extra = max(extra, more - now)
        total += NEAR * extra
    return total


def marker_loss(reading: Reading, power: str, region: str, winner: str) -> float:
    """What `power` loses if `winner` takes one of its markers in `region` (L8): its own
    places at the scorings to come, and what the winner gains there."""
    spec = reading.state.scenario.region_by_name[region]
    held = dict(reading.markers.get(region, {}))

    before, theirs = _vp_of(spec, held, power), _vp_of(spec, held, winner)
    held[power] -= 1
    held[winner] = held.get(winner, 0) + 1
    lost = (before - _vp_of(spec, held, power)) * reading.view.scorings
    gained = (_vp_of(spec, held, winner) - theirs) * reading.view.scorings
    return lost + RIVAL_BEST * gained + sum(reading.view.incomes) * 0.5


def threat(reading: Reading, power: str) -> float:
    """What `power` may lose to the rivals whose armies stand where it has markers: for each
    one, `DANGER` times its chance to win there (a sketch against `power`'s armies, fleets
    and forts there) times the marker's worth (`marker_loss`)."""
    state = reading.state
    total = 0.0
    for region, held in reading.markers.items():
        if not held.get(power):
            continue
        pieces = reading.by_region[region]
        if not any(p.armies and p.power != power for p in pieces):
            continue
        key = (power, region, reading.view, state.alliances, reading.tiles, pieces)
        for term in _THREATS.get(state.scenario, key, region_threat, reading, power, region):
            total += term
    return total


_THREATS: Memo[tuple[float, ...]] = Memo()


def region_threat(reading: Reading, power: str, region: str) -> tuple[float, ...]:
    """`threat`'s terms in one region, rival by rival (kept by what they read: the pieces
    there, the tiles, the alliances, what is left of the game)."""
    state = reading.state
    side = state.side_of(power)
    name = state.scenario.procedure
    data = state.scenario.combat_data_of(name)
    terms: list[float] = []
    mine: quick.Side | None = None
    for pieces in reading.by_region[region]:
        rival = pieces.power
        if rival == power or not pieces.armies or (
                side is not None and state.side_of(rival) == side):
            continue
        if mine is None:
            own = state.pieces(power, region)
            mine = _side(state, power, region, (own.armies, own.fleets, own.forts))
        theirs = _side(state, rival, region, (pieces.armies, pieces.fleets, 0))
        spec = state.scenario.region_by_name[region]
        found = quick.sketch(quick.shape_of(name, spec.has_sea, theirs, mine), data)
        if found is not None:
            terms.append(DANGER * found.win * marker_loss(reading, power, region, rival))
    return tuple(terms)
