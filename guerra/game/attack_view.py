"""Read side of attacks: what the attack page, the declaration panel and the history show."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from guerra.rules.events import AttackEnded
from guerra.rules.flowchart import RefusedError
from guerra.rules.game import combat
from guerra.rules.game.inputs import Attack as AttackAction
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from guerra.rules.i18n import Message
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.declaration import initial_state
from guerra.rules.seed004.model import ATTACKER, DEFENDER, Situation
from guerra.rules.seed004.odds import DEFAULTS, Odds, naval_odds_from_state, odds, odds_from_state
from guerra.rules.seed004.state import AttackState

from .flowchart_view import ChartView, Visit, chart_view, visits_from_steps
from .grammar import agreement, art
from .models import Attack, Game, GameEvent, Neutral, Region, Seat
from .rules_text import language, render_rules_message
from .services.attacks import attack_state, procedure
from .services.snapshot import load_state

PERCENT_KEYS = ("attacker_wins", "tie", "defender_wins", "ended_before_land")


@dataclass(frozen=True)
class OddsView:
    attacker_wins: float
    tie: float
    defender_wins: float
    ended_before_land: float

    @classmethod
    def of(cls, found: Odds) -> OddsView:
        return cls(*(float(getattr(found, key) * 100) for key in PERCENT_KEYS))


@functools.lru_cache(maxsize=1024)
def _odds(seen: AttackState, choices: Choices,
          commitments: tuple[tuple[str, tuple[int, int]], ...] | None, naval: bool) -> OddsView:
    given = None if commitments is None else dict(commitments)
    if naval:
        return OddsView.of(naval_odds_from_state(seen, choices, given))
    return OddsView.of(odds_from_state(seen, choices, given))


def odds_view(seen: AttackState, choices: Choices = DEFAULTS,
              commitments: Mapping[str, tuple[int, int]] | None = None, *,
              naval: bool = False) -> OddsView:
    """The exact odds from an attack's state as one viewer may know it, computed once per
    process for each state, choices and commitments, and shared by every viewer, page and
    re-fetch that asks the same (a state is one step of one attack; it never changes)."""
    key = None if commitments is None else tuple(sorted(commitments.items()))
    return _odds(seen, choices, key, naval)


def describe_event(event: dict[str, Any]) -> str:
    """A stored rules event in the page's language (its message was saved with it)."""
    message = event.get("message")
    return render_rules_message(message) if isinstance(message, dict) else ""


def attack_steps(attack: Attack) -> list[GameEvent]:
    return list(attack.steps.order_by("seq"))


def attack_visits(attack: Attack) -> list[Visit]:
    return visits_from_steps(step.payload.get("events", []) for step in attack_steps(attack))


@dataclass
class Control:
    """The form the awaited viewer gets at the current box."""

    kind: str  # ally / naval / tiles / loss
    step: int
    max_armies: int = 0
    max_fleets: int = 0
    max_tiles: int = 0
    side: str = ""
    can_lose_fort: bool = False


@dataclass
class AttackView:
    attack: Attack
    state: AttackState
    chart: ChartView
    awaited_seats: list[Seat]
    control: Control | None
    odds: OddsView | None
    visits: int
    shown: int  # how many visits the chart shows (history)
    summary: list[dict[str, Any]] = field(default_factory=list)
    naval_support: str | None = None  # the side with naval support, at the box shown
    result: str = ""  # once over: who won, in words
    # The naval battle's own odds with the default choices, while it may still be fought.
    naval_odds: OddsView | None = None
    # The odds of each option of the viewer's decision, side by side (label, odds).
    choice_odds: list[tuple[str, OddsView]] = field(default_factory=list)

    @property
    def title_target(self) -> str:
        if self.attack.neutral_id:
            return _("a neutral country")
        return self.attack.defender.power if self.attack.defender else "—"


def control_for(state: AttackState, viewer: Seat | None) -> Control | None:
    if viewer is None or state.finished or viewer.power not in state.awaiting:
        return None
    node, step = state.cursor.node, state.step
    if node == g.ALLIES:
        invitation = state.invitation(viewer.power)
        return Control(
            "ally",
            step,
            invitation.armies if invitation else 0,
            invitation.fleets if invitation else 0,
        )
    if node == g.ATTACKER_NAVAL_CHOICE:
        return Control("naval", step, side=ATTACKER)
    if node == g.DEFENDER_NAVAL_CHOICE:
        return Control("naval", step, side=DEFENDER)
    if node == g.NAVAL_TILES:
        side = ATTACKER if viewer.power == state.main_power(ATTACKER) else DEFENDER
        force = state.situation.main(side)
        return Control("tiles", step, max_tiles=force.alliance_tiles if force else 0, side=side)
    if node == g.LAND_LOSS_CHOICE:
        holding = state.holding(viewer.power)
        return Control("loss", step, can_lose_fort=holding.forts > 0)
    return None


def attack_view(attack: Attack, viewer: Seat | None, upto: int | None = None) -> AttackView:
    state = attack_state(attack)
    visits = attack_visits(attack)
    shown = len(visits) if upto is None else max(1, min(upto, len(visits)))
    live = shown == len(visits)
    seats = {seat.power: seat for seat in attack.game.seats.all()}
    awaited = tuple(state.awaiting) if live else ()
    chart = chart_view(
        procedure(),
        visits[:shown],
        translate=render_rules_message,
        describe=describe_event,
        awaited=awaited,
    )
    current_odds = naval_odds = None
    control = control_for(state, viewer) if live else None
    options: list[tuple[str, OddsView]] = []
    if live and not state.finished and state.land is None:
        # Only what the viewer may know: the other side's answers at an open box stay out.
        seen = state.as_seen_by(viewer.power if viewer is not None else None)
        # The defaults are what happens if nobody decides otherwise: an ally who does not
        # answer declines (A3), so undecided allies count as committing nothing.
        current_odds = odds_view(seen, commitments={})
        if state.naval is None:
            naval = odds_view(seen, commitments={}, naval=True)
            if naval.ended_before_land < 100:
                naval_odds = naval
        if control is not None and viewer is not None:
            options = choice_odds(seen, control, viewer.power)
    support: str | None
    if live:
        summary, support = summary_rows(state), state.naval_support
    else:  # history: the forces and the sea as they were at the box shown
        summary, support = past_forces(state, visits[:shown])
    result = ""
    if state.finished and state.outcome is not None:
        ended = AttackEnded(state.outcome, procedure().winner(state, state.outcome))
        result = render_rules_message(ended.describe())
    return AttackView(
        attack=attack,
        state=state,
        chart=chart,
        awaited_seats=[seats[p] for p in awaited if p in seats],
        control=control,
        odds=current_odds,
        visits=len(visits),
        shown=shown,
        summary=summary,
        choice_odds=options,
        naval_odds=naval_odds,
        naval_support=support,
        result=result,
    )


MAX_TILE_OPTIONS = 4


def choice_odds(seen: AttackState, control: Control, power: str) -> list[tuple[str, OddsView]]:
    """The odds after each option the awaited `power` has at this box, the rest at their
    defaults (other undecided allies decline). A loss is chosen after the land battle: its
    result is known by then, and the page says what each choice takes."""
    def after(choices: Choices = DEFAULTS,
              commitments: dict[str, tuple[int, int]] | None = None) -> OddsView:
        return odds_view(seen, choices, commitments or {})

    attacking = control.side == ATTACKER
    if control.kind == "ally":
        return [(_("If you commit all your units"),
                 after(commitments={power: (control.max_armies, control.max_fleets)})),
                (_("If you stay out"), after())]
    if control.kind == "naval" and attacking:
        return [(_("If you fight at sea"), after(Choices(attacker_fights_naval=True))),
                (_("If you do not fight at sea"), after(Choices(attacker_fights_naval=False)))]
    if control.kind == "naval":
        return [(_("If you accept"), after(Choices(defender_accepts_naval=True))),
                (_("If you refuse"), after(Choices(defender_accepts_naval=False)))]
    if control.kind == "tiles":
        counts = range(min(control.max_tiles, MAX_TILE_OPTIONS) + 1)
        return [(ngettext("With %(n)d tile at sea", "With %(n)d tiles at sea", n) % {"n": n},
                 after(Choices(attacker_naval_tiles=n) if attacking
                       else Choices(defender_naval_tiles=n)))
                for n in counts]
    return []


def summary_rows(state: AttackState) -> list[dict[str, Any]]:
    """Who fights on each side with which units left, as the page's side-by-side table."""
    rows = []
    for holding in state.holdings:
        rows.append(
            {
                "power": holding.power,
                "side": holding.side,
                "ally": holding.ally,
                "armies": holding.armies,
                "fleets": holding.fleets,
                "forts": holding.forts,
            }
        )
    return rows


UNIT_COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def past_forces(state: AttackState, visits: list[Visit]) -> tuple[list[dict[str, Any]], str | None]:
    """The forces and the naval support after the given visits: the declaration's, then what
    the visits' events changed (allies joining, units lost, the sea decided)."""
    start = initial_state(state.situation)
    holdings = start.holdings if isinstance(start, AttackState) else state.holdings
    rows = {h.power: row for h, row in zip(holdings, summary_rows(
        dataclasses.replace(state, holdings=holdings)), strict=True)}
    support: str | None = None
    for visit in visits:
        for event in visit.events:
            kind, power = event.get("type"), event.get("power")
            if kind == "ally_committed" and isinstance(power, str):
                rows[power] = {"power": power, "side": event.get("side"), "ally": True,
                               "armies": event.get("armies", 0), "fleets": event.get("fleets", 0),
                               "forts": 0}
            elif kind == "unit_lost" and power in rows:
                column = UNIT_COLUMNS.get(str(event.get("kind")))
                if column is not None:
                    rows[str(power)][column] -= int(event.get("count", 1))
            elif kind == "naval_support":
                side = event.get("side")
                support = side if isinstance(side, str) else None
    return list(rows.values()), support


# --- declaring --------------------------------------------------------------------------------


@dataclass
class TargetOption:
    key: str
    label: str
    seat: Seat | None = None
    neutral: Neutral | None = None


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
    if neutral.reward_kind == "gold":
        reward = ngettext("reward %(n)d gold", "reward %(n)d gold", neutral.amount)
    elif neutral.reward_kind == "vp":
        reward = ngettext("reward %(n)d VP", "reward %(n)d VP", neutral.amount)
    else:
        reward = _("no reward")
    return _("Neutral marker: defence %(defence)d, %(reward)s") % {
        "defence": neutral.defence, "reward": reward % {"n": neutral.amount}}


def pointless(state: GameState, situation: Situation, region: str) -> list[str]:
    """What an allowed attack cannot achieve, said before its 2 gold are paid."""
    attacker = situation.attacker.power
    where = art(region, "in")
    if situation.defender is None:
        return []
    if situation.attacker.armies == 0:  # M8
        return [ngettext(
            "%(power)s has no army of its own %(region)s: the attack will end after the naval "
            "battle, with no land battle and no change of control.",
            "%(power)s have no army of their own %(region)s: the attack will end after the naval "
            "battle, with no land battle and no change of control.", agreement(attacker),
        ) % {"power": art(attacker, "Il"), "region": where}]
    warnings = []
    defender = situation.defender.power
    held = next((p.markers for p in state.in_region(region) if p.power == defender), 0)
    if not held:  # L8
        warnings.append(ngettext(
            "%(power)s has no control marker %(region)s: winning takes no control, the losses "
            "still apply.",
            "%(power)s have no control marker %(region)s: winning takes no control, the losses "
            "still apply.", agreement(defender),
        ) % {"power": art(defender, "Il"), "region": where})
    elif state.markers_left(attacker) == 0:  # L9
        warnings.append(ngettext(
            "%(power)s has no control marker left in its supply: winning places none.",
            "%(power)s have no control marker left in their supply: winning places none.",
            agreement(attacker),
        ) % {"power": art(attacker, "Il")})
    return warnings


def declare_view(
    game: Game, seat: Seat, region_id: str | None, target_key: str | None
) -> DeclareView:
    """D2: only regions where the player has an army or a fleet; D1/D4: enemies present there
    and the neutral markers; then the odds of the chosen attack, or why it would be refused.
    All read from the rules state, as the Attack action (G34) will read it."""
    state = load_state(game)
    rows = {r.name: r for r in Region.objects.filter(game=game)}
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
    view.invited = [ally.power for _side, ally in situation.invited()]
    view.warnings = pointless(state, situation, name)
    try:
        view.odds_alone = OddsView.of(odds(situation, commitments={}))
        if view.invited:
            view.odds_with_allies = OddsView.of(odds(situation))
    except RefusedError as refused:
        view.refusal = refused.reason.render(language())
    return view
