"""Checks that span several rows of a scenario, shared by the JSON import and the admin.

Single rows check themselves (`Model.clean`); here are the sums (starting positions within the
supply, starting tiles within the market), links that must stay inside one scenario, and the
rules' own verdict on the whole (`scenario_problems`), all as Italian sentences.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from guerra.game.models import (
    Scenario,
    ScenarioLandLink,
    ScenarioPower,
    ScenarioRegion,
    ScenarioTile,
)
from guerra.game.scenarios.export import UNIT_FIELDS
from guerra.game.scenarios.rules import scenario_grammar, scenario_rules
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.scenario import scenario_problems
from guerra.rules.i18n import Grammar, name_form


def supply_problems(
    scenario: Scenario,
    positions: Sequence[tuple[str, Mapping[str, int]]] | None = None,
    starting_tiles: Sequence[tuple[str, ScenarioTile, int]] | None = None,
) -> list[str]:
    """G3/G14: starting positions fit in each power's supply, starting tiles in the market.

    `positions` and `starting_tiles` default to what is saved; the admin passes its form values.
    """
    if positions is None:
        positions = [
            (p.power.name, {f: getattr(p, f) for f in UNIT_FIELDS})
            for p in scenario.starting_positions.select_related("power")
        ]
    if starting_tiles is None:
        starting_tiles = [
            (s.power.name, s.tile, s.count)
            for s in scenario.starting_tiles.select_related("power", "tile__region")
        ]
    limits = {
        "armies": (scenario.armies_per_power, _("armies")),
        "fleets": (scenario.fleets_per_power, _("fleets")),
        "forts": (scenario.forts_per_power, _("forts")),
        "control_markers": (scenario.control_markers_per_power, _("control markers")),
    }
    names = scenario_grammar(scenario) if scenario.pk else {}  # a scenario being added
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for power, counts in positions:
        totals[power].update({k: v for k, v in counts.items() if k in limits})
    problems = []
    for power, counts in sorted(totals.items()):
        for field, (limit, label) in limits.items():
            if counts[field] > limit:
                text = _("Starting positions of %(power)s: %(count)d %(what)s, more than the "
                         "supply of %(limit)d.")
                problems.append(text % {
                    "power": name_form(power, names.get(power, Grammar()), "di"),
                    "count": counts[field], "what": label, "limit": limit})
    handed_out: Counter[int] = Counter()
    tile_by_pk: dict[int, ScenarioTile] = {}
    for _power, tile, count in starting_tiles:
        handed_out[tile.pk] += count
        tile_by_pk[tile.pk] = tile
    for pk, count in handed_out.items():
        tile = tile_by_pk[pk]
        if count > tile.count:
            problems.append(
                _(
                    "%(count)d “%(tile)s” tiles are handed out at the start, but the box holds "
                    "%(limit)d."
                )
                % {"count": count, "tile": str(tile), "limit": tile.count}
            )
    return problems


def foreign_region_problems(scenario: Scenario) -> list[str]:
    """G32: land links and home links join regions of this scenario only."""
    problems = []
    for link in ScenarioLandLink.objects.filter(scenario=scenario).exclude(
        region_a__scenario=scenario, region_b__scenario=scenario
    ):
        problems.append(
            _("The land link %(link)s joins a region of another scenario.") % {"link": link}
        )
    foreign = ScenarioRegion.objects.exclude(scenario=scenario)
    for name in (
        ScenarioPower.objects.filter(scenario=scenario, home_links__in=foreign)
        .order_by("order")
        .values_list("name", flat=True)
        .distinct()
    ):
        problems.append(
            _("The home of %(power)s is linked to a region of another scenario.")
            % {"power": name}
        )
    return problems


def scenario_check(scenario: Scenario) -> list[str]:
    """Everything wrong with a saved scenario as a whole; empty when a game can use it."""
    problems = foreign_region_problems(scenario) + supply_problems(scenario)
    if problems:
        return problems
    names = scenario_grammar(scenario)
    # One line per distinct problem: three powers with fleets in one landlocked region are one.
    return list(
        dict.fromkeys(
            render_rules_message(message, names)
            for message in scenario_problems(scenario_rules(scenario))
        )
    )
