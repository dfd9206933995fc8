"""Read side of the board: everything a board page shows, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User

from guerra.rules.game import options
from guerra.rules.game.inputs import Colonise
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import EFFECTS

from .models import (
    AllianceMembership,
    Game,
    GameStatus,
    Holding,
    Neutral,
    Region,
    Seat,
    TileHolding,
)
from .rules_text import render_rules_message
from .services.snapshot import load_state
from .table import Choice, move_choice

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
    show_unrest: bool = False


ROW_HEIGHT = 17
NEUTRAL_SIZE = 18
CHIP_WIDTH = 26
PIECE_WIDTH = 27


@dataclass
class RegionView:
    region: Region
    path: str
    label_x: int
    label_y: int
    holdings: list[Holding] = field(default_factory=list)
    neutrals: list[Neutral] = field(default_factory=list)

    @property
    def top(self) -> int:
        """Where the block of name, markers and counters starts, so that it is centred."""
        lines = 2 + bool(self.neutrals) + len(self.holdings)
        return self.label_y - (lines * ROW_HEIGHT) // 2

    @property
    def neutral_marks(self) -> list[tuple[Neutral, int, int]]:
        width = len(self.neutrals) * (NEUTRAL_SIZE + 4) - 4
        x0 = self.label_x - width // 2
        y = self.top + 2 * ROW_HEIGHT + 2
        return [(n, x0 + i * (NEUTRAL_SIZE + 4), y) for i, n in enumerate(self.neutrals)]

    @property
    def rows(self) -> list[CounterRow]:
        y0 = self.top + (2 + bool(self.neutrals)) * ROW_HEIGHT + 4
        rows = []
        for i, holding in enumerate(self.holdings):
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
            width = CHIP_WIDTH + len(pieces) * PIECE_WIDTH
            x = self.label_x - width // 2
            placed = [
                (icon, count, CHIP_WIDTH + 4 + j * PIECE_WIDTH)
                for j, (icon, count) in enumerate(pieces)
            ]
            rows.append(CounterRow(holding, x, y0 + i * ROW_HEIGHT, placed))
        return rows


@dataclass
class CounterRow:
    """One power's counters in a region on the map: a badge, then an icon and a count each."""

    holding: Holding
    x: int
    y: int
    pieces: list[tuple[str, int, int]]


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
        for build in options.builds(state, power):
            if build.kind == "fort" and build.region and not build.with_gold:
                found[by_name[build.region].pk].fort = f"fort@{by_name[build.region].pk}"
        for move, route in options.unit_moves(state, power):
            if move.source is not None:
                found[by_name[move.source].pk].moves.append(
                    move_choice(move, route, state.scenario.storms, by_name))
        for order in options.counters(state, power):
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
        names = {a.region for a in options.attacks(self.state, self.viewer.power)}
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


def board_view(game: Game, user: User | AnonymousUser) -> BoardView:
    seats = list(game.seats.select_related("user"))
    seat_by_pk = {s.pk: s for s in seats}
    viewer = next((s for s in seats if s.user_id == user.pk), None)
    sides = dict(
        AllianceMembership.objects.filter(game=game, war=game.current_war).values_list(
            "seat_id", "side"
        )
    )
    powers = {
        s.pk: PowerView(
            seat=s,
            side=sides.get(s.pk),
            abbreviation=abbreviation(s.power),
            text_colour=text_colour_for(s.colour),
            show_unrest=bool(viewer and viewer.pk == s.pk)
            or bool(getattr(user, "is_staff", False)),
        )
        for s in seats
    }
    regions = []
    by_region: dict[int, RegionView] = {}
    region_rows = {r.pk: r for r in Region.objects.filter(game=game)}
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
        power = powers[holding.seat_id]
        holding.power_view = power  # type: ignore[attr-defined]
        if holding.region_id is None:
            homes[holding.seat_id] = holding
        else:
            by_region[holding.region_id].holdings.append(holding)
        power.markers_on_board += holding.control_markers
        power.armies += holding.armies
        power.fleets += holding.fleets
        power.forts += holding.forts
    for neutral in Neutral.objects.filter(game=game, on_board=True):
        by_region[neutral.region_id].neutrals.append(neutral)
    for tile in TileHolding.objects.filter(game=game, count__gt=0):
        powers[tile.seat_id].tiles.append(tile_view(tile, region_rows))
    state = load_state(game) if game.rules else None
    by_seating = sorted(powers.values(), key=lambda p: (p.seat.order, p.seat.pk))
    width = 1000 // max(1, len(by_seating))
    home_views = [
        HomeView(p, homes.get(p.seat.pk), i * width + 6, MAP_HEIGHT + 8)
        for i, p in enumerate(by_seating)
    ]
    return BoardView(game=game, regions=regions, powers=list(powers.values()), viewer=viewer,
                     state=state, homes=home_views)
