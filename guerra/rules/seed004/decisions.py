"""The decision boxes: looking for allies (A1-A5), the naval decisions (S4), tiles at sea (M2)
and the defender's choice of loss (L4/L6). Each awaits only powers with a real choice."""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.events import Event, UnitKind
from guerra.rules.flowchart import DecisionBox, Recorded, Transition
from guerra.rules.forces import offer_problem
from guerra.rules.i18n import Message, _, ngettext
from guerra.rules.seed004 import graph as g
from guerra.rules.seed004.events import AllyCommitted, AllyDeclined, NavalDecisionMade, TilesAtSea
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.losses import LAND_LOSS_RULES, land_bearer, lose_unit
from guerra.rules.seed004.model import ATTACKER, DEFENDER, SIDES, AllyForce, Side
from guerra.rules.seed004.state import Answer, AttackState, Holding


def wrong_input() -> Message:
    return _("This is not the decision awaited now.")


def useless_units(invited: AllyForce, answer: AllyAnswer) -> Message | None:
    """A2 (ruling, see `Situation.useful`): units the ally has but could change nothing with
    are not offered; an answer that commits them anyway is refused, saying why."""
    if answer.armies > invited.armies:
        return _("There will be no land battle in this attack: the armies of {power} cannot "
                 "take part in it.", power=invited.power)
    if answer.fleets > invited.fleets:
        return _("The fleets of {power} could change nothing in this attack: they cannot "
                 "take part in it.", power=invited.power)
    return None


class AlliesBox(DecisionBox[AttackState]):
    """A1-A4: every invited ally answers (or times out); then committed units join the sides.

    Like the tiles at sea (M2), the answers are secret until the box closes: an ally of one side
    never answers knowing what an ally of the other side has committed.
    """

    def awaited(self, state: AttackState) -> tuple[str, ...]:
        invited = state.situation.invited_powers()
        if not state.answers:
            return invited
        answered = [answer.power for answer in state.answers]
        waiting = []
        for power in invited:  # a loop: cheaper than a second comprehension for four allies
            if power not in answered:
                waiting.append(power)
        return tuple(waiting)

    def answered(self, state: AttackState) -> tuple[str, ...]:
        return tuple(answer.power for answer in state.answers)

    def accept(
        self, state: AttackState, answer: object, *, timed_out: bool = False
    ) -> Recorded[AttackState] | Message:
        if not isinstance(answer, AllyAnswer):
            return wrong_input()
        ally = state.situation.invitation(answer.power)
        has = state.situation.ally_force(answer.power)
        assert ally is not None and has is not None  # the engine passes awaited powers only
        # A2: only units already in the region; A5: forts are never committed.
        problem = offer_problem(ally.power, answer.armies, answer.fleets, has.armies,
                                has.fleets) or useless_units(ally, answer)
        if problem is not None:
            return problem
        recorded = Answer(answer.power, answer.armies, answer.fleets, timed_out)
        # Kept secret until the box closes: the enemy's allies may still be deciding.
        return frozen.replace_field(state, "answers", (*state.answers, recorded)), ()

    def default(self, state: AttackState, power: str) -> object:
        """A3: no answer by the deadline counts as declining."""
        return AllyAnswer(power, state.step, 0, 0)

    def leave(self, state: AttackState) -> Transition[AttackState]:
        """A4: commitment order is invitation order, whatever the order of the answers; the
        answers are announced together, in that order, as the box closes."""
        committed = []
        events: list[Event] = []
        # Each power's first answer, as `state.answer_of` reads it.
        answers = {answer.power: answer for answer in reversed(state.answers)}
        for side, ally in state.situation.invited():
            answer = answers.get(ally.power)
            if answer is None or answer.armies + answer.fleets == 0:
                events.append(AllyDeclined(ally.power, side, answer is None or answer.timed_out))
                continue
            events.append(AllyCommitted(ally.power, side, answer.armies, answer.fleets))
            committed.append(Holding(ally.power, side, True, answer.armies, answer.fleets))
        state = frozen.replace_field(state, "holdings", state.holdings + tuple(committed))
        return g.HAS_SEA, state, tuple(events)


class NavalDecisionBox(DecisionBox[AttackState]):
    """S4: the attacker decides whether to fight; then the defender whether to accept."""

    def __init__(self, side: Side) -> None:
        self.side = side

    def _decided(self, state: AttackState) -> bool | None:
        return state.attacker_fights if self.side == ATTACKER else state.defender_accepts

    def awaited(self, state: AttackState) -> tuple[str, ...]:
        power = state.main_power(self.side)
        return (power,) if power is not None and self._decided(state) is None else ()

    def accept(
        self, state: AttackState, answer: object, *, timed_out: bool = False
    ) -> Recorded[AttackState] | Message:
        if not isinstance(answer, NavalDecision):
            return wrong_input()
        field = "attacker_fights" if self.side == ATTACKER else "defender_accepts"
        state = frozen.replace_field(state, field, answer.fight)
        return state, (NavalDecisionMade(answer.power, self.side, answer.fight, timed_out),)

    def default(self, state: AttackState, power: str) -> object:
        """Ruling (as the case-file defaults): on timeout the attacker fights, D accepts."""
        return NavalDecision(power, state.step, True)

    def leave(self, state: AttackState) -> Transition[AttackState]:
        fight = self._decided(state)
        if self.side == ATTACKER:
            return g.DEFENDER_NAVAL_CHOICE if fight else g.DEFENDER_SUPPORT, state, ()
        return g.NAVAL_TILES if fight else g.ATTACKER_SUPPORT, state, ()


class NavalTilesBox(DecisionBox[AttackState]):
    """M2: both main players choose at once how many Alliance tiles go to sea (default none).

    Only a power holding Alliance tiles for the region is asked; the choices are announced
    together when the box is left, so neither sees the other's before choosing.
    """

    @staticmethod
    def _chosen(state: AttackState, side: Side) -> int | None:
        return state.attacker_sea_tiles if side == ATTACKER else state.defender_sea_tiles

    def awaited(self, state: AttackState) -> tuple[str, ...]:
        waiting = []
        for side in SIDES:
            force = state.situation.main(side)
            if force is not None and force.alliance_tiles > 0 and self._chosen(state, side) is None:
                waiting.append(force.power)
        return tuple(waiting)

    def answered(self, state: AttackState) -> tuple[str, ...]:
        return tuple(power for side in SIDES
                     if self._chosen(state, side) is not None
                     and (power := state.main_power(side)) is not None)

    def accept(
        self, state: AttackState, answer: object, *, timed_out: bool = False
    ) -> Recorded[AttackState] | Message:
        if not isinstance(answer, NavalTiles):
            return wrong_input()
        side = ATTACKER if answer.power == state.main_power(ATTACKER) else DEFENDER
        force = state.situation.main(side)
        assert force is not None
        if answer.tiles < 0:
            return _("A number of tiles cannot be negative.")
        if answer.tiles > force.alliance_tiles:
            return ngettext("{power} holds only {count} Alliance tile for this region.",
                            "{power} holds only {count} Alliance tiles for this region.",
                            force.alliance_tiles, power=force.power)
        field = "attacker_sea_tiles" if side == ATTACKER else "defender_sea_tiles"
        return frozen.replace_field(state, field, answer.tiles), ()

    def default(self, state: AttackState, power: str) -> object:
        return NavalTiles(power, state.step, 0)

    def leave(self, state: AttackState) -> Transition[AttackState]:
        events = []
        for side in SIDES:
            force = state.situation.main(side)
            if force is not None and force.alliance_tiles > 0:
                events.append(TilesAtSea(force.power, side, state.sea_tiles(side)))
        state = frozen.replace(state, attacker_sea_tiles=state.sea_tiles(ATTACKER),
                                    defender_sea_tiles=state.sea_tiles(DEFENDER))
        return g.NAVAL_BATTLE, state, tuple(events)


class LandLossChoiceBox(DecisionBox[AttackState]):
    """L4/L6: the defender's main player, holding both an army and a fort, picks the loss."""

    def awaited(self, state: AttackState) -> tuple[str, ...]:
        if state.loss_choice is not None or not state.pending_losses:
            return ()
        bearer = land_bearer(state, state.pending_losses[0])
        return (bearer[0],) if bearer is not None and len(bearer[1]) > 1 else ()

    def accept(
        self, state: AttackState, answer: object, *, timed_out: bool = False
    ) -> Recorded[AttackState] | Message:
        if not isinstance(answer, LossChoice) or answer.kind not in ("army", "fort"):
            return wrong_input()
        return frozen.replace_field(state, "loss_choice", answer.kind), ()

    def default(self, state: AttackState, power: str) -> object:
        """L4 ruling: the default (and timeout) choice is an army."""
        return LossChoice(power, state.step, "army")

    def leave(self, state: AttackState) -> Transition[AttackState]:
        loss = state.pending_losses[0]
        bearer = land_bearer(state, loss)
        assert bearer is not None and state.loss_choice in bearer[1]
        kind: UnitKind = "fort" if state.loss_choice == "fort" else "army"
        state, events = lose_unit(state, bearer[0], kind, LAND_LOSS_RULES[loss.cause], "L7")
        state = frozen.replace(state, pending_losses=state.pending_losses[1:],
                                    loss_choice=None)
        return g.LAND_LOSSES, state, events
