"""L8-L9 and N3 when the attacker won a region, shared by the combat systems
(`guerra/rules/control.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.control import Rules, region_won
from guerra.rules.events import (
    ControlPlaced,
    ControlRemoved,
    GoldChanged,
    NeutralRemoved,
    VpChanged,
)
from guerra.rules.forces import Neutral

RULES = Rules(control="X8", neutral="X11")


@dataclass(frozen=True)
class Held:
    power: str
    control_markers: int


def test_L8_L9_the_defenders_marker_goes_and_the_attackers_comes_while_it_has_one() -> None:
    won = region_won("Baviera", "Francia", RULES, markers_in_supply=3, neutral=None,
                     defender=Held("Austria", 1))
    assert won == [ControlRemoved("Austria", "Baviera", "X8"),
                   ControlPlaced("Francia", "Baviera", "X8")]
    none_left = region_won("Baviera", "Francia", RULES, markers_in_supply=0, neutral=None,
                           defender=Held("Austria", 1))
    assert none_left == [ControlRemoved("Austria", "Baviera", "X8")]
    # L8: no marker of the defender there, none changes hands.
    assert region_won("Baviera", "Francia", RULES, markers_in_supply=3, neutral=None,
                      defender=Held("Austria", 0)) == []


def test_N3_a_neutral_marker_leaves_and_pays_its_reward() -> None:
    gold = region_won("Baviera", "Francia", RULES, markers_in_supply=None,
                      neutral=Neutral(3, "gold"), defender=None)
    assert gold == [NeutralRemoved("Baviera", "X11"), ControlPlaced("Francia", "Baviera", "X11"),
                    GoldChanged("Francia", 3, "N3")]
    vp = region_won("Baviera", "Francia", Rules("W16", "W16", "W16"), markers_in_supply=0,
                    neutral=Neutral(4, "vp", 2), defender=None)
    assert vp == [NeutralRemoved("Baviera", "W16"), VpChanged("Francia", 2, "W16")]
    assert region_won("Baviera", "Francia", RULES, markers_in_supply=1, neutral=Neutral(2),
                      defender=None) == [NeutralRemoved("Baviera", "X11"),
                                         ControlPlaced("Francia", "Baviera", "X11")]
