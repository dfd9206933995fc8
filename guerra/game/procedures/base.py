"""What the web layer needs of a combat procedure, beside its rules (`guerra.rules`): one
adapter per procedure, registered by name in the setting `GUERRA_PROCEDURES`.

An adapter turns the procedure's state into what pages show — the decision the viewer has at
the current box (its `Control` and the partial with its forms), the odds and the words of their
outcomes, the forces, an ally's invitation, how an event of its own is drawn — and a submitted
form into the procedure's input. Services and pages ask the adapter of the attack's own
procedure, so they know none by name. `ProcedureAdapter` is generic in the procedure's state
and situation (`S`, `Sit`), so each adapter is checked against its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, cast

from django.template.backends.django import Template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from guerra.game.procedures.chart import Visit
from guerra.game.procedures.data import ScenarioDataForm
from guerra.game.procedures.odds_cache import cached_odds
from guerra.game.text.grammar import agreement, art
from guerra.game.text.messages import render_rules_message
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Procedure, ProcedureState, get_procedure
from guerra.rules.forces import Force
from guerra.rules.game.state import GameState
from guerra.rules.odds import Estimate, estimate


class Declared(Protocol):
    """What every procedure's situation (an attack as declared) says: who attacks, and the
    power attacked (None: a neutral country)."""

    @property
    def attacker(self) -> Force: ...

    @property
    def defender(self) -> Force | None: ...


S = TypeVar("S", bound=ProcedureState)  # the procedure's state
Sit = TypeVar("Sit", bound=Declared)  # the procedure's situation (what is declared)
# A partial of a procedure: its name among the project's templates, or the template itself (a
# procedure whose partials live elsewhere loads them; `{% include %}` takes either).
Partial = str | Template

# The class of an outcome's bar: the attacker's colour, a tie's, the defender's; any other end
# a procedure may have (no battle at all, say) is drawn as "none".
OUTCOME_CSS = {"attacker_wins": "", "tie": "tie", "defender_wins": "def"}


@dataclass(frozen=True)
class OddsRow:
    """One outcome of the odds: its key, its words, the class of its bar and its share."""

    outcome: str
    label: str
    css: str
    percent: float


@dataclass(frozen=True)
class OddsView:
    """Odds as percentages, for a page: one row per outcome shown, in the order the procedure
    lists them; exact, or estimated from `samples` battles with a 95% margin of `margin`
    percentage points. The adapter of the attack's procedure makes them (`odds_view`)."""

    rows: tuple[OddsRow, ...]
    samples: int | None = None
    margin: float = 0.0

    def percent(self, outcome: str) -> float:
        """The outcome's share in percent (0 for an outcome not shown)."""
        return next((row.percent for row in self.rows if row.outcome == outcome), 0.0)

    @property
    def estimate_text(self) -> str:
        """ "Estimate from 10,000 battles, ±1 point" (empty for exact odds)."""
        if self.samples is None:
            return ""
        return ngettext("Estimate from %(n)s battle, ±%(margin)s points (95%%)",
                        "Estimate from %(n)s battles, ±%(margin)s points (95%%)",
                        self.samples) % {"n": f"{self.samples:,}".replace(",", "."),
                                         "margin": f"{self.margin:.1f}".replace(".", ",")}


@dataclass
class Control:
    """The decision the viewer has at the current box: its kind (what the form posts), the
    step it answers, the procedure's partial with its forms, and what the forms need (the
    units it may bring or lose, its side; `extra`: whatever else the partial reads)."""

    kind: str
    step: int
    template: Partial
    max_armies: int = 0
    max_fleets: int = 0
    side: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class FormField:
    """A field of a procedure's decision forms: its name (what the form posts), its words (a
    lazy translation), and what it takes: a whole number from 0 to `high`, or one of
    `choices` (a choice field); never required unless `ProcedureAdapter.required` says so."""

    name: str
    label: Any
    high: int = 99
    choices: tuple[str, ...] = ()


@dataclass
class Invitation:
    """An ally asked to bring units, wherever it is in the game (its prompt); `kind` is what
    its form posts."""

    kind: str
    step: int
    side: str
    friend: str
    enemy: str
    max_armies: int
    max_fleets: int
    odds_with: OddsView
    odds_without: OddsView
    # The partial of its answer, if not the shared units form (game/_ally_form.html), and
    # whatever else that partial reads.
    form: Partial | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class InvitedAlly:
    power: str
    status: str  # "waiting", "committed", "declined", "timed_out", "later" (not asked yet)
    armies: int = 0
    fleets: int = 0


class Decision:
    """What a player decided at a box, as the attack page's forms send it: the kind of
    decision, the step it answers and the form's values (each adapter reads its own)."""

    def __init__(self, kind: str, step: int, **values: Any) -> None:
        self.kind, self.step, self.values = kind, step, values

    def value(self, name: str, default: Any) -> Any:
        found = self.values.get(name)
        return default if found is None else found

    def number(self, name: str) -> int:
        found = self.values.get(name)
        return found if isinstance(found, int) and not isinstance(found, bool) else 0

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.step}, {self.values!r})"


class Undecidable(ValueError):
    """A form that does not make an input of this procedure (a 400 for the player)."""


class ProcedureAdapter(Generic[S, Sit]):
    """The web layer's view of one combat procedure; subclasses fill in what differs."""

    name = ""  # the rules' name of the procedure (`guerra.rules.flowchart.register`)
    ally_kind = "ally"  # the Control kind of an ally's invitation (the prompt on every page)
    # Outcomes the odds list only when they may happen (an attack that may end before its
    # battle, say); the others are listed at 0% too.
    rare_outcomes: frozenset[str] = frozenset()
    # The fields of the procedure's decision forms, beside `kind` and `step` (the pages' form
    # checks them, and names them in its refusals, before `to_input` reads them).
    form_fields: tuple[FormField, ...] = ()
    # The form of the procedure's own part of a scenario, in the scenario's admin page (None:
    # the procedure has no scenario data; see `guerra.game.procedures.data`).
    data_form: type[ScenarioDataForm] | None = None

    @property
    def procedure(self) -> Procedure[S, Sit]:
        return cast("Procedure[S, Sit]", get_procedure(self.name))

    @property
    def label(self) -> str:
        """The combat system's name on the pages, in the reader's language (the rules name
        it: `Procedure.label`)."""
        return render_rules_message(self.procedure.label)

    @property
    def rules_template(self) -> Partial:
        """Its section of the rules page ("Come si gioca"), among its own partials."""
        return f"game/procedures/{self.name}/_rules.html"

    def state(self, data: Mapping[str, Any]) -> S:
        return self.procedure.state_from_dict(data)

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: S, power: str) -> Control | None:
        raise NotImplementedError

    def to_input(self, decision: Decision, power: str) -> object:
        """The procedure's input for a submitted form; `Undecidable` when it makes none."""
        raise NotImplementedError

    def input_from(self, state: S, decision: Decision, power: str) -> object:
        """The procedure's input for a submitted form, read against the attack's current
        state (a form that names units or groups by their row needs it); `to_input` unless
        the procedure says otherwise."""
        return self.to_input(decision, power)

    def kinds(self) -> tuple[str, ...]:
        """The kinds of decision the procedure's forms post."""
        raise NotImplementedError

    def required(self, kind: str) -> str | None:
        """The form field a decision of this kind cannot do without."""
        return None

    def decision_seconds(self, state: S, seconds: int) -> int:
        """How long the decision awaited at `state` may take, given the game's time for a
        decision (`seconds`): all of it unless the procedure shortens some of its decisions
        (services/awaited.decision_seconds keeps the answer between 1 s and `seconds`)."""
        return seconds

    # --- odds -----------------------------------------------------------------------------
    def outcome_words(self) -> dict[str, str]:
        """Each outcome the odds list, in words; a procedure adds (or rewords) its own."""
        return {"attacker_wins": _("Attacker wins"), "tie": _("Tie"),
                "defender_wins": _("Defender wins")}

    def odds_view(self, found: Estimate, words: Mapping[str, str] | None = None) -> OddsView:
        """Odds found by the rules, as a page shows them: a row for each of the procedure's
        outcomes (in its words, or in `words` where given), its rare ones only when they may
        happen."""
        said = {**self.outcome_words(), **(words or {})}
        outcomes = self.procedure.outcomes()
        rows = tuple(
            OddsRow(outcome, said.get(outcome, outcome), OUTCOME_CSS.get(outcome, "none"),
                    float(found.share(outcome) * 100))
            for outcome in outcomes
            if outcome not in self.rare_outcomes or found.share(outcome)
        )
        margin = max((found.margin(outcome) for outcome in outcomes), default=0.0) * 100
        return OddsView(rows, found.samples, margin)

    def odds(self, state: S, key: Hashable, make: Callable[[], Policy[S]]) -> OddsView:
        """The odds from a state as one viewer may know it, with the players answering as
        the policy `make()` does; computed once per process for each (state, key) and shared
        by every viewer, page and re-fetch that asks the same (a state is one step of one
        attack: it never changes)."""
        procedure = self.procedure
        found = cached_odds(self.name, cast(Hashable, state), key,
                            lambda: estimate(procedure, state, make()))
        return self.odds_view(found)

    def shows_odds(self, state: S) -> bool:
        """Odds are shown until the outcome is settled."""
        return not state.finished and self.procedure.settled_outcome(state) is None

    def shows_odds_to(self, state: S, power: str | None) -> bool:
        """Whether the viewer `power` (None: a spectator) gets the odds from `state`; every
        viewer does, while they are shown (`shows_odds`), unless the procedure says otherwise
        (piano: before the plans are revealed, only the attacker)."""
        return self.shows_odds(state)

    def current_odds(self, seen: S) -> OddsView:
        """The odds with every decision to come at its default (what the deadlines do)."""
        procedure = self.procedure
        return self.odds(seen, "defaults", lambda: procedure.default_input)

    def odds_caption(self, seen: S) -> str:
        """What the odds from here assume, in words, under their table."""
        return _("With the default choices")

    def extra_odds(self, seen: S) -> list[tuple[str, str, OddsView]]:
        """Other odds worth showing beside them: (key, caption, odds)."""
        return []

    def choice_odds(self, seen: S, control: Control, power: str) -> list[tuple[str, OddsView]]:
        """The odds after each option of the viewer's decision, side by side."""
        return []

    def declaration_odds(self, situation: Sit) -> tuple[OddsView, OddsView | None]:
        """The odds of declaring: alone, and with every invited ally bringing all it has
        (None when nobody would be invited)."""
        raise NotImplementedError

    # --- what the pages show ----------------------------------------------------------------
    def invited_powers(self, situation: Sit) -> list[str]:
        """The allies the declaration will ask (none by default)."""
        return []

    def forces(self, state: S) -> list[dict[str, Any]]:
        """Who fights on each side with which units left (the page's table)."""
        raise NotImplementedError

    def past_forces(self, state: S, visits: list[Visit]) -> list[dict[str, Any]]:
        """The forces after the given visits of the flowchart (the history)."""
        raise NotImplementedError

    def notes(self, state: S, visits: list[Visit] | None = None) -> list[str]:
        """Short facts under the forces (naval support...); `visits`: as they were then."""
        return []

    def board_panel(self, game: GameState, power: str | None
                    ) -> tuple[Partial, dict[str, Any]] | None:
        """What the board shows its viewer (`power`, None: a spectator) of the combat system's
        game-long memory (`Procedure.memory_seen_by`), as a partial and what it reads (`p`);
        None: nothing (the default)."""
        return None

    def private_panel(self, state: S, power: str | None) -> tuple[Partial, dict[str, Any]] | None:
        """What only this viewer may see of the attack beside its decision (a secret of its
        own), as a partial and what it reads (`p`); None: nothing (the default)."""
        return None

    def invitation(self, state: S, power: str) -> Invitation | None:
        """The prompt of an ally the current box asks to bring units."""
        return None

    def inviting(self, state: S) -> bool:
        """The current box asks allies for units (the alliances' negotiation lists them)."""
        return False

    def invited_allies(self, state: S) -> list[tuple[str, InvitedAlly]]:
        """(side, ally and its answer) for every ally asked or to be asked."""
        return []

    def newly_invited(self, before: S | None, after: S) -> list[tuple[str, str, int, int]]:
        """(side, power, armies, fleets) of the allies whose invitation opened with this step
        (each hears of it on its own chain)."""
        return []

    # --- the procedure's events in the flowchart's boxes -------------------------------------
    def event_template(self, kind: str) -> Partial | None:
        """The partial that draws an event of this kind in its flowchart box, if it has one."""
        return None

    def event_details(self, event: Mapping[str, Any], defending: str) -> dict[str, Any]:
        """What the event's partial reads beside the stored event (`defending`: who holds
        the defending side, by name: the defender, or the neutral country)."""
        return {}

    def event_details_in(self, event: Mapping[str, Any], defending: str, state: S
                         ) -> dict[str, Any]:
        """`event_details`, for a procedure whose partial also reads the attack's state (its
        units, by the ids an event names); the state is the attack's latest."""
        return self.event_details(event, defending)

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        """How many lines of text the event's partial takes in its box, for the layout; None:
        those of its sentence."""
        return None

    def warnings(self, game: GameState, situation: Sit, region: str) -> list[str]:
        """What an allowed attack cannot achieve, said before its 2 gold are paid (L8, L9)."""
        defender = situation.defender
        if defender is None:
            return []
        attacker = situation.attacker.power
        where = art(region, "in")
        held = next((p.markers for p in game.in_region(region) if p.power == defender.power), 0)
        if not held:  # L8
            return [ngettext(
                "%(power)s has no control marker %(region)s: winning takes no control, the "
                "losses still apply.",
                "%(power)s have no control marker %(region)s: winning takes no control, the "
                "losses still apply.", agreement(defender.power),
            ) % {"power": art(defender.power, "Il"), "region": where}]
        if game.markers_left(attacker) == 0:  # L9
            return [ngettext(
                "%(power)s has no control marker left in its supply: winning places none.",
                "%(power)s have no control marker left in their supply: winning places none.",
                agreement(attacker),
            ) % {"power": art(attacker, "Il")}]
        return []


def exact(shares: Mapping[str, Fraction]) -> Estimate:
    """Exact odds given outcome by outcome, as `odds_view` reads them."""
    return Estimate(tuple(sorted(shares.items())))
