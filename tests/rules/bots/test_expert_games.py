"""Whole (short) games with the Esperto in every combat system: each of its choices is
accepted (or would fall back), and the game always ends."""

from __future__ import annotations

import pytest

from guerra.rules.bots.expert import Expert
from guerra.rules.bots.levels import EXPERT, NOVICE, Bot, decide, make
from guerra.rules.bots.match import play_match
from guerra.rules.dice import RandomDice
from guerra.rules.flowchart import Accepted
from guerra.rules.game.inputs import Attack
from guerra.rules.game.machine import advance, pending
from guerra.rules.game.state import Pieces
from tests.rules.bots.helpers import (
    COMBAT_SYSTEMS,
    FR,
    GB,
    MEDITERRANEO,
    POWERS,
    position,
    short,
)


@pytest.mark.parametrize("procedure", COMBAT_SYSTEMS)
def test_the_esperto_plays_a_whole_game_against_principianti(procedure: str) -> None:
    seat = POWERS[len(procedure) % len(POWERS)]
    bots: dict[str, Bot] = {power: make(EXPERT if power == seat else NOVICE, i)
                            for i, power in enumerate(POWERS)}
    result = play_match(short(procedure), POWERS, bots, RandomDice(11))
    record = result.records[seat]
    assert result.state.finished
    assert record.times
    assert (record.raised, record.refused, record.fallbacks) == (0, 0, 0)


@pytest.mark.parametrize("procedure", ["seed004", "piano"])
def test_four_esperti_play_a_whole_game(procedure: str) -> None:
    # Several Esperti in one attack (an ally, the defender): each answers its own box.
    bots: dict[str, Bot] = {power: make(EXPERT, i) for i, power in enumerate(POWERS)}
    result = play_match(short(procedure), POWERS, bots, RandomDice(12))
    assert result.state.finished
    assert result.state.attacks > 0
    for record in result.records.values():
        assert (record.raised, record.refused) == (0, 0)


def test_the_esperto_is_reproducible_from_its_seed() -> None:
    def game() -> object:
        bots: dict[str, Bot] = {power: make(EXPERT if i == 0 else NOVICE, i)
                                for i, power in enumerate(POWERS)}
        return play_match(short("d10"), POWERS, bots, RandomDice(13)).state

    assert game() == game()


def test_the_esperto_answers_in_a_combat_system_with_no_random_player_nor_answers_named(
) -> None:
    # The tests' toy procedure (the attacker charges or not, one die): only its default to
    # weigh, no random player to draw from, no sketch that shows a marker won.
    import tests.toy_procedure.rules  # noqa: F401 - registers "toy"

    state = position("toy", pieces=(Pieces(FR, MEDITERRANEO, armies=2),
                                    Pieces(GB, MEDITERRANEO, armies=1, markers=1)))
    declared = advance(state, Attack(FR, state.step, MEDITERRANEO, defender=GB), RandomDice(0))
    assert isinstance(declared, Accepted) and pending(declared.state).powers == (FR,)
    choice = decide(Expert(15), declared.state, FR)
    assert isinstance(advance(declared.state, choice, RandomDice(0)), Accepted)
    bots: dict[str, Bot] = {power: make(EXPERT if i % 2 else NOVICE, i)
                            for i, power in enumerate(POWERS)}
    result = play_match(short("toy"), POWERS, bots, RandomDice(15))
    assert result.state.finished and result.state.attacks > 0
    for power in POWERS[1::2]:
        assert (result.records[power].raised, result.records[power].refused) == (0, 0)
