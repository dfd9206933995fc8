"""The web layer of seed 004's attack ("Diagramma classico"): its four decisions (an ally's
units, the naval battle, the Alliance tiles at sea, the loss of an army or a fort), their
forms and odds (with the naval battle's own and the end without a land battle), the forces
with the naval support, the allies' invitations, its dice and totals in the flowchart."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
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
    exact,
)
from guerra.game.procedures.chart import Visit
from guerra.game.procedures.odds_cache import cached_odds
from guerra.game.text.grammar import agreement, art
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.declaration import initial_state
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER, Situation
from guerra.rules.seed004.odds import (
    DEFAULTS,
    Odds,
    naval_odds_from_state,
    odds,
    odds_from_state,
)
from guerra.rules.seed004.procedure import OUTCOMES
from guerra.rules.seed004.state import AttackState

MAX_TILE_OPTIONS = 4
UNIT_COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}
FORMS = "game/procedures/seed004/_decision_forms.html"
ALLY_FORM = "game/procedures/seed004/_ally_decision.html"
Commitments = Mapping[str, tuple[int, int]]
EVENT_TEMPLATES = {"dice_rolled": "game/procedures/seed004/_event_dice.html",
                   "total": "game/procedures/seed004/_event_total.html",
                   "battle_decided": "game/procedures/seed004/_event_result.html"}
ONE_LINE_EVENTS = {"dice_rolled", "total"}  # dice faces; a total whose breakdown folds away


class Seed004Adapter(ProcedureAdapter[AttackState, Situation]):
    name = "seed004"
    # M8/S4: an attack may end after the sea; its odds say so only when it may.
    rare_outcomes = frozenset({"ended_before_land"})
    form_fields = (
        FormField("armies", gettext_lazy("Armies")),
        FormField("fleets", gettext_lazy("Fleets")),
        FormField("tiles", gettext_lazy("Alliance tiles")),
        FormField("fight", gettext_lazy("Naval battle"), choices=("1", "0")),
        FormField("loss", gettext_lazy("Unit to lose"), choices=("army", "fort")),
    )

    def kinds(self) -> tuple[str, ...]:
        return ("ally", "naval", "tiles", "loss")

    def required(self, kind: str) -> str | None:
        return {"naval": "fight", "loss": "loss"}.get(kind)

    def outcome_words(self) -> dict[str, str]:
        return {**super().outcome_words(), "ended_before_land": _("No land battle")}

    def exact_odds(self, found: Odds, *, naval: bool = False) -> OddsView:
        """Seed 004's exact odds on the page; those of the naval battle say "no naval battle"
        for the end without one."""
        words = {"ended_before_land": _("No naval battle")} if naval else None
        return self.odds_view(exact({name: getattr(found, name) for name in OUTCOMES}), words)

    def odds_from(self, seen: AttackState, choices: Choices = DEFAULTS,
                  commitments: Commitments | None = None, *, naval: bool = False) -> OddsView:
        """The exact odds from an attack's state as one viewer may know it, computed once
        per process for each state, choices and commitments, and shared by every viewer, page
        and re-fetch that asks the same (a state is one step of one attack; it never
        changes)."""
        key = ("naval" if naval else "attack", choices,
               None if commitments is None else tuple(sorted(commitments.items())))
        given = None if commitments is None else dict(commitments)
        find = naval_odds_from_state if naval else odds_from_state
        found = cached_odds(self.name, seen, key, lambda: find(seen, choices, given))
        return self.exact_odds(found, naval=naval)

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: AttackState, power: str) -> Control | None:
        if state.finished or power not in state.awaiting:
            return None
        node, step = state.cursor.node, state.step
        if node == g.ALLIES:
            invitation = state.invitation(power)
            return Control("ally", step, ALLY_FORM,
                           max_armies=invitation.armies if invitation else 0,
                           max_fleets=invitation.fleets if invitation else 0)
        if node == g.ATTACKER_NAVAL_CHOICE:
            return Control("naval", step, FORMS, side=ATTACKER)
        if node == g.DEFENDER_NAVAL_CHOICE:
            return Control("naval", step, FORMS, side=DEFENDER)
        if node == g.NAVAL_TILES:
            side = ATTACKER if power == state.main_power(ATTACKER) else DEFENDER
            force = state.situation.main(side)
            return Control("tiles", step, FORMS, side=side,
                           extra={"max_tiles": force.alliance_tiles if force else 0})
        if node == g.LAND_LOSS_CHOICE:
            return Control("loss", step, FORMS,
                           extra={"can_lose_fort": state.holding(power).forts > 0})
        return None

    def to_input(self, decision: Decision, power: str) -> object:
        step = decision.step
        if decision.kind == "ally":
            return AllyAnswer(power, step, decision.number("armies"), decision.number("fleets"))
        if decision.kind == "naval":
            # The page posts "1" or "0"; a service's caller may say True or False.
            return NavalDecision(power, step, decision.value("fight", False) in (True, "1"))
        if decision.kind == "tiles":
            return NavalTiles(power, step, decision.number("tiles"))
        if decision.kind == "loss":
            return LossChoice(power, step, "fort" if decision.value("loss", "") == "fort"
                              else "army")
        raise Undecidable(decision.kind)

    # --- odds -----------------------------------------------------------------------------
    def shows_odds(self, state: AttackState) -> bool:
        return not state.finished and state.land is None

    def current_odds(self, seen: AttackState) -> OddsView:
        # The defaults are what happens if nobody decides otherwise: an ally who does not
        # answer declines (A3), so undecided allies count as committing nothing.
        return self.odds_from(seen, commitments={})

    def extra_odds(self, seen: AttackState) -> list[tuple[str, str, OddsView]]:
        """The naval battle's own odds while it may still be fought."""
        if seen.naval is not None:
            return []
        naval = self.odds_from(seen, commitments={}, naval=True)
        if naval.percent("ended_before_land") >= 100:
            return []
        return [("naval", _("The naval battle itself"), naval)]

    def choice_odds(self, seen: AttackState, control: Control, power: str
                    ) -> list[tuple[str, OddsView]]:
        """The odds after each option the awaited `power` has at this box, the rest at their
        defaults (other undecided allies decline). A loss is chosen after the land battle:
        its result is known by then, and the page says what each choice takes."""
        if seen.land is not None:
            return []

        def after(choices: Choices = DEFAULTS,
                  commitments: dict[str, tuple[int, int]] | None = None) -> OddsView:
            return self.odds_from(seen, choices, commitments or {})

        attacking = control.side == ATTACKER
        if control.kind == "ally":
            return [(_("If you commit all your units"),
                     after(commitments={power: (control.max_armies, control.max_fleets)})),
                    (_("If you stay out"), after())]
        if control.kind == "naval" and attacking:
            return [(_("If you fight at sea"), after(Choices(attacker_fights_naval=True))),
                    (_("If you do not fight at sea"),
                     after(Choices(attacker_fights_naval=False)))]
        if control.kind == "naval":
            return [(_("If you accept"), after(Choices(defender_accepts_naval=True))),
                    (_("If you refuse"), after(Choices(defender_accepts_naval=False)))]
        if control.kind == "tiles":
            counts = range(min(int(control.extra["max_tiles"]), MAX_TILE_OPTIONS) + 1)
            return [(ngettext("With %(n)d tile at sea", "With %(n)d tiles at sea", n) % {"n": n},
                     after(Choices(attacker_naval_tiles=n) if attacking
                           else Choices(defender_naval_tiles=n)))
                    for n in counts]
        return []

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        alone = self.exact_odds(odds(situation, commitments={}))
        return alone, self.exact_odds(odds(situation)) if situation.invited() else None

    # --- what the pages show ----------------------------------------------------------------
    def invited_powers(self, situation: Situation) -> list[str]:
        return [ally.power for _side, ally in situation.invited()]

    def forces(self, state: AttackState) -> list[dict[str, Any]]:
        return [{"power": h.power, "side": h.side, "ally": h.ally, "armies": h.armies,
                 "fleets": h.fleets, "forts": h.forts} for h in state.holdings]

    def past_forces(self, state: AttackState, visits: list[Visit]) -> list[dict[str, Any]]:
        """The forces after the given visits: the declaration's, then what the visits' events
        changed (allies joining, units lost)."""
        start = initial_state(state.situation)
        holdings = start.holdings if isinstance(start, AttackState) else state.holdings
        rows = {row["power"]: row for row in self.forces(
            dataclasses.replace(state, holdings=holdings))}
        for visit in visits:
            for event in visit.events:
                kind, power = event.get("type"), event.get("power")
                if kind == "ally_committed" and isinstance(power, str):
                    rows[power] = {"power": power, "side": event.get("side"), "ally": True,
                                   "armies": event.get("armies", 0),
                                   "fleets": event.get("fleets", 0), "forts": 0}
                elif kind == "unit_lost" and power in rows:
                    column = UNIT_COLUMNS.get(str(event.get("kind")))
                    if column is not None:
                        rows[str(power)][column] -= int(event.get("count", 1))
        return list(rows.values())

    def naval_support(self, state: AttackState, visits: list[Visit] | None = None) -> str | None:
        """The side with naval support, now or after the given visits."""
        if visits is None:
            return state.naval_support
        support: str | None = None
        for visit in visits:
            for event in visit.events:
                if event.get("type") == "naval_support":
                    side = event.get("side")
                    support = side if isinstance(side, str) else None
        return support

    def notes(self, state: AttackState, visits: list[Visit] | None = None) -> list[str]:
        side = self.naval_support(state, visits)
        if side is None:
            return []
        power = state.main_power(ATTACKER if side == ATTACKER else DEFENDER) or ""
        return [_("Naval support: %(power)s") % {"power": power}]

    def inviting(self, state: AttackState) -> bool:
        return state.cursor.node == g.ALLIES and not state.finished

    def invitation(self, state: AttackState, power: str) -> Invitation | None:
        if not self.inviting(state) or power not in state.awaiting:
            return None
        side = next((s for s, ally in state.situation.invited() if ally.power == power), None)
        offer = state.invitation(power)
        if side is None or offer is None:
            return None
        seen = state.as_seen_by(power)
        enemy = DEFENDER if side == ATTACKER else ATTACKER
        return Invitation(
            kind="ally", step=state.step, side=side, friend=state.main_power(side) or "",
            enemy=state.main_power(enemy) or "", max_armies=offer.armies,
            max_fleets=offer.fleets,
            # Allies who have not answered yet are counted out: the odds of what is sure.
            # The other side's answers are not known yet (A4), so they are left out too.
            odds_with=self.odds_from(seen, commitments={power: (offer.armies, offer.fleets)}),
            odds_without=self.odds_from(seen, commitments={}),
        )

    def invited_allies(self, state: AttackState) -> list[tuple[str, InvitedAlly]]:
        found: list[tuple[str, InvitedAlly]] = []
        for side, ally in state.situation.invited():
            answer = state.answer_of(ally.power)
            if answer is None:
                found.append((side, InvitedAlly(ally.power, "waiting")))
            elif answer.timed_out:
                found.append((side, InvitedAlly(ally.power, "timed_out")))
            elif answer.armies or answer.fleets:
                found.append((side, InvitedAlly(ally.power, "committed", answer.armies,
                                                answer.fleets)))
            else:
                found.append((side, InvitedAlly(ally.power, "declined")))
        return found

    def newly_invited(self, before: AttackState | None, after: AttackState
                      ) -> list[tuple[str, str, int, int]]:
        """A1: every invited ally hears of it when the attack enters the allies' box."""
        if after.cursor.node != g.ALLIES or (before is not None
                                            and before.cursor.node == g.ALLIES):
            return []
        return [(side, ally.power, ally.armies, ally.fleets)
                for side, ally in after.situation.invited() if ally.power in after.awaiting]

    def event_template(self, kind: str) -> str | None:
        return EVENT_TEMPLATES.get(kind)

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        """Dice faces take a line; so does a total, its breakdown folded away."""
        return 1 if event.get("type") in ONE_LINE_EVENTS else None

    def warnings(self, game: Any, situation: Situation, region: str) -> list[str]:
        """M8 first: without an army the attack ends after the sea, whatever else."""
        if situation.defender is not None and situation.attacker.armies == 0:
            attacker = situation.attacker.power
            return [ngettext(
                "%(power)s has no army of its own %(region)s: the attack will end after the "
                "naval battle, with no land battle and no change of control.",
                "%(power)s have no army of their own %(region)s: the attack will end after the "
                "naval battle, with no land battle and no change of control.",
                agreement(attacker),
            ) % {"power": art(attacker, "Il"), "region": art(region, "in")}]
        return super().warnings(game, situation, region)


ADAPTER = Seed004Adapter()
