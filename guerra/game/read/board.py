"""Read side of the board: everything a board page shows, in a fixed number of queries (the
map's geometry is in map_layout)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Model
from django.utils.translation import get_language

from guerra.game.errors import GameError
from guerra.game.models import (
    Game,
    GameStatus,
    Holding,
    Neutral,
    Region,
    Seat,
    TileHolding,
)
from guerra.game.models.state import game_regions, load_state
from guerra.game.procedures import adapter
from guerra.game.read.map_layout import HOME_BAND, MAP_HEIGHT, RegionView, grid_box
from guerra.game.read.phases import Choice, move_choice, turn_options
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.inputs import Colonise
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import EFFECTS
from guerra.runtime.kept import Kept


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


@dataclass
class BoardView:
    game: Game
    regions: list[RegionView]
    powers: list[PowerView]
    viewer: Seat | None
    state: GameState | None = None
    homes: list[HomeView] = field(default_factory=list)
    signature: str = ""  # BoardFacts.signature

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

    @cached_property
    def combat_panel(self) -> tuple[Any, dict[str, Any]] | None:
        """The combat system's own panel for the viewer (its secret hand...), if it has one."""
        if self.state is None or self.game.status == GameStatus.LOBBY:
            return None
        try:
            system = adapter(self.state.scenario.procedure)
        except LookupError:
            return None
        return system.board_panel(self.state, self.viewer.power if self.viewer else None)

    @property
    def viewer_plays_now(self) -> bool:
        """The viewer's turn, with an action to take now (no attack under way), and the viewer
        plays it (not the computer, which holds a seat handed to it)."""
        if self.viewer is None or self.state is None or self.game.status != GameStatus.RUNNING:
            return False
        if self.viewer.bot:
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
    # What the map and the region cards are drawn from, every column of every row: a step that
    # changes no piece, marker or neutral (a pass, an auction call) has the same, and the same
    # drawing (board.html keeps them by it, not by the step).
    signature: str = ""


def rows_signature(rows: Iterable[Model], seats: Iterable[Seat], parts: Iterable[str] = ()) -> str:
    """Every column of `rows`, and of each seat what the map shows of it (its power's name and
    colour: not its purse, which changes at nearly every step), after the signatures `parts`."""
    digest = hashlib.sha1(usedforsecurity=False)
    for part in parts:
        digest.update(part.encode())
    for row in rows:
        values = tuple(getattr(row, f.attname) for f in row._meta.concrete_fields)
        digest.update(repr((type(row).__name__, values)).encode())
    digest.update(repr([(s.pk, s.power, s.colour) for s in seats]).encode())
    return digest.hexdigest()


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
    for view in regions:
        view.signature = rows_signature([view.region, *view.holdings, *view.neutrals],
                                        [h.seat for h in view.holdings])
    signature = rows_signature(homes.values(), seat_by_pk.values(),
                               parts=[view.signature for view in regions])
    return BoardFacts(regions=regions, homes=homes, totals=totals, signature=signature)


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
                     viewer=viewer, state=state, homes=home_views, signature=facts.signature)
