"""Read side of the board: everything a board page shows, in a fixed number of queries."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import get_language, gettext

from guerra.game.models import (
    Game,
    GameStatus,
    Holding,
    Neutral,
    Region,
    Seat,
    TileHolding,
)
from guerra.game.read.phases import Choice, move_choice, turn_options
from guerra.game.services.errors import GameError
from guerra.game.services.snapshot import game_regions, load_state
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.inputs import Colonise
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import EFFECTS
from guerra.runtime.kept import Kept

# Grid used for regions that have no outline of their own (a scenario made in the admin).
GRID_COLUMNS = 4
GRID_CELL = (240, 150)


@dataclass
class TileView:
    """A tile a power holds, named in the page's language ("Alleanza: Baltico")."""

    label: str
    region: str
    count: int
    spent: int


@dataclass
class PowerView:
    seat: Seat
    side: int | None
    abbreviation: str
    text_colour: str
    tiles: list[TileView] = field(default_factory=list)
    markers_on_board: int = 0
    armies: int = 0
    fleets: int = 0
    forts: int = 0


ROW_HEIGHT = 17
NEUTRAL_SIZE = 18
CHIP_WIDTH = 26
PIECE_WIDTH = 27
# Widths of the map's words, a little generous: bold 15px serif names, 11px sans lines.
NAME_CHAR = 9.6
SMALL_CHAR = 6.6
FIT_MARGIN = 3  # SVG units kept between a word or a counter and the region's outline
FIT_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
FIT_SHIFTS = (0, -8, 8, -16, 16, -24, 24, -32, 32, -40, 40)


def outline(path: str) -> list[tuple[float, float]]:
    """The points of a region's outline (M, L, H, V, Q, C, Z, absolute), curves flattened."""
    points: list[tuple[float, float]] = []
    tokens = re.findall(r"[MLHVQCZmlhvqcz]|-?\d*\.?\d+(?:e-?\d+)?", path)
    command, numbers = "", list[float]()
    x = y = 0.0

    def take(n: int) -> list[float]:
        taken = numbers[:n]
        del numbers[:n]
        return taken

    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token.isalpha():
            command = token.upper()
            if command == "Z":
                continue
            numbers = []
            while i < len(tokens) and not tokens[i].isalpha():
                numbers.append(float(tokens[i]))
                i += 1
        while numbers:
            if command in ("M", "L") and len(numbers) >= 2:
                x, y = take(2)
                points.append((x, y))
            elif command == "H":
                (x,) = take(1)
                points.append((x, y))
            elif command == "V":
                (y,) = take(1)
                points.append((x, y))
            elif command in ("Q", "C") and len(numbers) >= (4 if command == "Q" else 6):
                control = take(4 if command == "Q" else 6)
                x0, y0 = x, y
                x, y = control[-2], control[-1]
                for step in range(1, 9):
                    t = step / 8
                    if command == "Q":
                        cx, cy = control[0], control[1]
                        px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x
                        py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y
                    else:
                        (c1x, c1y, c2x, c2y) = control[:4]
                        px = ((1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * c1x
                              + 3 * (1 - t) * t * t * c2x + t**3 * x)
                        py = ((1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * c1y
                              + 3 * (1 - t) * t * t * c2y + t**3 * y)
                    points.append((px, py))
            else:
                numbers = []  # a command this reader does not know: the outline stays rough
    return points


def inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    """Ray casting: is (x, y) inside the closed outline?"""
    result = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


@dataclass
class CounterRow:
    """One power's counters in a region on the map: a badge, then an icon and a count each.
    x and y are in the region's block (see MapFit)."""

    holding: Holding
    x: int
    y: int
    pieces: list[tuple[str, int, int]]

    @property
    def width(self) -> int:
        return CHIP_WIDTH + len(self.pieces) * PIECE_WIDTH


@dataclass
class MapFit:
    """How a region's words and counters sit inside its outline: a block drawn at (x, y),
    scaled by `scale`, centred on x = 0. Names may take two lines, counter rows two columns."""

    x: int
    y: int
    scale: float
    names: list[tuple[str, int]]  # each line of the name and its baseline
    vp_y: int
    neutral_marks: list[tuple[Neutral, int, int]]
    rows: list[CounterRow]
    fits: bool

    @property
    def transform(self) -> str:
        return f"translate({self.x},{self.y}) scale({self.scale:g})"


@dataclass
class RegionView:
    region: Region
    path: str
    label_x: int
    label_y: int
    holdings: list[Holding] = field(default_factory=list)
    neutrals: list[Neutral] = field(default_factory=list)

    @property
    def vp_text(self) -> str:
        r = self.region
        vp, sea = gettext("VP"), gettext("sea")  # (not in f-strings: the extractor reads these)
        text = f"{vp} {r.vp_first}/{r.vp_second}/{r.vp_third}"
        return text + (f" · {sea}" if r.has_sea else "")

    def _rows(self) -> list[CounterRow]:
        rows = []
        for holding in self.holdings:
            pieces = [
                (icon, count)
                for icon, count in (
                    ("army", holding.armies),
                    ("fleet", holding.fleets),
                    ("fort", holding.forts),
                    ("flag", holding.control_markers),
                )
                if count
            ]
            placed = [
                (icon, count, CHIP_WIDTH + 4 + j * PIECE_WIDTH)
                for j, (icon, count) in enumerate(pieces)
            ]
            rows.append(CounterRow(holding, 0, 0, placed))
        return rows

    def _arrange(
        self, names: list[str], columns: int
    ) -> tuple[list[tuple[float, float, float, float]], MapFit]:
        """The block for these name lines and counter columns, unplaced, with the boxes
        (left, top, right, bottom, in block units) that must stay inside the outline."""
        boxes: list[tuple[float, float, float, float]] = []
        y = 0
        name_lines = []
        for line in names:
            half = len(line) * NAME_CHAR / 2
            name_lines.append((line, y + 13))
            boxes.append((-half, y, half, y + 17))
            y += 16
        half = len(self.vp_text) * SMALL_CHAR / 2
        vp_y = y + 11
        boxes.append((-half, y + 1, half, y + 14))
        y += 16
        marks = []
        if self.neutrals:
            width = len(self.neutrals) * (NEUTRAL_SIZE + 4) - 4
            marks = [(n, -width // 2 + i * (NEUTRAL_SIZE + 4), y + 2)
                     for i, n in enumerate(self.neutrals)]
            boxes.append((-width / 2, y + 2, width / 2, y + 2 + NEUTRAL_SIZE))
            y += NEUTRAL_SIZE + 4
        rows = self._rows()
        y += 2
        for start in range(0, len(rows), columns):
            side_by_side = rows[start : start + columns]
            width = sum(r.width for r in side_by_side) + 8 * (len(side_by_side) - 1)
            x = -width // 2
            for row in side_by_side:
                row.x, row.y = x, y
                x += row.width + 8
            boxes.append((-width / 2, y, width / 2, y + 14))
            y += ROW_HEIGHT
        fit = MapFit(0, 0, 1.0, name_lines, vp_y, marks, rows, fits=False)
        return boxes, fit

    @cached_property
    def fit(self) -> MapFit:
        """The largest block that stays inside the outline: one name line, then two, then
        counters in two columns; at each size, moved up and down a little from the label."""
        words = self.region.name.split()
        options = [[self.region.name]]
        if len(words) > 1:
            cut = min(range(1, len(words)),
                      key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            options.append([" ".join(words[:cut]), " ".join(words[cut:])])
        layouts = [self._arrange(names, columns) for names in options
                   for columns in ((1, 2) if len(self.holdings) > 1 else (1,))]
        chosen, scale, top, fits = placement(
            self.path, self.label_x, self.label_y, tuple(tuple(boxes) for boxes, _ in layouts))
        fit = layouts[chosen][1]
        fit.x, fit.y, fit.scale, fit.fits = self.label_x, top, scale, fits
        return fit


Box = tuple[float, float, float, float]


@lru_cache(maxsize=4096)
def placement(
    path: str, label_x: float, label_y: float, layouts: tuple[tuple[Box, ...], ...]
) -> tuple[int, float, int, bool]:
    """Which layout (of the boxes each must keep inside the outline), at which scale and top,
    fits the region: (its index, the scale, the top, whether it fits). The same region drawn
    with the same pieces fits the same way: each page and each push after the first reads it
    here instead of testing points against the outline again."""
    points = outline(path)
    for scale in FIT_SCALES:
        for index, boxes in enumerate(layouts):
            height = boxes[-1][3]
            for shift in FIT_SHIFTS:
                top = label_y - scale * height / 2 + shift
                if all(_inside(points, label_x, box, scale, top) for box in boxes):
                    return index, scale, round(top), True
    scale = FIT_SCALES[-1]
    return len(layouts) - 1, scale, round(label_y - scale * layouts[-1][-1][3] / 2), False


def _inside(
    points: list[tuple[float, float]], label_x: float, box: Box, scale: float, top: float
) -> bool:
    if len(points) < 3:
        return True
    left, upper, right, lower = box
    xs = [label_x + scale * left - FIT_MARGIN, label_x + scale * (left + right) / 2,
          label_x + scale * right + FIT_MARGIN]
    ys = [top + scale * upper - FIT_MARGIN, top + scale * lower + FIT_MARGIN]
    return all(inside(points, x, y) for x in xs for y in ys)


@dataclass
class RegionActions:
    """What the viewer may do in one region on its turn (G30-G37), as the region's card offers
    it; the values are those of the phase panel's forms (table.Choice)."""

    fort: str | None = None
    moves: list[Choice] = field(default_factory=list)
    colonise: list[Choice] = field(default_factory=list)
    trade: list[Choice] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(self.fort or self.moves or self.colonise or self.trade)


@dataclass
class HomeView:
    """G2: a power's home, shown beside the map with the units kept there."""

    power: PowerView
    holding: Holding | None
    x: int
    y: int


HOME_BAND = 56  # the strip of homes under the map (SVG units)
MAP_HEIGHT = 640


@dataclass
class BoardView:
    game: Game
    regions: list[RegionView]
    powers: list[PowerView]
    viewer: Seat | None
    state: GameState | None = None
    homes: list[HomeView] = field(default_factory=list)

    @property
    def alliances(self) -> list[tuple[int, list[PowerView]]]:
        """The war's two alliances in slot order; before the auction, everyone unallied."""
        ordered = sorted(self.powers, key=lambda p: (p.seat.turn_position or 0, p.seat.pk))
        if not any(p.side for p in ordered):
            return [(0, ordered)]
        return [(side, [p for p in ordered if p.side == side]) for side in (1, 2)]

    @property
    def map_height(self) -> int:
        return MAP_HEIGHT + HOME_BAND

    @property
    def home_width(self) -> int:
        return 1000 // max(1, len(self.homes)) - 12

    @property
    def viewer_plays_now(self) -> bool:
        """The viewer's turn, with an action to take now (no attack under way)."""
        if self.viewer is None or self.state is None or self.game.status != GameStatus.RUNNING:
            return False
        waiting = pending(self.state)
        return waiting.kind == "action" and self.viewer.power in waiting.powers

    @cached_property
    def region_actions(self) -> dict[int, RegionActions]:
        """The viewer's actions region by region, on its turn (else none)."""
        if not self.viewer_plays_now or self.state is None or self.viewer is None:
            return {}
        state, power = self.state, self.viewer.power
        by_name = {r.region.name: r.region for r in self.regions}
        found: dict[int, RegionActions] = {r.region.pk: RegionActions() for r in self.regions}
        offered = turn_options(self.game, state, power)
        for build in offered.builds:
            if build.kind == "fort" and build.region and not build.with_gold:
                found[by_name[build.region].pk].fort = f"fort@{by_name[build.region].pk}"
        for move, route in offered.moves:
            if move.source is not None:
                found[by_name[move.source].pk].moves.append(
                    move_choice(move, route, state.scenario.storms, by_name))
        for order in offered.counters:
            region = by_name[state.scenario.counter_by_id[order.counter].region]
            choice = Choice(str(order.counter), region.name)
            (found[region.pk].colonise if isinstance(order, Colonise)
             else found[region.pk].trade).append(choice)
        return found

    @cached_property
    def attack_regions(self) -> set[int]:
        """G34/D1-D4: the regions where the viewer could declare an attack now."""
        if not self.viewer_plays_now or self.state is None or self.viewer is None:
            return set()
        offered = turn_options(self.game, self.state, self.viewer.power)
        names = {a.region for a in offered.attacks}
        return {r.region.pk for r in self.regions if r.region.name in names}


def abbreviation(name: str) -> str:
    """Two letters that tell powers apart without colour: initials, or the first two letters."""
    words = [w for w in name.split() if w[:1].isupper()]
    return ((words[0][0] + words[1][0]) if len(words) > 1 else name[:2]).upper()


def text_colour_for(background: str) -> str:
    red, green, blue = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if (0.299 * red + 0.587 * green + 0.114 * blue) > 150 else "#ffffff"


def grid_box(index: int) -> tuple[str, int, int]:
    col, row = index % GRID_COLUMNS, index // GRID_COLUMNS
    x, y = 10 + col * GRID_CELL[0], 10 + row * GRID_CELL[1]
    w, h = GRID_CELL[0] - 20, GRID_CELL[1] - 20
    return f"M{x},{y} h{w} v{h} h-{w} Z", x + w // 2, y + h // 2


def tile_view(tile: TileHolding, regions: dict[int, Region]) -> TileView:
    effect = EFFECTS.get(tile.kind)
    label = render_rules_message(effect.label) if effect is not None else tile.kind
    region = regions[tile.region_id].name if tile.region_id in regions else ""
    return TileView(label, region, tile.count, tile.spent)


@dataclass
class Totals:
    """A power's pieces on the board and its tiles, as a step of the game left them."""

    markers_on_board: int = 0
    armies: int = 0
    fleets: int = 0
    forts: int = 0
    tiles: list[TileView] = field(default_factory=list)


@dataclass
class BoardFacts:
    """What one step of a game shows every viewer alike, in one language: the regions with
    their pieces and neutral markers (the map's fit computed once), each power's home, totals
    and tiles. Every change of a game's pieces is a step of its rules state (services are the
    only writers; the admin shows these rows read-only), so a step's facts never change."""

    regions: list[RegionView]
    homes: dict[int, Holding]
    totals: dict[int, Totals]


# Facts by game, seed fingerprint (no other game shares it, even one reusing a deleted game's
# id), step and language: every viewer's page and re-fetch after a push reads them here.
_FACTS: Kept[tuple[int, str, int, str], BoardFacts] = Kept(256)


def board_facts(game: Game, seats: Iterable[Seat]) -> BoardFacts:
    key = (game.pk, game.dice_seed_hash, game.step, get_language() or "")
    return _FACTS.get(key) or _FACTS.put(key, _read_facts(game, {s.pk: s for s in seats}))


def _read_facts(game: Game, seat_by_pk: dict[int, Seat]) -> BoardFacts:
    looks = {
        pk: PowerView(seat=s, side=None, abbreviation=abbreviation(s.power),
                      text_colour=text_colour_for(s.colour))
        for pk, s in seat_by_pk.items()
    }
    totals = {pk: Totals() for pk in seat_by_pk}
    regions = []
    by_region: dict[int, RegionView] = {}
    region_rows = {r.pk: r for r in game_regions(game)}
    homes: dict[int, Holding] = {}
    for index, region in enumerate(region_rows.values()):
        if region.map_path:
            path, x, y = region.map_path, region.label_x, region.label_y
        else:
            path, x, y = grid_box(index)
        view = RegionView(region=region, path=path, label_x=x, label_y=y)
        regions.append(view)
        by_region[region.pk] = view
    for holding in Holding.objects.filter(game=game).order_by("seat__order"):
        if holding.is_empty:
            continue
        holding.seat = seat_by_pk[holding.seat_id]
        holding.power_view = looks[holding.seat_id]  # type: ignore[attr-defined]
        if holding.region_id is None:
            homes[holding.seat_id] = holding
        else:
            by_region[holding.region_id].holdings.append(holding)
        total = totals[holding.seat_id]
        total.markers_on_board += holding.control_markers
        total.armies += holding.armies
        total.fleets += holding.fleets
        total.forts += holding.forts
    for neutral in Neutral.objects.filter(game=game, on_board=True):
        by_region[neutral.region_id].neutrals.append(neutral)
    for tile in TileHolding.objects.filter(game=game, count__gt=0):
        totals[tile.seat_id].tiles.append(tile_view(tile, region_rows))
    return BoardFacts(regions=regions, homes=homes, totals=totals)


def board_view(game: Game, user: User | AnonymousUser) -> BoardView:
    seats = game.table_seats()
    viewer = next((s for s in seats if s.user_id == user.pk), None)
    sides = game.war_sides()
    facts = board_facts(game, seats)
    powers = {}
    for s in seats:
        total = facts.totals.get(s.pk, Totals())
        powers[s.pk] = PowerView(
            seat=s,
            side=sides.get(s.pk),
            abbreviation=abbreviation(s.power),
            text_colour=text_colour_for(s.colour),
            tiles=total.tiles,
            markers_on_board=total.markers_on_board,
            armies=total.armies,
            fleets=total.fleets,
            forts=total.forts,
        )
    try:
        state = load_state(game) if game.status != GameStatus.LOBBY else None
    except GameError:  # a state missing or damaged: the board shows its rows, offers nothing
        state = None
    by_seating = sorted(powers.values(), key=lambda p: (p.seat.order, p.seat.pk))
    width = 1000 // max(1, len(by_seating))
    home_views = [
        HomeView(p, facts.homes.get(p.seat.pk), i * width + 6, MAP_HEIGHT + 8)
        for i, p in enumerate(by_seating)
    ]
    return BoardView(game=game, regions=facts.regions, powers=list(powers.values()),
                     viewer=viewer, state=state, homes=home_views)
