"""What the web layer needs of a combat procedure, beside its rules (`guerra.rules`): one
adapter per procedure, registered by name in `guerra.game.procedures`.

An adapter turns the procedure's state into what pages show — the decision the viewer has at
the current box (its `Control` and the partial with its forms), the odds, the forces, an ally's
invitation — and a submitted form into the procedure's input. Services and pages ask the
adapter of the attack's own procedure, so they know none by name.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from django.utils.translation import ngettext

from guerra.game.procedures.chart import Visit
from guerra.game.text.grammar import agreement, art
from guerra.rules.explore import Policy
from guerra.rules.flowchart import Procedure, get_procedure
from guerra.rules.game.state import GameState
from guerra.rules.odds import Estimate, estimate
from guerra.runtime.kept import Kept

OUTCOME_KEYS = ("attacker_wins", "tie", "defender_wins", "ended_before_land")


@dataclass(frozen=True)
class OddsView:
    """Odds as percentages, for a page: exact, or estimated from `samples` battles with a 95%
    margin of `margin` percentage points. `shown` are the outcomes the procedure can end
    with, in the order the page lists them."""

    attacker_wins: float
    tie: float
    defender_wins: float
    ended_before_land: float
    shown: tuple[str, ...] = OUTCOME_KEYS
    samples: int | None = None
    margin: float = 0.0

    @classmethod
    def of(cls, found: object, shown: tuple[str, ...] = OUTCOME_KEYS) -> OddsView:
        """From seed 004's `Odds` (fractions by outcome) or any `Estimate`."""
        if isinstance(found, Estimate):
            a, t, d, n = (float(found.share(key) * 100) for key in OUTCOME_KEYS)
            margin = max((found.margin(key) for key in shown), default=0.0) * 100
            return cls(a, t, d, n, shown=shown, samples=found.samples, margin=margin)
        a, t, d, n = (float(getattr(found, key) * 100) for key in OUTCOME_KEYS)
        return cls(a, t, d, n, shown=shown)

    @property
    def rows(self) -> list[tuple[str, str, float]]:
        """(outcome, css class of its bar, percent) for each outcome shown; "no land battle"
        only when it may happen."""
        css = {"attacker_wins": "", "tie": "tie", "defender_wins": "def",
               "ended_before_land": "none"}
        return [(key, css[key], getattr(self, key)) for key in self.shown
                if key != "ended_before_land" or self.ended_before_land]

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
    step it answers, the partial with its forms, and what the forms need."""

    kind: str
    step: int
    template: str = "game/_decision_forms.html"
    max_armies: int = 0
    max_fleets: int = 0
    max_tiles: int = 0
    side: str = ""
    can_lose_fort: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


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


_odds_cache: Kept[tuple[str, Hashable, Hashable], object] = Kept(2048)
T = TypeVar("T")


def cached_odds(name: str, state: Hashable, key: Hashable, make: Callable[[], T]) -> T:
    """`make()` (odds), computed once per process for each (procedure, state, key) and shared
    by every viewer, page and re-fetch that asks the same: a state is one step of one attack,
    it never changes. The last 2,048 are kept."""
    entry = (name, state, key)
    found = _odds_cache.get(entry)
    if found is None:
        found = _odds_cache.put(entry, make())
    return cast(T, found)


def clear_odds_cache() -> None:
    _odds_cache.clear()


class ProcedureAdapter:
    """The web layer's view of one combat procedure; subclasses fill in what differs."""

    name = ""
    label: Any = ""  # the combat system's name on the pages (a gettext_lazy string)
    ally_kind = "ally"  # the Control kind of an ally's invitation (the prompt on every page)

    @property
    def procedure(self) -> Procedure[Any, Any]:
        return get_procedure(self.name)

    def state(self, data: Mapping[str, Any]) -> Any:
        return self.procedure.state_from_dict(data)

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: Any, power: str) -> Control | None:
        raise NotImplementedError

    def to_input(self, decision: Decision, power: str) -> object:
        """The procedure's input for a submitted form; `Undecidable` when it makes none."""
        raise NotImplementedError

    # --- odds -----------------------------------------------------------------------------
    def odds(self, state: Any, key: Hashable, make: Callable[[], Policy[Any]]) -> OddsView:
        """The odds from a state as one viewer may know it, with the players answering as
        the policy `make()` does; computed once per process for each (state, key) and shared
        by every viewer, page and re-fetch that asks the same (a state is one step of one
        attack: it never changes)."""
        procedure = self.procedure
        found = cached_odds(self.name, state, key, lambda: estimate(procedure, state, make()))
        return OddsView.of(found, procedure.outcomes())

    def shows_odds(self, state: Any) -> bool:
        """Odds are shown until the outcome is settled."""
        return not state.finished and self.procedure.settled_outcome(state) is None

    def current_odds(self, seen: Any) -> OddsView:
        """The odds with every decision to come at its default (what the deadlines do)."""
        procedure = self.procedure
        return self.odds(seen, "defaults", lambda: procedure.default_input)

    def extra_odds(self, seen: Any) -> list[tuple[str, str, OddsView]]:
        """Other odds worth showing beside them: (caption, label of the "none" row, odds)."""
        return []

    def choice_odds(self, seen: Any, control: Control, power: str) -> list[tuple[str, OddsView]]:
        """The odds after each option of the viewer's decision, side by side."""
        return []

    def declaration_odds(self, situation: Any) -> tuple[OddsView, OddsView | None]:
        """The odds of declaring: alone, and with every invited ally bringing all it has
        (None when nobody would be invited)."""
        raise NotImplementedError

    # --- what the pages show ----------------------------------------------------------------
    def invited_powers(self, situation: Any) -> list[str]:
        raise NotImplementedError

    def forces(self, state: Any) -> list[dict[str, Any]]:
        """Who fights on each side with which units left (the page's table)."""
        raise NotImplementedError

    def past_forces(self, state: Any, visits: list[Visit]) -> list[dict[str, Any]]:
        """The forces after the given visits of the flowchart (the history)."""
        raise NotImplementedError

    def notes(self, state: Any, visits: list[Visit] | None = None) -> list[str]:
        """Short facts under the forces (naval support...); `visits`: as they were then."""
        return []

    def naval_support(self, state: Any, visits: list[Visit] | None = None) -> str | None:
        """The side with naval support, in a procedure that has it (now, or after the
        given visits)."""
        return None

    def required(self, kind: str) -> str | None:
        """The form field a decision of this kind cannot do without."""
        return None

    def kinds(self) -> tuple[str, ...]:
        """The kinds of decision the procedure's forms post."""
        raise NotImplementedError

    def invitation(self, state: Any, power: str) -> Invitation | None:
        """The prompt of an ally the current box asks to bring units."""
        return None

    def inviting(self, state: Any) -> bool:
        """The current box asks allies for units (the alliances' negotiation lists them)."""
        return False

    def invited_allies(self, state: Any) -> list[tuple[str, InvitedAlly]]:
        """(side, ally and its answer) for every ally asked or to be asked."""
        return []

    def newly_invited(self, before: Any | None, after: Any) -> list[tuple[str, str, int, int]]:
        """(side, power, armies, fleets) of the allies whose invitation opened with this step
        (each hears of it on its own chain)."""
        return []

    def event_template(self, kind: str) -> str | None:
        """The partial that draws an event of this kind in its flowchart box, if it has one."""
        return None

    def warnings(self, game: GameState, situation: Any, region: str) -> list[str]:
        """What an allowed attack cannot achieve, said before its 2 gold are paid (L8, L9)."""
        defender = getattr(situation, "defender", None)
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
