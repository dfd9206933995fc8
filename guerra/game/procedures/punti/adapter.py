"""The web layer of "punti" ("Punti d'attacco e difesa", procedures/punti.md): the main
players name their reinforcements (E4/E5) and each ally named answers in its own window, on
whatever page of the game it is (the invitation); the defender spreads the damage (E8),
chooses where its armies retreat (E9) and whether to counter-attack (E10), the attacker spreads
the counter-attack's damage; the odds are a Monte Carlo estimate (sample size and 95% margin),
kept per attack step; the dice and damage are drawn in the flowchart's boxes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.procedures.base import (
    Control,
    Decision,
    Invitation,
    InvitedAlly,
    OddsView,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.chart import Visit
from guerra.game.procedures.odds_cache import cached_odds
from guerra.game.procedures.punti import controls, show
from guerra.game.procedures.punti.data import PuntiDataForm
from guerra.game.procedures.punti.profiles import ProfilesIn
from guerra.rules.explore import Policy
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.odds import Estimate
from guerra.rules.punti import graph as g
from guerra.rules.punti.declaration import initial_state
from guerra.rules.punti.inputs import Consent, Group, Name
from guerra.rules.punti.model import Situation
from guerra.rules.punti.odds import punti_odds
from guerra.rules.punti.procedure import PUNTI_PROCEDURE, next_to_ask, policy
from guerra.rules.punti.state import PuntiState

# The battles a page's estimate plays (a 95% margin of at most about 1 point): the rules'
# simulator plays them in some tens of milliseconds, when a step's page is first drawn.
WEB_SAMPLES = 10_000


def _estimate(state: PuntiState, make: Policy[PuntiState]) -> Estimate:
    """`punti_odds`: the decisions up to the next roll as `make` answers them, the later ones
    at their defaults (what every policy of this adapter answers there)."""
    return punti_odds(state, make, samples=WEB_SAMPLES)


def _choosing(node: str, answer: Any) -> Policy[PuntiState]:
    """The odds' policy with `answer(state, power)` given at the box `node` (the option of a
    decision) and everything else at the defaults."""
    base = policy(name_all=False, agree=False)

    def answering(state: PuntiState, power: str) -> object:
        if state.cursor.node == node:
            return answer(state, power)
        return base(state, power)

    return answering


def _naming_all(side: Side) -> Any:
    def answer(state: PuntiState, power: str) -> object:
        return Name(power, state.step, tuple(Group(c.power, c.source, c.armies, c.fleets)
                                             for c in state.situation.candidates_of(side)))
    return answer


class PuntiAdapter(ProcedureAdapter[PuntiState, Situation]):
    name = "punti"
    ally_kind = controls.CONSENT
    form_fields = controls.FORM_FIELDS
    data_form = PuntiDataForm  # E1's profiles in the scenario's admin page

    def kinds(self) -> tuple[str, ...]:
        return controls.KINDS

    def required(self, kind: str) -> str | None:
        return controls.REQUIRED.get(kind)

    @property
    def profiles_in(self) -> ProfilesIn:
        """E1's profiles of a scenario, for the rules page (`{{ s.profiles_in|get_item:
        facts.rules }}`)."""
        return ProfilesIn()

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: PuntiState, power: str) -> Control | None:
        return controls.control_for(self.procedure, state, power)

    def to_input(self, decision: Decision, power: str) -> object:
        """Never without the state: its forms name groups and units by their row."""
        raise Undecidable(decision.kind)

    def input_from(self, state: PuntiState, decision: Decision, power: str) -> object:
        return controls.input_from(state, decision, power)

    # --- odds -----------------------------------------------------------------------------
    def odds(self, state: PuntiState, key: Hashable, make: Callable[[], Policy[PuntiState]]
             ) -> OddsView:
        """A Monte Carlo estimate of `WEB_SAMPLES` battles (`punti_odds`), kept per attack
        step and key."""
        found = cached_odds(self.name, state, key, lambda: _estimate(state, make()))
        return self.odds_view(found)

    def current_odds(self, seen: PuntiState) -> OddsView:
        """Every decision to come at its default: nobody named, allies asked refuse (what
        their deadlines do), E8's spread, E9's place, E10's counter-attack."""
        return self.odds(seen, "defaults", lambda: policy(name_all=False, agree=False))

    def choice_odds(self, seen: PuntiState, control: Control, power: str
                    ) -> list[tuple[str, OddsView]]:
        """Naming: everything and every ally agreeing, or nobody; an ally: agreeing or
        refusing. Where the damage or the armies go changes the page's odds too little to show
        beside them, and the counter-attack none at all: it comes only while the defender
        holds the region and strikes the attacker's units only (E10), so who holds the region
        is the same either way."""
        node = seen.cursor.node
        if control.kind == controls.NAME:
            side: Side = ATTACKER if control.side == ATTACKER else DEFENDER
            everything = _choosing(node, _naming_all(side))

            def agreeing(state: PuntiState, power: str) -> object:
                if state.cursor.node in controls.CONSENTING:
                    return Consent(power, state.step, True)
                return everything(state, power)

            return [(_("If you name every unit and every ally agrees"),
                     self.odds(seen, ("name", "all"), lambda: agreeing)),
                    (_("If you name nobody"), self.current_odds(seen))]
        if control.kind == controls.CONSENT:
            return [(_("If you agree"), self._consent_odds(seen, True)),
                    (_("If you refuse"), self._consent_odds(seen, False))]
        return []

    def _consent_odds(self, seen: PuntiState, agrees: bool) -> OddsView:
        """The ally asked now agrees or refuses; the allies after it refuse (their default)."""
        asked = seen.step

        def answer(state: PuntiState, power: str) -> object:
            return Consent(power, state.step, agrees and state.step == asked)

        return self.odds(seen, ("consent", agrees),
                         lambda: _choosing(seen.cursor.node, answer))

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        """Alone (the attacker names nobody, the defender nobody) and, when allies of the
        attacker may reinforce, with the attacker naming every unit and every ally agreeing."""
        state = initial_state(situation)
        assert isinstance(state, PuntiState)
        opened, _events = PUNTI_PROCEDURE.open(state)
        attacker = situation.attacker.power

        def with_all(state: PuntiState, power: str) -> object:
            if state.cursor.node == g.ATTACK_REINFORCEMENTS:
                return _naming_all(ATTACKER)(state, power)
            if state.cursor.node == g.ATTACK_CONSENT:
                return Consent(power, state.step, True)
            return policy(name_all=False, agree=False)(state, power)

        def found(key: str, make: Policy[PuntiState]) -> OddsView:
            return self.odds_view(cached_odds(self.name, opened, ("declared", key),
                                              lambda: _estimate(opened, make)))

        alone = found("alone", policy(name_all=False, agree=False))
        allies = any(c.power != attacker for c in situation.candidates_of(ATTACKER))
        return alone, found("all", with_all) if allies else None

    # --- what the pages show ----------------------------------------------------------------
    def invited_powers(self, situation: Situation) -> list[str]:
        """E4: the allies the attacker may name (it chooses on the attack's page)."""
        found: list[str] = []
        for c in situation.candidates_of(ATTACKER):
            if c.power != situation.attacker.power and c.power not in found:
                found.append(c.power)
        return found

    def forces(self, state: PuntiState) -> list[dict[str, Any]]:
        return show.forces(state)

    def past_forces(self, state: PuntiState, visits: list[Visit]) -> list[dict[str, Any]]:
        return show.past_forces(state, visits)

    def notes(self, state: PuntiState, visits: list[Visit] | None = None) -> list[str]:
        return show.notes(state) if visits is None else []

    def inviting(self, state: PuntiState) -> bool:
        return not state.finished and state.cursor.node in controls.CONSENTING

    def invitation(self, state: PuntiState, power: str) -> Invitation | None:
        """E4/E5: the ally asked now, wherever it is in the game: agree or refuse the group
        its main power named."""
        control = self.control_for(state, power)
        if control is None or control.kind != controls.CONSENT:
            return None
        side: Side = ATTACKER if control.side == ATTACKER else DEFENDER
        enemy: Side = DEFENDER if side == ATTACKER else ATTACKER
        return Invitation(
            kind=controls.CONSENT, step=state.step, side=side,
            friend=state.main_power(side) or "", enemy=state.main_power(enemy) or "",
            max_armies=control.max_armies, max_fleets=control.max_fleets,
            odds_with=self._consent_odds(state, True),
            odds_without=self._consent_odds(state, False),
            form=controls.CONSENT_PROMPT, extra=control.extra)

    def invited_allies(self, state: PuntiState) -> list[tuple[str, InvitedAlly]]:
        found: list[tuple[str, InvitedAlly]] = []
        for named in state.named:
            if named.power == state.main_power(named.side):
                continue
            if named.joins is None:
                status = "waiting" if named.power in state.awaiting else "later"
                found.append((named.side, InvitedAlly(named.power, status)))
            elif named.joins:
                found.append((named.side, InvitedAlly(named.power, "committed", named.armies,
                                                      named.fleets)))
            else:
                found.append((named.side, InvitedAlly(
                    named.power, "timed_out" if named.timed_out else "declined")))
        return found

    def newly_invited(self, before: PuntiState | None, after: PuntiState
                      ) -> list[tuple[str, str, int, int]]:
        """E4/E5: each ally hears of it when its own window opens."""
        if not self.inviting(after) or not after.awaiting:
            return []
        side: Side = controls.CONSENTING[after.cursor.node]
        asked = next_to_ask(after, side)
        if asked is None:
            return []
        if before is not None and before.cursor.node == after.cursor.node:
            was = next_to_ask(before, side)
            if was is not None and was.number == asked.number:
                return []
        return [(asked.side, asked.power, asked.armies, asked.fleets)]

    # --- the procedure's events in the flowchart's boxes -------------------------------------
    def event_template(self, kind: str) -> str | None:
        return show.EVENT_TEMPLATES.get(kind)

    def event_details_in(self, event: Mapping[str, Any], defending: str, state: PuntiState
                         ) -> dict[str, Any]:
        return show.event_details(event, state)

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        return show.event_lines(event)


ADAPTER = PuntiAdapter()
