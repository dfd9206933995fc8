"""The flowchart of an attack as the page draws it: boxes on a grid, arrows routed between
them, the path taken, the current box, and in each box what happened there.

Everything comes from the procedure's declared graph (`guerra.rules.flowchart`), so another
procedure is drawn by the same code. Positions are computed here in pixels, so the page needs
no JavaScript to lay it out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from math import ceil
from typing import Any

from guerra.rules.flowchart import Node, NodeKind, Procedure

COLUMN_WIDTH = 232
BOX_WIDTH = 200
ROW_GAP = 34
LABEL_CHARS_PER_LINE = 26  # bold 12.5px in a 200px box
TEXT_CHARS_PER_LINE = 30  # 12px
LINE_HEIGHT = 17
BOX_PADDING = 16
MIN_BOX_HEIGHT = 54

# Not drawn in a box: the entry itself, the end (the last box says it), and the bookkeeping the
# game keeps for itself (the units that fought this round, E3 of punti).
SKIPPED_EVENTS = {"node_entered", "attack_ended", "units_engaged"}


@dataclass(frozen=True)
class Visit:
    """One entry into a box, with the events that happened there."""

    node: str
    events: tuple[dict[str, Any], ...]


@dataclass
class BoxView:
    node: Node
    label: str
    status: str  # "current", "visited" or "idle"
    visits: int
    events: list[dict[str, Any]] = field(default_factory=list)
    awaited: tuple[str, ...] = ()
    x: int = 0
    y: int = 0
    height: int = MIN_BOX_HEIGHT

    @property
    def width(self) -> int:
        return BOX_WIDTH


@dataclass
class EdgeView:
    path: str
    label: str
    label_x: int
    label_y: int
    taken: bool
    anchor: str = "middle"  # the label's SVG text-anchor at (label_x, label_y)


@dataclass
class PathStep:
    """One box on the path taken, in the order the attack went through them: a phone reads
    the path as a list (the whole chart is wider than its screen)."""

    node: Node
    label: str
    current: bool
    events: list[dict[str, Any]]
    awaited: tuple[str, ...] = ()


@dataclass
class ChartView:
    boxes: list[BoxView]
    edges: list[EdgeView]
    width: int
    height: int
    current: str | None
    path: list[PathStep] = field(default_factory=list)


def visits_from_steps(steps: Iterable[Sequence[dict[str, Any]]]) -> list[Visit]:
    """Split the attack's events, step after step, at each `node_entered`: what follows an
    entry happened in that box, until the next entry."""
    visits: list[Visit] = []
    node: str | None = None
    gathered: list[dict[str, Any]] = []
    for events in steps:
        for event in events:
            if event.get("type") == "node_entered":
                if node is not None:
                    visits.append(Visit(node, tuple(gathered)))
                node, gathered = str(event["node"]), []
            elif event.get("type") not in SKIPPED_EVENTS:
                gathered.append(event)
    if node is not None:
        visits.append(Visit(node, tuple(gathered)))
    return visits


def _lines(text: str, per_line: int) -> int:
    return max(1, ceil(len(text) / per_line))


def text_lines(text: str) -> int:
    """The lines a sentence takes in a box."""
    return _lines(text, TEXT_CHARS_PER_LINE)


EventLines = Callable[[dict[str, Any]], int | None]


def _lines_of_event(event: dict[str, Any], lines: EventLines | None) -> int:
    """An event drawn its procedure's way takes the lines its adapter says; any other, its
    sentence's."""
    found = lines(event) if lines is not None else None
    return found if found is not None else text_lines(str(event.get("text", "")))


def chart_view(
    procedure: Procedure[Any, Any],
    visits: Sequence[Visit],
    *,
    translate: Callable[[str], str],
    describe: Callable[[dict[str, Any]], str],
    awaited: tuple[str, ...] = (),
    template: Callable[[str], Any] | None = None,
    details: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    event_lines: EventLines | None = None,
) -> ChartView:
    """Lay out every box of the procedure and fill those on the path with their events.

    `visits` may stop before the attack's end (history, one step at a time): the last visit
    is then the current box. `template` names the partial that draws an event of a kind the
    procedure draws its own way (dice, exchanges), `details` adds what that partial reads and
    `event_lines` says how tall it is; the others are their sentence.
    """
    by_node: dict[str, list[Visit]] = {}
    for visit in visits:
        by_node.setdefault(visit.node, []).append(visit)
    current = visits[-1].node if visits else None

    def shown(visit: Visit) -> list[dict[str, Any]]:
        return [{**event, **(details(event) if details else {}), "text": describe(event),
                 "template": template(str(event.get("type"))) if template else None}
                for event in visit.events]

    boxes: dict[str, BoxView] = {}
    for node in procedure.nodes:
        node_visits = by_node.get(node.id, [])
        events = [event for visit in node_visits for event in shown(visit)]
        label = translate(node.label)
        status = "current" if node.id == current else ("visited" if node_visits else "idle")
        box = BoxView(
            node=node,
            label=label,
            status=status,
            visits=len(node_visits),
            events=events,
            awaited=awaited if status == "current" else (),
        )
        # A roll's label starts with a die (".box.roll .box-label::before"), about two
        # characters wide.
        icon = "⚄⚄ " if node.kind is NodeKind.ROLL else ""
        lines = (
            _lines(f"{icon}{label} {' '.join(node.rules)}", LABEL_CHARS_PER_LINE)
            + sum(_lines_of_event(event, event_lines) for event in events)
            + (1 if box.awaited else 0)
        )
        box.height = max(MIN_BOX_HEIGHT, BOX_PADDING + lines * LINE_HEIGHT)
        boxes[node.id] = box

    rows = sorted({node.row for node in procedure.nodes})
    row_height = {
        row: max(box.height for box in boxes.values() if box.node.row == row) for row in rows
    }
    row_top: dict[int, int] = {}
    y = ROW_GAP // 2
    for row in rows:
        row_top[row] = y
        y += row_height[row] + ROW_GAP
    columns = max(node.col for node in procedure.nodes) + 1
    for box in boxes.values():
        box.x = box.node.col * COLUMN_WIDTH + (COLUMN_WIDTH - BOX_WIDTH) // 2
        # Centre each box on its row's band, so arrows between rows meet in the gaps.
        box.y = row_top[box.node.row] + (row_height[box.node.row] - box.height) // 2

    taken = {(a.node, b.node) for a, b in pairwise(visits)}
    edges = [
        _route(
            boxes[edge.source],
            boxes[edge.target],
            translate(edge.label) if edge.label else "",
            (edge.source, edge.target) in taken,
            back=(edge.target, edge.source) in {(e.source, e.target) for e in procedure.edges},
            gap=row_top[boxes[edge.target].node.row] - ROW_GAP // 2,
        )
        for edge in procedure.edges
    ]
    # The path taken is drawn last, over the grey arrows that share a stretch of it.
    edges.sort(key=lambda edge: edge.taken)
    last = len(visits) - 1
    path = [
        PathStep(node=boxes[visit.node].node, label=boxes[visit.node].label,
                 current=i == last, events=shown(visit), awaited=awaited if i == last else ())
        for i, visit in enumerate(visits)
    ]
    return ChartView(
        boxes=list(boxes.values()),
        edges=edges,
        width=columns * COLUMN_WIDTH,
        height=y,
        current=current,
        path=path,
    )


def _route(source: BoxView, target: BoxView, label: str, taken: bool, *, back: bool,
           gap: int) -> EdgeView:
    """An orthogonal arrow from `source` to `target` that stays out of the other boxes: next
    rows meet in the gap between them (`gap`, the middle of the space above the target's row:
    a short box sits lower in a tall row, and just above it would be inside its neighbour);
    longer jumps run down the lane between two columns."""
    s_row, t_row = source.node.row, target.node.row
    s_col, t_col = source.node.col, target.node.col
    if s_row == t_row:
        # Side by side (a box and its sub-decision): two parallel arrows when they go both ways.
        offset = (-7 if s_col < t_col else 7) if back else 0
        y = source.y + source.height // 2 + offset  # boxes of a row share their centre line
        x1 = source.x + source.width if s_col < t_col else source.x
        x2 = target.x if s_col < t_col else target.x + target.width
        # Between two neighbouring boxes there is no room for words: the target's own label
        # says what the arrow means.
        return EdgeView(f"M{x1},{y} H{x2}", "", (x1 + x2) // 2, y - 5, taken)
    x1, y1 = source.x + source.width // 2, source.y + source.height
    x2, y2 = target.x + target.width // 2, target.y
    if t_row == s_row + 1:
        if x1 == x2:
            # Beside the arrow, not across it (the label's halo would cut the line).
            return EdgeView(f"M{x1},{y1} V{y2}", label, x1 + 6, y1 + 14, taken, "start")
        return EdgeView(f"M{x1},{y1} V{gap} H{x2} V{y2}", label, (x1 + x2) // 2, gap - 4, taken)
    # A long jump: leave by the side facing the target, run down the lane, enter by the side.
    right = t_col >= s_col
    lane = (s_col + 1) * COLUMN_WIDTH if right else s_col * COLUMN_WIDTH
    start_x = source.x + source.width if right else source.x
    start_y = source.y + source.height // 2
    end_y = target.y + target.height // 2
    end_x = target.x if lane <= target.x else target.x + target.width
    path = f"M{start_x},{start_y} H{lane} V{end_y} H{end_x}"
    # The few pixels between the box and the lane hold no words: the label goes just under the
    # source box, against the lane, clear of the arrow down the box's middle.
    under = source.y + source.height + 13
    if right:
        return EdgeView(path, label, lane - 4, under, taken, "end")
    return EdgeView(path, label, lane + 4, under, taken, "start")
