"""G50-G53: income, maintenance, population. Pure functions on small values, so the game
machine and the `war-end` command compute them the same way."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from guerra.rules.events import Event
from guerra.rules.game.events import IncomeReport, PopulationGrew
from guerra.rules.game.money import pay
from guerra.rules.game.state import GameState, IncomeLine
from guerra.rules.game.tiles import EFFECTS, tile_income
from guerra.rules.i18n import N_

POPULATION = N_("population")
MARKERS = N_("control markers")
MAINTENANCE = N_("maintenance")


@dataclass(frozen=True)
class Economy:
    """What income needs of a power (G50-G53)."""

    power: str
    gold: int
    population: int
    unrest: int
    units: int  # armies, fleets and forts on the map and at home (G51)
    markers: int  # control markers on the map (G50)
    tiles: tuple[tuple[str, int], ...] = ()  # (label msgid, gold) per income tile


@dataclass(frozen=True)
class Income:
    """The outcome of G50-G53 for one power, with its breakdown for the war-end report."""

    power: str
    income: int
    maintenance: int
    parts: tuple[tuple[str, int], ...]  # (label msgid, gold): +population, +markers, ...
    taxed_gold: int
    taxed_unrest: int
    gold: int
    population: int
    unrest: int


def income_of(economy: Economy, growth: int) -> Income:
    """G50 income, then G51 maintenance (G52: in that order, a shortfall taxed), G53 growth."""
    income = economy.population + economy.markers + sum(g for _l, g in economy.tiles)
    parts = [(POPULATION, economy.population), (MARKERS, economy.markers), *economy.tiles,
             (MAINTENANCE, -economy.units)]
    payment = pay(economy.gold + income, economy.units)
    return Income(
        power=economy.power, income=income, maintenance=economy.units,
        parts=tuple((label, gold) for label, gold in parts if gold),
        taxed_gold=payment.taxed_gold, taxed_unrest=payment.taxed_unrest, gold=payment.gold,
        population=economy.population + growth, unrest=economy.unrest + payment.taxed_unrest,
    )


def economy_of(state: GameState, power: str) -> Economy:
    holder = state.power(power)
    tiles = tuple((EFFECTS[state.scenario.tile_by_key[key].effect].label, gold)
                  for key, gold in tile_income(state, power))
    units = sum(state.in_play(power, kind) for kind in ("army", "fleet", "fort"))
    return Economy(power, holder.gold, holder.population, holder.unrest, units,
                   state.markers_on_map(power), tiles)


def income_phase(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """G50-G53 for every power, in seating order."""
    events: list[Event] = []
    lines = list(state.incomes)
    growth = state.scenario.population_growth
    for power in state.seating:
        result = income_of(economy_of(state, power), growth)
        state = state.with_power(power, gold=result.gold, population=result.population,
                                 unrest=result.unrest)
        lines.append(IncomeLine(state.war, power, result.parts, result.taxed_gold,
                                result.taxed_unrest, result.gold, result.population))
        events.append(IncomeReport(power, result.parts, result.taxed_gold, result.taxed_unrest,
                                   result.gold))
        if growth:
            events.append(PopulationGrew(power, growth, result.population))
    return dataclasses.replace(state, incomes=tuple(lines)), tuple(events)
