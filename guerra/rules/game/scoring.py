"""G54-G62: region scoring with dense ranking, unrest penalties, revolution, the winner."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from guerra.rules.events import Event, VpChanged
from guerra.rules.game.events import GameWon, PenaltyApplied, RegionScored
from guerra.rules.game.state import GameState, ScoreLine, Standing

REVOLUTION = 20  # G60
PENALTIES = (7, 4)  # G61: the most unrest, then the next distinct value


def score_region(vp: Sequence[int], places: int, markers: Mapping[str, int]
                 ) -> tuple[tuple[str, int, int, int], ...]:
    """G54-G56: (power, markers, place, VP) for each power with a control marker there.

    Dense ranking (G55): every power tied at a count takes that place's full VP, and the next
    lower count takes the next place. Only `places` places score (Europe 3, colonies 2)."""
    counts = sorted({n for n in markers.values() if n > 0}, reverse=True)
    lines = []
    for power, count in markers.items():
        if count <= 0:
            continue
        place = counts.index(count) + 1
        points = vp[place - 1] if place <= places and place <= len(vp) else 0
        lines.append((power, count, place, points))
    lines.sort(key=lambda line: (line[2], line[0]))
    return tuple(lines)


def scoring_phase(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """G54: every region scores; G57: VP only grow."""
    events: list[Event] = []
    scores = list(state.scores)
    for region in state.scenario.regions:
        markers = {p.power: p.markers for p in state.in_region(region.name) if p.markers}
        lines = score_region(region.vp, region.places, markers)
        events.append(RegionScored(state.war, region.name, lines))
        for power, count, place, vp in lines:
            scores.append(ScoreLine(state.war, region.name, power, count, place, vp))
            if vp:
                state = state.with_power(power, vp=state.power(power).vp + vp)
                events.append(VpChanged(power, vp, "G54"))
    return dataclasses.replace(state, scores=tuple(scores)), tuple(events)


@dataclass(frozen=True)
class Final:
    """What the end of the game needs of a power."""

    power: str
    vp: int
    unrest: int
    gold: int


def standings(finals: Sequence[Final]) -> tuple[Standing, ...]:
    """G60-G62: revolution, unrest penalties, then rank (1 = winner; ties share a rank and
    the next rank skips; powers in revolution after all others, ordered the same way)."""
    unrest_levels = sorted({f.unrest for f in finals if 0 < f.unrest < REVOLUTION}, reverse=True)
    rows = []
    for final in finals:
        revolution = final.unrest >= REVOLUTION
        if revolution:
            penalty = final.vp
        elif final.unrest > 0 and unrest_levels.index(final.unrest) < len(PENALTIES):
            penalty = min(final.vp, PENALTIES[unrest_levels.index(final.unrest)])
        else:
            penalty = 0
        rows.append((final, revolution, penalty))

    def key(row: tuple[Final, bool, int]) -> tuple[int, int, int, int]:
        final, revolution, penalty = row
        return (int(revolution), -(final.vp - penalty), final.unrest, -final.gold)

    rows.sort(key=key)
    result: list[Standing] = []
    for index, row in enumerate(rows):
        rank = index + 1
        if index and key(rows[index - 1]) == key(row):
            rank = result[-1].rank
        final, revolution, penalty = row
        result.append(Standing(final.power, rank, final.vp - penalty, penalty, revolution,
                               final.unrest, final.gold))
    return tuple(result)


def end_of_game(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """G60-G62 on the state after the last war's scoring."""
    finals = [Final(p.name, p.vp, p.unrest, p.gold) for p in state.powers]
    table = standings(finals)
    events: list[Event] = []
    for row in table:
        if row.penalty:
            state = state.with_power(row.power, vp=row.vp)
            events += [PenaltyApplied(row.power, row.penalty, row.revolution),
                       VpChanged(row.power, -row.penalty, "G60" if row.revolution else "G61")]
    winners = tuple(row.power for row in table if row.rank == 1)
    events.append(GameWon(winners))
    return dataclasses.replace(state, standings=table), tuple(events)
