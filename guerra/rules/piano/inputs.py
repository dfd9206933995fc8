"""What players send to a "piano" attack: each input names its power and the step it was made
for; `guerra.rules.flowchart.Timeout(step)` stands for a deadline (the box's default).

- `Plan` (K3-K4): the side's plan, its `steps` in order (`PlanStep`: an action of `ACTIONS`
  naming a characteristic of `CHARACTERISTICS`); the main power of a side plans for it.
- `Reroll` (K5): the indices (from 0, in roll order) of the side's dice rolled again.
- `Assign` (K6): per step of the plan, the index of its die (after the rerolls) or None;
  `dice` None: "best" (the most damage dealt, then the fewest failed steps).
- `LossOrder` (K2): the kinds in the order the power's units take damage ("army", "fleet",
  "fort"); kinds left out follow in the default order.

`input_from_json` reads them from a JSON object (a web form, a websocket message) in the case
file's spelling: `{"steps": [["approach", "astuzia"], ["engagement", "forza"]]}`,
`{"dice": [0, 2]}`, `{"dice": "best"}` or `{"dice": [1, null]}`, `{"kinds": ["fleet"]}`.
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import DataError, Obj, as_int, as_list, as_str
from guerra.rules.piano import graph as g
from guerra.rules.piano.data import CHARACTERISTICS, KINDS

APPROACH, CONTROL, DEADLY, ENGAGEMENT = "approach", "control", "deadly", "engagement"
ACTIONS = (APPROACH, CONTROL, DEADLY, ENGAGEMENT)
MAX_STEPS = 6  # K3


@frozen.record
@dataclass(frozen=True)
class PlanStep:
    """K3: one step of a plan: its action and the characteristic it names."""

    action: str
    characteristic: str


@frozen.record
@dataclass(frozen=True)
class Plan:
    """K3-K4: a side's plan, made in secret."""

    power: str
    step: int
    steps: tuple[PlanStep, ...] = ()


@frozen.record
@dataclass(frozen=True)
class Reroll:
    """K5: the side's dice rolled again (indices from 0, in roll order; none: no reroll)."""

    power: str
    step: int
    dice: tuple[int, ...] = ()


@frozen.record
@dataclass(frozen=True)
class Assign:
    """K6: per step of the plan, the index of its die or None; `dice` None: "best"."""

    power: str
    step: int
    dice: tuple[int | None, ...] | None = None


@frozen.record
@dataclass(frozen=True)
class LossOrder:
    """K2: the kinds in the order the power's units take damage (the rest by default)."""

    power: str
    step: int
    kinds: tuple[str, ...] = ()


def read_steps(value: object, where: str) -> tuple[PlanStep, ...]:
    """A plan's steps as `[["approach", "astuzia"], ...]` (each action and characteristic
    known; K3-K4's order is checked where the plan is made)."""
    steps = []
    for i, item in enumerate(as_list(value, where)):
        pair = as_list(item, f"{where}[{i}]")
        if len(pair) != 2:
            raise DataError(_("Each step of “{field}” must be an action and a characteristic, "
                              "as [\"approach\", \"astuzia\"].", field=where))
        action, characteristic = as_str(pair[0], f"{where}[{i}]"), as_str(pair[1], f"{where}[{i}]")
        if action not in ACTIONS:
            raise DataError(_("Unknown action “{action}” in “{field}” (approach, control, "
                              "deadly or engagement).", action=action, field=f"{where}[{i}]"))
        if characteristic not in CHARACTERISTICS:
            raise DataError(_("Unknown characteristic “{name}” in “{field}” (disciplina, "
                              "astuzia, rapidita or forza).", name=characteristic,
                              field=f"{where}[{i}]"))
        steps.append(PlanStep(action, characteristic))
    return tuple(steps)


def read_indices(value: object, where: str) -> tuple[int, ...]:
    return tuple(as_int(v, f"{where}[{i}]") for i, v in enumerate(as_list(value, where)))


def read_assignment(value: object, where: str) -> tuple[int | None, ...] | None:
    """"best" (None) or per step a die's index or null."""
    if value == "best":
        return None
    return tuple(None if v is None else as_int(v, f"{where}[{i}]")
                 for i, v in enumerate(as_list(value, where)))


def read_kinds(value: object, where: str) -> tuple[str, ...]:
    kinds = tuple(as_str(v, f"{where}[{i}]") for i, v in enumerate(as_list(value, where)))
    for i, kind in enumerate(kinds):
        if kind not in KINDS:
            raise DataError(_("Field “{field}” must list “army”, “fleet” or “fort”.",
                              field=f"{where}[{i}]"))
    return kinds


def input_from_json(node: str, power: str, step: int, data: Obj) -> object:
    """The input for box `node` from a JSON object; a `DataError` in Italian if it is wrong."""
    if node == g.PLAN:
        return Plan(power, step, read_steps(data.get("steps", []), "steps"))
    if node == g.REROLL:
        return Reroll(power, step, read_indices(data.get("dice", []), "dice"))
    if node == g.ASSIGN:
        return Assign(power, step, read_assignment(data.get("dice", "best"), "dice"))
    if node == g.LOSSES:
        return LossOrder(power, step, read_kinds(data.get("kinds", []), "kinds"))
    raise DataError(_("This is not the decision awaited now."))
