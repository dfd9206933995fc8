"""Whole wars as tables: a start, every call and action with its dice, and what each power
has at the end — computed by hand in the comments. The scenario is tiny() with one war of one
round, so a war is its auction, four actions, income, scoring and the final ranking."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from guerra.rules.dice import ScriptedDice
from guerra.rules.game.auction import open_auction
from guerra.rules.game.inputs import (
    Attack,
    Build,
    CallPass,
    Colonise,
    Move,
    Pass,
    Propose,
    TakeTile,
    UnitMove,
)
from guerra.rules.game.state import GameState, Pieces
from tests.rules.game.helpers import in_rounds, now, play
from tests.rules.game.scenarios import BA, CA, FR, PR, ST, tiny


@dataclass(frozen=True)
class War:
    name: str
    pieces: tuple[Pieces, ...]
    purses: dict[str, dict[str, int]]  # gold, population per power at the start
    face_up: tuple[int, ...]
    inputs: tuple[object, ...]
    dice: tuple[int, ...]
    # power -> (gold, population, unrest, vp, rank) after the war (the game's end)
    expected: dict[str, tuple[int, int, int, int, int]]
    alliances: tuple[tuple[str, str], ...]


WARS = [
    War(
        "quiet war: build, colonise, a Bank tile",
        pieces=(Pieces(FR, ST, armies=2, markers=1), Pieces(PR, BA, fleets=1, markers=2)),
        purses={FR: {"gold": 10, "population": 5}, PR: {"gold": 10, "population": 5}},
        face_up=(1, 3, 4),
        inputs=(
            Propose(FR, 0, FR, PR, 1), CallPass(PR, 0),  # Francia pays 1: 9 gold
            Build(FR, 0, "army"),  # population 5 -> 4
            Colonise(FR, 0, 3),  # Caraibi; population 4 -> 3
            TakeTile(PR, 0, "bank"),  # 10 -> 5 gold
            Pass(PR, 0),
        ),
        dice=(),
        # Francia: income 3 pop + 2 markers = 5, upkeep 3 armies: 9 + 5 - 3 = 11; pop 6;
        #   VP: Stati Tedeschi 1st 8 + Caraibi 1st 4 = 12.
        # Prussia: income 5 pop + 2 markers + 3 Bank = 10, upkeep 1 fleet: 5 + 10 - 1 = 14;
        #   pop 8; VP: Baltico 1st 6.
        expected={FR: (11, 6, 0, 12, 1), PR: (14, 8, 0, 6, 2)},
        alliances=((FR, "A"), (PR, "B")),
    ),
    War(
        "an attack won, a shortfall taxed, a penalty that finds no VP",
        pieces=(Pieces(FR, ST, armies=2), Pieces(PR, ST, armies=1, markers=1),
                Pieces(PR, None, armies=3)),
        purses={FR: {"gold": 3, "population": 1}, PR: {"gold": 0, "population": 0}},
        face_up=(),
        inputs=(
            Propose(FR, 0, PR, FR, 0), CallPass(PR, 0),  # Prussia A plays first, for free
            Pass(PR, 0), Pass(PR, 0),
            # Francia 2 armies + |5-1| = 6 against 1 army + |2-2| = 1: Prussia loses its
            # army (1 unrest) and its marker, Francia places one; Francia paid 2: 1 gold.
            Attack(FR, 0, ST, defender=PR),
            Pass(FR, 0),
        ),
        dice=(5, 1, 2, 2),
        # Francia: 1 + (1 pop + 1 marker) - 2 armies = 1 gold; pop 4; Stati Tedeschi 8 VP.
        # Prussia: 0 + 0 - 3 armies at home = -3: 3 gold taxed for 2 unrest (1 + 2 = 3);
        #   pop 3; no VP; the most unrest loses 7 VP but has none.
        expected={FR: (1, 4, 0, 8, 1), PR: (0, 3, 3, 0, 2)},
        alliances=((PR, "A"), (FR, "B")),
    ),
    War(
        "a voyage lost in a storm, a tie in the scoring, then the tie-break on unrest",
        pieces=(Pieces(FR, None, armies=1, fleets=1), Pieces(FR, BA, markers=1),
                Pieces(PR, BA, markers=1)),
        purses={FR: {"gold": 4, "population": 0}, PR: {"gold": 4, "population": 0}},
        face_up=(),
        inputs=(
            Propose(FR, 0, FR, PR, 0), CallPass(PR, 0),
            # Fleet then army to Caraibi: two ocean voyages; dice 3 (safe) and 1 (the army
            # sinks: 1 unrest, back to the supply).
            Move(FR, 0, (UnitMove("fleet", None, CA), UnitMove("army", None, CA))),
            Pass(FR, 0), Pass(PR, 0), Pass(PR, 0),
        ),
        dice=(3, 1),
        # Francia: 4 + (0 pop + 1 marker) - 1 fleet = 4 gold; Prussia: 4 + 1 - 0 = 5.
        # Baltico: 1 marker each, both 1st: 6 VP each. Francia alone has unrest (1): it loses
        # 7 VP, that is all its 6 (never below 0); Prussia wins with 6.
        expected={FR: (4, 3, 1, 0, 2), PR: (5, 3, 0, 6, 1)},
        alliances=((FR, "A"), (PR, "B")),
    ),
]


def _at_auction(war: War) -> GameState:
    purses: dict[str, Any] = {power: dict(purse) for power, purse in war.purses.items()}
    state = in_rounds(scenario=tiny(rounds=1, wars=1), pieces=war.pieces,
                      alliances=((FR, "A"), (PR, "B")), face_up=war.face_up, **purses)
    return dataclasses.replace(state, phase="auction", alliances=(), turn=None, round=0,
                               auction=open_auction(state.seating, FR))


@pytest.mark.parametrize("war", WARS, ids=[w.name for w in WARS])
def test_G20_G50_G62_scripted_whole_war(war: War) -> None:
    state = _at_auction(war)
    dice = ScriptedDice(war.dice)
    formed = []
    for given in war.inputs:
        state = play(state, now(state, given), dice).state
        if state.phase == "rounds" and state.alliances:
            formed.append(state.alliances)
    assert formed and set(formed) == {war.alliances}  # the rounds were reached, in this order
    assert dice.remaining == 0  # every scripted die was rolled
    assert state.finished
    ranks = {row.power: row.rank for row in state.standings}
    got = {p.name: (p.gold, p.population, p.unrest, p.vp, ranks[p.name]) for p in state.powers}
    assert got == war.expected
