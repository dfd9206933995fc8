"""The decisions of "piano" on the pages: what each form shows (its `Control`) and the input a
submitted form makes, read against the attack's state.

- the plan (K3-K4): six rows, each a step ("approach", "control", "deadly", "engagement", or
  none) and the characteristic it names (`piano_step_<n>`, `piano_char_<n>`); the rows left
  empty are left out; the default plan filled in;
- the rerolls (K5): a checkbox per die (`piano_reroll_<n>`);
- the assignment (K6): per step of the plan the die it takes (`piano_die_<n>`: its number
  from 1, 0 for none), "best" filled in, or `piano_best` for "best" itself;
- the order of the losses (K2): one button per order of the power's kinds of unit
  (`piano_order`: "fleet-army-fort"), each with what it loses that way.

A form shows its viewer's own side and only what is public of the other (its ratings, its
strength and weakness; its plan once both are in, K3): `seen_by` hides the rest.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from guerra.game.procedures.base import Control, Decision, FormField, Undecidable
from guerra.game.procedures.piano.words import (
    action_word,
    characteristic_word,
    characteristics_words,
    unit_word,
)
from guerra.rules.forces import SIDES, Side, other
from guerra.rules.piano import battle, losses
from guerra.rules.piano import graph as g
from guerra.rules.piano.boxes import best
from guerra.rules.piano.data import CHARACTERISTICS, KINDS
from guerra.rules.piano.inputs import (
    ACTIONS,
    CONTROL,
    DEADLY,
    MAX_STEPS,
    Assign,
    LossOrder,
    Plan,
    PlanStep,
    Reroll,
)
from guerra.rules.piano.state import PianoState

PARTIALS = "game/procedures/piano"
PLAN_FORM = f"{PARTIALS}/_plan.html"
REROLL_FORM = f"{PARTIALS}/_reroll.html"
ASSIGN_FORM = f"{PARTIALS}/_assign.html"
LOSSES_FORM = f"{PARTIALS}/_losses.html"

PLAN, REROLL, ASSIGN, LOSSES = "piano_plan", "piano_reroll", "piano_assign", "piano_losses"
KINDS_OF_DECISION = (PLAN, REROLL, ASSIGN, LOSSES)
REQUIRED = {LOSSES: "piano_order"}
MAX_DICE = g.MAX_DICE
# K2: an order names some of the kinds, each once ("fleet-army"); the rest follow.
ORDERS = tuple("-".join(p) for n in (1, 2, 3) for p in permutations(KINDS, n))


def _rows(name: str, words: Any, count: int, **spec: Any) -> tuple[FormField, ...]:
    return tuple(FormField(f"{name}_{i}", format_lazy(words, n=i), **spec)
                 for i in range(1, count + 1))


FORM_FIELDS: tuple[FormField, ...] = (
    *_rows("piano_step", gettext_lazy("Step {n}"), MAX_STEPS, choices=ACTIONS),
    *_rows("piano_char", gettext_lazy("Characteristic of step {n}"), MAX_STEPS,
           choices=CHARACTERISTICS),
    *_rows("piano_reroll", gettext_lazy("Roll die {n} again"), MAX_DICE, choices=("1",)),
    *_rows("piano_die", gettext_lazy("Die of step {n}"), MAX_STEPS, high=MAX_DICE),
    FormField("piano_best", gettext_lazy("The best assignment"), choices=("1",)),
    FormField("piano_order", gettext_lazy("Order of the losses"), choices=ORDERS),
)


# --- what each side shows --------------------------------------------------------------------


def side_facts(state: PianoState, side: Side) -> dict[str, Any]:
    """K1/K7: a side's ratings, strength and weakness (public)."""
    ratings = state.side(side).ratings
    strong, weak = battle.strength(ratings), battle.weakness(ratings)
    return {"ratings": [{"name": c, "word": characteristic_word(c), "value": r,
                         "strong": c in strong, "weak": c in weak}
                        for c, r in zip(CHARACTERISTICS, ratings, strict=False)],
            "strength": characteristics_words(strong), "weakness": characteristics_words(weak),
            "units": state.units(side)}


def plan_rows(state: PianoState, side: Side, plan: tuple[PlanStep, ...]
              ) -> list[dict[str, Any]]:
    """A plan step by step, each with its characteristic, the side's rating there, and
    whether it names the opponent's strength or weakness (K7)."""
    own, theirs = state.side(side).ratings, state.side(other(side)).ratings
    strong, weak = battle.strength(theirs), battle.weakness(theirs)
    return [{"row": i, "action": s.action, "word": action_word(s.action),
             "ch": characteristic_word(s.characteristic),
             "rating": battle.rating(own, s.characteristic) if own else 0,
             "on_strength": s.characteristic in strong, "on_weakness": s.characteristic in weak}
            for i, s in enumerate(plan, start=1)]


def _common(state: PianoState, side: Side) -> dict[str, Any]:
    return {"mine": side_facts(state, side), "theirs": side_facts(state, other(side))}


def _characteristic_options(state: PianoState, side: Side) -> list[dict[str, Any]]:
    """Each characteristic with the side's rating, marked when it is the opponent's weakness
    (✔: the step succeeds without a die) or strength (✘: it fails whatever, K7)."""
    own, theirs = state.side(side).ratings, state.side(other(side)).ratings
    strong, weak = battle.strength(theirs), battle.weakness(theirs)
    marks = {name: " ✔" if name in weak else " ✘" if name in strong else ""
             for name in CHARACTERISTICS}
    return [{"value": name, "label": f"{characteristic_word(name)} "
             f"({battle.rating(own, name)}){marks[name]}"} for name in CHARACTERISTICS]


def deadly_allowed(state: PianoState, side: Side) -> bool:
    """K4: no deadly engagement by the side with fewer units in the battle."""
    return state.units(side) >= state.units(other(side))


def plan_control(state: PianoState, side: Side) -> Control:
    own, theirs = state.side(side).ratings, state.side(other(side)).ratings
    default = battle.default_plan(own, theirs)
    rows = [{"row": i, "step": s.action if s else "", "ch": s.characteristic if s else
             default[0].characteristic}
            for i, s in enumerate([*default, *[None] * (MAX_STEPS - len(default))], start=1)]
    deadly = deadly_allowed(state, side)
    steps = [{"value": a, "word": action_word(a)} for a in ACTIONS
             if deadly or a not in (CONTROL, DEADLY)]
    said = " ".join(f"{action_word(s.action)} ({characteristic_word(s.characteristic)})"
                    for s in default)
    return Control(PLAN, state.step, PLAN_FORM, side=side, extra={
        **_common(state, side), "rows": rows, "steps": steps, "deadly": deadly,
        "characteristics": _characteristic_options(state, side),
        "default_char": default[0].characteristic,
        "default_words": _("When the time runs out, your plan is the default one: %(plan)s.")
        % {"plan": said}})


def dice_rows(dice: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"row": i, "face": face} for i, face in enumerate(dice, start=1)]


def reroll_control(state: PianoState, side: Side) -> Control:
    now = state.side(side)
    return Control(REROLL, state.step, REROLL_FORM, side=side, extra={
        **_common(state, side), "dice": dice_rows(now.dice),
        "plan": plan_rows(state, side, now.plan or ()),
        "their_plan": plan_rows(state, other(side), state.side(other(side)).plan or ())})


def assign_control(state: PianoState, side: Side) -> Control:
    now = state.side(side)
    plan = now.plan or ()
    theirs = state.side(other(side)).ratings
    chosen = best(state, side)
    opened = battle.open_steps(plan, now.ratings, theirs)
    rows = []
    for step, die, is_open in zip(plan_rows(state, side, plan), chosen, opened, strict=True):
        options = [{"value": i, "face": face} for i, face in enumerate(now.dice, start=1)
                   if face <= step["rating"]]
        rows.append({**step, "options": options, "chosen": 0 if die is None else die + 1,
                     "open": is_open})
    return Control(ASSIGN, state.step, ASSIGN_FORM, side=side, extra={
        **_common(state, side), "dice": dice_rows(now.dice), "rows": rows,
        "plan": plan_rows(state, side, plan),
        "their_plan": plan_rows(state, other(side), state.side(other(side)).plan or ())})


def _losses_words(found: list[tuple[str, int]]) -> str:
    if not found:
        return _("you lose no unit")
    parts = [ngettext("%(n)d %(unit)s", "%(n)d %(unit)s", n) % {
        "n": n, "unit": unit_word(kind, n).lower()} for kind, n in found]
    return _("you lose %(units)s") % {"units": ", ".join(parts)}


def losses_control(state: PianoState, power: str) -> Control | None:
    for side in SIDES:
        for member in state.members(side):
            if member.power != power:
                continue
            options = []
            for order in permutations(losses.kinds_of(member)):
                lost = losses.spread(state, side, {**dict(state.loss_orders), power: order})
                mine = [(loss.kind, loss.count) for loss in lost if loss.power == power]
                options.append({"value": "-".join(order), "words": ", ".join(
                    unit_word(k, 2) for k in order), "lost": _losses_words(mine)})
            return Control(LOSSES, state.step, LOSSES_FORM, side=side, extra={
                "options": options, "taken": state.side(side).taken})
    return None


def control_for(state: PianoState, power: str) -> Control | None:
    """The decision `power` has at the current box, with what its partial shows."""
    if state.finished or power not in state.awaiting:
        return None
    node = state.cursor.node
    if node == g.LOSSES:
        return losses_control(state, power)
    side = state.side_of(power)
    if side is None:
        return None
    if node == g.PLAN:
        return plan_control(state, side)
    if node == g.REROLL:
        return reroll_control(state, side)
    if node == g.ASSIGN:
        return assign_control(state, side)
    return None


# --- the input a form makes ------------------------------------------------------------------


def _text(decision: Decision, name: str) -> str:
    found = decision.value(name, "")
    return found if isinstance(found, str) else ""


def input_from(state: PianoState, decision: Decision, power: str) -> object:
    """The rules' input for a submitted form; the rules check the rest (their refusal, in
    Italian, says what is wrong: K3-K4's plan, K6's dice)."""
    kind, step = decision.kind, decision.step
    if kind == PLAN:
        steps = tuple(PlanStep(_text(decision, f"piano_step_{i}"),
                               _text(decision, f"piano_char_{i}"))
                      for i in range(1, MAX_STEPS + 1) if _text(decision, f"piano_step_{i}"))
        return Plan(power, step, steps)
    if kind == REROLL:
        return Reroll(power, step, tuple(i - 1 for i in range(1, MAX_DICE + 1)
                                         if _text(decision, f"piano_reroll_{i}") == "1"))
    if kind == ASSIGN:
        if _text(decision, "piano_best") == "1":
            return Assign(power, step, None)
        side = state.side_of(power)
        plan = state.side(side).plan or () if side is not None else ()
        dice = [decision.number(f"piano_die_{i}") for i in range(1, MAX_STEPS + 1)]
        # A row beyond the plan that names a die makes the assignment longer than the plan:
        # the rules refuse it in their words.
        count = max([len(plan), *(i + 1 for i, d in enumerate(dice) if d)])
        return Assign(power, step, tuple(None if d == 0 else d - 1 for d in dice[:count]))
    if kind == LOSSES:
        order = _text(decision, "piano_order")
        return LossOrder(power, step, tuple(order.split("-")) if order else ())
    raise Undecidable(kind)


__all__ = ["FORM_FIELDS", "KINDS_OF_DECISION", "REQUIRED", "control_for",
           "input_from"]
