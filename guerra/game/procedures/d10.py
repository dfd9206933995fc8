"""The web layer of "d10" ("Dadi a dieci, a coppie"): an ally asked in turn whether it arrives
(P4), a power splitting its losses between armies and fleets (P5), the exchanges drawn with
their ten-sided dice in ranked pairs, the odds (exact, or an estimate for huge battles)."""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from guerra.game.procedures.base import (
    Control,
    Decision,
    FormField,
    Invitation,
    InvitedAlly,
    OddsView,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.chart import Visit, text_lines
from guerra.game.procedures.odds_cache import cached_odds
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
EXCHANGE = "game/procedures/d10/_event_exchange.html"
PAIRS_PER_LINE = 9  # the dice of an exchange drawn in ranked pairs, two rows of faces


def exchange_rows(event: Mapping[str, Any], defending_label: str = "") -> list[dict[str, Any]]:
    """P2: an exchange's two rows of dice, ranked, for the page: who rolled them (each row
    named by its power: `defending_label` is the defender's name, or the neutral marker), and
    each face with its class: the pair's winner ("won"), its loser ("lost"), a die without a
    partner ("discarded"). A tie goes to the defending side."""
    attacking = [int(f) for f in event.get("attacker_rolls", [])]
    defending = [int(f) for f in event.get("defender_rolls", [])]
    pairs = min(len(attacking), len(defending))

    def row(label: str, faces: list[int], others: list[int], attacker: bool) -> dict[str, Any]:
        dice = []
        for i, face in enumerate(faces):
            if i >= pairs:
                dice.append((face, "discarded"))
            else:
                wins = face > others[i] if attacker else face >= others[i]
                dice.append((face, "won" if wins else "lost"))
        return {"label": label, "dice": dice}

    return [row(str(event.get("attacking", "")), attacking, defending, True),
            row(defending_label or _("Defending side"), defending, attacking, False)]


def _row(power: str, side: str, ally: bool, *units: int) -> dict[str, Any]:
    armies, fleets, forts = units
    return {"power": power, "side": side, "ally": ally, "armies": armies, "fleets": fleets,
            "forts": forts}


class D10Adapter(ProcedureAdapter[D10State, Situation]):
    name = "d10"
    ally_kind = "reinforce"
    form_fields = (FormField("armies", gettext_lazy("Armies")),
                   FormField("fleets", gettext_lazy("Fleets")))

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

        def found(arrivals: dict[str, tuple[int, int]] | None) -> OddsView:
            key = ("declared", None if arrivals is None else tuple(sorted(arrivals.items())))
            return self.odds_view(cached_odds(self.name, opened, key, lambda: estimate(
                D10_PROCEDURE, opened, policy(arrivals))))

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
        return EXCHANGE if kind == "exchange" else None

    def event_details(self, event: Mapping[str, Any], defending: str) -> dict[str, Any]:
        """An exchange's dice in ranked pairs, each row named by who rolled it."""
        if event.get("type") != "exchange":
            return {}
        return {"rows": exchange_rows(event, defending)}

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        """An exchange: its rows of dice (wrapped after `PAIRS_PER_LINE` pairs), then its
        sentence."""
        if event.get("type") != "exchange":
            return None
        dice = max(len(event.get("attacker_rolls", [])), len(event.get("defender_rolls", [])))
        return 2 * max(1, ceil(dice / PAIRS_PER_LINE)) + text_lines(str(event.get("text", "")))


ADAPTER = D10Adapter()
