"""Read side of the game's phases: what the table shows above the map and who may do what.

Everything comes from the rules state (`Game.rules`) through `guerra.rules.game.options`, so
a choice offered on the page is one the machine accepts; the forms send back the values of
`Choice`, which the views read with `parse_place` and friends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from guerra.game.models import Game, GameEvent, Region, Seat
from guerra.game.text.grammar import art
from guerra.game.text.messages import render_rules_message
from guerra.game.text.parsing import row_id
from guerra.rules.events import UNIT_KINDS
from guerra.rules.game import options
from guerra.rules.game.events import PHASE_LABELS
from guerra.rules.game.inputs import Colonise, PlaceUnit, UnitMove
from guerra.rules.game.machine import Pending, pending
from guerra.rules.game.money import tax_unrest
from guerra.rules.game.movement import Route, move_limit
from guerra.rules.game.rounds import rounds_in_war
from guerra.rules.game.setup import place
from guerra.rules.game.state import GameState
from guerra.rules.game.tiles import effect_of, held_effects, unused
from guerra.rules.i18n import Message
from guerra.runtime.kept import Kept

HOME = "casa"  # a form's value for "the power's home"


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass
class Slot:
    number: int
    side: int  # 1 = A, 2 = B
    seat: Seat | None = None


@dataclass
class AuctionView:
    slots: list[Slot]
    unplaced: list[Seat]
    proposal_a: Seat | None
    proposal_b: Seat | None
    bid: int
    leader: Seat | None
    caller: Seat | None
    opener: Seat | None
    calls: list[str]
    paid: list[tuple[Seat, int]]
    # For the power whose call it is:
    propose: bool = False  # it opens: it must propose
    call: bool = False  # it raises or passes
    gold: int = 0
    min_bid: int = 0
    single: bool = False  # one power left: the proposal names it and its alliance


@dataclass
class TurnView:
    seat: Seat
    action: int  # 1-based
    actions: int
    mine: bool
    menu: list[tuple[str, str, str | None]] = field(default_factory=list)  # name, label, reason
    builds: list[Choice] = field(default_factory=list)
    moves: list[Choice] = field(default_factory=list)
    move_rows: list[int] = field(default_factory=lambda: [1, 2])
    colonise: list[Choice] = field(default_factory=list)
    trade: list[Choice] = field(default_factory=list)
    ministry: Choice | None = None
    gold: int = 0
    others: list[Seat] = field(default_factory=list)


@dataclass
class PlacementKind:
    """One kind of unit the placer may place, with only the places the rules accept for it."""

    kind: str
    label: str  # "Piazza un'armata"
    places: list[Choice]


@dataclass
class PlacementView:
    placed: int
    total: int
    kinds: list[PlacementKind]


@dataclass
class TableView:
    game: Game
    state: GameState
    seat: Seat | None
    waiting: Pending
    awaited: list[Seat]
    deadline: datetime | None
    phase: str
    rounds: int
    placing: PlacementView | None = None
    auction: AuctionView | None = None
    turn: TurnView | None = None
    report_wars: list[int] = field(default_factory=list)

    @property
    def mine(self) -> bool:
        """The viewer is awaited for a decision of the game (not of an attack), and plays it
        (not the computer, which holds a seat handed to it)."""
        if self.seat is None or self.seat.bot or self.waiting.kind == "attack":
            return False
        return any(s.pk == self.seat.pk for s in self.awaited)

    @property
    def tax_choices(self) -> list[tuple[int, int]]:
        """G41: (gold, unrest) for the usual amounts of taxation."""
        return [(gold, tax_unrest(gold)) for gold in (2, 4, 6, 8)]


def table_view(game: Game, state: GameState, seats: list[Seat], viewer: Seat | None,
               regions: dict[str, Region]) -> TableView:
    by_power = {seat.power: seat for seat in seats}
    waiting = pending(state)
    view = TableView(
        game=game, state=state, seat=viewer, waiting=waiting,
        awaited=[by_power[p] for p in waiting.powers if p in by_power],
        deadline=game.deadline, phase=render_rules_message(PHASE_LABELS[state.phase]),
        rounds=rounds_in_war(state),
        report_wars=sorted({s.war for s in state.scores}),
    )
    mine = view.mine
    if waiting.kind == "place":
        view.placing = _placing(state, regions, waiting.powers[0]) if mine else PlacementView(
            state.placed, len(state.seating) * state.scenario.setup_units, [])
    elif waiting.kind in ("propose", "call"):
        view.auction = _auction(game, state, by_power, viewer if mine else None)
    if state.turn is not None and state.phase == "rounds":
        view.turn = _turn(game, state, by_power, regions, mine and waiting.kind == "action")
    return view


def place_value(region: str | None, regions: dict[str, Region]) -> str:
    return HOME if region is None else str(regions[region].pk)


def place_label(region: str | None) -> str:
    return _("your home") if region is None else region


def _placing(state: GameState, regions: dict[str, Region], power: str) -> PlacementView:
    """G13: the kinds left in the placer's supply, each with the places where the rules would
    take it (asked of the rules themselves: no fleet where there is no sea, no fort at home),
    so the form never offers what it would then refuse."""
    labels = {"army": _("Place an army"), "fleet": _("Place a fleet"), "fort": _("Place a fort")}
    # Read after "Piazza un'armata": each place with its preposition ("nella tua madrepatria",
    # "nel Baltico", "in Africa").
    places = [(None, Choice(HOME, _("in your home")))] + [
        (r.name, Choice(str(regions[r.name].pk), art(r.name, "in")))
        for r in state.scenario.regions
    ]
    kinds = []
    for kind in UNIT_KINDS:
        legal = [choice for region, choice in places
                 if not isinstance(place(state, PlaceUnit(power, state.step, kind, region)),
                                   Message)]
        if legal:
            kinds.append(PlacementKind(kind, labels[kind], legal))
    return PlacementView(state.placed, len(state.seating) * state.scenario.setup_units, kinds)


CALL_KINDS = frozenset({"proposal", "bid_raised", "call_passed", "proposal_won", "taxed"})


@dataclass(frozen=True)
class AuctionHistory:
    """A war's auction up to an event of the log: its call lines, and what each power paid."""

    upto: int  # the last event read (its number in the game's log)
    lines: tuple[str, ...] = ()
    paid: tuple[tuple[str, int], ...] = ()

    def after(self, events: list[tuple[int, dict[str, Any]]]) -> AuctionHistory:
        lines, paid = list(self.lines), dict(self.paid)
        for _seq, payload in events:
            for item in payload.get("events", []):
                if not isinstance(item, dict):
                    continue
                kind = item.get("type")
                if kind in CALL_KINDS and isinstance(item.get("message"), dict):
                    lines.append(render_rules_message(item["message"]))
                if kind == "proposal_won" and isinstance(item.get("power"), str):
                    power = str(item["power"])
                    paid[power] = paid.get(power, 0) + int(item.get("bid", 0))
        upto = events[-1][0] if events else self.upto
        return AuctionHistory(upto, tuple(lines), tuple(paid.items()))


# Each war's auction as far as a process has read it, by game, seed fingerprint, war and
# language: a page reads and draws only the calls made since (a war's auction makes dozens).
_AUCTIONS: Kept[tuple[int, str, int, str], AuctionHistory] = Kept(512)


def _auction_history(game: Game, by_power: dict[str, Seat]
                     ) -> tuple[list[str], list[tuple[Seat, int]]]:
    """This war's calls as they happened (the log's auction lines), and what each power paid
    for the slots it won."""
    key = (game.pk, game.dice_seed_hash, game.current_war, get_language() or "")
    known = _AUCTIONS.get(key) or AuctionHistory(upto=0)
    events = list(GameEvent.objects.filter(
        game=game, war=game.current_war, kind="game_step", seq__gt=known.upto,
    ).order_by("seq").values_list("seq", "payload"))
    if events:
        known = _AUCTIONS.put(key, known.after(events))
    paid = dict(known.paid)
    return list(known.lines), [(seat, paid.get(power, 0)) for power, seat in by_power.items()]


def _auction(game: Game, state: GameState, by_power: dict[str, Seat],
             caller: Seat | None) -> AuctionView:
    table = state.auction
    assert table is not None
    n = len(state.seating)
    slots = [Slot(i + 1, 1 if i % 2 == 0 else 2) for i in range(n)]
    for slot, (power, side) in zip(slots, table.slots, strict=False):
        slot.seat, slot.side = by_power[power], 1 if side == "A" else 2
    proposal = table.proposal
    calls, paid = _auction_history(game, by_power)
    view = AuctionView(
        slots=slots, unplaced=[by_power[p] for p in table.unplaced],
        proposal_a=by_power.get(proposal.a or "") if proposal else None,
        proposal_b=by_power.get(proposal.b or "") if proposal else None,
        bid=table.bid, leader=by_power.get(table.leader or ""),
        caller=by_power.get(table.awaited or ""), opener=by_power.get(table.opener),
        calls=calls, paid=paid,
        single=len(table.unplaced) == 1,
    )
    if caller is not None:
        view.propose = proposal is None
        view.call = proposal is not None
        view.gold = state.power(caller.power).gold
        view.min_bid = 0 if proposal is None else table.bid + 1
    return view


def taxation_preview(gold: int, bid: int) -> str:
    """G42: what winning at `bid` would cost in unrest, taxed automatically."""
    short = bid - gold
    if short <= 0:
        return _("You have the gold for this bid.")
    unrest = tax_unrest(short)
    return _("If you win, the taxes cover %(gold)s for %(unrest)s.") % {
        "gold": ngettext("%(n)d missing gold", "%(n)d missing gold", short) % {"n": short},
        "unrest": ngettext("%(n)d unrest point", "%(n)d unrest points", unrest) % {"n": unrest},
    }


# What the power on turn may do at a step of a game, by game, seed fingerprint, step and power:
# the turn's panel and the region cards of its page draw from the same, and it never changes.
_OPTIONS: Kept[tuple[int, str, int, str], options.TurnOptions] = Kept(256)


def turn_options(game: Game, state: GameState, power: str) -> options.TurnOptions:
    """`options.turn_options`, computed once a step and power."""
    key = (game.pk, game.dice_seed_hash, state.step, power)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS.put(key, options.turn_options(state, power))
    return found


def _turn(game: Game, state: GameState, by_power: dict[str, Seat], regions: dict[str, Region],
          mine: bool) -> TurnView:
    turn = state.turn
    assert turn is not None
    seat = by_power[turn.power]
    view = TurnView(seat=seat, action=min(turn.done + 1, turn.actions), actions=turn.actions,
                    mine=mine)
    if not mine:
        return view
    power = turn.power
    found = turn_options(game, state, power)
    labels = {"build": _("Build"), "move": _("Move"), "attack": _("Attack"), "pass": _("Pass"),
              "tile": _("Tile"), "colonise": _("Colonise"), "trade": _("Trade")}
    view.menu = [(name, labels[name], None if reason is None else render_rules_message(reason))
                 for name, reason in found.menu]
    view.builds = [_build_choice(b.kind, b.region, b.with_gold, regions) for b in found.builds]
    view.moves = [move_choice(move, route, state.scenario.storms, regions)
                  for move, route in found.moves]
    view.move_rows = list(range(1, move_limit(state, power) + 1))
    for order in found.counters:
        counter = state.scenario.counter_by_id[order.counter]
        choice = Choice(str(order.counter), counter.region)
        (view.colonise if isinstance(order, Colonise) else view.trade).append(choice)
    for key, effect, _count in held_effects(state, power):
        if effect.extra_action and unused(state, power, key) and not turn.ministry:
            view.ministry = Choice(key, render_rules_message(effect_of(state, key).label))
    view.gold = state.power(power).gold
    view.others = [s for p, s in by_power.items() if p != power]
    return view


def _build_choice(kind: str, region: str | None, with_gold: bool,
                  regions: dict[str, Region]) -> Choice:
    value = f"{kind}@{place_value(region, regions)}" + ("@oro" if with_gold else "")
    where = _("at home") if region is None else art(region, "in")
    unit = {"army": _("An army"), "fleet": _("A fleet"), "fort": _("A fort")}[kind]
    price = _("2 gold (Mercenaries)") if with_gold else _("1 population")
    return Choice(value, _("%(unit)s %(where)s, for %(price)s") % {
        "unit": unit, "where": where, "price": price})


def move_choice(move: UnitMove, route: Route, storms: bool, regions: dict[str, Region]
                 ) -> Choice:
    """G32/G33: one unit's move with how it goes, and the storm risk of an ocean voyage."""
    source, target = move.source, move.target
    value = f"{move.kind}@{place_value(source, regions)}>{place_value(target, regions)}"
    unit = _("army") if move.kind == "army" else _("fleet")
    if route.voyage and storms:
        how = _("ocean voyage: lost at sea on a 1 (1 in 6)")
    elif route.voyage:
        how = _("ocean voyage")
    elif route.by_sea:
        how = _("by sea")
    else:
        how = _("by land")
    label = _("%(unit)s: %(source)s → %(target)s (%(how)s)") % {
        "unit": unit, "source": place_label(source), "target": place_label(target), "how": how}
    return Choice(value, label)


def parse_place(value: str, regions_by_pk: dict[int, Region]) -> str | None:
    """A form's place: None for the home, else the region's name; ValueError when unknown."""
    if value == HOME:
        return None
    pk = row_id(value)
    if pk is None or pk not in regions_by_pk:
        raise ValueError(value)
    return regions_by_pk[pk].name
