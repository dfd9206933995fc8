"""Who loses which unit (M3-M7, L3-L7, N4-N7): one unit at a time, each with 1 unrest."""

from __future__ import annotations

from functools import cache

from guerra.rules import frozen
from guerra.rules.events import Event, UnitKind, UnitLost, UnrestGained
from guerra.rules.seed004.inputs import LossKind
from guerra.rules.seed004.model import DEFENDER, Side
from guerra.rules.seed004.state import AttackState, Holding, PendingLoss

LAND_LOSS_RULES = {"defeat": "L3", "tie": "L5", "seven": "L6"}
NEUTRAL_LOSS_RULES = {"defeat": "N5", "tie": "N4", "seven": "N6"}
_COUNT_FIELD: dict[str, str] = {"army": "armies", "fleet": "fleets", "fort": "forts"}


def lose_unit(
    state: AttackState, power: str, kind: UnitKind, rule: str, unrest_rule: str
) -> tuple[AttackState, tuple[Event, ...]]:
    """N7/M7/L7: the unit leaves the board and its owner takes 1 unrest."""
    holding = state.holding(power)
    field = _COUNT_FIELD[kind]
    count: int = getattr(holding, field)
    if count < 1:
        raise ValueError(f"{power} has no {kind} to lose")
    changed = frozen.replace_field(holding, field, count - 1)
    events: tuple[Event, ...] = (
        UnitLost(power, kind, 1, rule),
        UnrestGained(power, 1, unrest_rule),
    )
    return state.with_holding(changed), events


def _first_ally(state: AttackState, side: Side, kind: str) -> Holding | None:
    """The first committed ally of a side (in commitment order) with a unit of `kind` left."""
    field = _COUNT_FIELD[kind]
    for holding in state.holdings:
        if holding.ally and holding.side == side and getattr(holding, field) > 0:
            return holding
    return None


def fleet_bearer(state: AttackState, side: Side, allies_first: bool) -> str | None:
    """M6: main player first, then allies in commitment order; M5: the loser's extra fleet
    falls on the first committed ally with a fleet left. None: the side has no fleet left."""
    main = state.main(side)
    if main.fleets > 0 and not allies_first:
        return main.power
    ally = _first_ally(state, side, "fleet")
    if ally is not None:
        return ally.power
    return main.power if main.fleets > 0 else None


# (an army left, a fort that may be lost) -> the kinds the main player may lose
_OPTIONS: dict[tuple[bool, bool], tuple[LossKind, ...]] = {
    (True, True): ("army", "fort"), (True, False): ("army",), (False, True): ("fort",),
    (False, False): (),
}


def _options(main: Holding, side: Side, cause: str) -> tuple[LossKind, ...]:
    return _OPTIONS[main.armies > 0, side == DEFENDER and main.forts > 0 and cause != "tie"]


def main_land_options(state: AttackState, side: Side, cause: str) -> tuple[LossKind, ...]:
    """L4: A loses armies; D armies or forts; L5: a tie loss is never a fort."""
    return _options(state.main(side), side, cause)


def land_bearer(state: AttackState, loss: PendingLoss) -> tuple[str, tuple[LossKind, ...]] | None:
    """L4/L6: who bears a land loss and which kinds it may lose; None: nobody can.

    The main player bears the loss while it has an eligible unit, then the first committed
    ally with an army; for the losing side's extra loss (L6) the ally comes first.
    """
    main = state.main(loss.side)
    options = _options(main, loss.side, loss.cause)
    if loss.allies_first or not options:
        ally = _first_ally(state, loss.side, "army")
        if ally is not None:
            return ally.power, ("army",)
    return (main.power, options) if options else None


@cache  # twelve possible answers, each an immutable tuple: made once
def land_pending(
    winner: str, attacker_seven: bool, defender_seven: bool
) -> tuple[PendingLoss, ...]:
    """L3/L5/L6: regular losses first (the loser's, or both on a tie), then the extra ones."""
    pending: list[PendingLoss] = []
    if winner == "tie":
        pending += [PendingLoss("attacker", "tie", False), PendingLoss("defender", "tie", False)]
    else:
        loser: Side = "defender" if winner == "attacker" else "attacker"
        pending.append(PendingLoss(loser, "defeat", False))
    for side, seven in (("attacker", attacker_seven), ("defender", defender_seven)):
        if seven:
            is_loser = winner not in ("tie", side)
            pending.append(PendingLoss("attacker" if side == "attacker" else "defender",
                                       "seven", allies_first=is_loser))
    return tuple(pending)
