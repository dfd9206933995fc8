"""G20: the phase sequence and what a phase does when it begins; every expected value is worked
out by hand from game-rules.md."""

from __future__ import annotations

import dataclasses

from guerra.rules.dice import ScriptedDice
from guerra.rules.game.auction import open_auction
from guerra.rules.game.events import CountersDrawn, WarEnded
from guerra.rules.game.phases import ENTER
from guerra.rules.game.state import AuctionState
from tests.rules.game.helpers import in_rounds
from tests.rules.game.scenarios import AF, CA, FR, GB, NA, PR, ST

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


def test_G20_a_later_war_begins_with_new_counters_war_1_drew_its_own_at_setup() -> None:
    # tiny(): 4 counters a war. Pool 9, 10, 11, 12, 1; counter 5 already face up.
    state = dataclasses.replace(in_rounds(face_up=(5,)), war=2, phase="counters", turn=None,
                                pool=(9, 10, 11, 12, 1))
    after, events = ENTER["counters"](state, ScriptedDice([]))
    assert (after.face_up, after.pool) == ((5, 9, 10, 11, 12), (1,))
    assert events == (CountersDrawn(2, (9, 10, 11, 12), (CA, AF, NA, ST)),)
    first = dataclasses.replace(state, war=1)
    assert ENTER["counters"](first, ScriptedDice([])) == (first, ())


def test_G23_war_1s_first_opener_is_the_first_power_in_seating_order() -> None:
    state = dataclasses.replace(in_rounds(), phase="auction", turn=None, alliances=(),
                                first_opener=None)
    after, events = ENTER["auction"](state, ScriptedDice([]))
    assert events == ()
    assert after.first_opener == FR and after.auction == open_auction(SEATING, FR)
