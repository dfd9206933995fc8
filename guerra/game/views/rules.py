""""Come si gioca": the rules page inside the app, and each combat system's whole flowchart.

Public pages (no login): the rules are for whoever wants to read them before sitting down.
The prose is an Italian-only document (templates/game/how_to_play.html), but every number the
scenario decides is read here from the shipped scenario, and every number the code fixes from
the code, so the page cannot drift away from the rules it explains.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from guerra.game.procedures import Adapter, adapter, adapters
from guerra.game.procedures.chart import chart_view
from guerra.game.text.messages import render_rules_message
from guerra.rules.declaration import DECLARATION_COST
from guerra.rules.game.money import tax_unrest
from guerra.rules.game.scenario import RegionSpec, ScenarioRules
from guerra.rules.game.scenario_file import SCENARIOS, shipped
from guerra.rules.game.scoring import PENALTIES, REVOLUTION
from guerra.rules.game.state import TurnState
from guerra.rules.game.tiles import EFFECTS

RULES_SCENARIO = "europa_1700"  # the scenario whose numbers the page quotes


@dataclass(frozen=True)
class TileLine:
    """One kind of tile of the market, as the rules page lists it."""

    label: str
    text: str
    copies: int  # copies of each tile of the kind
    per_region: int  # 0: one kind; n: one tile for each of n regions (Alleanza, Compagnia)
    gold: int
    population: int
    unrest: int


@dataclass(frozen=True)
class RulesFacts:
    """The numbers the page quotes, each from where the game itself reads it."""

    scenario: str
    rules: ScenarioRules
    actions: int  # G29: actions in a turn
    declaration_cost: int  # D3
    tax_gold: int  # G41: gold for one unrest point
    revolution: int  # G60
    penalties: tuple[int, ...]  # G61
    europe: tuple[RegionSpec, ...]
    colonies: tuple[RegionSpec, ...]
    tiles: tuple[TileLine, ...]

    @property
    def powers(self) -> list[str]:
        return [power.name for power in self.rules.powers]

    @property
    def trade_hubs(self) -> list[str]:
        """G37: where a fleet allows Trade (Africa by default)."""
        return [region.name for region in self.rules.regions if region.trade_hub]

    @property
    def american(self) -> list[str]:
        """G33: the colonies between which a sea move is no ocean voyage."""
        return [region.name for region in self.rules.regions if region.american]

    @property
    def few_players(self) -> int:
        """The most powers that still play `rules.rounds` rounds in a war (G28)."""
        return self.rules.many_players - 1


def _tax_gold() -> int:
    """G41 as the code computes it: the most gold that one unrest point pays for."""
    gold = 1
    while tax_unrest(gold + 1) == 1:
        gold += 1
    return gold


def _tiles(rules: ScenarioRules) -> tuple[TileLine, ...]:
    lines: dict[str, TileLine] = {}
    for tile in rules.tiles:
        found = lines.get(tile.effect)
        if found is not None:  # another region's Alliance or Company tile
            lines[tile.effect] = TileLine(**{**found.__dict__,
                                             "per_region": found.per_region + 1})
            continue
        effect = EFFECTS[tile.effect]
        lines[tile.effect] = TileLine(
            label=effect.label, text=effect.text, copies=tile.copies,
            per_region=1 if tile.region is not None else 0,
            gold=tile.gold, population=tile.population, unrest=tile.unrest,
        )
    return tuple(lines.values())


@cache
def rules_facts(name: str = RULES_SCENARIO) -> RulesFacts:
    """The facts of a shipped scenario (read once: the file ships with the code)."""
    rules = shipped(name)
    title = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))["name"]
    # G29: the actions of a turn are TurnState's default (a War Ministry adds one to a turn).
    actions = next(f.default for f in fields(TurnState) if f.name == "actions")
    return RulesFacts(
        scenario=str(title),
        rules=rules,
        actions=actions if isinstance(actions, int) else 0,
        declaration_cost=DECLARATION_COST,
        tax_gold=_tax_gold(),
        revolution=REVOLUTION,
        penalties=PENALTIES,
        europe=tuple(r for r in rules.regions if r.europe),
        colonies=tuple(r for r in rules.regions if not r.europe),
        tiles=_tiles(rules),
    )


def _translated_tiles(facts: RulesFacts) -> list[TileLine]:
    """The tiles with their names and effects in the reader's language."""
    return [TileLine(**{**tile.__dict__, "label": render_rules_message(tile.label),
                        "text": render_rules_message(tile.text)}) for tile in facts.tiles]


def _system(name: str) -> Adapter:
    try:
        return adapter(name)
    except LookupError:
        raise Http404 from None


@require_GET
def rules_page(request: HttpRequest) -> HttpResponse:
    facts = rules_facts()
    return render(request, "game/how_to_play.html", {
        "facts": facts, "tiles": _translated_tiles(facts), "systems": adapters(),
    })


@require_GET
def rules_flowchart(request: HttpRequest, procedure: str) -> HttpResponse:
    """A combat system's whole flowchart, blank: every box and arrow, no attack on it."""
    system = _system(procedure)
    chart = chart_view(system.procedure, [], translate=render_rules_message,
                       describe=lambda event: "")
    return render(request, "game/rules_flowchart.html", {"system": system, "chart": chart})
