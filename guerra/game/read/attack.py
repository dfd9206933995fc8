"""Read side of attacks: what the attack page, the declaration panel and the history show.

Everything a procedure decides itself (the viewer's decision, the odds, the forces) comes from
the adapter of the attack's own procedure (`guerra.game.procedures`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from guerra.game.models import Attack, Game, GameEvent, Neutral, Region, Seat
from guerra.game.models.state import attack_state, game_regions, load_state
from guerra.game.procedures import Control, OddsView, ProcedureAdapter, adapter
from guerra.game.procedures.chart import ChartView, Visit, chart_view, visits_from_steps
from guerra.game.text.messages import language, render_rules_message
from guerra.rules.events import AttackEnded
from guerra.rules.flowchart import RefusedError
from guerra.rules.game import combat
from guerra.rules.game.inputs import Attack as AttackAction
from guerra.rules.game.machine import pending
from guerra.rules.i18n import Message
from guerra.runtime.prepared import Prepared

__all__ = ["Control", "OddsView"]


def describe_event(event: dict[str, Any]) -> str:
    """A stored rules event in the page's language (its message was saved with it)."""
    message = event.get("message")
    return render_rules_message(message) if isinstance(message, dict) else ""


_STEPS = Prepared(lambda attack: GameEvent.objects.filter(attack_id=attack).order_by("seq"), int)


def attack_steps(attack: Attack) -> list[GameEvent]:
    return _STEPS.all(attack.pk)


def attack_visits(attack: Attack) -> list[Visit]:
    return visits_from_steps(step.payload.get("events", []) for step in attack_steps(attack))


@dataclass
class AttackView:
    attack: Attack
    state: Any  # the procedure's state
    # The flowchart's layout, worked out when the page draws it: a step's drawing is kept and
    # shared (attack.html), so a viewer's page after the first never needs it.
    lay_out: Callable[[], ChartView] = field(repr=False)
    awaited_seats: list[Seat]
    control: Control | None
    odds: OddsView | None
    visits: int
    shown: int  # how many visits the chart shows (history)
    adapter: ProcedureAdapter[Any, Any]
    summary: list[dict[str, Any]] = field(default_factory=list)
    # Short facts under the forces, as the procedure says them (at the box shown).
    notes: list[str] = field(default_factory=list)
    result: str = ""  # once over: who won, in words
    odds_caption: str = ""  # what the odds from here assume, as the procedure says it
    # Other odds beside those from here, as the procedure gives them: (key, caption, odds).
    extra_odds: list[tuple[str, str, OddsView]] = field(default_factory=list)
    # The odds of each option of the viewer's decision, side by side (label, odds).
    choice_odds: list[tuple[str, OddsView]] = field(default_factory=list)
    # What only the viewer may see (the procedure's partial and what it reads), or None.
    private: tuple[Any, dict[str, Any]] | None = None

    @cached_property
    def chart(self) -> ChartView:
        return self.lay_out()

    @property
    def title_target(self) -> str:
        if self.attack.neutral_id:
            return _("a neutral country")
        return self.attack.defender.power if self.attack.defender else "—"

    @property
    def system(self) -> str:
        """The combat system's name, for the page."""
        return str(self.adapter.label)


def defending_name(attack: Attack) -> str:
    """Who holds the defending side, by name (an event's partial may name it: d10's rows of
    dice): the defender, or the neutral country."""
    if attack.neutral_id:
        return _("Neutral country")
    return attack.defender.power if attack.defender else ""


def attack_view(attack: Attack, viewer: Seat | None, upto: int | None = None) -> AttackView:
    system = adapter(attack.procedure)
    state = attack_state(attack)
    visits = attack_visits(attack)
    shown = len(visits) if upto is None else max(1, min(upto, len(visits)))
    live = shown == len(visits)
    seats = {seat.power: seat for seat in attack.game.table_seats()}
    awaited = tuple(state.awaiting) if live else ()

    defending = defending_name(attack)

    def lay_out() -> ChartView:
        return chart_view(system.procedure, visits[:shown], translate=render_rules_message,
                          describe=describe_event, awaited=awaited,
                          template=system.event_template,
                          details=lambda event: system.event_details_in(
                              event, defending, state),
                          event_lines=system.event_lines)

    power = viewer.power if viewer is not None else None
    # The viewer decides here unless the computer holds its seat.
    plays = live and viewer is not None and not viewer.bot
    control = system.control_for(state, power) if plays and power is not None else None
    current_odds = None
    caption = ""
    extra: list[tuple[str, str, OddsView]] = []
    options: list[tuple[str, OddsView]] = []
    if live and system.shows_odds_to(state, power):
        # Only what the viewer may know: the other side's answers at an open box stay out.
        seen = system.procedure.seen_by(state, power)
        current_odds = system.current_odds(seen)
        caption = system.odds_caption(seen)
        extra = system.extra_odds(seen)
        if control is not None and power is not None:
            options = system.choice_odds(seen, control, power)
    past = None if live else visits[:shown]
    # History: the forces and the sea as they were at the box shown.
    summary = system.forces(state) if past is None else system.past_forces(state, past)
    result = ""
    if state.finished and state.outcome is not None:
        ended = AttackEnded(state.outcome, system.procedure.winner(state, state.outcome))
        result = render_rules_message(ended.describe())
    return AttackView(
        attack=attack,
        state=state,
        lay_out=lay_out,
        awaited_seats=[seats[p] for p in awaited if p in seats],
        control=control,
        odds=current_odds,
        odds_caption=caption,
        visits=len(visits),
        shown=shown,
        adapter=system,
        summary=summary,
        choice_odds=options,
        extra_odds=extra,
        notes=system.notes(state, past),
        result=result,
        private=system.private_panel(state, power),
    )


# --- declaring --------------------------------------------------------------------------------


@dataclass
class TargetOption:
    key: str
    label: str
    seat: Seat | None = None
    neutral: Neutral | None = None

    @property
    def terms(self) -> str:
        return neutral_terms(self.neutral) if self.neutral is not None else ""


@dataclass
class RegionOption:
    region: Region
    armies: int
    fleets: int


@dataclass
class DeclareView:
    game: Game
    seat: Seat
    regions: list[RegionOption]
    step: int = 0
    plays_now: bool = False
    region: Region | None = None
    targets: list[TargetOption] = field(default_factory=list)
    target: TargetOption | None = None
    refusal: str = ""
    odds_alone: OddsView | None = None
    odds_with_allies: OddsView | None = None
    invited: list[str] = field(default_factory=list)
    # Why this attack, though allowed, cannot gain what an attack is for (M8, L8, L9).
    warnings: list[str] = field(default_factory=list)


def neutral_label(neutral: Neutral) -> str:
    """A neutral target with what it defends with and what it gives (N3)."""
    return _("Neutral marker: defence %(defence)d, %(reward)s") % {
        "defence": neutral.defence, "reward": _neutral_reward(neutral)}


def neutral_terms(neutral: Neutral) -> str:
    """What a neutral marker defends with and gives, for inside a sentence ("difesa 4, premio
    4 ori"): the declaration names the marker and its region first."""
    return _("defence %(defence)d, %(reward)s") % {
        "defence": neutral.defence, "reward": _neutral_reward(neutral)}


def _neutral_reward(neutral: Neutral) -> str:
    if neutral.reward_kind == "gold":
        reward = ngettext("reward %(n)d gold", "reward %(n)d gold", neutral.amount)
    elif neutral.reward_kind == "vp":
        reward = ngettext("reward %(n)d VP", "reward %(n)d VP", neutral.amount)
    else:
        return _("no reward")
    return reward % {"n": neutral.amount}


def declare_view(
    game: Game, seat: Seat, region_id: str | None, target_key: str | None
) -> DeclareView:
    """D2: only regions where the player has an army or a fleet; D1/D4: enemies present there
    and the neutral markers; then the odds of the chosen attack, or why it would be refused.
    All read from the rules state, as the Attack action (G34) will read it."""
    state = load_state(game)
    rows = {r.name: r for r in game_regions(game)}
    regions = [
        RegionOption(rows[p.region], p.armies, p.fleets)
        for p in state.of_power(seat.power)
        if p.region is not None and (p.armies or p.fleets)
    ]
    waiting = pending(state)
    view = DeclareView(game=game, seat=seat, regions=regions, step=state.step,
                       plays_now=waiting.kind == "action" and seat.power in waiting.powers)
    chosen = next((r for r in regions if str(r.region.pk) == region_id), None)
    if chosen is None:
        return view
    view.region = chosen.region
    name = chosen.region.name
    seats = {s.power: s for s in game.seats.all()}
    for pieces in state.in_region(name):
        if pieces.power == seat.power or (state.side_of(pieces.power) == state.side_of(seat.power) \
                and state.side_of(seat.power) is not None):
            continue  # D1: never oneself, never an ally
        other = seats[pieces.power]
        view.targets.append(TargetOption(f"power-{other.pk}", other.power, seat=other))
    for neutral in Neutral.objects.filter(game=game, region=chosen.region, on_board=True,
                                          kind="numbered"):
        view.targets.append(TargetOption(f"neutral-{neutral.pk}", neutral_label(neutral),
                                         neutral=neutral))
    view.target = next((t for t in view.targets if t.key == target_key), None)
    if view.target is None:
        return view
    order = AttackAction(seat.power, state.step, name,
                         defender=view.target.seat.power if view.target.seat else None,
                         counter=view.target.neutral.number if view.target.neutral else None)
    situation = combat.situation(state, order)
    if isinstance(situation, Message):
        view.refusal = render_rules_message(situation)
        return view
    system = adapter(state.scenario.procedure)
    refused = system.procedure.refusal(situation)
    if refused is not None:
        view.refusal = render_rules_message(refused)
        return view
    view.invited = system.invited_powers(situation)
    view.warnings = system.warnings(state, situation, name)
    try:
        view.odds_alone, view.odds_with_allies = system.declaration_odds(situation)
    except RefusedError as error:
        view.refusal = error.reason.render(language())
    return view
