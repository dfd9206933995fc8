"""G40: what each tile does. A scenario's tile names one effect from `EFFECTS`; its cost, its
copies and which effects exist at all are scenario data.

An effect is a small record of hooks: `income` (gold at each income, G50), `on_take` (what
happens when the tile is taken, G38), and the capabilities other rules ask for by name —
the attack's bonuses (`attack`: Alliance, Army and Navy Training feed the attack engine's
`Force` exactly as before), more units per Move, Colonise without population, a Build paid
in gold, one more action in a turn. `once_per_war` tiles are used once per war each and turn
back face up at the end of the war (G20).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from guerra.rules.events import Event
from guerra.rules.i18n import N_

if TYPE_CHECKING:
    from guerra.rules.game.scenario import TileSpec
    from guerra.rules.game.state import GameState

AttackBonus = Literal["alliance", "army_training", "navy_training"]
IncomeHook = Callable[["GameState", str, "TileSpec"], int]
TakeHook = Callable[["GameState", str, "TileSpec"], "tuple[GameState, tuple[Event, ...]]"]


@dataclass(frozen=True)
class TileEffect:
    name: str
    label: str  # msgid: the tile's name on screen
    text: str  # msgid: what it does, in plain words, for the market page
    needs_region: bool = False
    kept: bool = True  # False: discarded once its on_take has acted (Government Reform)
    once_per_war: bool = False
    attack: AttackBonus | None = None
    extra_moves: int = 0
    free_colonise: bool = False
    build_gold: int | None = None  # a Build paid with this much gold instead of population
    extra_action: int = 0
    income: IncomeHook | None = None
    on_take: TakeHook | None = None


def _company_income(state: GameState, power: str, tile: TileSpec) -> int:
    """+3 gold while the power has a control marker in the tile's region."""
    region = tile.region
    return 3 if region is not None and state.pieces(power, region).markers > 0 else 0


def _bank_income(state: GameState, power: str, tile: TileSpec) -> int:
    return 3


def _reform(state: GameState, power: str, tile: TileSpec) -> tuple[GameState, tuple[Event, ...]]:
    """-3 unrest when taken, never below 0."""
    from guerra.rules.game.events import UnrestReduced

    unrest = state.power(power).unrest
    relief = min(3, unrest)
    if not relief:
        return state, ()
    return state.with_power(power, unrest=unrest - relief), (UnrestReduced(power, relief),)


EFFECTS: dict[str, TileEffect] = {
    effect.name: effect
    for effect in (
        TileEffect("alliance", N_("Alliance"),
                   N_("+1 in one battle of an attack in its region."),
                   needs_region=True, attack="alliance"),
        TileEffect("army_training", N_("Army Training"),
                   N_("+1 in land battles when you hold more of them than your opponent."),
                   attack="army_training"),
        TileEffect("navy_training", N_("Navy Training"),
                   N_("+1 in naval battles when you hold more of them than your opponent."),
                   attack="navy_training"),
        TileEffect("company", N_("Company"),
                   N_("+3 gold at each income while you have a control marker in its region."),
                   needs_region=True, income=_company_income),
        TileEffect("bank", N_("Bank"), N_("+3 gold at each income."), income=_bank_income),
        TileEffect("reform", N_("Government Reform"),
                   N_("−3 unrest when taken, then discarded."), kept=False, on_take=_reform),
        TileEffect("logistics", N_("Logistics"),
                   N_("Your Move actions move up to three units."), extra_moves=1),
        TileEffect("mercenaries", N_("Mercenaries"),
                   N_("Once per war, one Build costs 2 gold instead of population."),
                   once_per_war=True, build_gold=2),
        TileEffect("colonial_office", N_("Colonial Office"),
                   N_("Colonise costs no population."), free_colonise=True),
        TileEffect("war_ministry", N_("War Ministry"),
                   N_("Once per war, one turn of three actions."),
                   once_per_war=True, extra_action=1),
    )
}


def effect_of(state: GameState, key: str) -> TileEffect:
    return EFFECTS[state.scenario.tile_by_key[key].effect]


def held_effects(state: GameState, power: str) -> tuple[tuple[str, TileEffect, int], ...]:
    """(tile key, effect, copies held) for every tile the power holds."""
    return tuple(
        (key, EFFECTS[state.scenario.tile_by_key[key].effect], count)
        for key, count in state.power(power).tiles
        if count > 0
    )


def unused(state: GameState, power: str, key: str) -> int:
    """Once-per-war copies of a tile the power may still use in this war."""
    holder = state.power(power)
    return holder.held(key) - holder.used(key)


def tile_income(state: GameState, power: str) -> tuple[tuple[str, int], ...]:
    """G50: (tile key, gold) for every held tile that gives income now."""
    parts = []
    for key, effect, count in held_effects(state, power):
        if effect.income is not None:
            gold = effect.income(state, power, state.scenario.tile_by_key[key]) * count
            if gold:
                parts.append((key, gold))
    return tuple(parts)
