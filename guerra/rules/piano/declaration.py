"""D1-D4 for "piano", and the state a declared attack starts from (K1, K11)."""

from __future__ import annotations

from guerra.rules.cursor import Cursor
from guerra.rules.declaration import (
    gold_problem,
    invited_twice,
    negative_field,
    target_problem,
)
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.i18n import Message, _
from guerra.rules.piano import battle
from guerra.rules.piano.data import CHARACTERISTICS, RATING_LIMITS
from guerra.rules.piano.graph import DECLARED
from guerra.rules.piano.model import Situation
from guerra.rules.piano.state import Member, PianoState, SideState


def refusal(situation: Situation) -> Message | None:
    """Why this declaration is refused, or None."""
    forces: list[tuple[str, object]] = [("attacker", situation.attacker)]
    if situation.defender is not None:
        forces.append(("defender", situation.defender))
    problem = negative_field(forces, situation.neutral,
                             (("attacker_allies", situation.attacker_allies),
                              ("defender_allies", situation.defender_allies)))
    if problem is not None:
        return problem
    allies = situation.attacker_allies + situation.defender_allies
    if situation.neutral is not None and allies:
        return _("With a neutral target the case has no defender and no allies.")
    problem = invited_twice(situation.attacker, situation.defender, allies)
    if problem is not None:
        return problem
    problem = target_problem(situation.attacker, situation.defender, situation.neutral,
                             situation.region.name, defender_is_ally=situation.defender_is_ally)
    return problem or gold_problem(situation.attacker)


def members(situation: Situation, side: Side) -> tuple[Member, ...]:
    """K1: the attacker's armies and fleets, the defender's armies, fleets and forts, each
    ally's committed armies and fleets (main power first, allies in commitment order); K11:
    a neutral counter is one unit."""
    allies = tuple(Member(a.power, a.armies, a.fleets, markers_in_supply=a.markers_in_supply)
                   for a in situation.allies(side))
    if side == ATTACKER:
        force = situation.attacker
        return (Member(force.power, force.armies, force.fleets,
                       markers_in_supply=force.markers_in_supply), *allies)
    if situation.neutral is not None:
        return (Member(None, neutral=1),)
    defender = situation.defender
    assert defender is not None
    return (Member(defender.power, defender.armies, defender.fleets, defender.forts,
                   markers_in_supply=defender.markers_in_supply), *allies)


def side_ratings(situation: Situation, side_members: tuple[Member, ...]) -> tuple[int, ...]:
    """K1: per characteristic the best rating among the side's units (none: no unit); K11: a
    neutral has its defence value as every rating (within 1-6, a ruling)."""
    if any(m.neutral for m in side_members):
        neutral = situation.neutral
        assert neutral is not None
        low, high = RATING_LIMITS
        return (min(high, max(low, neutral.defense)),) * len(CHARACTERISTICS)
    kinds = [kind for kind in ("army", "fleet", "fort")
             if any(m.count(kind) for m in side_members)]
    if not kinds:
        return ()
    data = situation.data
    return tuple(max(data.ratings(kind)[i] for kind in kinds)
                 for i in range(len(CHARACTERISTICS)))


def initial_state(situation: Situation) -> PianoState | Message:
    """Each side's powers and ratings (K1); a neutral's plan is the default one (K11), a side
    with no unit plans nothing (K4)."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    attackers, defenders = members(situation, ATTACKER), members(situation, DEFENDER)
    a_ratings = side_ratings(situation, attackers)
    d_ratings = side_ratings(situation, defenders)
    defender_plan = None
    if situation.neutral is not None or not d_ratings:
        defender_plan = battle.default_plan(d_ratings, a_ratings)
    return PianoState(situation=situation, cursor=Cursor(node=DECLARED),
                      attackers=attackers, defenders=defenders,
                      attacker=SideState(ratings=a_ratings),
                      defender=SideState(ratings=d_ratings, plan=defender_plan))


__all__ = ["DEFENDER", "initial_state", "members", "refusal", "side_ratings"]
