"""E3-E5: the reinforcements. A main player names the groups that reinforce its side (E4 the
attacker, then E5 the defender); its own groups join at once, each ally whose group is named
agrees or refuses, one group at a time, in the war's turn order from the attacker on."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.events import Event
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, Side
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.punti import graph as g
from guerra.rules.punti.declaration import make_units
from guerra.rules.punti.events import GroupJoined, GroupNamed, GroupRefused
from guerra.rules.punti.inputs import Consent, Group, Name
from guerra.rules.punti.state import Named, PuntiState


def wrong_input() -> Message:
    return _("This is not the decision awaited now.")


def asking_order(turn_order: tuple[str, ...], attacker: str) -> tuple[str, ...]:
    """E4/E5 (ruling): the war's turn order, starting after the attacker."""
    if attacker not in turn_order:
        return turn_order
    at = turn_order.index(attacker) + 1
    return turn_order[at:] + turn_order[:at]


def group_problem(state: PuntiState, side: Side, groups: tuple[Group, ...]) -> Message | None:
    """E3: every group named is units that may reinforce `side` (`Situation.candidates`),
    at least one unit, none named twice, no more than are there."""
    seen: set[tuple[str, str | None]] = set()
    for group in groups:
        candidate = state.situation.candidate(side, group.power, group.source)
        place = group.source or _("home")
        if candidate is None:
            return _("{power} has no units that may reinforce this side from {place}.",
                     power=group.power, place=place)
        if (group.power, group.source) in seen:
            return _("The units of {power} from {place} are named twice.", power=group.power,
                     place=place)
        seen.add((group.power, group.source))
        if group.armies < 0 or group.fleets < 0:
            return _("A number of units cannot be negative.")
        if group.armies + group.fleets == 0:
            return _("A group named needs at least one unit.")
        if group.armies > candidate.armies:
            return ngettext("{power} has only {count} army that may reinforce from {place}.",
                            "{power} has only {count} armies that may reinforce from {place}.",
                            candidate.armies, power=group.power, place=place)
        if group.fleets > candidate.fleets:
            return ngettext("{power} has only {count} fleet that may reinforce from {place}.",
                            "{power} has only {count} fleets that may reinforce from {place}.",
                            candidate.fleets, power=group.power, place=place)
    return None


def join(state: PuntiState, named: Named) -> tuple[PuntiState, Event]:
    """A group takes part: its units R<number>.1, ... (armies, then fleets), whole (E1)."""
    units = make_units(state.situation.profiles, f"R{named.number}.", named.power, named.side,
                       group=named.number, source=named.source,
                       counts=(("army", named.armies), ("fleet", named.fleets)))
    joined = frozen.replace(named, joins=True)
    state = frozen.replace(state, units=state.units + units,
                           named=tuple(joined if n.number == named.number else n
                                       for n in state.named))
    return state, GroupJoined(named.number, named.power, named.side, named.source,
                              named.armies, named.fleets)


def _named_flag(side: Side) -> str:
    return "attacker_named" if side == ATTACKER else "defender_named"


class NameBox(DecisionBox[PuntiState]):
    """E4 (the attacker) or E5 (the defender): the main player names the groups that
    reinforce its side, in order. Asked only when something may reinforce its side (E3);
    against a neutral nobody does (E11). Default (a deadline): nobody is named (ruling: naming
    engages the units for the round and asks the allies, so silence names no one)."""

    def __init__(self, side: Side) -> None:
        self.side = side

    def awaited(self, state: PuntiState) -> tuple[str, ...]:
        power = state.main_power(self.side)
        if power is None or getattr(state, _named_flag(self.side)) \
                or not state.situation.candidates_of(self.side):
            return ()
        return (power,)

    def answered(self, state: PuntiState) -> tuple[str, ...]:
        power = state.main_power(self.side)
        done = getattr(state, _named_flag(self.side))
        return (power,) if done and power is not None else ()

    def accept(self, state: PuntiState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PuntiState] | Message:
        if not isinstance(answer, Name):
            return wrong_input()
        problem = group_problem(state, self.side, answer.groups)
        if problem is not None:
            return problem
        events: list[Event] = []
        new = tuple(Named(len(state.named) + i, group.power, self.side, group.source,
                          group.armies, group.fleets)
                    for i, group in enumerate(answer.groups, start=1))
        events += [GroupNamed(n.number, answer.power, n.power, n.side, n.source, n.armies,
                              n.fleets) for n in new]
        state = frozen.replace(state, named=state.named + new,
                               **{_named_flag(self.side): True})
        for group in new:
            if group.power == answer.power:  # a main power's own group needs no answer
                state, joined = join(state, group)
                events.append(joined)
        return state, tuple(events)

    def default(self, state: PuntiState, power: str) -> object:
        return Name(power, state.step, ())

    def leave(self, state: PuntiState) -> Transition[PuntiState]:
        state = frozen.replace(state, **{_named_flag(self.side): True})
        if state.to_ask(self.side):
            return (g.ATTACK_CONSENT if self.side == ATTACKER else g.DEFENCE_CONSENT), state, ()
        return (g.DEFENCE_REINFORCEMENTS if self.side == ATTACKER else g.ATTACK_ROLL), state, ()


def next_to_ask(state: PuntiState, side: Side) -> Named | None:
    """E4/E5: the ally's group asked now: allies in the war's turn order from the attacker
    on, each ally's groups in the order named."""
    waiting = state.to_ask(side)
    if not waiting:
        return None
    order = asking_order(state.situation.turn_order, state.situation.attacker.power)
    rank = {power: i for i, power in enumerate(order)}
    return min(waiting, key=lambda n: (rank.get(n.power, len(rank)), n.number))


class ConsentBox(DecisionBox[PuntiState]):
    """E4/E5: each ally whose units are named agrees or refuses, one group at a time (a
    window each: its own deadline); no answer by the deadline is a refusal. A refused group
    takes no part in the battle."""

    sequential = True

    def __init__(self, side: Side) -> None:
        self.side = side

    def awaited(self, state: PuntiState) -> tuple[str, ...]:
        asked = next_to_ask(state, self.side)
        return () if asked is None else (asked.power,)

    def answered(self, state: PuntiState) -> tuple[str, ...]:
        return tuple(n.power for n in state.named if n.side == self.side and n.joins is not None
                     and n.power != state.main_power(self.side))

    def accept(self, state: PuntiState, answer: object, *, timed_out: bool = False
               ) -> Recorded[PuntiState] | Message:
        if not isinstance(answer, Consent):
            return wrong_input()
        asked = next_to_ask(state, self.side)
        assert asked is not None and asked.power == answer.power
        if answer.agrees:
            state, joined = join(state, asked)
            return state, (joined,)
        refused = frozen.replace(asked, joins=False, timed_out=timed_out)
        state = frozen.replace(state, named=tuple(refused if n.number == asked.number else n
                                                  for n in state.named))
        return state, (GroupRefused(asked.number, asked.power, self.side, timed_out),)

    def default(self, state: PuntiState, power: str) -> object:
        """E4: no answer by the deadline is a refusal."""
        return Consent(power, state.step, False)

    def leave(self, state: PuntiState) -> Transition[PuntiState]:
        return (g.DEFENCE_REINFORCEMENTS if self.side == ATTACKER else g.ATTACK_ROLL), state, ()

