"""The toy procedure's web adapter: the attacker's one decision (charge or hold back) with its
form and its words, the odds, the forces, and its die drawn in the flowchart's box.

Its partials live beside it (tests/toy_procedure/templates), outside the project's template
folders: it loads them itself and hands the pages the templates, which `{% include %}` takes
as it takes a name.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from django.template import engines
from django.template.backends.django import Template

from guerra.game.procedures.base import (
    Control,
    Decision,
    FormField,
    OddsView,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.chart import Visit
from guerra.game.procedures.odds_cache import cached_odds
from guerra.rules.cursor import Cursor
from guerra.rules.odds import estimate
from tests.toy_procedure.rules import (
    CHARGE,
    DECLARED,
    TOY,
    WIN_FROM,
    Charge,
    DieRolled,
    Situation,
    ToyState,
)

PARTIALS = Path(__file__).resolve().parent / "templates"


@cache
def partial(name: str) -> Template:
    template = engines["django"].from_string((PARTIALS / name).read_text(encoding="utf-8"))
    assert isinstance(template, Template)
    return template


def charging(state: ToyState, power: str) -> Charge:
    return Charge(power, state.step, True)


class ToyAdapter(ProcedureAdapter[ToyState, Situation]):
    name = "toy"
    form_fields = (FormField("charge", "Carica", choices=("1", "0")),)

    def kinds(self) -> tuple[str, ...]:
        return ("charge",)

    def required(self, kind: str) -> str | None:
        return "charge" if kind == "charge" else None

    @property
    def rules_template(self) -> Template:
        return partial("_rules.html")

    def control_for(self, state: ToyState, power: str) -> Control | None:
        if state.finished or power not in state.awaiting or state.cursor.node != CHARGE:
            return None
        return Control("charge", state.step, partial("_charge.html"), side="attacker")

    def to_input(self, decision: Decision, power: str) -> object:
        if decision.kind != "charge":
            raise Undecidable(decision.kind)
        return Charge(power, decision.step, decision.value("charge", "") in (True, "1"))

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        opened, _events = TOY.open(ToyState(Cursor(node=DECLARED), situation))
        found = cached_odds(self.name, opened, "declared",
                            lambda: estimate(TOY, opened, charging))
        return self.odds_view(found), None

    def forces(self, state: ToyState) -> list[dict[str, Any]]:
        """The two sides as declared, less the army the die took."""
        loser = (state.defender if state.face >= WIN_FROM else state.attacker) \
            if state.face else None
        return self._rows(state, [loser] if loser else [])

    def past_forces(self, state: ToyState, visits: list[Visit]) -> list[dict[str, Any]]:
        """The two sides as declared, less the armies lost in the visits shown."""
        return self._rows(state, [str(event.get("power")) for visit in visits
                                  for event in visit.events if event.get("type") == "unit_lost"])

    def _rows(self, state: ToyState, lost: list[str]) -> list[dict[str, Any]]:
        situation = state.situation
        rows: list[dict[str, Any]] = [
            {"power": force.power, "side": side, "ally": False, "armies": force.armies,
             "fleets": force.fleets, "forts": force.forts}
            for side, force in (("attacker", situation.attacker),
                                ("defender", situation.defender)) if force is not None]
        for row in rows:
            if row["power"] in lost and row["armies"]:
                row["armies"] -= 1
        return rows

    def event_template(self, kind: str) -> Template | None:
        return partial("_event_die.html") if kind == DieRolled.type else None

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        return 1 if event.get("type") == DieRolled.type else None


ADAPTER = ToyAdapter()
