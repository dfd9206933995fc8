"""The Esperto inside an attack, for any combat system: at each decision awaited from it, it
weighs a few answers — the box's default, the ones the procedure says are worth weighing
(`Procedure.bot_answers`: every unit or none for an ally, a plan that can win...) and a few a
random player would give — by playing the attack out from each with the same seeded dice,
and sends the one whose boards are worth most to it on average (`value.worth`).

It answers from the attack as it may know it: another side's secret answers are not in its
view (`Procedure.seen_by`), and the play-outs give them their defaults.
"""

from __future__ import annotations

import random

from guerra.rules.bots import playout
from guerra.rules.bots.value import worth
from guerra.rules.flowchart import get_procedure
from guerra.rules.game.state import GameState

PLAYOUTS = 24  # play-outs per decision, shared among the answers weighed...
SAMPLES = (4, 8)  # ...each answer between these many
RANDOM_ANSWERS = 2  # a random player's answers weighed where the procedure names none
MAX_ANSWERS = 6  # answers weighed at one decision


def candidates(state: GameState, power: str, rng: random.Random) -> list[object]:
    """The answers weighed: the default first, then the procedure's, then random ones,
    each once."""
    running = state.attack
    assert running is not None
    procedure = get_procedure(state.scenario.procedure)
    found: list[object] = [procedure.default_input(running.state, power)]
    named = procedure.bot_answers(running.state, power)
    found += named
    if not named:
        try:
            draw = procedure.random_policy(rng)
            found += [draw(running.state, power) for _n in range(RANDOM_ANSWERS)]
        except (NotImplementedError, LookupError, ValueError):
            pass  # a procedure with no random player: its default and its own answers
    unique: list[object] = []
    for answer in found:
        if answer not in unique:
            unique.append(answer)
    return unique[:MAX_ANSWERS]


def answer(state: GameState, power: str, rng: random.Random) -> object:
    """The answer worth most over seeded play-outs (the default when only one is legal or
    none can be played out)."""
    found = candidates(state, power, rng)
    running = state.attack
    assert running is not None
    if len(found) == 1:
        return found[0]
    policy = playout.policy_for(state, power)
    seed = rng.randrange(1 << 30)
    samples = max(SAMPLES[0], min(SAMPLES[1], PLAYOUTS // len(found)))
    best: tuple[float, object] | None = None
    for given in found:
        results = playout.answer_results(state, given, policy, range(seed, seed + samples))
        if not results:
            continue
        score = sum(worth(r, power) for r in results) / len(results)
        if best is None or score > best[0]:
            best = (score, given)
    return found[0] if best is None else best[1]
