"""The web layer of "d10" ("Dadi a dieci, a coppie"): an ally asked in turn whether it arrives
(P4), a power splitting its losses between armies and fleets (P5), the exchanges drawn with
their ten-sided dice, the odds (exact, or an estimate for huge battles)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from guerra.game.procedures.base import (
    Control,
    Decision,
    Invitation,
    InvitedAlly,
    OddsView,
    ProcedureAdapter,
    Undecidable,
    cached_odds,
)
from guerra.game.procedures.chart import Visit
from guerra.rules.allocation import Allocation
from guerra.rules.d10 import graph as g
from guerra.rules.d10.boxes import army_range
from guerra.rules.d10.declaration import initial_state
from guerra.rules.d10.inputs import Reinforce
from guerra.rules.d10.model import Situation
from guerra.rules.d10.procedure import D10_PROCEDURE, policy
from guerra.rules.d10.state import D10State
from guerra.rules.forces import ATTACKER, DEFENDER
from guerra.rules.odds import estimate

UNIT_COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def _row(power: str, side: str, ally: bool, *units: int) -> dict[str, Any]:
    armies, fleets, forts = units
    return {"power": power, "side": side, "ally": ally, "armies": armies, "fleets": fleets,
            "forts": forts}


class D10Adapter(ProcedureAdapter):
    name = "d10"
    label = gettext_lazy("Ten-sided dice, in pairs")
    ally_kind = "reinforce"

    def kinds(self) -> tuple[str, ...]:
        return ("reinforce", "losses")

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: D10State, power: str) -> Control | None:
        if state.finished or power not in state.awaiting:
            return None
        if state.cursor.node == g.REINFORCEMENTS:
            ally = state.situation.reinforcement(power)
            if ally is None:
                return None
            return Control("reinforce", state.step, "game/procedures/d10/_reinforce.html",
                           max_armies=ally.armies, max_fleets=ally.fleets, side=ally.side)
        if state.cursor.node == g.LOSS_CHOICE:
            fighter = state.fighter(power)
            count = next((loss.count for loss in state.losses if loss.power == power), 0)
            if fighter is None or not count:
                return None
            low, high = army_range(fighter, count)
            mobile = min(count, fighter.mobile)
            return Control("losses", state.step, "game/procedures/d10/_losses.html",
                           max_armies=high, max_fleets=mobile - low, side=fighter.side,
                           extra={"count": mobile, "low": low, "fleets": mobile - high,
                                  "forts": count - mobile})
        return None

    def to_input(self, decision: Decision, power: str) -> object:
        armies, fleets = decision.number("armies"), decision.number("fleets")
        if decision.kind == "reinforce":
            return Reinforce(power, decision.step, armies, fleets)
        if decision.kind == "losses":
            return Allocation(power, decision.step, (("army", armies), ("fleet", fleets)))
        raise Undecidable(decision.kind)

    # --- odds -----------------------------------------------------------------------------
    def _odds(self, state: D10State, arrivals: dict[str, tuple[int, int]]) -> OddsView:
        key = ("arrivals", tuple(sorted(arrivals.items())))
        return self.odds(state, key, lambda: policy(arrivals))

    def current_odds(self, seen: D10State) -> OddsView:
        """Every ally not asked yet stays out (what its deadline does)."""
        return self._odds(seen, {})

    def choice_odds(self, seen: D10State, control: Control, power: str
                    ) -> list[tuple[str, OddsView]]:
        """Arriving with everything, or staying out (the others asked later stay out); how a
        loss splits between armies and fleets never changes the odds (every unit rolls one
        die, and either can take the region)."""
        if control.kind != "reinforce":
            return []
        return [(_("If you arrive with all your units"),
                 self._odds(seen, {power: (control.max_armies, control.max_fleets)})),
                (_("If you stay out"), self._odds(seen, {}))]

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        state = initial_state(situation)
        assert isinstance(state, D10State)
        opened, _events = D10_PROCEDURE.open(state)
        outcomes = D10_PROCEDURE.outcomes()

        def found(arrivals: dict[str, tuple[int, int]] | None) -> OddsView:
            key = ("declared", None if arrivals is None else tuple(sorted(arrivals.items())))
            return OddsView.of(cached_odds(self.name, opened, key, lambda: estimate(
                D10_PROCEDURE, opened, policy(arrivals))), outcomes)

        return found({}), found(None) if situation.to_ask() else None

    # --- what the pages show ----------------------------------------------------------------
    def invited_powers(self, situation: Situation) -> list[str]:
        """P4/P6: the allies who will be asked (none after the last attacking ally)."""
        return [ally.power for ally in situation.reinforcements[:situation.to_ask()]]

    def forces(self, state: D10State) -> list[dict[str, Any]]:
        return [_row(f.power, f.side, f.role == "reinforcement", f.armies, f.fleets, f.forts)
                for f in state.fighters]

    def past_forces(self, state: D10State, visits: list[Visit]) -> list[dict[str, Any]]:
        """The forces at the declaration, then what the visits' events changed (allies
        arriving, units lost)."""
        start = initial_state(state.situation)
        rows = {row["power"]: row for row in self.forces(
            start if isinstance(start, D10State) else state)}
        for visit in visits:
            for event in visit.events:
                kind, power = event.get("type"), event.get("power")
                if kind == "reinforcement_arrived" and isinstance(power, str):
                    rows[power] = _row(power, str(event.get("side")), True,
                                       int(event.get("armies", 0)), int(event.get("fleets", 0)),
                                       0)
                elif kind == "unit_lost" and power in rows:
                    column = UNIT_COLUMNS.get(str(event.get("kind")))
                    if column is not None:
                        rows[str(power)][column] -= int(event.get("count", 1))
        return list(rows.values())

    def notes(self, state: D10State, visits: list[Visit] | None = None) -> list[str]:
        if state.situation.neutral is None or visits is not None:
            return []
        return [ngettext("The neutral country has %(n)d unit left.",
                         "The neutral country has %(n)d units left.",
                         state.neutral_units) % {"n": state.neutral_units}]

    def inviting(self, state: D10State) -> bool:
        return state.cursor.node == g.REINFORCEMENTS and not state.finished

    def invitation(self, state: D10State, power: str) -> Invitation | None:
        control = self.control_for(state, power)
        if control is None or control.kind != "reinforce":
            return None
        side = ATTACKER if control.side == ATTACKER else DEFENDER
        enemy = DEFENDER if side == ATTACKER else ATTACKER
        return Invitation(
            kind="reinforce", step=state.step, side=side, friend=state.main_power(side) or "",
            enemy=state.main_power(enemy) or "", max_armies=control.max_armies,
            max_fleets=control.max_fleets,
            odds_with=self._odds(state, {power: (control.max_armies, control.max_fleets)}),
            odds_without=self._odds(state, {}),
        )

    def invited_allies(self, state: D10State) -> list[tuple[str, InvitedAlly]]:
        found: list[tuple[str, InvitedAlly]] = []
        for ally in state.situation.reinforcements[:state.situation.to_ask()]:
            answer = state.answer_of(ally.power)
            if answer is not None:
                status = "timed_out" if answer.timed_out else "committed" if (
                    answer.armies or answer.fleets) else "declined"
                found.append((ally.side, InvitedAlly(ally.power, status, answer.armies,
                                                     answer.fleets)))
            else:
                status = "waiting" if ally.power in state.awaiting else "later"
                found.append((ally.side, InvitedAlly(ally.power, status)))
        return found

    def newly_invited(self, before: D10State | None, after: D10State
                      ) -> list[tuple[str, str, int, int]]:
        """P4: each ally hears of it when its own turn to answer comes."""
        if not self.inviting(after) or not after.awaiting:
            return []
        if before is not None and before.cursor.node == g.REINFORCEMENTS \
                and before.awaiting == after.awaiting:
            return []
        found: list[tuple[str, str, int, int]] = []
        for power in after.awaiting:
            ally = after.situation.reinforcement(power)
            if ally is not None:
                found.append((ally.side, ally.power, ally.armies, ally.fleets))
        return found

    def event_template(self, kind: str) -> str | None:
        return {"exchange": "game/procedures/d10/_event_exchange.html"}.get(kind)


ADAPTER = D10Adapter()
