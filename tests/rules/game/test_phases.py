"""G20: the phase sequence and what a phase does when it begins; every expected value is worked
out by hand from game-rules.md."""

from __future__ import annotations

import dataclasses

from guerra.rules.dice import ScriptedDice
from guerra.rules.game.events import WarEnded
from guerra.rules.game.phases import ENTER
from guerra.rules.game.state import AuctionState
from tests.rules.game.helpers import in_rounds
from tests.rules.game.scenarios import FR, GB, PR

SEATING = (FR, PR, GB)


def test_G20_the_end_of_a_war_turns_tiles_face_up_and_lapses_alliances_and_slots() -> None:
    table = AuctionState(SEATING, FR, PR, slots=((FR, "A"), (PR, "B"), (GB, "A")))
    state = dataclasses.replace(
        in_rounds(Francia={"tiles": (("bank", 1), ("mercenaries", 1)),
                           "spent": (("mercenaries", 1),)}),
        war=2, phase="end_of_war", round=6, turn=None, auction=table)
    after, events = ENTER["end_of_war"](state, ScriptedDice([]))
    assert events == (WarEnded(2),)
    assert after.power(FR).spent == ()  # the Mercenaries tile is face up again...
    assert after.power(FR).tiles == (("bank", 1), ("mercenaries", 1))  # ...and still held
    assert (after.alliances, after.auction, after.round, after.war) == ((), None, 0, 2)
