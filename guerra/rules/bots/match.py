"""One whole game played by computer players, a bot per power: what the bench and the tests
measure the levels with.

Every decision the game awaits is asked of the bot of each awaited power through
`levels.decide` (the game as that power may know it); an attack may await several powers,
each answers in turn. A bot that raises, or whose input the machine refuses, is answered for
by `levels.fallback` (its decision's default), and counted. A bot may send free actions
(Tax, PlayTile, Transfer) before its decision; more than `FREE_LIMIT` of them in a row for
one decision end in the fallback too, so a match never loops.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from guerra.rules.bots.levels import Bot, decide, fallback
from guerra.rules.dice import Dice
from guerra.rules.flowchart import Refused
from guerra.rules.game.inputs import FREE, Deadline
from guerra.rules.game.machine import advance, pending, start_game
from guerra.rules.game.scenario import ScenarioRules
from guerra.rules.game.state import GameState, Standing

FREE_LIMIT = 4  # free actions in a row a bot may send for one decision
INPUT_LIMIT = 20_000  # accepted inputs after which a game is deemed stuck


@dataclass
class PowerRecord:
    """What one power's bot did in a match: seconds per decision asked and the kind of each
    (`Pending.kind`: "place", "propose", "call", "action", "attack"), inputs refused by the
    machine, exceptions raised, and the decisions answered by the fallback."""

    times: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    refused: int = 0
    raised: int = 0
    fallbacks: int = 0


@dataclass(frozen=True)
class MatchResult:
    state: GameState
    records: Mapping[str, PowerRecord]
    inputs: int

    @property
    def standings(self) -> tuple[Standing, ...]:
        return self.state.standings

    def rank(self, power: str) -> int:
        return next(row.rank for row in self.standings if row.power == power)

    def winners(self) -> tuple[str, ...]:
        return tuple(row.power for row in self.standings if row.rank == 1)


class StuckError(RuntimeError):
    """The game did not end within `INPUT_LIMIT` inputs."""


def play_match(scenario: ScenarioRules, powers: Sequence[str], bots: Mapping[str, Bot],
               dice: Dice) -> MatchResult:
    """A whole game, setup to standings, `bots[power]` deciding for each power."""
    started = start_game(scenario, powers, dice)
    if isinstance(started, Refused):
        raise ValueError(started.reason.render("en"))
    records = {power: PowerRecord() for power in powers}
    return play_on(started.state, bots, records, dice)


def play_on(state: GameState, bots: Mapping[str, Bot], records: Mapping[str, PowerRecord],
            dice: Dice, until: Callable[[GameState], bool] | None = None) -> MatchResult:
    """The game from `state` on, to its end or until a decision is awaited in a state
    `until` accepts (the bench's paired comparisons stop a game there, and go on from it)."""
    inputs = 0
    while not state.finished and not (until is not None and until(state)):
        awaited = pending(state).powers
        if not awaited:
            raise StuckError(f"nobody is awaited at step {state.step} ({state.phase})")
        for power in awaited:
            if power not in pending(state).powers:
                continue  # an earlier answer of this round closed its decision
            if until is not None and until(state):
                break
            state, used = _answer(state, power, bots[power], records[power], dice)
            inputs += used
        if inputs > INPUT_LIMIT:
            raise StuckError(f"the game did not end after {INPUT_LIMIT} inputs")
    return MatchResult(state, records, inputs)


def _answer(state: GameState, power: str, bot: Bot, record: PowerRecord, dice: Dice
            ) -> tuple[GameState, int]:
    """One decision of `power`: the bot's free actions, then its decision, or the fallback."""
    used = 0
    kind = pending(state).kind
    for _attempt in range(FREE_LIMIT + 1):
        began = time.perf_counter()
        try:
            choice: object | None = decide(bot, state, power)
        except Exception:
            choice = None
            record.raised += 1
        record.times.append(time.perf_counter() - began)
        record.kinds.append(kind)
        if choice is None:
            break
        outcome = advance(state, choice, dice)
        used += 1
        if isinstance(outcome, Refused):
            record.refused += 1
            break
        state = outcome.state
        if not isinstance(choice, FREE):
            return state, used
    record.fallbacks += 1
    outcome = advance(state, fallback(state, power), dice)
    if isinstance(outcome, Refused):  # the fallback itself refused: the deadline's default
        outcome = advance(state, Deadline(state.step), dice)
        if isinstance(outcome, Refused):
            raise StuckError(outcome.reason.render("en"))
    return outcome.state, used + 1
