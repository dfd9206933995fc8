"""Read side of the game's reports: the tile market (G40), a war's end (G50-G57) and the final
standings (G60-G62), all read from the rules state."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate, pairwise

from django.utils.translation import gettext as _

from guerra.game.models import Seat
from guerra.game.text.messages import render_rules_message
from guerra.rules.game import options
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import EFFECTS


@dataclass
class MarketRow:
    key: str
    label: str
    region: str
    text: str
    gold: int
    population: int
    unrest: int
    copies: int
    left: int
    holders: list[tuple[Seat, int]] = field(default_factory=list)
    can_take: bool = False


def market(state: GameState, seats: dict[str, Seat], viewer: Seat | None) -> list[MarketRow]:
    """Every tile kind with its cost, copies left, holders and effect in plain words."""
    waiting = pending(state)
    takeable: set[str] = set()
    if viewer is not None and waiting.kind == "action" and viewer.power in waiting.powers:
        takeable = {t.tile for t in options.tiles(state, viewer.power)}
    rows = []
    for tile in state.scenario.tiles:
        effect = EFFECTS[tile.effect]
        holders = [(seats[p.name], p.held(tile.key)) for p in state.powers if p.held(tile.key)]
        rows.append(MarketRow(
            key=tile.key, label=render_rules_message(effect.label), region=tile.region or "",
            text=render_rules_message(effect.text), gold=tile.gold, population=tile.population,
            unrest=tile.unrest, copies=tile.copies, left=state.copies_left(tile.key),
            holders=holders, can_take=tile.key in takeable,
        ))
    return rows


@dataclass
class IncomeRow:
    seat: Seat
    gains: list[tuple[str, int]]  # what the income is made of: population, markers, tiles
    income: int
    maintenance: int
    taxed_gold: int
    taxed_unrest: int
    gold: int
    population: int


@dataclass
class ScoreRow:
    region: str
    europe: bool
    vp: tuple[int, int, int]
    lines: list[tuple[Seat, int, int, int]]  # seat, markers, place, VP


@dataclass
class WarReport:
    war: int
    incomes: list[IncomeRow]
    regions: list[ScoreRow]
    totals: list[tuple[Seat, int]]


def war_report(state: GameState, seats: dict[str, Seat], war: int) -> WarReport | None:
    """The end of one war: income, upkeep, taxation (in gold and in unrest: unrest is public,
    as on the board game's track), population, and every region's scoring."""
    lines = [line for line in state.incomes if line.war == war]
    if not lines:
        return None
    incomes = []
    for line in lines:
        gains = [(render_rules_message(label), value) for label, value in line.parts if value > 0]
        incomes.append(IncomeRow(
            seats[line.power], gains, sum(v for _l, v in line.parts if v > 0),
            -sum(v for _l, v in line.parts if v < 0), line.taxed_gold,
            line.taxed_unrest, line.gold, line.population,
        ))
    regions = []
    totals = dict.fromkeys(seats, 0)
    for region in state.scenario.regions:
        scored = [s for s in state.scores if s.war == war and s.region == region.name]
        regions.append(ScoreRow(region.name, region.europe, region.vp,
                                [(seats[s.power], s.markers, s.place, s.vp) for s in scored]))
        for s in scored:
            totals[s.power] += s.vp
    ranked = sorted(totals.items(), key=lambda item: -item[1])
    return WarReport(war, incomes, regions, [(seats[p], vp) for p, vp in ranked])


@dataclass
class StandingRow:
    seat: Seat
    rank: int
    vp: int
    penalty: int
    revolution: bool
    unrest: int
    gold: int
    by_war: list[int]
    by_region: list[int]
    other: int  # VP won outside the scoring (neutral counters' rewards)


@dataclass
class ChartLine:
    """One power's line: its VP in total after each war (the scoring so far), then its final
    total as the table gives it (with the neutral counters' VP and after the penalties)."""

    seat: Seat
    values: list[int]  # start (0), after each war, final
    points: str  # SVG points, start to the last war
    final_points: str  # SVG points, last war to the final total (drawn dashed)
    label_x: int
    label_y: int


@dataclass
class Chart:
    """VP in total war by war, and the final total, one line per power (server-side SVG)."""

    width: int
    height: int
    wars: list[tuple[int, int]]  # (war, x); war 0 is the start
    final_x: int  # x of the final total
    grid: list[tuple[int, int]]  # (VP, y)
    lines: list[ChartLine]


@dataclass
class FinalView:
    rows: list[StandingRow]
    wars: list[int]
    regions: list[str]
    chart: Chart
    winners: list[Seat]


CHART_W, CHART_H, PAD = 460, 240, 36
LABEL_GAP = 14


def final_standings(state: GameState, seats: dict[str, Seat]) -> FinalView | None:
    """G60-G62: rank, VP after the penalties, revolution; VP by war and by region."""
    if not state.standings:
        return None
    wars = list(range(1, state.scenario.wars + 1))
    regions = [r.name for r in state.scenario.regions]
    rows = []
    for row in state.standings:
        mine = [s for s in state.scores if s.power == row.power]
        by_war = [sum(s.vp for s in mine if s.war == w) for w in wars]
        by_region = [sum(s.vp for s in mine if s.region == r) for r in regions]
        rows.append(StandingRow(
            seats[row.power], row.rank, row.vp, row.penalty, row.revolution, row.unrest,
            row.gold, by_war, by_region, row.vp + row.penalty - sum(by_war),
        ))
    return FinalView(rows, wars, regions, _chart(rows, wars),
                     [r.seat for r in rows if r.rank == 1])


def _chart(rows: list[StandingRow], wars: list[int]) -> Chart:
    """Each power's VP in total after each war, then the table's total: the last step adds
    the neutral counters' VP and takes off the penalties, so the line ends where the table
    says (a chart of scoring alone ended above the winner's real total)."""
    values = [[0, *accumulate(row.by_war), row.vp] for row in rows]
    top = max([max(v) for v in values] + [1])
    step = max(1, (top + 4) // 5)
    top = step * ((top + step - 1) // step)

    def x(i: int) -> int:
        return PAD + i * (CHART_W - 2 * PAD) // (len(wars) + 1)

    def y(vp: int) -> int:
        return CHART_H - PAD + (-vp * (CHART_H - 2 * PAD)) // top

    def points(pairs: list[tuple[int, int]]) -> str:
        return " ".join(f"{x(i)},{y(vp)}" for i, vp in pairs)

    lines = []
    for row, totals in zip(rows, values, strict=True):
        mine = list(enumerate(totals))
        lines.append(ChartLine(row.seat, [vp for _i, vp in mine], points(mine[:-1]),
                               points(mine[-2:]), x(len(mine) - 1) + 6, y(mine[-1][1]) + 4))
    # Labels of powers that end level would overlap: keep them a line apart, top down.
    lines.sort(key=lambda line: line.label_y)
    for before, line in pairwise(lines):
        line.label_y = max(line.label_y, before.label_y + LABEL_GAP)
    return Chart(CHART_W, CHART_H, [(w, x(w)) for w in [0, *wars]], x(len(wars) + 1),
                 [(v, y(v)) for v in range(0, top + 1, step)], lines)


def war_title(war: int) -> str:
    return _("War %(war)d") % {"war": war}
