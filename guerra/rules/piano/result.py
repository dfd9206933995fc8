"""K2 and K10's result of "piano": the units lost, 1 unrest each, who wins, control (L8-L9)
and, against a neutral, N3's reward (K11)."""

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
from guerra.rules.flowchart import Transition
from guerra.rules.forces import ATTACKER, DEFENDER, SIDES
from guerra.rules.piano import graph as g
from guerra.rules.piano.losses import spread
from guerra.rules.piano.state import Loss, PianoState

KINDS: dict[str, UnitKind] = {"army": "army", "fleet": "fleet", "fort": "fort"}


def attacker_wins(state: PianoState, losses: tuple[Loss, ...]) -> bool:
    """K10: the attacker dealt more damage than it took, and the defending side lost a unit
    (or had none in the battle)."""
    lost = any(loss.count for loss in losses if loss.power in
               {m.power for m in state.defenders})
    return state.attacker.dealt > state.attacker.taken and (lost or not state.units(DEFENDER))


def result(state: PianoState, dice: Dice) -> Transition[PianoState]:
    """K2: each side's damage destroys its units in order (1 unrest per unit lost, K10); K10:
    who wins; L8-L9: the defender's marker removed and the attacker's placed, only when the
    defender had one there (and the attacker one in its supply); K11: against a neutral,
    the marker leaves, the attacker places a control marker and takes N3's reward."""
    events: list[Event] = []
    losses: list[Loss] = []
    for side in SIDES:
        for loss in spread(state, side):
            losses.append(loss)
            kind = KINDS.get(loss.kind)
            if loss.power is not None and kind is not None:
                events.append(UnitLost(loss.power, kind, loss.count, "K2"))
                events.append(UnrestGained(loss.power, loss.count, "K10"))
    wins = attacker_wins(state, tuple(losses))
    state = frozen.replace(state, losses=tuple(losses),
                           winner=ATTACKER if wins else DEFENDER)
    if wins:
        events += control(state)
    return g.ENDED, state, tuple(events)


def control(state: PianoState) -> list[Event]:
    """K10/K11: the region won: L8-L9 against a power, N3 against a neutral marker."""
    attacker = state.attackers[0]
    assert attacker.power is not None
    return region_won(state.situation.region.name, attacker.power,
                      Rules(control="L8", neutral="K11"),
                      markers_in_supply=attacker.markers_in_supply,
                      neutral=state.situation.neutral, defender=state.situation.defender)


def ended(state: PianoState) -> str:
    """K10: "attacker_wins" or "defender_wins" (no tie)."""
    return "attacker_wins" if state.winner == ATTACKER else "defender_wins"
