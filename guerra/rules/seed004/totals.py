"""Battle totals with their breakdown: what each point is for (M1, L2, N1, N2)."""

from __future__ import annotations

from guerra.rules.dice import Dice
from guerra.rules.i18n import N_
from guerra.rules.seed004.model import ATTACKER, Force, Side
from guerra.rules.seed004.state import AttackState, SideRoll, Winner

OWN_FLEETS = N_("own fleets")
ALLIED_FLEETS = N_("allied fleets")
TILES_AT_SEA = N_("Alliance tiles at sea")
MORE_NAVY_TRAINING = N_("more Navy Training tiles")
NAVAL_SUPPORT = N_("naval support")
OWN_ARMIES = N_("own armies")
ALLIED_ARMIES = N_("allied armies")
MORE_ARMY_TRAINING = N_("more Army Training tiles")
FORTS = N_("forts (+2 each)")
TILES_ON_LAND = N_("Alliance tiles on land")
ARMY_TRAINING = N_("Army Training tile")
ALLIANCE_TILES = N_("Alliance tiles")
DEFENCE_VALUE = N_("defence value")
DICE = N_("dice difference")

Breakdown = tuple[tuple[str, int], ...]


def roll_pair(dice: Dice) -> tuple[int, int]:
    return dice.roll(), dice.roll()


def _side_roll(
    power: str | None, items: tuple[tuple[str, int], ...], faces: tuple[int, int]
) -> SideRoll:
    # Zero items are left out so the page shows only what counts; the dice always show.
    difference = abs(faces[0] - faces[1])
    counted = [item for item in items if item[1]]
    counted.append((DICE, difference))
    total = 0
    for _label, value in counted:
        total += value
    return SideRoll(power, faces, total, tuple(counted))


def _more(mine: int, theirs: int) -> int:
    """M1/L2: +1 only for strictly more training tiles than the other main player."""
    return 1 if mine > theirs else 0


def _forces(state: AttackState, side: Side) -> tuple[Force, Force]:
    """The side's main player's force and the other main player's."""
    attacker, defender = state.situation.attacker, state.situation.defender
    assert defender is not None
    return (attacker, defender) if side == ATTACKER else (defender, attacker)


def naval_roll(state: AttackState, side: Side, faces: tuple[int, int]) -> SideRoll:
    """M1: own fleets, committed allied fleets, tiles at sea, more Navy Training, dice."""
    force, rival = _forces(state, side)
    items = (
        (OWN_FLEETS, state.main(side).fleets),
        (ALLIED_FLEETS, state.allied(side)[1]),
        (TILES_AT_SEA, state.sea_tiles(side)),
        (MORE_NAVY_TRAINING, _more(force.navy_training, rival.navy_training)),
    )
    return _side_roll(force.power, items, faces)


def land_roll(state: AttackState, side: Side, faces: tuple[int, int]) -> SideRoll:
    """L2: support, own and allied armies, more Army Training, D's forts, land tiles, dice."""
    force, rival = _forces(state, side)
    main = state.main(side)
    items = (
        (NAVAL_SUPPORT, 1 if state.naval_support == side else 0),
        (OWN_ARMIES, main.armies),
        (ALLIED_ARMIES, state.allied(side)[0]),
        (MORE_ARMY_TRAINING, _more(force.army_training, rival.army_training)),
        # A5/L2: only the defender's own forts count; the attacker's never do.
        (FORTS, 0 if side == ATTACKER else 2 * main.forts),
        (TILES_ON_LAND, force.alliance_tiles - state.sea_tiles(side)),
    )
    return _side_roll(force.power, items, faces)


def neutral_attacker_roll(state: AttackState, faces: tuple[int, int]) -> SideRoll:
    """N2: own armies, +1 for holding any Army Training tile, every Alliance tile, dice."""
    force = state.situation.attacker
    items = (
        (OWN_ARMIES, state.main(ATTACKER).armies),
        (ARMY_TRAINING, 1 if force.army_training >= 1 else 0),
        (ALLIANCE_TILES, force.alliance_tiles),
    )
    return _side_roll(force.power, items, faces)


def neutral_roll(state: AttackState, faces: tuple[int, int]) -> SideRoll:
    """N1: the printed defence value plus dice; nothing else."""
    neutral = state.situation.neutral
    assert neutral is not None
    return _side_roll(None, ((DEFENCE_VALUE, neutral.defense),), faces)


def winner(attacker: SideRoll, defender: SideRoll) -> Winner:
    """M3/L3/N3-N5: the higher total wins; equal totals are a tie."""
    if attacker.total > defender.total:
        return "attacker"
    if defender.total > attacker.total:
        return "defender"
    return "tie"
