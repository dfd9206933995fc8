"""D1-D4 for a "punti" attack, and the state it starts from (E1: the units' health; E2: the
primary stacks)."""

from __future__ import annotations

from guerra.rules.cursor import Cursor
from guerra.rules.declaration import gold_problem, negative_field, target_problem
from guerra.rules.events import UnitKind
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import Message, _
from guerra.rules.punti.graph import DECLARED
from guerra.rules.punti.model import Situation
from guerra.rules.punti.profiles import Profiles
from guerra.rules.punti.state import PuntiState, Unit


def refusal(situation: Situation) -> Message | None:
    """Why this declaration is refused, or None when it may go ahead."""
    forces: list[tuple[str, object]] = [("attacker", situation.attacker)]
    if situation.defender is not None:
        forces.append(("defender", situation.defender))
    problem = negative_field(forces, situation.neutral,
                             (("reinforcements", situation.candidates),))
    if problem is not None:
        return problem
    if situation.neutral is not None and situation.candidates:  # E11
        return _("Against a neutral marker nobody reinforces either side.")
    problem = target_problem(situation.attacker, situation.defender, situation.neutral,
                             situation.region.name, defender_is_ally=situation.defender_is_ally)
    return problem or gold_problem(situation.attacker)


def make_units(profiles: Profiles, prefix: str, power: str | None, side: Side, *, group: int,
               source: str | None, counts: tuple[tuple[UnitKind, int], ...]) -> tuple[Unit, ...]:
    """E1: `prefix`1, `prefix`2, ... for the units of `counts`, in that order of kinds, each
    with its kind's health."""
    units: list[Unit] = []
    for kind, count in counts:
        health = profiles.of(kind).health
        for _i in range(count):
            units.append(Unit(f"{prefix}{len(units) + 1}", power, side, kind, group, source,
                              health, health))
    return tuple(units)


def initial_state(situation: Situation) -> PuntiState | Message:
    """E2: the primary attacker is the attacker's armies and fleets in the region (A1, A2,
    ...: armies first); the primary defender the defender's armies, fleets and forts there
    (D1, D2, ...), or the neutral's armies, as many as its defence value (N1, N2, ...: E11)."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    region, profiles = situation.region.name, situation.profiles
    attacker = situation.attacker
    units = make_units(profiles, "A", attacker.power, ATTACKER, group=0, source=region,
                       counts=(("army", attacker.armies), ("fleet", attacker.fleets)))
    defender = situation.defender
    if defender is not None:
        units += make_units(profiles, "D", defender.power, DEFENDER, group=0, source=region,
                            counts=(("army", defender.armies), ("fleet", defender.fleets),
                             ("fort", defender.forts)))
    elif situation.neutral is not None:
        units += make_units(profiles, "N", None, DEFENDER, group=0, source=region,
                            counts=(("army", situation.neutral.defense),))
    return PuntiState(situation=situation, cursor=Cursor(node=DECLARED), units=units)
