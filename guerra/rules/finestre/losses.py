"""W15 (losses) and W16 (control) of "finestre", and the two ends."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.control import Rules, region_won
from guerra.rules.dice import Dice
from guerra.rules.events import (
    Event,
    UnitKind,
    UnitLost,
    UnrestGained,
)
from guerra.rules.finestre import graph as g
from guerra.rules.finestre.boxes import wrong_input
from guerra.rules.finestre.inputs import LoseUnit
from guerra.rules.finestre.state import FinestreState
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import Message, _

FIELD = {"army": "armies", "fleet": "fleets", "fort": "forts"}
ORDER: tuple[UnitKind, ...] = ("army", "fleet", "fort")


def options(state: FinestreState, side: Side, index: int) -> tuple[UnitKind, ...]:
    """W15: what member `index` of a side may lose: armies and fleets; a fort only the
    defender's main power that fought from its forts, never for a tie's loss."""
    member = state.members(side)[index]
    found: list[UnitKind] = []
    if member.armies:
        found.append("army")
    if member.fleets:
        found.append("fleet")
    if index == 0 and side == DEFENDER and state.from_forts and not state.tie_loss \
            and member.forts:
        found.append("fort")
    return tuple(found)


def next_loss(state: FinestreState) -> tuple[Side, int, tuple[UnitKind, ...]] | None:
    """The next loss to take: the attacker's first, then the defender's; it falls on the main
    power while it has a unit it may lose, then on its allies in commitment order. None: no
    loss left (a side with nothing left to lose loses nothing more)."""
    for side, due in zip((ATTACKER, DEFENDER), state.losses_due, strict=True):
        if not due:
            continue
        for index in range(len(state.members(side))):
            kinds = options(state, side, index)
            if kinds:
                return side, index, kinds
    return None


def take(state: FinestreState, side: Side, index: int, kind: UnitKind
         ) -> tuple[FinestreState, tuple[Event, ...]]:
    """One unit lost, 1 unrest for it."""
    members = list(state.members(side))
    member = members[index]
    field = FIELD[kind]
    members[index] = frozen.replace_field(member, field, getattr(member, field) - 1)
    due = list(state.losses_due)
    due[0 if side == ATTACKER else 1] -= 1
    state = frozen.replace(state, **{"attackers" if side == ATTACKER else "defenders":
                                     tuple(members)}, losses_due=tuple(due))
    return state, (UnitLost(member.power, kind, 1, "W15"), UnrestGained(member.power, 1, "W15"))


def _drop_impossible(state: FinestreState) -> FinestreState:
    """A side with nothing left to lose loses nothing more."""
    due = list(state.losses_due)
    for i, side in enumerate((ATTACKER, DEFENDER)):
        if due[i] and not any(options(state, side, j) for j in range(len(state.members(side)))):
            due[i] = 0
    return frozen.replace(state, losses_due=tuple(due)) if due != list(state.losses_due) \
        else state


def losses(state: FinestreState, dice: Dice) -> Transition[FinestreState]:
    """W15: the losses without a choice are taken at once; a loss whose owner may choose
    between kinds waits for its choice."""
    events: list[Event] = []
    while True:
        state = _drop_impossible(state)
        found = next_loss(state)
        if found is None:
            return g.CONTROL, state, tuple(events)
        side, index, kinds = found
        if len(kinds) > 1:
            return g.LOSS_CHOICE, state, tuple(events)
        state, taken = take(state, side, index, kinds[0])
        events += taken


class LossBox(DecisionBox[FinestreState]):
    """W15: the owner of a loss chooses army, fleet or fort (default in that order)."""

    sequential = True

    def awaited(self, state: FinestreState) -> tuple[str, ...]:
        found = next_loss(state)
        if found is None or len(found[2]) < 2:
            return ()
        return (state.members(found[0])[found[1]].power,)

    def accept(self, state: FinestreState, answer: object, *, timed_out: bool = False
               ) -> Recorded[FinestreState] | Message:
        found = next_loss(state)
        if not isinstance(answer, LoseUnit) or found is None:
            return wrong_input()
        side, index, kinds = found
        kind = next((k for k in kinds if k == answer.kind), None)
        if kind is None:
            return _("{power} cannot lose a unit of that kind now.", power=answer.power)
        return take(state, side, index, kind)

    def default(self, state: FinestreState, power: str) -> object:
        found = next_loss(state)
        assert found is not None
        return LoseUnit(power, state.cursor.step, found[2][0])

    def leave(self, state: FinestreState) -> Transition[FinestreState]:
        return g.LOSSES, state, ()


def control(state: FinestreState, dice: Dice) -> Transition[FinestreState]:
    """W16: if the attacker won, L8-L9 for the main powers at the end of the combat; against a
    neutral, N3: the marker leaves, a control marker and the reward."""
    if state.winner != "attacker":
        return g.ENDED, state, ()
    attacker = state.attackers[0]
    defender = state.defenders[0] if state.defenders else None
    return g.ENDED, state, tuple(region_won(
        state.situation.region.name, attacker.power,
        Rules(control="W16", neutral="W16", reward="W16"),
        markers_in_supply=attacker.markers_in_supply, neutral=state.situation.neutral,
        defender=defender))


def ended(state: FinestreState) -> str:
    """The outcome: W13's winner."""
    return {"attacker": "attacker_wins", "defender": "defender_wins"}.get(
        state.winner or "", "tie")


def ended_by_retreat(state: FinestreState) -> str:
    """W8: a Ritirata ended the combat."""
    return "ended_by_retreat"
