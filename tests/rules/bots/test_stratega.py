"""The Stratega: the Esperto's choices weighed by seeded play-outs. Its choices are legal in
every phase and combat system, reproducible from its seed and its count of rounds, made
from what its power may know, and the Esperto's whenever the search fails."""

from __future__ import annotations

import dataclasses

import pytest

from guerra.rules.bots import candidates, levels, rollout
from guerra.rules.bots.levels import NOVICE, STRATEGIST, Bot, decide, make
from guerra.rules.bots.match import play_match
from guerra.rules.bots.rollout import Horizon
from guerra.rules.bots.strategist import MIN_ROUNDS, Stratega, in_endgame, narrowed
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import PlayTile
from guerra.rules.game.machine import pending, start_game
from guerra.rules.game.state import GameState
from tests.rules.bots.helpers import AT, COMBAT_SYSTEMS, ES, POWERS, short, started, to_phase
from tests.rules.bots.test_expert_hidden import armed, hands_passed_round
from tests.rules.bots.test_view import answered, invited_both_sides

# Play-outs a few decisions long: the tests check the search, not its strength.
TINY = {kind: Horizon(turns=1, decisions=2, attack_decisions=4)
        for kind in ("action", "propose", "call", "place", "attack")}


@pytest.fixture(autouse=True)
def every_action_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action a close call: the search has choices to weigh in any position (the
    test of `CLOSE` itself sets it back)."""
    monkeypatch.setattr(candidates, "CLOSE", 100.0)


def tiny(seed: int, rollouts: int = 1, budget: float | None = None) -> Stratega:
    return Stratega(seed, budget=budget, rollouts=rollouts, horizons=TINY)


def rounds_state(procedure: str = "seed004", seed: int = 5) -> tuple[GameState, str]:
    """A turn of the rounds where the power to act has armies beside every counter face up:
    attacks, moves and builds to weigh."""
    state = to_phase(started(procedure, seed=seed), "rounds", RandomDice(seed))
    power = pending(state).powers[0]
    return armed(state, power), power


def test_the_stratega_is_a_level_a_seat_may_have() -> None:
    assert STRATEGIST in levels.levels()
    bot = make(STRATEGIST, 3)
    assert isinstance(bot, Stratega)
    assert bot.budget == 1.5
    assert make(STRATEGIST, 3, budget=0.2).budget == 0.2


@pytest.mark.parametrize("procedure", COMBAT_SYSTEMS)
def test_the_stratega_plays_a_whole_game_in_every_combat_system(procedure: str) -> None:
    # Principianti around it, for speed: its own play-outs play Esperti for everyone.
    seat = POWERS[len(procedure) % len(POWERS)]
    stratega = tiny(5)
    bots: dict[str, Bot] = {power: stratega if power == seat else make(NOVICE, i)
                            for i, power in enumerate(POWERS)}
    result = play_match(short(procedure), POWERS, bots, RandomDice(11))
    record = result.records[seat]
    assert result.state.finished
    assert (record.raised, record.refused, record.fallbacks) == (0, 0, 0)
    assert stratega.failures == 0
    assert {"place", "action"} <= set(stratega.kinds)
    assert {"propose", "call"} & set(stratega.kinds)


def test_it_weighs_several_choices_and_sends_one_of_them() -> None:
    state, power = rounds_state()
    bot = tiny(1, rollouts=2)
    choice = decide(bot, state, power)
    search = bot.last
    assert len(search.choices) >= 2
    assert search.rounds == 2 and bot.searches == 1 and bot.played == 2
    assert choice == search.sent and choice in search.choices
    assert all(mean is not None for mean in search.means)


def test_a_seed_and_a_count_of_rounds_give_the_same_choice() -> None:
    state, power = rounds_state()
    first, second = tiny(4, rollouts=2), tiny(4, rollouts=2)
    assert decide(first, state, power) == decide(second, state, power)
    assert first.last.means == second.last.means


def test_the_rounds_stop_at_the_count_or_the_budget() -> None:
    state, power = rounds_state()
    counted = tiny(2, rollouts=3)
    decide(counted, state, power)
    decide(counted, state, power)
    assert counted.last.rounds == 3 and counted.played == 6  # the rounds of both searches
    # A budget already spent: the play-outs stop at once, the Esperto's choice is sent.
    hurried = tiny(2, rollouts=50, budget=0.0)
    choice = decide(hurried, state, power)
    assert hurried.last.rounds == 0
    assert choice == hurried.last.choices[0] and len(hurried.last.choices) > 1
    # A budget far off: the count stops the rounds.
    patient = tiny(2, rollouts=2, budget=600.0)
    decide(patient, state, power)
    assert patient.last.rounds == 2


def test_narrowed_the_search_spends_the_trailing_choices_play_outs_on_the_close_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, power = rounds_state()
    played: list[object] = []
    play = rollout.play

    def counting_play(*args: object, **kwargs: object) -> float | None:
        played.append(args[2])
        return play(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rollout, "play", counting_play)
    bot = Stratega(2, budget=None, rollouts=3, horizons=TINY, narrow=2)
    decide(bot, state, power)
    search, choices = bot.last, bot.last.choices
    assert len(choices) > 2
    # The same play-outs as three rounds of every choice, more rounds for the two kept.
    assert len(played) <= 3 * len(choices) < len(played) + 2
    assert search.rounds == 2 + (len(choices) * 3 - 2 * len(choices)) // 2
    kept = [choice for choice, mean in zip(choices, search.means, strict=True)
            if mean is not None]
    assert kept[0] == choices[0] and len(kept) == 2
    assert played[:2 * len(choices)] == choices * 2 and set(played[2 * len(choices):]) == set(kept)
    # Without narrowing: three rounds of every choice, as before.
    played.clear()
    wide = Stratega(2, budget=None, rollouts=3, horizons=TINY)
    decide(wide, state, power)
    assert wide.last.rounds == 3 and played == wide.last.choices * 3


def test_narrowing_keeps_the_espertos_choice_and_the_best_other() -> None:
    assert narrowed([[0.0, 1.0], [2.0, 0.0], [3.0, 1.0], [5.0, None]]) == [0, 2]
    assert narrowed([[0.0], [1.0], [1.0]]) == [0, 1]  # the first of equals
    assert narrowed([[None], [1.0], [2.0]]) == [0, 1, 2]  # the Esperto's refused: all
    assert narrowed([[1.0], [None], [None]]) == [0]  # no other to weigh


def test_the_order_of_the_counters_to_draw_changes_nothing() -> None:
    state, power = rounds_state()
    other = dataclasses.replace(state, pool=tuple(reversed(state.pool)))
    assert other.pool != state.pool
    first, second = tiny(8, rollouts=2), tiny(8, rollouts=2)
    assert decide(first, state, power) == decide(second, other, power)
    assert first.last.means == second.last.means


def test_other_powers_hands_of_cards_change_nothing() -> None:
    state, power = rounds_state("finestre", seed=9)
    other = hands_passed_round(state, power)
    first, second = tiny(9, rollouts=2), tiny(9, rollouts=2)
    assert decide(first, state, power) == decide(second, other, power)
    assert first.last.means == second.last.means
    assert len(first.last.choices) >= 2


def test_a_failing_search_sends_the_espertos_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    state, power = rounds_state()
    expected = decide(tiny(6), state, power)  # the same seed: the same Esperto inside
    esperto = tiny(6).expert.choose(state, power)

    def broken(*_args: object, **_kwargs: object) -> float:
        raise RuntimeError("a play-out broke")

    monkeypatch.setattr(rollout, "play", broken)
    bot = tiny(6)
    assert decide(bot, state, power) == esperto
    assert bot.failures == 1 and bot.last.failed
    assert expected in bot.last.choices


def test_an_action_the_esperto_prefers_by_far_is_sent_without_a_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, power = rounds_state()
    monkeypatch.setattr(candidates, "CLOSE", 0.0)  # only the best first look is weighed
    bot = tiny(3, rollouts=2)
    choice = decide(bot, state, power)
    assert bot.last.choices == [choice] and bot.last.rounds == 0
    monkeypatch.setattr(candidates, "CLOSE", 100.0)
    bot = tiny(3, rollouts=2)
    assert decide(bot, state, power) in bot.last.choices and len(bot.last.choices) > 2


def test_a_free_action_of_the_esperto_is_sent_without_a_search() -> None:
    # A War Ministry held at the start of a turn: the Esperto plays it (a free action).
    state, power = rounds_state()
    ministry = next(tile.key for tile in state.scenario.tiles
                    if tile.effect == "war_ministry")
    state = state.with_power(power, tiles=((ministry, 1),))
    bot = tiny(3, rollouts=2)
    choice = decide(bot, state, power)
    assert isinstance(choice, PlayTile) and choice.tile == ministry
    assert bot.last.rounds == 0 and bot.last.choices == [choice]
    assert bot.searches == 0


def test_another_sides_secret_answer_changes_nothing() -> None:
    state = invited_both_sides()
    committed, declined = answered(state, ES, 2), answered(state, ES, 0)
    first, second = tiny(10, rollouts=2), tiny(10, rollouts=2)
    assert decide(first, committed, AT) == decide(second, declined, AT)
    assert first.last.means == second.last.means
    assert len(first.last.choices) >= 2 and first.last.rounds == 2


def test_in_the_games_last_rounds_the_play_outs_go_to_its_end_and_weigh_the_standings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # One war of three rounds: its first round is in the last three, not in the last two.
    scenario = short("seed004")
    begun = start_game(scenario, POWERS, RandomDice(3))
    assert isinstance(begun, Accepted)
    state = to_phase(begun.state, "rounds", RandomDice(3))
    power = pending(state).powers[0]
    state = armed(state, power)
    assert state.round == 1 and in_endgame(state, 3) and not in_endgame(state, 2)
    assert not in_endgame(state, 0)
    horizons: list[Horizon] = []
    ends: list[GameState] = []
    play, final = rollout.play, rollout.final_worth

    def recording_play(*args: object, **kwargs: object) -> float | None:
        horizons.append(args[4])  # type: ignore[arg-type]
        return play(*args, **kwargs)  # type: ignore[arg-type]

    def recording_final(end: GameState, who: str) -> float:
        ends.append(end)
        return final(end, who)

    monkeypatch.setattr(rollout, "play", recording_play)
    monkeypatch.setattr(rollout, "final_worth", recording_final)
    endgame = {**TINY, "endgame": Horizon(decisions=400, to_end=True)}
    bot = Stratega(2, budget=None, rollouts=1, horizons=endgame, endgame=3)
    decide(bot, state, power)
    assert len(bot.last.choices) >= 2 and bot.last.rounds == 1
    assert horizons and all(h.to_end for h in horizons)
    assert len(ends) == len(horizons) and all(end.finished for end in ends)
    assert bot.last.means == [final(end, power) for end in ends]
    # Outside its last two rounds, the turn action's own horizon, and no standings.
    horizons.clear()
    ends.clear()
    nearer = Stratega(2, budget=None, rollouts=1, horizons=endgame, endgame=2)
    decide(nearer, state, power)
    assert horizons and all(h == TINY["action"] for h in horizons) and not ends


def test_another_choice_is_sent_only_for_a_steady_gain_over_enough_rounds() -> None:
    bot = tiny(1)
    choices: list[object] = ["esperto", "other", "third"]
    rows: list[list[float | None]] = [[0.0] * 4, [1.0, 1.1, 0.9, 1.0], [0.5] * 4]
    assert bot.pick(choices, rows) == "other"
    assert bot.last.means == [0.0, 1.0, 0.5]
    # The same gain over fewer rounds than MIN_ROUNDS: the Esperto's choice stands.
    few = [row[:MIN_ROUNDS - 1] for row in rows]
    assert bot.pick(choices, few) == "esperto"
    # A gain smaller than the margin, or as large but too unsteady to tell from chance.
    small: list[list[float | None]] = [[0.0] * 4, [0.2] * 4, [0.1] * 4]
    unsteady: list[list[float | None]] = [[0.0] * 4, [9.0, -7.0, 6.0, -4.0], [0.0] * 4]
    assert bot.pick(choices, small) == "esperto"
    assert bot.pick(choices, unsteady) == "esperto"
    # With no caution, the unsteady gain (mean 1.0) passes the margin; with a lower margin, the
    # small one.
    careless = Stratega(1, budget=None, rollouts=1, horizons=TINY, caution=0.0)
    assert careless.pick(choices, unsteady) == "other"
    assert Stratega(1, budget=None, horizons=TINY, margin=0.1).pick(choices, small) == "other"
    # The Esperto's choice refused by the rules: the best of the others, whatever the rounds.
    assert bot.pick(choices, [[None], [1.0], [2.0]]) == "third"
