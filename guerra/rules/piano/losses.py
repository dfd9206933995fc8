"""K2: the damage a side takes destroys its units one at a time, the main power's first in the
order it chooses, then each ally's in commitment order; and the box where each power chooses
that order (asked only when the order can change what it loses)."""

from __future__ import annotations

from itertools import permutations

from guerra.rules import frozen
from guerra.rules.events import Event
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import SIDES, Side
from guerra.rules.i18n import Message, _
from guerra.rules.piano import graph as g
from guerra.rules.piano.events import LossOrderChosen
from guerra.rules.piano.inputs import LossOrder
from guerra.rules.piano.state import Loss, Member, PianoState

DEFAULT_ORDER = ("army", "fleet", "fort")


def kinds_of(member: Member) -> tuple[str, ...]:
    """The kinds of unit `member` has in the battle, in the default order."""
    if member.neutral:
        return ("neutral",)
    return tuple(kind for kind in DEFAULT_ORDER if member.count(kind))


def full_order(member: Member, chosen: tuple[str, ...] | None) -> tuple[str, ...]:
    """K2: the kinds chosen, then the rest in the default order."""
    kinds = kinds_of(member)
    first = tuple(k for k in (chosen or ()) if k in kinds)
    return first + tuple(k for k in kinds if k not in first)


def integrity(state: PianoState, kind: str) -> int:
    """K2: a unit's integrity; K11: a neutral's is its defence value (at least 1)."""
    neutral = state.situation.neutral
    if kind == "neutral":
        return max(1, neutral.defense if neutral is not None else 1)
    return state.situation.data.integrity(kind)


def spread_member(state: PianoState, member: Member, order: tuple[str, ...], damage: int
                  ) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """K2 on one power: (units lost per kind, damage left, stopped): damage goes to one unit
    until it reaches its integrity (destroyed), then to the next; what is left below the next
    unit's integrity destroys nothing (`stopped`: no damage goes further)."""
    lost: list[tuple[str, int]] = []
    for kind in order:
        count = 0
        for _unit in range(member.count(kind)):
            need = integrity(state, kind)
            if damage < need:
                if count:
                    lost.append((kind, count))
                return tuple(lost), damage, True
            damage -= need
            count += 1
        if count:
            lost.append((kind, count))
    return tuple(lost), damage, False


def spread(state: PianoState, side: Side, orders: dict[str, tuple[str, ...]] | None = None
           ) -> tuple[Loss, ...]:
    """K2 on a side: the damage it takes (`SideState.taken`) through its powers in order, each
    in the order it chose (`orders`, else the state's, else the default)."""
    chosen = dict(state.loss_orders) if orders is None else orders
    damage = state.side(side).taken
    losses: list[Loss] = []
    for member in state.members(side):
        order = full_order(member, chosen.get(member.power or ""))
        lost, damage, stopped = spread_member(state, member, order, damage)
        losses += [Loss(member.power, kind, count) for kind, count in lost]
        if stopped:
            break
    return tuple(losses)


def _reaching(state: PianoState, side: Side, index: int) -> int:
    """The damage that reaches member `index` of a side, the earlier ones taking theirs in
    the order chosen (or the default)."""
    chosen = dict(state.loss_orders)
    damage = state.side(side).taken
    for member in state.members(side)[:index]:
        order = full_order(member, chosen.get(member.power or ""))
        _lost, damage, stopped = spread_member(state, member, order, damage)
        if stopped:
            return 0
    return damage


def real_choice(state: PianoState, side: Side, index: int) -> bool:
    """Whether member `index`'s order can change what it loses or what goes on."""
    member = state.members(side)[index]
    kinds = kinds_of(member)
    if member.power is None or len(kinds) < 2:
        return False
    damage = _reaching(state, side, index)
    if damage <= 0:
        return False
    results = {spread_member(state, member, order, damage) for order in permutations(kinds)}
    return len({(tuple(sorted(lost)), left, stopped) for lost, left, stopped in results}) > 1


def next_to_choose(state: PianoState) -> str | None:
    """K2: the next power (the attacker's side first, each main power before its allies)
    with a real choice of order and none made yet."""
    for side in SIDES:
        for index, member in enumerate(state.members(side)):
            if member.power is not None and state.loss_order(member.power) is None \
                    and real_choice(state, side, index):
                return member.power
    return None


def member_of(state: PianoState, power: str) -> Member | None:
    for side in SIDES:
        for member in state.members(side):
            if member.power == power:
                return member
    return None


class LossOrderBox(DecisionBox[PianoState]):
    """K2: each power whose order matters chooses it, one at a time (default: armies, fleets,
    forts)."""

    sequential = True

    def awaited(self, state: PianoState) -> tuple[str, ...]:
        power = next_to_choose(state)
        return () if power is None else (power,)

    def answered(self, state: PianoState) -> tuple[str, ...]:
        return tuple(power for power, _order in state.loss_orders)

    def accept(self, state: PianoState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PianoState] | Message:
        if not isinstance(answer, LossOrder):
            return _("This is not the decision awaited now.")
        member = member_of(state, answer.power)
        assert member is not None
        kinds = kinds_of(member)
        if len(set(answer.kinds)) != len(answer.kinds):
            return _("Each kind of unit is named once in a loss order.")
        for kind in answer.kinds:
            if kind not in kinds:
                return _("{power} has no unit of that kind in the battle.", power=answer.power)
        order = full_order(member, answer.kinds)
        state = frozen.replace(state, loss_orders=(*state.loss_orders, (answer.power, order)))
        events: tuple[Event, ...] = (LossOrderChosen(answer.power, order),)
        return state, events

    def default(self, state: PianoState, power: str) -> object:
        return LossOrder(power, state.cursor.step, ())

    def leave(self, state: PianoState) -> Transition[PianoState]:
        return g.RESULT, state, ()
