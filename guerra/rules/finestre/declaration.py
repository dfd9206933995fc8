"""D1-D4 for "finestre", and the state a declared attack starts from."""

from __future__ import annotations

from guerra.rules.cursor import Cursor
from guerra.rules.declaration import (
    gold_problem,
    invited_twice,
    negative_field,
    target_problem,
)
from guerra.rules.finestre.graph import DECLARED
from guerra.rules.finestre.model import Ally, Situation
from guerra.rules.finestre.state import HIDDEN, FinestreState, Member
from guerra.rules.forces import Force
from guerra.rules.i18n import Message, _


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
    for power, hand in situation.hands:
        for card in hand:
            # A card masked in the game as a power may know it (another power's hand, see
            # `guerra.rules.bots.view`) is a card of the deck all the same: never playable.
            if card != HIDDEN and situation.deck.card(card) is None:
                return _("“{card}” in the hand of {power} is no card of the deck.",
                         card=card, power=power)
    problem = target_problem(situation.attacker, situation.defender, situation.neutral,
                             situation.region.name, defender_is_ally=situation.defender_is_ally)
    return problem or gold_problem(situation.attacker)


def _main(force: Force) -> Member:
    return Member(force.power, force.armies, force.fleets, force.forts, force.army_training,
                  force.alliance_tiles, force.control_markers, force.markers_in_supply)


def _ally(ally: Ally) -> Member:
    return Member(ally.power, ally.armies, ally.fleets, ally.forts, ally.army_training,
                  ally.alliance_tiles, ally.control_markers, ally.markers_in_supply)


def initial_state(situation: Situation) -> FinestreState | Message:
    """Each side's powers (its main power first, then its allies in commitment order) and the
    hands as dealt."""
    problem = refusal(situation)
    if problem is not None:
        return problem
    attackers = (_main(situation.attacker), *map(_ally, situation.attacker_allies))
    defenders = () if situation.defender is None else (
        _main(situation.defender), *map(_ally, situation.defender_allies))
    return FinestreState(situation=situation, cursor=Cursor(node=DECLARED),
                         attackers=attackers, defenders=defenders, hands=situation.hands)
