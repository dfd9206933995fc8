"""The Stratega: the Esperto's choices weighed by play-outs, within a time budget.

At each decision it asks the Esperto first (`Expert.choose`). A free action (a Tax, a War
Ministry) or a decision where the Esperto has no other choice worth weighing is sent as the
Esperto's. Otherwise it weighs the few choices the Esperto rates best (`candidates.of`) by
rounds of play-outs (`rollout.play`): each round draws one game the power may be in
(`determinize.sample`: the hidden order of the counters, the unseen cards) and one seed of
dice and bots, and plays every choice from it alike (common random numbers), each to a
horizon where the position is weighed for the power (`value.worth`). The choice with the best
mean is sent if it beats the Esperto's on the same rounds by `margin` and by `caution`
standard errors of the gain, over `MIN_ROUNDS` rounds at least (a few play-outs are noisy);
else the Esperto's.

With `endgame` rounds, in the last rounds of the last war (a few dozen decisions before the
game's end) the play-outs of a turn action or an attack decision go on to the end
(`HORIZONS["endgame"]`) and weigh its standings (`value.final_worth`: the lead over the best
other power, and first place) rather than the Esperto's yardstick. None by default: over 200
games two such rounds gained 1.1 VP of lead and 7 first places (the latter within chance),
but their searches take several seconds, which a budget would cut short (bench/README.md).

With `narrow` (None by default: every choice is played every round), after that many rounds
the search weighs on only the Esperto's choice and the best other by mean so far (all of them
while the Esperto's is refused), and spends the play-outs the others would have had on more
rounds of these two: the close call gets the rounds, not a choice that already trails.

The rounds stop when the play-outs reach `rollouts` for each choice weighed (`rollouts`
rounds without `narrow`), or when another round would overrun `budget` seconds
(`time.perf_counter`), or when the budget runs out in the middle of one (a play-out stops
there, `rollout.TimeUp`, and its round is left out: with fewer than `MIN_ROUNDS` rounds
whole, the Esperto's choice is sent). With `budget=None` only the count of rounds stops them,
and a seed gives the same choices whatever the machine's speed: the tests and the bench play
so. If the search fails, the Esperto's choice is sent.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from guerra.rules.bots import candidates, determinize, rollout
from guerra.rules.bots.expert import Expert
from guerra.rules.bots.rollout import Horizon
from guerra.rules.game.inputs import FREE
from guerra.rules.game.machine import pending
from guerra.rules.game.state import GameState

BUDGET = 1.5  # seconds per decision, by default
ROLLOUTS = 24  # rounds of play-outs at most per decision
MARGIN = 0.25  # VP a choice must gain on average over the Esperto's to be sent instead
CAUTION = 1.5  # ...and by this many standard errors of that mean gain
MIN_ROUNDS = 3  # ...over this many rounds at least (a budget may allow fewer)
# Horizons by kind of decision searched: an action sees the rest of its turn and the next
# power's; an attack its own end (and the rest of the turn, a few decisions); either, in the
# game's last `endgame` rounds, the game's end ("endgame"). An auction call
# or a setup placement is the Esperto's by default: what a slot or a unit placed is worth
# shows over a war, far beyond a horizon a budget allows, and `value.worth` at a nearer one
# would only see the gold a bid costs (`AUCTION_HORIZONS` searches them all the same).
HORIZONS: dict[str, Horizon] = {
    "action": Horizon(turns=2, decisions=20),
    "attack": Horizon(turns=1, decisions=12),
    "endgame": Horizon(decisions=200, to_end=True),
}
ENDGAME_ROUNDS = 0  # the last rounds of the last war played out to the game's end (none)
AUCTION_HORIZONS: dict[str, Horizon] = {
    **HORIZONS,
    "propose": Horizon(turns=2, decisions=20),
    "call": Horizon(turns=2, decisions=20),
    "place": Horizon(turns=1, decisions=12),
}


@dataclass
class Search:
    """What the last decision's search did: the choices weighed, the rounds played, each
    choice's mean worth (None: refused, or dropped by `narrow`), the one sent, whether it
    failed."""

    choices: list[object] = field(default_factory=list)
    rounds: int = 0
    means: list[float | None] = field(default_factory=list)
    sent: object = None
    failed: bool = False


class Stratega:
    """The Stratega for any power, its samples and play-outs drawn from `seed`."""

    def __init__(self, seed: int | random.Random, budget: float | None = BUDGET,
                 rollouts: int = ROLLOUTS, margin: float = MARGIN,
                 horizons: dict[str, Horizon] | None = None, *,
                 endgame: int = ENDGAME_ROUNDS, caution: float = CAUTION,
                 narrow: int | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.expert = Expert(self.rng.randrange(1 << 30))
        self.budget, self.rollouts, self.margin = budget, max(1, rollouts), margin
        self.caution, self.narrow = caution, narrow
        self.horizons = horizons if horizons is not None else HORIZONS
        self.endgame = endgame
        self.last = Search()
        self.searches = self.failures = self.changed = 0  # searches, failed, not the Esperto's
        self.played = 0  # rounds of play-outs played whole, over every search
        self.kinds: Counter[str] = Counter()  # searches by kind of decision

    def choose(self, state: GameState, power: str) -> object:
        """The input `power` sends now, from `state` as `power` may know it."""
        began = time.perf_counter()
        chosen = self.expert.choose(state, power)
        self.last = Search(choices=[chosen], sent=chosen)
        if isinstance(chosen, FREE):
            return chosen
        seed = self.rng.randrange(1 << 30)
        try:
            return self._search(state, power, chosen, seed, began)
        except Exception:  # never worse than the Esperto: its choice stands
            self.failures += 1
            self.last.failed = True
            self.last.sent = chosen
            return chosen

    def _search(self, state: GameState, power: str, chosen: object, seed: int,
                began: float) -> object:
        rng = random.Random(seed)
        kind = pending(state).kind
        ending = (kind in ("action", "attack") and "endgame" in self.horizons
                  and in_endgame(state, self.endgame))
        horizon = self.horizons.get("endgame" if ending else kind)
        if horizon is None:
            return chosen
        choices = candidates.of(state, power, chosen, rng)
        self.last.choices = choices
        if len(choices) < 2:
            return chosen
        self.searches += 1
        self.kinds[kind] += 1
        scores: list[list[float | None]] = [[] for _choice in choices]
        deadline = None if self.budget is None else began + self.budget
        rounds = playouts = 0
        weighed = list(range(len(choices)))
        while playouts + len(weighed) <= self.rollouts * len(choices):
            if self.budget is not None and rounds:
                spent = time.perf_counter() - began
                if spent + spent / playouts * len(weighed) > self.budget:
                    break
            round_seed = rng.randrange(1 << 30)
            world = determinize.sample(state, power, random.Random(round_seed))
            try:
                found = [rollout.play(world, power, choices[index], round_seed, horizon,
                                      deadline=deadline)
                         for index in weighed]
            except rollout.TimeUp:
                break
            for index, value in zip(weighed, found, strict=True):
                scores[index].append(value)
            rounds += 1
            playouts += len(weighed)
            if rounds == self.narrow:
                weighed = narrowed(scores)
                if len(weighed) < 2:
                    break
        self.last.rounds = rounds
        self.played += rounds
        if not rounds:
            return chosen
        sent = self.pick(choices, scores)
        self.last.sent = sent
        self.changed += sent != chosen
        return sent

    def pick(self, choices: list[object], scores: list[list[float | None]]) -> object:
        """The choice with the best mean, if it gains `margin` over the Esperto's (the first)
        on the `MIN_ROUNDS` or more rounds where both were played; else the Esperto's. A
        choice refused in a round, or dropped (`narrow`: fewer rounds than the most), has no
        mean."""
        rounds = max(map(len, scores))
        means = [_mean(row, rounds) for row in scores]
        self.last.means = means
        if means[0] is None:
            ranked = [(m, -i) for i, m in enumerate(means) if m is not None]
            return choices[-max(ranked)[1]] if ranked else choices[0]
        best = max(range(len(choices)),
                   key=lambda i: (means[i] if means[i] is not None else float("-inf"), -i))
        if best == 0:
            return choices[0]
        gain = [b - a for a, b in zip(scores[0], scores[best], strict=True)
                if a is not None and b is not None]
        if len(gain) < MIN_ROUNDS:
            return choices[0]
        mean = sum(gain) / len(gain)
        spread = (sum((g - mean) ** 2 for g in gain) / (len(gain) - 1)) ** 0.5
        if mean - self.caution * spread / len(gain) ** 0.5 >= self.margin:
            return choices[best]
        return choices[0]


def _mean(row: list[float | None], rounds: int) -> float | None:
    """The mean of `row`, if it has `rounds` values and no None."""
    values = [v for v in row if v is not None]
    return sum(values) / len(values) if values and len(values) == len(row) == rounds else None


def narrowed(scores: list[list[float | None]]) -> list[int]:
    """The choices to weigh on: the Esperto's (the first) and the other with the best mean so
    far, the first of equals; all of them while the Esperto's has no mean (refused)."""
    rounds = max(map(len, scores))
    means = [_mean(row, rounds) for row in scores]
    if means[0] is None:
        return list(range(len(scores)))
    others = [(mean, -index) for index, mean in enumerate(means) if index and mean is not None]
    return [0, -max(others)[1]] if others else [0]


def in_endgame(state: GameState, rounds: int) -> bool:
    """Whether `state` is in the last `rounds` rounds of the game's last war."""
    last = state.scenario.rounds_for(len(state.seating))
    return (rounds > 0 and state.war == state.scenario.wars and state.phase == "rounds"
            and state.round > last - rounds)
