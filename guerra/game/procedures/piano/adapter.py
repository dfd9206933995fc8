"""The web layer of "piano" ("Piano e dadi", procedures/piano.md): both main players build
their plan at the same time and in secret (K3-K4), then choose their rerolls (K5) and assign
their dice (K6), each on whatever page of the game it is (the decision's prompt); the owner of
each loss chooses the order its units take the damage (K2). The odds are exact over the dice,
from what the viewer may know; before the plans are revealed only the attacker gets them, its
own plan (or the default) against the default plan of the defender, its caption saying so
(the rules' `odds_shown`, procedures/piano.md "Odds").
A side's plan, rerolls and assignment are seen by that side only until both are in: every
page reads the state through `seen_by`, and the boxes draw the events, which hold nothing
secret before it is revealed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guerra.game.procedures.base import (
    Control,
    Decision,
    OddsView,
    Partial,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.chart import Visit
from guerra.game.procedures.odds_cache import cached_odds
from guerra.game.procedures.piano import controls, show
from guerra.game.procedures.piano.data import PianoDataForm, RatingsIn
from guerra.game.text.messages import render_rules_message
from guerra.rules.odds import estimate
from guerra.rules.piano.declaration import initial_state
from guerra.rules.piano.model import Situation
from guerra.rules.piano.odds import odds_label, odds_policy, odds_shown
from guerra.rules.piano.procedure import PIANO_PROCEDURE
from guerra.rules.piano.state import PianoState

OWN_PANEL = "game/procedures/piano/_own.html"


def odds_words(seen: PianoState) -> str:
    """What the odds from `seen` assume (shown to its viewer, `odds_shown`): both plans
    revealed; before that, the attacker's plan (or the default) against the default."""
    return render_rules_message(odds_label(seen))


class PianoAdapter(ProcedureAdapter[PianoState, Situation]):
    name = "piano"
    form_fields = controls.FORM_FIELDS
    data_form = PianoDataForm  # K1-K2 in the scenario's admin page

    def kinds(self) -> tuple[str, ...]:
        return controls.KINDS_OF_DECISION

    def required(self, kind: str) -> str | None:
        return controls.REQUIRED.get(kind)

    @property
    def ratings_in(self) -> RatingsIn:
        """K1-K2 of a scenario, for the rules page (`{{ s.ratings_in|get_item:facts.rules
        }}`)."""
        return RatingsIn()

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: PianoState, power: str) -> Control | None:
        return controls.control_for(PIANO_PROCEDURE.seen_by(state, power), power)

    def to_input(self, decision: Decision, power: str) -> object:
        """Never without the state: an assignment is read against the viewer's plan."""
        raise Undecidable(decision.kind)

    def input_from(self, state: PianoState, decision: Decision, power: str) -> object:
        return controls.input_from(PIANO_PROCEDURE.seen_by(state, power), decision, power)

    # --- odds -----------------------------------------------------------------------------
    def shows_odds_to(self, state: PianoState, power: str | None) -> bool:
        """Before the plans are revealed only the attacker gets odds (its own plan against the
        default plan); once they are, everyone."""
        return self.shows_odds(state) and odds_shown(state, power)

    def _odds(self, seen: PianoState, key: object) -> OddsView:
        found = cached_odds(self.name, seen, ("seen", key),
                            lambda: estimate(PIANO_PROCEDURE, seen, odds_policy()))
        return self.odds_view(found)

    def current_odds(self, seen: PianoState) -> OddsView:
        """Exact over the dice, every decision to come at its default (`odds_policy`), from
        what the viewer may know (`seen`)."""
        return self._odds(seen, "defaults")

    def odds_caption(self, seen: PianoState) -> str:
        return odds_words(seen)

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        """The default plans of both sides (the attacker has not planned yet); the allies
        are those committed in the region (nobody is invited)."""
        state = initial_state(situation)
        assert isinstance(state, PianoState)
        opened, _events = PIANO_PROCEDURE.open(state)
        seen = PIANO_PROCEDURE.seen_by(opened, situation.attacker.power)
        return self._odds(seen, "declared"), None

    # --- what the pages show ----------------------------------------------------------------
    def forces(self, state: PianoState) -> list[dict[str, Any]]:
        return show.forces(state)

    def past_forces(self, state: PianoState, visits: list[Visit]) -> list[dict[str, Any]]:
        return show.past_forces(state, visits)

    def notes(self, state: PianoState, visits: list[Visit] | None = None) -> list[str]:
        return show.notes(state) if visits is None else []

    def private_panel(self, state: PianoState, power: str | None
                      ) -> tuple[Partial, dict[str, Any]] | None:
        """K3/K5/K6: what the viewer's side chose and the other does not know yet (its plan,
        its rerolls, its assignment while their box is open); nothing for anyone else."""
        if power is None or state.finished:
            return None
        side = state.side_of(power)
        if side is None:
            return None
        own = state.side(side)
        plan = None if state.plans_revealed or own.plan is None else \
            controls.plan_rows(state, side, own.plan)
        rerolls = None if state.rerolls_revealed or own.reroll is None else \
            [i + 1 for i in own.reroll]
        assigned = own.assignment is not None and not state.assigned
        if plan is None and rerolls is None and not assigned:
            return None
        return OWN_PANEL, {"plan": plan, "rerolls": rerolls, "assigned": assigned}

    # --- the procedure's events in the flowchart's boxes -------------------------------------
    def event_template(self, kind: str) -> str | None:
        return show.EVENT_TEMPLATES.get(kind)

    def event_details_in(self, event: Mapping[str, Any], defending: str, state: PianoState
                         ) -> dict[str, Any]:
        return show.event_details(event, state)

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        return show.event_lines(event)


ADAPTER = PianoAdapter()
