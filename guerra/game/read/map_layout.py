"""Geometry of the board's map: region outlines read from their SVG paths, and where each
region's name, victory points, neutral markers and counter rows sit inside its outline."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.utils.translation import gettext

from guerra.game.models import Holding, Neutral, Region

# Grid used for regions that have no outline of their own (a scenario made in the admin).
GRID_COLUMNS = 4
GRID_CELL = (240, 150)

HOME_BAND = 56  # the strip of homes under the map (SVG units)
MAP_HEIGHT = 640

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
    signature: str = ""  # what it is drawn from (board.py: rows_signature), kept by it

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


def grid_box(index: int) -> tuple[str, int, int]:
    col, row = index % GRID_COLUMNS, index // GRID_COLUMNS
    x, y = 10 + col * GRID_CELL[0], 10 + row * GRID_CELL[1]
    w, h = GRID_CELL[0] - 20, GRID_CELL[1] - 20
    return f"M{x},{y} h{w} v{h} h-{w} Z", x + w // 2, y + h // 2
