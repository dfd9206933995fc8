"""A scenario's rows as the rules read them: the frozen `ScenarioRules` (game-rules.md §1) and the
Italian grammar of its names. Built when a game starts, so the game keeps its own copy.

The rows are read through the scenario's JSON export, with the very reader the rules use for
a scenario file: a scenario in the database and its exported file always mean the same game.
"""

from __future__ import annotations

from guerra.game.models import Scenario
from guerra.game.scenarios.export import export_scenario
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.scenario_file import read_scenario
from guerra.rules.i18n import Grammar


def scenario_rules(scenario: Scenario) -> ScenarioRules:
    """The rules' frozen view of a saved scenario. Counters are numbered 1..N in region order,
    then in the order they were created; powers and regions keep their order."""
    return read_scenario(export_scenario(scenario))


def scenario_grammar(scenario: Scenario) -> dict[str, Grammar]:
    """How Italian uses each power's and region's name ("alla Francia", "in Africa")."""
    names = {p.name: Grammar(p.article, p.bare_in) for p in scenario.powers.all()}
    names.update({r.name: Grammar(r.article, r.bare_in) for r in scenario.regions.all()})
    return names
