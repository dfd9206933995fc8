"""The boxes of "finestre": the declaration, the windows with their announcements and effects
(W4-W10, W12, W14), the standing (W11), the resolution (W13) and the control (W16). The losses
(W15) are in `losses.py`."""

from __future__ import annotations

from collections.abc import Callable

from guerra.rules import frozen
from guerra.rules.declaration import DECLARATION_COST
from guerra.rules.dice import Dice
from guerra.rules.events import Event, GoldChanged
from guerra.rules.finestre import graph as g
from guerra.rules.finestre import windows as w
from guerra.rules.finestre.events import (
    Announced,
    CombatEnded,
    CombatResolved,
    MainPowerChanged,
    StandingRolled,
    WindowClosed,
)
from guerra.rules.finestre.inputs import TACTICS, Play, Position, Tactic, UseTiles
from guerra.rules.finestre.state import Call, Change, Closed, FinestreState, Tiles
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import Message, _, ngettext


def wrong_input() -> Message:
    return _("This is not the decision awaited now.")


def declared(state: FinestreState, dice: Dice) -> Transition[FinestreState]:
    """D3: the attacker pays 2 gold, once, whatever happens later (even after a Ritirata)."""
    paid = GoldChanged(state.situation.attacker.power, -DECLARATION_COST, "D3")
    target, state, events = enter(state, g.W4)
    return target, state, (paid, *events)


# --- routing ----------------------------------------------------------------------------------


def opens(state: FinestreState, node: str) -> bool:
    """Whether a window of the sequence opens: W5 only for a defender with a fort; W6 not
    after the second change; against a neutral W5, W6 and the defender's windows never (W16)."""
    neutral = state.situation.neutral is not None
    if node == g.W5:
        main = state.main(DEFENDER)
        return not neutral and main is not None and main.forts > 0
    if node == g.W6:
        return not neutral and state.round < 3
    if node in (g.W7D, g.W8D, g.W9D, g.W10D, g.W14D):
        return not neutral
    return True


def go(state: FinestreState, node: str) -> Transition[FinestreState]:
    """To the first box from `node` on in the sequence that opens (a window opened there)."""
    if node in g.SEQUENCE:
        node = next(n for n in g.SEQUENCE[g.SEQUENCE.index(node):] if opens(state, n))
    if node in w.ALLOWS:
        return enter(state, node)
    return node, frozen.replace(state, window=None), ()


def enter(state: FinestreState, node: str) -> Transition[FinestreState]:
    """Open the window `node`; an announcement that can only be one thing is made unasked."""
    state = w.open_window(state, node)
    if node in w.ANNOUNCES and not has_choice(state, node):
        power = state.main_power(w.FIRST[node])
        assert power is not None
        made = announce(state, node, default_announcement(state, node, power, 0))
        assert not isinstance(made, Message)
        return node, made[0], made[1]
    return node, state, ()


def after(state: FinestreState, node: str) -> Transition[FinestreState]:
    return go(state, g.SEQUENCE[g.SEQUENCE.index(node) + 1])


# --- announcements ----------------------------------------------------------------------------


def usable_training(state: FinestreState, side: Side) -> bool:
    """W9: +1 for Army Training only with strictly more such tiles than the other main power
    (a neutral holds none)."""
    mine = state.main(side)
    rival = state.main(DEFENDER if side == ATTACKER else ATTACKER)
    return mine is not None and mine.army_training > (0 if rival is None else rival.army_training)


def default_announcement(state: FinestreState, node: str, power: str, step: int) -> object:
    """W4: no tactic; W5: from the forts; W9: every tile it may use."""
    if node == g.W4:
        return Tactic(power, step, None)
    if node == g.W5:
        return Position(power, step, True)
    side: Side = ATTACKER if node == g.W9A else DEFENDER
    main = state.main(side)
    assert main is not None
    return UseTiles(power, step, main.alliance_tiles, usable_training(state, side))


def has_choice(state: FinestreState, node: str) -> bool:
    """Nobody is asked an announcement that can only be one thing (W9 with no tile to use)."""
    if node in (g.W4, g.W5):
        return True
    side: Side = ATTACKER if node == g.W9A else DEFENDER
    main = state.main(side)
    return main is not None and (main.alliance_tiles > 0 or usable_training(state, side))


def announce(state: FinestreState, node: str, answer: object) -> Recorded[FinestreState] | Message:
    """W4/W5/W9: record the announcement; the window's calls begin."""
    window = state.window
    assert window is not None
    power = w.FIRST[node]
    announcer = state.main_power(power)
    assert announcer is not None
    if node == g.W4 and isinstance(answer, Tactic):
        if answer.tactic is not None and answer.tactic not in TACTICS:
            return _("A tactic is “assalto”, “assedio”, “schermaglia” or none.")
        state = frozen.replace(state, announced_tactic=answer.tactic)
        what = answer.tactic or "-"
    elif node == g.W5 and isinstance(answer, Position):
        state = frozen.replace(state, announced_forts=answer.from_forts)
        what = "forts" if answer.from_forts else "no forts"
    elif node in (g.W9A, g.W9D) and isinstance(answer, UseTiles):
        main = state.main(power)
        assert main is not None
        if answer.alliance_tiles < 0:
            return _("A number of tiles cannot be negative.")
        if answer.alliance_tiles > main.alliance_tiles:
            return ngettext("{power} holds only {count} Alliance tile for this region.",
                            "{power} holds only {count} Alliance tiles for this region.",
                            main.alliance_tiles, power=announcer)
        if answer.army_training and not usable_training(state, power):
            return _("{power} does not hold more Army Training tiles than its enemy.",
                     power=announcer)
        state = frozen.replace(state, announced_tiles=Tiles(answer.alliance_tiles,
                                                             answer.army_training))
        what = f"{answer.alliance_tiles}+{int(answer.army_training)}"
    else:
        return wrong_input()
    state = frozen.replace(state, window=frozen.replace(window, announced=True))
    return w.skip_unplayable(state), (Announced(announcer, window.name, what),)


class WindowBox(DecisionBox[FinestreState]):
    """W3 and the window `node`: its announcement first (W4, W5, W9), then each call, one
    power at a time (each call a window of its own, with its deadline: default pass; the same
    power called again, a new window all the same)."""

    sequential = True
    each_answer_opens = True

    def __init__(self, node: str) -> None:
        self.node = node

    def awaited(self, state: FinestreState) -> tuple[str, ...]:
        window = state.window
        if window is None or window.node != self.node:
            return ()
        if not window.announced:
            power = state.main_power(w.FIRST[self.node])
            assert power is not None
            return (power,)
        return () if window.closed else (window.caller,)

    def accept(self, state: FinestreState, answer: object, *, timed_out: bool = False
               ) -> Recorded[FinestreState] | Message:
        window = state.window
        assert window is not None
        if not window.announced:
            return announce(state, self.node, answer)
        if not isinstance(answer, Play):
            return wrong_input()
        if answer.card is not None:
            problem = w.call_problem(state, answer.power, answer.card, answer.ally)
            if problem is not None:
                return problem
        elif answer.ally is not None:
            return _("Only a “Cambio al comando” names an ally.")
        return w.record_call(state, answer.power, answer.card, answer.ally)

    def default(self, state: FinestreState, power: str) -> object:
        window = state.window
        assert window is not None
        if not window.announced:
            return default_announcement(state, self.node, power, state.cursor.step)
        return Play(power, state.cursor.step)

    def leave(self, state: FinestreState) -> Transition[FinestreState]:
        window = state.window
        assert window is not None and window.announced
        standing, countered, stands = w.standing_items(state)
        closed = Closed(window.name, window.calls, standing, countered,
                        stands if window.has_announcement else None)
        state = frozen.replace(state, windows=(*state.windows, closed))
        event = WindowClosed(window.name, _names(standing), _names(countered))
        target, state, events = EFFECTS[self.node](state, standing, stands)
        return target, state, (event, *events)


def _names(calls: tuple[Call, ...]) -> tuple[str, ...]:
    return tuple(call.card for call in calls if call.card is not None)


Effect = tuple[str, FinestreState, tuple[Event, ...]]
Closer = Callable[[FinestreState, tuple[Call, ...], bool], Effect]


def tactic_closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
    """W4: a countered tactic is no tactic."""
    state = frozen.replace(state, tactic=state.announced_tactic if stands else None)
    return after(state, g.W4)


def position_closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
    """W5: a countered position is "not from the forts"."""
    state = frozen.replace(state, from_forts=state.announced_forts and stands)
    return after(state, g.W5)


def combatants_closed(state: FinestreState, standing: tuple[Call, ...], stands: bool
                      ) -> Effect:
    """W6: each standing Cambio al comando in play order (one naming a power no longer such an
    ally does nothing): the ally becomes the main power, the former one its side's last ally.
    A change goes back to W4 (the repeated windows W4.2...); after the second, no W6."""
    window = state.window
    assert window is not None
    events: list[Event] = []
    for side, call in w.side_cards(state, standing, "combatants"):
        members = state.members(side)
        if call.ally is None or call.ally not in w.eligible_allies(state, side):
            continue
        new = next(m for m in members if m.power == call.ally)
        former = members[0]
        changed = (new, *(m for m in members[1:] if m.power != new.power), former)
        state = frozen.replace(state, **{"attackers" if side == ATTACKER else "defenders":
                                         changed},
                               changes=(*state.changes,
                                        Change(window.name, side, former.power, new.power)))
        events.append(MainPowerChanged(side, former.power, new.power))
    if events:
        state = frozen.replace(state, round=state.round + 1)
        target, state, entered = go(state, g.W4)
        return target, state, (*events, *entered)
    return after(state, g.W6)


def strike_closed(node: str) -> Closer:
    def closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
        """W7: if exactly one side's Imboscata stands, that side strikes first (W13)."""
        sides = tuple(side for side, _call in w.side_cards(state, standing, "strike_order"))
        imboscate = (*state.imboscate, *sides)
        found = set(imboscate)
        first = next(iter(found)) if len(found) == 1 else None
        return after(frozen.replace(state, imboscate=imboscate, first_strike=first), node)
    return closed


def end_closed(node: str) -> Closer:
    def closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
        """W8/W10: a Ritirata standing when its window closes ends the combat: no further
        window, no dice, no losses, no control (the 2 gold stay paid)."""
        if w.side_cards(state, standing, "combat_ending"):
            window = state.window
            assert window is not None
            state = frozen.replace(state, ended="Ritirata", window=None)
            return g.ENDED_BY_RETREAT, state, (CombatEnded(window.name),)
        return after(state, node)
    return closed


def tiles_closed(node: str) -> Closer:
    def closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
        """W9: the tiles announced count, unless the announcement was countered."""
        tiles = state.announced_tiles if stands else Tiles()
        field = "attacker_tiles" if node == g.W9A else "defender_tiles"
        state = frozen.replace(state, **{field: tiles}, announced_tiles=Tiles())
        return after(state, node)
    return closed


def modifiers_closed(state: FinestreState, standing: tuple[Call, ...], stands: bool
                     ) -> Effect:
    """W12: each standing modifier adds its value to its owner's side."""
    totals = list(state.standing)
    for side, call in w.side_cards(state, standing, "modifier"):
        assert call.card is not None
        card = state.situation.deck.card(call.card)
        assert card is not None
        totals[0 if side == ATTACKER else 1] += card.value
    return g.RESOLVE, frozen.replace(state, totals=tuple(totals), window=None), ()


def escape_closed(node: str) -> Closer:
    def closed(state: FinestreState, standing: tuple[Call, ...], stands: bool) -> Effect:
        """W14: each standing Salvataggio cancels one loss of its owner's side (none left:
        nothing gained)."""
        due = list(state.losses_due)
        for side, _call in w.side_cards(state, standing, "escape"):
            index = 0 if side == ATTACKER else 1
            due[index] = max(0, due[index] - 1)
        state = frozen.replace(state, losses_due=tuple(due))
        if node == g.W14A and state.situation.neutral is None:
            return enter(state, g.W14D)
        return g.LOSSES, frozen.replace(state, window=None, losses_after=tuple(due)), ()
    return closed


EFFECTS: dict[str, Closer] = {
    g.W4: tactic_closed, g.W5: position_closed, g.W6: combatants_closed,
    g.W7A: strike_closed(g.W7A), g.W7D: strike_closed(g.W7D),
    g.W8A: end_closed(g.W8A), g.W8D: end_closed(g.W8D),
    g.W9A: tiles_closed(g.W9A), g.W9D: tiles_closed(g.W9D),
    g.W10A: end_closed(g.W10A), g.W10D: end_closed(g.W10D),
    g.W12: modifiers_closed, g.W14A: escape_closed(g.W14A), g.W14D: escape_closed(g.W14D),
}


# --- W11-W13 ----------------------------------------------------------------------------------


def side_total(state: FinestreState, side: Side) -> int:
    """W11 without the die: its armies in the region (allies' committed armies too), the
    defender's forts by W5 (+2 each, +1 under Assedio), tiles by W9, the tactic (Assalto:
    +1 to the attacker); against a neutral its defence value."""
    neutral = state.situation.neutral
    if side == DEFENDER and neutral is not None:
        return neutral.defense
    total = sum(m.armies for m in state.members(side))
    tiles = state.attacker_tiles if side == ATTACKER else state.defender_tiles
    total += tiles.alliance_tiles + (1 if tiles.army_training else 0)
    if side == ATTACKER and state.tactic == "assalto":
        total += 1
    main = state.main(side)
    if side == DEFENDER and state.from_forts and main is not None:
        total += main.forts * (1 if state.tactic == "assedio" else 2)
    return total


def standing(state: FinestreState, dice: Dice) -> Transition[FinestreState]:
    """W11: each side's total and one die, the attacker's die first."""
    a_die, d_die = dice.roll(g.SIDES), dice.roll(g.SIDES)
    a_total = side_total(state, ATTACKER) + a_die
    d_total = side_total(state, DEFENDER) + d_die
    state = frozen.replace(state, dice=(a_die, d_die), standing=(a_total, d_total),
                           totals=(a_total, d_total))
    event = StandingRolled(a_die, d_die, a_total, d_total)
    target, state, events = go(state, g.W12)
    return target, state, (event, *events)


def resolve(state: FinestreState, dice: Dice) -> Transition[FinestreState]:
    """W13: the higher total wins; the loser loses 1 unit, 2 if it lost by 5 or more
    (Schermaglia: 1); a tie costs each side 1 unit, never a fort; striking first (W7) wins
    ties (the other side then loses 1, a fort allowed). A neutral loses no unit."""
    a_total, d_total = state.totals
    tie = False
    if a_total == d_total and state.first_strike is None:
        winner, due = "tie", [1, 1]
        tie = True
    else:
        winner = "attacker" if a_total > d_total or (
            a_total == d_total and state.first_strike == ATTACKER) else "defender"
        count = 2 if abs(a_total - d_total) >= 5 else 1
        due = [0, count] if winner == "attacker" else [count, 0]
    if state.tactic == "schermaglia":
        due = [min(1, n) for n in due]
    if state.situation.neutral is not None:
        due[1] = 0
    state = frozen.replace(state, winner=winner, losses_before=tuple(due),
                           losses_due=tuple(due), tie_loss=tie)
    event = CombatResolved(a_total, d_total, winner, due[0], due[1])
    target, state, events = enter(state, g.W14A)
    return target, state, (event, *events)
