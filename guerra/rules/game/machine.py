"""The game machine: `start_game`, `pending` (who is awaited, for what) and `advance`.

`advance(state, input, dice)` is the attack engine's `advance` for the whole game: it returns
`Accepted(new state, events)` or `Refused(reason, the same state)`. After an accepted input
it runs on — the turn, then phase after phase — until someone is awaited again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import Event
from guerra.rules.flowchart import Accepted, Refused
from guerra.rules.game import auction, combat, money, phases, rounds, setup
from guerra.rules.game.events import AlliancesFormed, PhaseBegan, ProposalWon
from guerra.rules.game.inputs import (
    ACTIONS,
    CallPass,
    Deadline,
    PlaceUnit,
    PlayTile,
    Propose,
    Raise,
    Tax,
    Transfer,
)
from guerra.rules.game.refusal import Rejected
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.state import GameState, Proposal
from guerra.rules.i18n import Message, _

Outcome = Accepted[GameState] | Refused[GameState]
Done = tuple[GameState, tuple[Event, ...]]


Kind = Literal["place", "propose", "call", "action", "attack", "over"]


@dataclass(frozen=True)
class Pending:
    """Who the game waits for and what for. `step` is what their input must name: the game
    step for game decisions, the attack's own step for the decisions of an attack."""

    kind: Kind
    powers: tuple[str, ...]
    step: int


def start_game(scenario: ScenarioRules, powers: Sequence[str], dice: Dice) -> Outcome:
    """G1, G10-G14: a new game for the seated powers, run on to the first decision."""
    problem = setup.start_problem(scenario, powers)
    if problem is not None:
        return Refused(problem)
    state, events = setup.new_state(scenario, powers, dice)
    state, more = phases.run_on(state, dice)
    return Accepted(state, (PhaseBegan("setup", 1), *events, *more))


def pending(state: GameState) -> Pending:
    if state.attack_under_way:
        assert state.attack is not None
        return Pending("attack", state.attack.state.awaiting, state.attack.state.step)
    step = state.opened_at
    if state.phase == "setup":
        placer = setup.placer(state)
        return Pending("place", (placer,) if placer else (), step)
    if state.phase == "auction" and state.auction is not None:
        awaited = state.auction.awaited
        kind: Kind = "propose" if state.auction.proposal is None else "call"
        return Pending(kind, (awaited,) if awaited else (), step)
    if state.phase == "rounds" and state.turn is not None:
        return Pending("action", (state.turn.power,), step)
    return Pending("over", (), step)


ANSWERS: dict[Kind, tuple[type, ...]] = {
    "place": (PlaceUnit,),
    "propose": (Propose, Raise, CallPass),  # the auction says why only a proposal will do
    "call": (Propose, Raise, CallPass),
    "action": ACTIONS,
}
DECISIONS = (PlaceUnit, Propose, Raise, CallPass, *ACTIONS)


def advance(state: GameState, given: object, dice: Dice) -> Outcome:
    """Apply one input (see `inputs.py`) and run on to the next decision."""
    if state.finished:
        return Refused(_("The game is over."), state)
    if isinstance(given, Tax | Transfer | PlayTile):
        freed = _free(state, given)
        if isinstance(freed, Message | Rejected):
            return _refused(state, freed)
        new, events = freed
        return Accepted(frozen.replace(new, step=state.step + 1), events)
    result = _decision(state, given, dice)
    if isinstance(result, Message | Rejected):
        return _refused(state, result)
    new, events = result
    new, more = phases.run_on(new, dice)
    step = state.step + 1
    return Accepted(frozen.replace(new, step=step, opened_at=step), events + more)


def _refused(state: GameState, problem: Message | Rejected) -> Refused[GameState]:
    if isinstance(problem, Rejected):
        return Refused(problem.reason, state, problem.code)
    return Refused(problem, state)


def _stale(state: GameState, step: object, *, exact: bool = False) -> Rejected | None:
    if isinstance(step, int) and (step == state.step if exact
                                  else state.opened_at <= step <= state.step):
        return None
    return Rejected(_("This was sent for step {given} of the game, which is now at step "
                      "{current}: reload the page.", given=str(step), current=state.step),
                    "stale")


def _decision(state: GameState, given: object, dice: Dice) -> Done | Message | Rejected:
    if isinstance(given, Deadline):
        return _stale(state, given.step) or _deadline(state, dice)
    if state.attack_under_way:
        if isinstance(given, DECISIONS):
            return _("An attack is under way: the game goes on when it ends.")
        return combat.answer(state, given, dice)
    if not isinstance(given, DECISIONS):
        return _("This input does not answer the decision awaited now.")
    problem = _stale(state, given.step) or _awaited(state, given.power, type(given))
    if problem is not None:
        return problem
    if isinstance(given, PlaceUnit):
        return setup.place(state, given)
    if isinstance(given, Propose | Raise | CallPass):
        return _call(state, given)
    return rounds.act(state, given, dice)


def _awaited(state: GameState, power: str, kind: type) -> Message | Rejected | None:
    if not state.is_power(power):
        return _("“{power}” is not a power of this game.", power=power)
    waiting = pending(state)
    if kind not in ANSWERS.get(waiting.kind, ()):
        return _("This input does not answer the decision awaited now.")
    if power not in waiting.powers:
        return Rejected(_("No decision is awaited from {power} now: {awaited} decides.",
                          power=power, awaited=", ".join(waiting.powers)), "not_yours")
    return None


def _free(state: GameState, given: Tax | Transfer | PlayTile) -> Done | Message | Rejected:
    """G41 taxation (own turn or own call), G43 transfers (any time in the rounds), and a
    once-per-war tile played in one's own turn; each must name the current step."""
    problem = _stale(state, given.step, exact=True)
    if problem is not None:
        return problem
    if not state.is_power(given.power):
        return _("“{power}” is not a power of this game.", power=given.power)
    if isinstance(given, Transfer):
        if state.phase != "rounds":
            return _("Gold is given only during the action rounds.")
        return money.transfer(state, given.power, given.to, given.gold)
    if isinstance(given, PlayTile):
        return rounds.play(state, given)
    awaited = pending(state)
    own_turn = state.turn is not None and state.turn.power == given.power
    if not (own_turn or (awaited.kind in ("propose", "call") and given.power in awaited.powers)):
        return _("A power taxes in its own turn, or when its call comes in the auction.")
    return money.tax(state, given.power, given.gold)


def _deadline(state: GameState, dice: Dice) -> Done | Message | Rejected:
    """The defaults of G13, G27, G29 and of the attack's boxes."""
    if state.attack_under_way:
        return combat.timeout(state, dice)
    if state.phase == "setup":
        return setup.default_place(state)
    if state.phase == "auction" and state.auction is not None:
        return _after_call(state, auction.default_call(state.auction))
    if state.phase == "rounds" and state.turn is not None:
        return rounds.civil_disorder(state)
    return _("Nothing is awaited now.")


def _call(state: GameState, given: Propose | Raise | CallPass) -> Done | Message:
    table = state.auction
    assert table is not None
    if isinstance(given, Propose):
        called = auction.call(table, given.power, proposal=Proposal(given.a, given.b),
                              bid=given.bid)
    elif isinstance(given, Raise):
        called = auction.call(table, given.power, bid=given.bid)
    else:
        called = auction.call(table, given.power, passes=True)
    if isinstance(called, Message):
        return called
    return _after_call(state, called)


def _after_call(state: GameState, called: auction.Called) -> Done:
    """G26: the winner pays (taxed automatically when short); when every power has a slot,
    the alliances and the turn order of the war are set (G21)."""
    state = frozen.replace(state, auction=called.auction)
    events = list(called.events)
    closed = called.closed
    if closed is not None:
        state, paid = money.pay_now(state, closed.power, closed.bid, "G26")
        events += [*paid, ProposalWon(closed.power, closed.bid, closed.slots)]
    if called.auction.finished:
        slots = called.auction.slots
        state = frozen.replace(state, alliances=slots)
        events.append(AlliancesFormed(
            state.war, tuple(p for p, side in slots if side == "A"),
            tuple(p for p, side in slots if side == "B"), tuple(p for p, _side in slots)))
    return state, tuple(events)


__all__ = ["Pending", "advance", "pending", "start_game"]
