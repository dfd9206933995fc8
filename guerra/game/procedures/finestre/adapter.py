"""The web layer of "finestre" ("Finestre di risposta", procedures/finestre.md): in each
window the power whose call it is gets the cards of its hand it may play now and "Passo"
(each call its own deadline: default pass); the attacker announces its tactic (W4) and tiles
(W9a), the defender its position (W5) and tiles (W9d); the owner of each loss chooses its kind
(W15). A call's deadline is short: a quarter of the game's time for a decision, 30 s at least
(`decision_seconds`). The odds are exact over the dice with the cards played so far, from what
the viewer may know: its own hand, the cards played; every call still to come a pass (never
another's hand). A hand is seen by its owner only (W1): on the attack page (its own panel) and
in its prompts; the others' as their size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.procedures.base import (
    Control,
    Decision,
    OddsView,
    Partial,
    ProcedureAdapter,
    Undecidable,
)
from guerra.game.procedures.chart import Visit
from guerra.game.procedures.finestre import controls, show
from guerra.game.procedures.finestre.data import FinestreDataForm
from guerra.game.procedures.finestre.deck import DeckIn
from guerra.game.procedures.finestre.words import deck_rows
from guerra.game.procedures.odds_cache import cached_odds
from guerra.rules.explore import Policy
from guerra.rules.finestre import cards
from guerra.rules.finestre import windows as w
from guerra.rules.finestre.cards import Deck
from guerra.rules.finestre.declaration import initial_state
from guerra.rules.finestre.inputs import Play, Position, Tactic
from guerra.rules.finestre.model import Situation
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from guerra.rules.finestre.state import FinestreState
from guerra.rules.game.combat import memory_of
from guerra.rules.game.state import GameState
from guerra.rules.odds import estimate

HAND_PANEL = "game/procedures/finestre/_hand.html"
BOARD_PANEL = "game/procedures/finestre/_board_hand.html"


def deck_of(game: GameState) -> Deck:
    """The game's deck (its scenario's data, W2's by default)."""
    return cards.deck_of(game.scenario.combat_data_of("finestre"))


def _answering(step: int, answer: object) -> Policy[FinestreState]:
    """The viewer's decision at `step` as `answer`, every other call a pass, every other
    choice its default."""
    def policy(state: FinestreState, power: str) -> object:
        if state.cursor.step == step:
            return answer
        return FINESTRE_PROCEDURE.default_input(state, power)
    return policy


class FinestreAdapter(ProcedureAdapter[FinestreState, Situation]):
    name = "finestre"
    rare_outcomes = frozenset({"ended_by_retreat"})
    form_fields = controls.FORM_FIELDS
    data_form = FinestreDataForm  # W1-W2 in the scenario's admin page

    def kinds(self) -> tuple[str, ...]:
        return controls.KINDS

    def required(self, kind: str) -> str | None:
        return controls.REQUIRED.get(kind)

    @property
    def deck_in(self) -> DeckIn:
        """W2's deck of a scenario, for the rules page (`{{ s.deck_in|get_item:facts.rules
        }}`)."""
        return DeckIn()

    # --- the viewer's decision ----------------------------------------------------------
    def control_for(self, state: FinestreState, power: str) -> Control | None:
        return controls.control_for(state, power)

    def to_input(self, decision: Decision, power: str) -> object:
        """Never without the state: cards and allies are posted by their row."""
        raise Undecidable(decision.kind)

    def input_from(self, state: FinestreState, decision: Decision, power: str) -> object:
        return controls.input_from(state, decision, power)

    def decision_seconds(self, state: FinestreState, seconds: int) -> int:
        """W3: a call has its own short deadline (`controls.call_seconds`)."""
        return controls.call_seconds(state, seconds)

    # --- odds -----------------------------------------------------------------------------
    def outcome_words(self) -> dict[str, str]:
        return {**super().outcome_words(), "ended_by_retreat": _("Ended by a Ritirata")}

    def _odds(self, seen: FinestreState, key: object, policy: Policy[FinestreState]
              ) -> OddsView:
        procedure = self.procedure
        found = cached_odds(self.name, seen, ("seen", key),
                            lambda: estimate(procedure, seen, policy))
        return self.odds_view(found)

    def choice_odds(self, seen: FinestreState, control: Control, power: str
                    ) -> list[tuple[str, OddsView]]:
        """A call: each card the viewer may play now (then everyone passes), and Passo; the
        tactic and the position: each option. From `seen` (the viewer's own hand only)."""
        step = seen.cursor.step
        options: list[tuple[str, object]] = []
        if control.kind == controls.CALL:
            side = seen.side_of(power)
            for card in w.playable(seen, power):
                allies = w.eligible_allies(seen, side) if side is not None else ()
                ally = allies[0] if allies and seen.situation.deck.kind_of(card) \
                    == "combatants" else None
                options.append((_("If you play %(card)s") % {"card": card},
                                Play(power, step, card, ally)))
            options.append((_("If you pass"), Play(power, step)))
        elif control.kind == controls.TACTIC:
            for row in control.extra["options"]:
                value = None if row["value"] == controls.NO_TACTIC else row["value"]
                options.append((_("With %(tactic)s") % {"tactic": row["word"]},
                                Tactic(power, step, value)))
        elif control.kind == controls.POSITION:
            options = [(_("From the forts"), Position(power, step, True)),
                       (_("Not from the forts"), Position(power, step, False))]
        return [(label, self._odds(seen, (step, repr(answer)), _answering(step, answer)))
                for label, answer in options]

    def declaration_odds(self, situation: Situation) -> tuple[OddsView, OddsView | None]:
        """Every call a pass, every announcement its default, from what the attacker knows
        (its own hand; the others' sizes)."""
        state = initial_state(situation)
        assert isinstance(state, FinestreState)
        opened, _events = FINESTRE_PROCEDURE.open(state)
        seen = FINESTRE_PROCEDURE.seen_by(opened, situation.attacker.power)
        return self._odds(seen, "declared", FINESTRE_PROCEDURE.default_input), None

    # --- what the pages show ----------------------------------------------------------------
    def forces(self, state: FinestreState) -> list[dict[str, Any]]:
        return show.forces(state)

    def past_forces(self, state: FinestreState, visits: list[Visit]) -> list[dict[str, Any]]:
        return show.past_forces(state, visits)

    def odds_caption(self, seen: FinestreState) -> str:
        """The odds are exact over the dice given the cards played so far (finestre.md)."""
        return _("Exact with the cards played so far; every call still to come taken as a "
                 "pass")

    def notes(self, state: FinestreState, visits: list[Visit] | None = None) -> list[str]:
        return show.notes(state) if visits is None else []

    def private_panel(self, state: FinestreState, power: str | None
                      ) -> tuple[Partial, dict[str, Any]] | None:
        """W1: the viewer's own hand (a player's; a spectator has none) and the sizes of the
        others'."""
        if power is None:
            return None
        return HAND_PANEL, {"hand": controls.hand_rows(state, power),
                            "others": controls.hand_sizes(state, power)}

    def board_panel(self, game: GameState, power: str | None
                    ) -> tuple[Partial, dict[str, Any]] | None:
        """W1 on the board: the viewer's own hand as the game's combat memory shows it to it
        (`memory_seen_by`), every hand's size; a spectator the sizes only."""
        seen = self.procedure.memory_seen_by(memory_of(game), power)
        sizes = seen.get("hand_sizes")
        if not isinstance(sizes, dict):
            return None
        rows = {row["name"]: row for row in deck_rows(deck_of(game))}
        hand = seen.get("hand")
        mine = [{**rows.get(str(card), {"name": str(card), "effect": ""}), "playable": False}
                for card in hand] if isinstance(hand, list) else None
        others = [{"power": p, "size": n} for p, n in sizes.items() if p != power]
        return BOARD_PANEL, {"hand": mine, "others": others}

    # --- the procedure's events in the flowchart's boxes -------------------------------------
    def event_template(self, kind: str) -> str | None:
        return show.EVENT_TEMPLATES.get(kind)

    def event_details_in(self, event: Mapping[str, Any], defending: str,
                         state: FinestreState) -> dict[str, Any]:
        return show.event_details(event, state)

    def event_lines(self, event: Mapping[str, Any]) -> int | None:
        return show.event_lines(event)


ADAPTER = FinestreAdapter()
