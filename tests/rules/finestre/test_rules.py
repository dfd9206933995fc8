"""One test (or more) per rule W1-W16 of procedures/finestre.md, played through the case
reader and the engine. Base case (helpers.case): Francia 2 armies + 1 Alliance tile, Spagna 1
army allied; Russia 1 army, 1 fort, 1 control marker; dice 3 and 3."""

from __future__ import annotations

import json

import pytest

from guerra.rules.dice import ScriptedDice
from guerra.rules.events import ControlPlaced, ControlRemoved, GoldChanged, UnitLost
from guerra.rules.finestre import FINESTRE_PROCEDURE as P
from guerra.rules.finestre.cards import DEFAULT_DECK, MAX_CARDS, read_data
from guerra.rules.finestre.case_input import read_case
from guerra.rules.finestre.events import CardsPlayed
from guerra.rules.finestre.inputs import Play, Tactic
from guerra.rules.finestre.state import HIDDEN
from guerra.rules.flowchart import Accepted, Refused
from guerra.rules.flowtypes import RefusedError
from guerra.rules.jsonvalue import DataError
from tests.rules.finestre.helpers import AT, ES, FR, RU, calls, case, names, run


def test_W1_a_card_played_leaves_the_hand_and_is_public_others_hands_hidden() -> None:
    played = run(case(hands={FR: ["Rinforzo", "Artiglieria"], RU: ["Salvataggio"]},
                      windows={"W12": ["Rinforzo"]}))
    state = played.state
    assert state.hand(FR) == ("Artiglieria",)
    assert [e for e in played.events if isinstance(e, CardsPlayed)] == [
        CardsPlayed(FR, ("Rinforzo",), "W12")]
    seen = P.seen_by(state, RU)
    assert seen.hand(RU) == ("Salvataggio",)
    assert seen.hand(FR) == (HIDDEN,)
    assert dict(seen.situation.hands)[FR] == (HIDDEN, HIDDEN)
    assert dict(P.seen_by(state, FR).situation.hands)[RU] == (HIDDEN,)
    assert P.state_from_dict(json.loads(json.dumps(seen.to_dict()))) == seen


def test_W2_default_deck_and_its_checks() -> None:
    data = read_data({})
    assert data["hand_size"] == 5
    assert [(c.name, c.copies, c.kind, c.value) for c in DEFAULT_DECK.cards] == [
        ("Contrordine", 10, "counter", 0), ("Rinforzo", 8, "modifier", 2),
        ("Artiglieria", 8, "modifier", 1), ("Imboscata", 4, "strike_order", 0),
        ("Cambio al comando", 3, "combatants", 0), ("Ritirata", 3, "combat_ending", 0),
        ("Salvataggio", 4, "escape", 0)]
    assert P.read_data({"deck": [{"name": "Carica", "copies": 2, "kind": "modifier",
                                  "value": 3}]})["deck"] == [
        {"name": "Carica", "copies": 2, "kind": "modifier", "value": 3}]
    for bad in ({"deck": [{"name": "X", "copies": 1, "kind": "magic"}]},
                {"deck": [{"name": "X", "copies": 1, "kind": "modifier"}]},
                {"hand_size": -1}, {"cards": []},
                {"deck": [{"name": "X", "copies": 1, "kind": "counter"}] * 2}):
        with pytest.raises(DataError):
            P.read_data(bad)
    # a call names its card by its row in the deck: at most MAX_CARDS rows
    many = [{"name": f"C{i}", "copies": 1, "kind": "counter"} for i in range(MAX_CARDS)]
    assert P.read_data({"deck": many})["deck"] == many
    with pytest.raises(DataError, match="at most 32"):
        P.read_data({"deck": [*many, {"name": "Troppe", "copies": 1, "kind": "counter"}]})


def test_W3_call_order_reopening_and_closing() -> None:
    state = run(case(hands={RU: ["Contrordine"], AT: ["Contrordine"]},
                     windows={"W4": ["pass", "Contrordine", "pass", "Contrordine"]})).state
    # first actor, the other main power, then the turn order; a card reopens the round
    assert calls(state, "W4") == [(FR, None), (RU, "Contrordine"), (ES, None),
                                  (AT, "Contrordine"), (FR, None), (RU, None), (ES, None),
                                  (AT, None)]
    closed = state.windows[0]
    assert [c.power for c in closed.standing] == [AT]  # the counter of the counter stands
    assert [c.power for c in closed.countered] == [RU]


def test_W3_a_counter_needs_something_before_it_and_others_play_only_contrordine() -> None:
    # Francia is asked in W7a (it might hold an Imboscata), but its Contrordine is refused
    with pytest.raises(RefusedError):
        run(case(hands={FR: ["Contrordine"]}, windows={"W7a": ["Contrordine"]}))
    # Austria is no side's power: only Contrordine, and W12 has no card yet for one to
    # answer, so public facts show it can play nothing: it passes unasked
    with pytest.raises(DataError):
        run(case(hands={AT: ["Rinforzo"]}, windows={"W12": ["pass", "pass", "pass",
                                                           "Rinforzo"]}))


def test_W4_tactic_countered_is_no_tactic_and_assalto_adds_one() -> None:
    kept = run(case(announce={"W4": "assalto"})).state
    assert kept.tactic == "assalto" and kept.standing == (2 + 1 + 1 + 1 + 3, 1 + 2 + 3)
    countered = run(case(announce={"W4": "assalto"}, hands={RU: ["Contrordine"]},
                         windows={"W4": ["pass", "Contrordine"]})).state
    assert countered.tactic is None


def test_W5_position_from_the_forts_or_not_and_assedio() -> None:
    assert run(case()).state.standing == (2 + 1 + 1 + 3, 1 + 2 + 3)
    assert run(case(announce={"W5": False})).state.standing[1] == 1 + 3
    assert run(case(announce={"W4": "assedio"})).state.standing[1] == 1 + 1 + 3
    nofort = case(defender={"power": RU, "armies": 1, "control_markers": 1})
    assert "W5" not in names(run(nofort).state)


def test_W6_change_of_combatants_goes_back_to_W4() -> None:
    data = case(hands={FR: ["Cambio al comando"]},
                attacker_allies=[{"power": ES, "armies": 2, "alliance_tiles": 0}],
                windows={"W6": ["pass", {"card": "Cambio al comando", "ally": ES}]})
    state = run(data).state
    assert state.main_power("attacker") == ES
    assert [m.power for m in state.attackers] == [ES, FR]
    assert names(state)[:6] == ["W4", "W5", "W6", "W4.2", "W5.2", "W6.2"]
    assert state.changes[0].former == FR and state.changes[0].new == ES


def test_W6_no_third_window_after_the_second_change() -> None:
    data = case(hands={FR: ["Cambio al comando", "Cambio al comando"]},
                attacker_allies=[{"power": ES, "armies": 2}],
                windows={"W6": ["pass", {"card": "Cambio al comando", "ally": ES}],
                         "W6.2": ["pass", "pass", {"card": "Cambio al comando",
                                                   "ally": FR}]})
    state = run(data).state
    assert state.main_power("attacker") == FR
    assert "W6.3" not in names(state) and "W4.3" in names(state) and "W5.3" in names(state)


def test_W7_exactly_one_sides_imboscata_strikes_first() -> None:
    one = run(case(hands={RU: ["Imboscata"]}, windows={"W7d": ["Imboscata"]})).state
    assert one.first_strike == "defender"
    both = run(case(hands={RU: ["Imboscata"], FR: ["Imboscata"]},
                    windows={"W7a": ["Imboscata"], "W7d": ["Imboscata"]})).state
    assert both.first_strike is None


def test_W8_a_standing_ritirata_ends_the_combat() -> None:
    played = run(case(hands={RU: ["Ritirata"]}, windows={"W8d": ["Ritirata"]}))
    assert played.state.outcome == "ended_by_retreat" and played.state.ended == "Ritirata"
    assert not [e for e in played.events if isinstance(e, UnitLost)]
    assert [e.delta for e in played.events if isinstance(e, GoldChanged)] == [-2]
    countered = run(case(hands={RU: ["Ritirata"], FR: ["Contrordine"]},
                         windows={"W8d": ["Ritirata", "Contrordine"]})).state
    assert countered.ended is None and countered.outcome != "ended_by_retreat"


def test_W9_tiles_announced_and_a_countered_announcement() -> None:
    assert run(case(announce={"W9a": {"alliance_tiles": 0}})).state.standing[0] == 3 + 3
    countered = run(case(hands={RU: ["Contrordine"]},
                         windows={"W9a": ["pass", "Contrordine"]})).state
    assert countered.standing[0] == 3 + 3
    training = case(attacker={"power": FR, "gold": 5, "armies": 2, "army_training": 1})
    assert run(training).state.standing[0] == 3 + 1 + 3


def test_W10_ritirata_again() -> None:
    state = run(case(hands={FR: ["Ritirata"]}, windows={"W10a": ["Ritirata"]})).state
    assert state.outcome == "ended_by_retreat" and names(state)[-1] == "W10a"


def test_W11_standing_counts_allies_forts_tiles_tactic_and_die() -> None:
    state = run(case(dice=[6, 1])).state
    assert state.dice == (6, 1) and state.standing == (2 + 1 + 1 + 6, 1 + 2 + 1)


def test_W12_modifiers_change_the_totals() -> None:
    state = run(case(hands={RU: ["Rinforzo", "Artiglieria"], FR: ["Contrordine"]},
                     windows={"W12": ["pass", "Rinforzo", "pass", "pass", "Contrordine",
                                      "Artiglieria"]})).state
    assert state.totals == (state.standing[0], state.standing[1] + 1)


def test_W13_winner_losses_tie_and_first_strike() -> None:
    assert run(case(dice=[1, 6])).state.losses_before == (1, 0)  # 5 vs 9
    assert run(case(dice=[6, 1])).state.losses_before == (0, 2)  # 10 vs 4: by 6
    assert run(case(dice=[6, 1], announce={"W4": "schermaglia"})).state.losses_before == (0, 1)
    tie = run(case(dice=[2, 3])).state  # 6 vs 6
    assert tie.winner == "tie" and tie.losses_before == (1, 1)
    struck = run(case(dice=[2, 3], hands={FR: ["Imboscata"]},
                      windows={"W7a": ["Imboscata"]})).state
    assert struck.winner == "attacker" and struck.losses_before == (0, 1)


def test_W14_salvataggio_cancels_one_loss_of_its_side() -> None:
    state = run(case(dice=[6, 1], hands={RU: ["Salvataggio"]},
                     windows={"W14d": ["Salvataggio"]})).state
    assert state.losses_after == (0, 1)
    wasted = run(case(dice=[6, 1], hands={FR: ["Salvataggio"]},
                      windows={"W14a": ["Salvataggio"]})).state
    assert wasted.losses_after == (0, 2)


def test_W15_losses_main_first_then_allies_and_the_choice_of_kind() -> None:
    played = run(case(dice=[6, 1], losses={RU: ["fort", "army"]}))
    lost = [(e.power, e.kind) for e in played.events if isinstance(e, UnitLost)]
    assert lost == [(RU, "fort"), (RU, "army")]
    attacker_loses = run(case(dice=[1, 6], attacker={"power": FR, "gold": 5, "fleets": 1}))
    lost = [(e.power, e.kind) for e in attacker_loses.events if isinstance(e, UnitLost)]
    assert lost == [(FR, "fleet"), (ES, "army")]  # 3 vs 9: two losses, then the ally
    with pytest.raises(DataError) as refused:
        run(case(dice=[2, 3], losses={RU: ["fort"]}))  # a tie's loss is never a fort
    # The command line says it in Italian words, not the case file's "fort".
    assert refused.value.message.render("it") == \
        "La Russia non può perdere fortini alla perdita 1."


def test_W16_control_and_neutral() -> None:
    played = run(case(dice=[6, 1]))
    assert [type(e) for e in played.events if isinstance(e, ControlPlaced | ControlRemoved)] \
        == [ControlRemoved, ControlPlaced]
    neutral = case(neutral={"defense": 2, "reward": "gold"}, defender=None,
                   attacker_allies=[], dice=[4, 1],
                   hands={RU: ["Contrordine"], FR: ["Imboscata"]})
    state = run(neutral).state
    assert names(state) == ["W4", "W7a", "W8a", "W9a", "W10a", "W12", "W14a"]
    assert all(power == FR for w in state.windows for power, _c in calls(state, w.name))
    assert state.outcome == "attacker_wins"


def test_W3_each_call_is_a_window_of_its_own_even_when_the_same_power_is_called_again() -> None:
    """Against a neutral only the attacker is called (W16): its tactic, then each of its calls
    opens a new window (its own deadline); an answer sent again for the call before is
    stale."""
    read = read_case(case(neutral={"defense": 2, "reward": "gold"}, defender=None,
                          attacker_allies=[], hands={FR: ["Contrordine", "Contrordine"]}))
    dice = ScriptedDice((3, 3), 6)
    declared = P.declare(read.situation, dice)
    assert isinstance(declared, Accepted)
    state = declared.state
    assert state.cursor.awaiting == (FR,)
    announced = P.advance(state, Tactic(FR, state.cursor.step, "assalto"), dice)
    assert isinstance(announced, Accepted)
    first = announced.state
    assert first.cursor.awaiting == (FR,) and first.cursor.opened_at > state.cursor.opened_at
    played = P.advance(first, Play(FR, first.cursor.step, "Contrordine"), dice)
    assert isinstance(played, Accepted)
    second = played.state
    assert second.cursor.awaiting == (FR,) and second.cursor.opened_at > first.cursor.opened_at
    again = P.advance(second, Play(FR, first.cursor.step, "Contrordine"), dice)  # a double click
    assert isinstance(again, Refused) and again.code == "stale"
