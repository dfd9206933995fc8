"""The combat memory: a combat system's own game-long data (`GameState.combat_memory`), which
the game updates at each war's start (`Procedure.war_begins`, with the game's dice) and after
each attack's step (`Procedure.remember`), hands to each `Engagement` (`memory`), keeps in a
saved state, and tells the public only through `Procedure.memory_seen_by` (the hands' sizes,
`HandsDealt`). The defaults keep nothing and roll no die: the other systems play as before."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

from guerra.rules.dice import RandomDice
from guerra.rules.events import Event
from guerra.rules.flowchart import get_procedure
from guerra.rules.forces import Engagement
from guerra.rules.game import combat, phases
from guerra.rules.game.events import HandsDealt, PhaseBegan
from guerra.rules.game.robot import PlayedGame, play_game
from guerra.rules.game.scenario_file import shipped
from guerra.rules.game.state import GameState
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj
from tests.rules.game.helpers import started
from tests.rules.game.scenarios import FR, GB, PR, tiny


class CountingDice(RandomDice):
    """Random dice that count their rolls."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolled = 0

    def roll(self, sides: int = 6) -> int:
        self.rolled += 1
        return super().roll(sides)


class NoDice:
    def roll(self, sides: int = 6) -> int:
        raise AssertionError("a die was rolled")


def _game(procedure: str, seed: int) -> tuple[PlayedGame, int]:
    scenario = dataclasses.replace(shipped("europa_1700_partenza_rapida"), procedure=procedure)
    dice = CountingDice(seed)
    played = play_game(scenario, tuple(p.name for p in scenario.powers), dice, seed=seed)
    return played, dice.rolled


@pytest.mark.parametrize("procedure", ["seed004", "d10", "punti"])
def test_default_hooks_change_nothing_a_seeded_game_plays_as_without_them(
        procedure: str, monkeypatch: pytest.MonkeyPatch) -> None:
    played, rolled = _game(procedure, 3)
    assert played.state.finished and played.state.combat_memory == "{}"
    assert not [e for e in played.events if isinstance(e, HandsDealt)]
    # The same game with the memory left out of the machine altogether (as before the hooks).
    monkeypatch.setattr(combat, "war_begins", lambda state, dice: (state, ()))
    monkeypatch.setattr(combat, "with_memory", lambda state, memory: state)
    again, rolled_again = _game(procedure, 3)
    assert rolled == rolled_again
    assert played.events == again.events
    assert played.state == again.state


@pytest.mark.parametrize("procedure", ["seed004", "d10", "punti"])
def test_default_hooks_keep_nothing_show_nothing_and_roll_no_die(procedure: str) -> None:
    system = get_procedure(procedure)
    memory: dict[str, JSON] = {"kept": [1, 2]}
    assert system.war_begins({}, memory, (FR, PR), NoDice()) == memory
    assert system.remember(memory, ()) == memory
    assert system.memory_seen_by(memory, FR) == {} and system.memory_seen_by(memory, None) == {}
    state = started(tiny(procedure=procedure)).state
    assert combat.war_begins(state, NoDice()) == (state, ())


def test_a_state_saved_before_the_memory_existed_still_reads() -> None:
    state = started().state
    data = state.to_dict()
    assert isinstance(data, dict) and data.pop("combat_memory") == "{}"
    assert GameState.from_dict(data) == state


class Toy:
    """A combat system's memory, for the test: each war counts, rolls one die and deals every
    power one card per war; `remember` counts the events of the attacks' steps."""

    def __init__(self) -> None:
        self.engagements: list[tuple[Obj, dict[str, JSON]]] = []

    def war_begins(self, data: Obj, memory: Obj, powers: tuple[str, ...], dice: Any
                   ) -> dict[str, JSON]:
        wars = memory.get("wars", 0)
        assert isinstance(wars, int)
        return {**memory, "wars": wars + 1, "die": dice.roll(6), "seen": memory.get("seen", 0),
                "hands": {power: wars + 1 for power in powers}, "order": list(powers)}

    def remember(self, memory: Obj, events: Sequence[Event]) -> dict[str, JSON]:
        seen = memory.get("seen", 0)
        assert isinstance(seen, int)
        return {**memory, "seen": seen + len(events)}  # type: ignore[dict-item]

    def memory_seen_by(self, memory: Obj, power: str | None) -> dict[str, JSON]:
        hands = memory.get("hands", {})
        assert isinstance(hands, dict)
        return {"hand_sizes": hands}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Toy:
    """seed004's procedure with the toy's hooks (on the instance: undone after the test)."""
    made = Toy()
    system = get_procedure("seed004")
    for hook in ("war_begins", "remember", "memory_seen_by"):
        monkeypatch.setattr(system, hook, getattr(made, hook))
    engagement = combat.engagement

    def spying(state: GameState, attack: Any) -> Any:
        found = engagement(state, attack)
        if isinstance(found, Engagement):
            made.engagements.append((found.memory, combat.memory_of(state)))
        return found

    monkeypatch.setattr(combat, "engagement", spying)
    return made


def test_a_memory_is_dealt_at_each_war_start_kept_by_remember_and_saved(toy: Toy) -> None:
    scenario = tiny()
    dice = CountingDice(5)
    played = play_game(scenario, (FR, PR, GB), dice, seed=5)
    state = played.state
    assert state.finished
    memory = combat.memory_of(state)
    assert memory["wars"] == scenario.wars
    assert memory["hands"] == {FR: scenario.wars, PR: scenario.wars, GB: scenario.wars}
    assert memory["order"] == list(state.seating)
    # One public event per war, right after the war's counters phase began: sizes only.
    dealt = [e for e in played.events if isinstance(e, HandsDealt)]
    assert [e.war for e in dealt] == list(range(1, scenario.wars + 1))
    assert dealt[-1].sizes == tuple((p, scenario.wars) for p in state.seating)
    for event in dealt:
        began = played.events.index(PhaseBegan("counters", event.war))
        assert began < played.events.index(event)
    # Every attack saw the memory as the game held it, and `remember` saw every attack step.
    assert toy.engagements and all(seen == held for seen, held in toy.engagements)
    assert isinstance(memory["seen"], int) and memory["seen"] > 0
    # Canonical JSON, and through a saved state and back.
    assert state.combat_memory == json.dumps(memory, sort_keys=True, separators=(",", ":"))
    saved = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(saved) == state


def test_the_war_start_rolls_the_games_dice_in_the_counters_phase(toy: Toy) -> None:
    state = started().state
    assert state.phase == "setup" and state.combat_memory == "{}"
    # The last war's end leads to the next war's counters: the toy rolls one die there.
    state = dataclasses.replace(state, phase="end_of_war", war=1)
    dice = CountingDice(1)
    after, events = phases.run_on(state, dice)
    assert after.war == 2 and dice.rolled >= 1
    memory = combat.memory_of(after)
    assert memory["wars"] == 1 and memory["die"] in range(1, 7)
    assert HandsDealt(2, tuple((power, 1) for power in after.seating)) in events


def test_hands_dealt_tells_sizes_only() -> None:
    event = HandsDealt(1, ((FR, 5), (GB, 1)))
    assert event.describe().render("en") == (
        f"Battle cards are dealt for war 1: 5 cards to {FR}, 1 card to {GB}.")
    assert event.to_dict()["sizes"] == [[FR, 5], [GB, 1]]
