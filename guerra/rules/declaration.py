"""D1-D4: may this attack be declared? The checks every procedure shares (the rules of the game,
not of a combat system); a procedure adds its own (seed 004's N0, its allies' list).

Refusals come back as a `Message` and nothing is paid (D3: the 2 gold are paid only by an
accepted declaration).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from guerra.rules.forces import Force, Neutral
from guerra.rules.i18n import Message, _, ngettext

DECLARATION_COST = 2  # D3


def negative_field(forces: Sequence[tuple[str, object]], neutral: Neutral | None,
                   lists: Sequence[tuple[str, Sequence[object]]] = ()) -> Message | None:
    """A count below zero or a nameless power in a situation (a case file's mistake).

    `forces` are (name, force); each of `lists` is (name, forces), its forces named name[0],
    name[1], ... (the allies), after `forces`. The check runs at every declaration: a force
    gets its name only when it is wrong."""
    if neutral is not None:
        for name in ("defense", "amount"):
            value = getattr(neutral, name)
            if value is not None and value < 0:
                return _("Field “{field}” cannot be negative.", field=f"neutral.{name}")
    for where, force in forces:
        wrong = _wrong_field(force)
        if wrong is not None:
            return _field_problem(where, wrong)
    for key, group in lists:
        for index, force in enumerate(group):
            wrong = _wrong_field(force)
            if wrong is not None:
                return _field_problem(f"{key}[{index}]", wrong)
    return None


def _wrong_field(force: object) -> str | None:
    """The first wrong field of a force: "power" when its power is not a non-empty text,
    else the first count below zero; None when every field is right."""
    if not getattr(force, "power", "").strip():
        return "power"
    cls = type(force)
    for name in _FIELD_NAMES.get(cls) or _field_names(cls):
        value = getattr(force, name)
        if isinstance(value, int) and value < 0:  # a bool is an int, never below zero
            return name
    return None


def _field_problem(where: str, name: str) -> Message:
    if name == "power":
        return _("Field “{field}” must be a non-empty text.", field=f"{where}.power")
    return _("Field “{field}” cannot be negative.", field=f"{where}.{name}")


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """A force class's fields, in order (read at every declaration: looked up once a class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def target_problem(attacker: Force, defender: Force | None, neutral: Neutral | None,
                   region: str, *, defender_is_ally: bool) -> Message | None:
    """D1, D4 and D2: one target, present in the region, not oneself nor an ally; an army or
    a fleet of the attacker's own there."""
    if (defender is None) == (neutral is None):
        return _("An attack needs exactly one target: a power or a neutral marker.")
    if defender is not None:
        if defender.power == attacker.power:
            return _("{power} cannot attack itself.", power=attacker.power)  # D1
        if defender_is_ally:
            return _("{power} cannot attack {target}: they are allies in this war.",
                     power=attacker.power, target=defender.power)  # D1
        present = defender.armies + defender.fleets + defender.forts + defender.control_markers
        if present == 0:  # D4
            return _("{target} has no units and no control markers in {region}: "
                     "it cannot be attacked there.", target=defender.power, region=region)
    if attacker.armies + attacker.fleets == 0:  # D2
        return _("{power} needs at least one army or fleet in {region} to attack.",
                 power=attacker.power, region=region)
    return None


class Invited(Protocol):
    """An invited ally as each procedure records it: at least its power."""

    @property
    def power(self) -> str: ...


def invited_twice(attacker: Force, defender: Force | None,
                  allies: Sequence[Invited]) -> Message | None:
    """A1: each ally is invited once, and never a main power of the attack (in the order
    given)."""
    seen = {attacker.power}
    if defender is not None:
        seen.add(defender.power)
    for ally in allies:
        if ally.power in seen:
            return _("{power} cannot be invited twice, nor invited to its own attack.",
                     power=ally.power)
        seen.add(ally.power)
    return None


def gold_problem(attacker: Force) -> Message | None:
    """D3: declaring costs 2 gold."""
    if attacker.gold < DECLARATION_COST:
        return ngettext("Declaring an attack costs 2 gold: {power} has only {count} gold.",
                        "Declaring an attack costs 2 gold: {power} has only {count} gold.",
                        attacker.gold, power=attacker.power)
    return None
