"""L8-L9 and N3 when the attacker has won a region: the effects every combat system shares.
Each system names its own rule in the events (the box that applies them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    Event,
    GoldChanged,
    NeutralRemoved,
    VpChanged,
)
from guerra.rules.forces import Neutral


@dataclass(frozen=True)
class Rules:
    """The rule each event names: control (L8-L9 or the system's own), the neutral marker's
    removal, its reward."""

    control: str
    neutral: str
    reward: str = "N3"


def may_place(markers_in_supply: int | None) -> bool:
    """L9: a control marker is placed only while the power has one left in its supply (None:
    not counted, as in a case file that does not say)."""
    return markers_in_supply is None or markers_in_supply > 0


class Holder(Protocol):
    """The defending main power as a system records it: its name and its markers there."""

    @property
    def power(self) -> str: ...

    @property
    def control_markers(self) -> int: ...


def region_won(region: str, power: str, rules: Rules, *, markers_in_supply: int | None,
               neutral: Neutral | None, defender: Holder | None) -> list[Event]:
    """The attacker `power` won `region`: against a neutral (N3) the marker leaves, a control
    marker is placed and the reward paid; against a power with a control marker there (L8), it
    is removed and the attacker's placed (L9); with none there, nothing changes hands."""
    events: list[Event] = []
    if neutral is not None:
        events.append(NeutralRemoved(region, rules.neutral))
        if may_place(markers_in_supply):
            events.append(ControlPlaced(power, region, rules.neutral))
        if neutral.reward == "gold" and neutral.reward_amount:
            events.append(GoldChanged(power, neutral.reward_amount, rules.reward))
        elif neutral.reward == "vp" and neutral.reward_amount:
            events.append(VpChanged(power, neutral.reward_amount, rules.reward))
        return events
    if defender is not None and defender.control_markers > 0:
        events.append(ControlRemoved(defender.power, region, rules.control))
        if may_place(markers_in_supply):
            events.append(ControlPlaced(power, region, rules.control))
    return events
