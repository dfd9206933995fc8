"""A structured decision: distribute a number of points (losses, damage) over named parts.

Seed "d10"'s owner of several kinds of unit chooses how its losses split between armies and
fleets; seed 001's defender will spread damage over its units. Both send an `Allocation` and
check it with `allocation_problem`: every part named once, none negative or above its cap, and
the parts adding up to the total.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from guerra.rules import frozen
from guerra.rules.i18n import Message, _, ngettext


@frozen.record
@dataclass(frozen=True)
class Allocation:
    """A power's split of a number of points over named parts, for one step."""

    power: str
    step: int
    parts: tuple[tuple[str, int], ...]

    def of(self, key: str) -> int:
        return dict(self.parts).get(key, 0)


def allocation_problem(allocation: Allocation, total: int, caps: Mapping[str, int],
                       labels: Mapping[str, Message] | None = None) -> Message | None:
    """Why `allocation` is not a split of exactly `total` points over `caps` (at most
    `caps[key]` on each part), or None when it is. `labels` name the parts to a player."""
    names = [key for key, _n in allocation.parts]
    if len(names) != len(set(names)):
        return _("Each part may be named only once.")
    for key, amount in allocation.parts:
        label = (labels or {}).get(key) or Message(key)
        if key not in caps:
            return _("“{part}” cannot take any of it.", part=label)
        if amount < 0:
            return _("A number of units cannot be negative.")
        if amount > caps[key]:
            return ngettext("At most {count} on “{part}”.", "At most {count} on “{part}”.",
                            caps[key], part=label)
    given = sum(amount for _key, amount in allocation.parts)
    if given != total:
        return ngettext("Distribute exactly {count} unit, not {given}.",
                        "Distribute exactly {count} units, not {given}.", total, given=given)
    return None
