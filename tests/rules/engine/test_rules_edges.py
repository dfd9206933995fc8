"""Edges of the attack engine that mutation testing found unguarded: the dice recipe, the
flowchart's graph for pages, the procedure assembled afresh, defaults on a deadline, exact odds.

Every expected value is worked out by hand (or, for the dice, by the recipe in `die_face`'s
docstring, recomputed here with `hmac` directly).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import random
from fractions import Fraction
from types import SimpleNamespace

import pytest

from guerra.rules import explore
from guerra.rules.dice import (
    DiceExhausted,
    HmacDice,
    RandomDice,
    ScriptedDice,
    below,
    die_face,
    shuffled,
)
from guerra.rules.events import GoldChanged
from guerra.rules.flowchart import Accepted, Edge, RefusedError, Timeout
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import DataError
from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.choices import Choices, policy, random_policy
from guerra.rules.seed004.events import (
    AllyCommitted,
    AllyDeclined,
    BattleDecided,
    DiceRolled,
    NavalDecisionMade,
    NavalSupport,
    TilesAtSea,
    TotalComputed,
)
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.losses import land_pending
from guerra.rules.seed004.model import AllyForce, Neutral, Side, Situation
from guerra.rules.seed004.odds import Odds, odds
from guerra.rules.seed004.procedure import Seed004
from guerra.rules.seed004.state import Answer, AttackState, Battle, PendingLoss, SideRoll
from tests.rules.helpers import (
    ES,
    FR,
    PR,
    RU,
    SEA,
    attacker,
    declare,
    defender,
    run,
    situation,
)

SEED = b"guerra"

ALL_BOXES = {
    "declared", "is_neutral", "neutral_battle", "neutral_result", "allies", "has_sea",
    "both_fleets", "one_side_fleets", "attacker_naval_choice", "defender_support",
    "defender_naval_choice", "attacker_support", "naval_tiles", "naval_battle", "naval_result",
    "attacker_has_army", "land_battle", "land_losses", "land_loss_choice", "control", "ended",
    "ended_without_land",
}


def recipe(seed: bytes, n: int) -> int:
    """The docstring's recipe, first round only: the first byte below 252, mod 6, plus 1."""
    digest = hmac.new(seed, str(n).encode("ascii"), hashlib.sha256).digest()
    return next(byte % 6 + 1 for byte in digest if byte < 252)


# --- dice ------------------------------------------------------------------------------------

def test_die_face_follows_the_published_recipe() -> None:
    assert [die_face(SEED, n) for n in range(12)] == [recipe(SEED, n) for n in range(12)]


def test_die_face_skips_a_first_byte_of_252() -> None:
    """Roll 35 of seed "guerra": the digest starts 252, 182: 252 is rejected (it would give a
    1), 182 = 6 * 30 + 2 gives face 3."""
    digest = hmac.new(SEED, b"35", hashlib.sha256).digest()
    assert (digest[0], digest[1]) == (252, 182)
    assert die_face(SEED, 35) == 3


def test_die_face_refuses_a_negative_roll_number() -> None:
    with pytest.raises(ValueError, match=r"^roll numbers start at 0$"):
        die_face(SEED, -1)


def test_hmac_dice_start_at_roll_0_and_record_every_roll() -> None:
    dice = HmacDice(SEED)
    faces = [dice.roll(), dice.roll(), dice.roll()]
    assert faces == [recipe(SEED, 0), recipe(SEED, 1), recipe(SEED, 2)]
    assert dice.rolls == [(0, faces[0]), (1, faces[1]), (2, faces[2])]
    assert dice.next_roll == 3


def test_hmac_dice_continue_from_the_persisted_roll_number() -> None:
    assert HmacDice(SEED, 0).next_roll == 0
    dice = HmacDice(SEED, 35)
    assert dice.roll() == 3
    assert dice.rolls == [(35, 3)]
    with pytest.raises(ValueError, match=r"^roll numbers start at 0$"):
        HmacDice(SEED, -1)


def test_scripted_dice_say_how_many_were_scripted_when_they_run_out() -> None:
    dice = ScriptedDice([4, 6])
    assert (dice.roll(), dice.roll()) == (4, 6)
    with pytest.raises(DiceExhausted) as raised:
        dice.roll()
    assert raised.value.used == 2
    assert str(raised.value) == "only 2 dice were scripted"


# --- the flowchart as data, for pages ----------------------------------------------------------

def test_a_refused_error_carries_the_reason_and_says_it_in_english() -> None:
    reason = _("Francia has only {count} gold.", count=1)
    error = RefusedError(reason)
    assert error.reason is reason
    assert str(error) == "Francia has only 1 gold."


def test_the_graph_a_page_draws_names_the_procedure_and_its_arrows() -> None:
    graph = SEED004.graph()
    assert (graph["name"], graph["label"], graph["start"]) == (
        "seed004", "Classic flowchart", "declared")
    edges = graph["edges"]
    assert isinstance(edges, list) and len(edges) == 27
    assert edges[0] == {"source": "declared", "target": "is_neutral", "label": ""}
    assert edges[1] == {"source": "is_neutral", "target": "neutral_battle", "label": "yes"}
    nodes = graph["nodes"]
    assert isinstance(nodes, list) and len(nodes) == 22


def test_every_box_of_the_graph_has_its_function() -> None:
    assert SEED004.box_ids() == ALL_BOXES


def test_the_arrows_leaving_a_box() -> None:
    assert SEED004.edges_from("is_neutral") == (Edge("is_neutral", "neutral_battle", "yes"),
                                                Edge("is_neutral", "allies", "no"))
    assert SEED004.edges_from("control") == (Edge("control", "ended"),)
    assert SEED004.edges_from("ended") == ()


def test_A1_nobody_is_awaited_at_a_box_that_is_no_decision() -> None:
    state = declare(situation(a_allies=[AllyForce(ES, 1, 0)]))
    assert isinstance(state, Accepted)
    at_auto = state.state.with_cursor(dataclasses.replace(state.state.cursor, node="has_sea"))
    assert SEED004.awaited(at_auto) == ()


def test_A1_the_procedure_says_whom_it_awaits() -> None:
    state = declare(situation(a_allies=[AllyForce(ES, 1, 0)]))
    assert isinstance(state, Accepted)
    assert SEED004.awaited(state.state) == (ES,)
    finished = declare(situation(), (6, 1), (1, 1))
    assert isinstance(finished, Accepted) and finished.state.cursor.finished
    assert SEED004.awaited(finished.state) == ()


# --- seed 004 assembled afresh, every decision left to its deadline ---------------------------

def test_A3_S4_M2_L4_a_fresh_seed004_takes_every_default_on_a_deadline() -> None:
    """Sea region, both sides with a fleet and an Alliance tile, D with a fort, A with an
    invited ally. Each deadline passes: the ally declines (A3), A fights and D accepts (S4
    ruling), no tile goes to sea (M2), D loses an army rather than its fort (L4 ruling).
    Naval battle, dice (1,1) (1,1): 1 fleet + 0 each, a tie (M4). Land battle, dice (6,2)
    (1,1): A = 1 army + 1 tile + 4 = 6, D = 1 army + 2 for the fort + 1 tile + 0 = 4: A wins."""
    procedure = Seed004()
    assert (procedure.name, procedure.label, procedure.start_node) == (
        "seed004", "Classic flowchart", "declared")
    assert procedure.box_ids() == ALL_BOXES
    s = situation(attacker(fleets=1, alliance_tiles=1), defender(fleets=1, forts=1,
                                                                 alliance_tiles=1),
                  region=SEA, a_allies=[AllyForce(ES, 1, 0)])
    declared = procedure.declare(s, ScriptedDice([]))
    assert isinstance(declared, Accepted)
    state = declared.state
    seen = []
    for node, awaited in [("allies", (ES,)), ("attacker_naval_choice", (FR,)),
                          ("defender_naval_choice", (RU,)), ("naval_tiles", (FR, RU))]:
        assert (state.cursor.node, procedure.awaited(state)) == (node, awaited)
        dice = ScriptedDice([1, 1, 1, 1, 6, 2, 1, 1] if node == "naval_tiles" else [])
        outcome = procedure.advance(state, Timeout(state.step), dice)
        assert isinstance(outcome, Accepted)
        state = outcome.state
        seen.extend(outcome.events)
    assert AllyDeclined(ES, "attacker", True) in seen
    assert NavalDecisionMade(FR, "attacker", True, True) in seen
    assert NavalDecisionMade(RU, "defender", True, True) in seen
    assert TilesAtSea(FR, "attacker", 0) in seen and TilesAtSea(RU, "defender", 0) in seen
    assert (state.cursor.node, procedure.awaited(state)) == ("land_loss_choice", (RU,))
    outcome = procedure.advance(state, Timeout(state.step), ScriptedDice([]))
    assert isinstance(outcome, Accepted)
    final = outcome.state
    assert final.cursor.outcome == "attacker_wins"
    assert final.cursor.path == (
        "declared", "is_neutral", "allies", "has_sea", "both_fleets", "attacker_naval_choice",
        "defender_naval_choice", "naval_tiles", "naval_battle", "naval_result",
        "attacker_has_army", "land_battle", "land_losses", "land_loss_choice", "land_losses",
        "control", "ended")
    assert final.holding(RU).forts == 1 and final.holding(RU).armies == 0


def test_M2_the_attackers_tiles_at_sea_stay_hidden_from_the_defender() -> None:
    s = situation(attacker(fleets=1, alliance_tiles=2), defender(fleets=1, alliance_tiles=1),
                  region=SEA)
    state = declare(s)
    assert isinstance(state, Accepted)
    current: AttackState = state.state
    for given in (NavalDecision(FR, 0, True), NavalDecision(RU, 0, True)):
        step = current.step
        outcome = SEED004.advance(current, type(given)(given.power, step, True), ScriptedDice([]))
        assert isinstance(outcome, Accepted)
        current = outcome.state
    assert current.cursor.node == "naval_tiles"
    chose = SEED004.advance(current, NavalTiles(FR, current.step, 2), ScriptedDice([]))
    assert isinstance(chose, Accepted)
    assert chose.state.as_seen_by(FR).attacker_sea_tiles == 2
    assert chose.state.as_seen_by(RU).attacker_sea_tiles is None
    assert chose.state.as_seen_by(None).attacker_sea_tiles is None


# --- exact odds -------------------------------------------------------------------------------

def test_L2_exact_odds_of_one_army_against_one_army(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each side totals 1 army + |d1 - d2|. |d1 - d2| of two dice is 0..5 with weights
    6, 10, 8, 6, 4, 2 (of 36): a tie has probability (36+100+64+36+16+4)/1296 = 16/81, and
    each side wins half of the rest, 65/162. (The classes of equal dice are computed afresh,
    not read from the process's cache.)"""
    monkeypatch.setattr(explore, "_CLASSES", {})
    assert odds(situation()) == Odds(Fraction(65, 162), Fraction(16, 81), Fraction(65, 162),
                                     Fraction(0))


# --- the state read back -----------------------------------------------------------------------

@pytest.mark.parametrize("cause", ["defeat", "tie", "seven"])
def test_L3_L5_L6_a_pending_loss_is_read_back_with_its_cause(cause: str) -> None:
    data = {"side": "defender", "cause": cause, "allies_first": True}
    loss = PendingLoss.from_dict(data)
    assert (loss.side, loss.cause, loss.allies_first) == ("defender", cause, True)
    assert loss.to_dict() == data


def test_a_pending_loss_with_an_unknown_cause_is_refused() -> None:
    with pytest.raises(DataError, match=r"^Field “cause” has an invalid value\.$"):
        PendingLoss.from_dict({"side": "attacker", "cause": "storm", "allies_first": False})


def test_an_allys_answer_read_back_without_timed_out_was_given_in_time() -> None:
    assert Answer.from_dict({"power": ES, "armies": 1, "fleets": 0}) == Answer(ES, 1, 0, False)
    assert Answer.from_dict({"power": ES, "armies": 0, "fleets": 2, "timed_out": True}) == Answer(
        ES, 0, 2, True)


ROLL = {"power": FR, "faces": [6, 2], "total": 5, "breakdown": [["own armies", 1],
                                                                   ["dice difference", 4]]}


def test_M1_L2_a_sides_roll_is_read_back() -> None:
    roll = SideRoll.from_dict(ROLL)
    assert roll == SideRoll(FR, (6, 2), 5, (("own armies", 1), ("dice difference", 4)))
    # A point against a side (a negative entry) is read back as it is.
    minus = SideRoll.from_dict({**ROLL, "breakdown": [["penalty", -1]]})
    assert minus.breakdown == (("penalty", -1),)


@pytest.mark.parametrize(("changes", "message"), [
    ({"faces": [6, "2"]}, "Field “faces” must be a whole number."),
    ({"faces": [6, 2, 1]}, "Field “faces” has an invalid value."),
    ({"breakdown": ["own armies"]}, "Field “breakdown” must be a list."),
    ({"breakdown": [[1, 1]]}, "Field “breakdown” has an invalid value."),
    ({"breakdown": [["own armies", "1"]]}, "Field “breakdown” must be a whole number."),
])
def test_a_corrupt_roll_is_refused_naming_the_field(changes: dict[str, object], message: str
                                                    ) -> None:
    with pytest.raises(DataError) as raised:
        SideRoll.from_dict({**ROLL, **changes})
    assert str(raised.value) == message


@pytest.mark.parametrize("winner", ["attacker", "defender", "tie"])
def test_M3_M4_L3_L5_a_battle_is_read_back_with_its_winner(winner: str) -> None:
    data = {"kind": "land", "winner": winner, "attacker": ROLL, "defender": {**ROLL, "power": RU}}
    battle = Battle.from_dict(data)
    assert (battle.kind, battle.winner, battle.defender.power) == ("land", winner, RU)


@pytest.mark.parametrize(("kind", "winner"), [("siege", "attacker"), ("naval", "nobody")])
def test_a_battle_of_an_unknown_kind_or_winner_is_refused(kind: str, winner: str) -> None:
    data = {"kind": kind, "winner": winner, "attacker": ROLL, "defender": ROLL}
    with pytest.raises(DataError, match=r"^Field “battle” has an invalid value\.$"):
        Battle.from_dict(data)


SITUATION = situation(attacker(fleets=1), defender(fleets=2), region=SEA,
                      a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 0, 1)],
                      defender_is_ally=True)


def test_D4_a_situation_round_trips_with_the_defender_an_ally() -> None:
    data = SITUATION.to_dict()
    assert data["defender_is_ally"] is True
    assert Situation.from_dict(data) == SITUATION


def test_a_situation_stored_without_the_optional_keys_reads_their_defaults() -> None:
    data = dict(SITUATION.to_dict())
    for key in ("defender_is_ally", "attacker_allies", "defender_allies", "neutral"):
        del data[key]
    read = Situation.from_dict(data)
    assert (read.defender_is_ally, read.attacker_allies, read.defender_allies, read.neutral) == (
        False, (), (), None)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("region", {"name": ""}, "Field “region.name” must be a non-empty text."),
    ("region", {"name": "Baltico"}, "Field “region.has_sea” is missing."),
    ("attacker", {"power": FR, "gold": 5, "armies": -1},
     "Field “attacker.armies” cannot be negative."),
    ("defender", 3, "Field “defender” must be an object."),
    ("defender", {"power": RU, "gold": 0, "armies": -1},
     "Field “defender.armies” cannot be negative."),
    ("neutral", [], "Field “neutral” must be an object."),
    ("attacker_allies", [5], "Field “attacker_allies[0]” must be an object."),
    ("defender_allies", [{"power": PR, "armies": -1, "fleets": 0}],
     "Field “defender_allies[0].armies” cannot be negative."),
    ("defender_is_ally", "yes", "Field “defender_is_ally” must be true or false."),
])
def test_a_corrupt_stored_situation_names_the_field(key: str, value: object, message: str
                                                    ) -> None:
    data = {**SITUATION.to_dict(), key: value}
    with pytest.raises(DataError) as raised:
        Situation.from_dict(data)
    assert str(raised.value) == message


def at_loss_choice() -> AttackState:
    """Land: A 1 army rolls (6, 2): 1 + 4 = 5; D 1 army and 1 fort rolls (1, 1): 1 + 2 = 3.
    A wins and D, holding an army and a fort, chooses its loss (L4)."""
    declared = declare(situation(attacker(armies=1), defender(armies=1, forts=1)), (6, 2),
                       (1, 1))
    assert isinstance(declared, Accepted)
    assert declared.state.cursor.node == "land_loss_choice"
    return declared.state


def test_L4_a_loss_choice_made_but_not_yet_applied_survives_a_save() -> None:
    state = at_loss_choice()
    chose = SEED004.submit(state, LossChoice(RU, state.step, "fort"))
    assert isinstance(chose, Accepted)
    data = chose.state.to_dict()
    assert data["loss_choice"] == "fort"
    assert AttackState.from_dict(data) == chose.state


@pytest.mark.parametrize(("key", "message"), [
    ("answers", "Field “answers” must be an object."),
    ("holdings", "Field “holdings” must be an object."),
    ("pending_losses", "Field “pending_losses” must be an object."),
])
def test_a_corrupt_saved_attack_names_the_list(key: str, message: str) -> None:
    data = {**at_loss_choice().to_dict(), key: [5]}
    with pytest.raises(DataError) as raised:
        AttackState.from_dict(data)
    assert str(raised.value) == message


@pytest.mark.parametrize("key", ["naval", "land"])
def test_a_corrupt_saved_attack_names_the_battle(key: str) -> None:
    data = {**at_loss_choice().to_dict(), key: 5}
    with pytest.raises(DataError) as raised:
        AttackState.from_dict(data)
    assert str(raised.value) == f"Field “{key}” must be an object."


def test_A2_S4_M2_L4_the_case_files_policy_answers_each_decision() -> None:
    s = situation(attacker(fleets=1, alliance_tiles=2), defender(fleets=1, alliance_tiles=3),
                  region=SEA, a_allies=[AllyForce(ES, 1, 1)])
    declared = declare(s)
    assert isinstance(declared, Accepted)
    state = declared.state
    chosen = policy(Choices(attacker_fights_naval=False, defender_accepts_naval=False,
                            attacker_naval_tiles=1, defender_naval_tiles=2),
                    {ES: (1, 1)})
    assert chosen(state, ES) == AllyAnswer(ES, state.step, 1, 1)
    assert policy(Choices(), {})(state, ES) == AllyAnswer(ES, state.step, 0, 0)
    at = {node: state.with_cursor(dataclasses.replace(state.cursor, node=node))
          for node in ("attacker_naval_choice", "defender_naval_choice", "naval_tiles")}
    step = state.step
    assert chosen(at["attacker_naval_choice"], FR) == NavalDecision(FR, step, False)
    assert chosen(at["defender_naval_choice"], RU) == NavalDecision(RU, step, False)
    assert chosen(at["naval_tiles"], FR) == NavalTiles(FR, step, 1)
    assert chosen(at["naval_tiles"], RU) == NavalTiles(RU, step, 2)
    at_battle = state.with_cursor(dataclasses.replace(state.cursor, node="land_battle"))
    with pytest.raises(LookupError, match=r"^no choice for Russia at land_battle$"):
        chosen(at_battle, RU)


def test_the_robots_random_answers_stay_legal_and_cover_every_choice() -> None:
    """The seeded random player of the robot and the invariant tests: each answer is a legal
    one for the power asked, every legal value turns up, a naval battle is fought about 7
    times in 10 and a fort is chosen about 3 times in 10."""
    s = situation(attacker(fleets=1, alliance_tiles=2), defender(fleets=1, alliance_tiles=3),
                  region=SEA, a_allies=[AllyForce(ES, 2, 2)])
    declared = declare(s)
    assert isinstance(declared, Accepted)
    state = declared.state
    step = state.step
    answer = random_policy(random.Random(4))
    at = {node: state.with_cursor(dataclasses.replace(state.cursor, node=node))
          for node in ("attacker_naval_choice", "naval_tiles", "land_loss_choice")}
    allies = [answer(state, ES) for _ in range(300)]
    assert {(a.power, a.step) for a in allies} == {(ES, step)}
    assert {(a.armies, a.fleets) for a in allies} == {(x, y) for x in range(3) for y in range(3)}
    fights = [answer(at["attacker_naval_choice"], FR) for _ in range(1000)]
    assert {(f.power, f.step) for f in fights} == {(FR, step)}
    assert 600 < sum(f.fight is True for f in fights) < 800
    for power, most in ((FR, 2), (RU, 3)):
        tiles = [answer(at["naval_tiles"], power) for _ in range(300)]
        assert {(t.power, t.step) for t in tiles} == {(power, step)}
        assert {t.tiles for t in tiles} == set(range(most + 1))
    losses = [answer(at["land_loss_choice"], RU) for _ in range(1000)]
    assert {(loss.power, loss.step) for loss in losses} == {(RU, step)}
    assert {loss.kind for loss in losses} == {"army", "fort"}
    assert 200 < sum(loss.kind == "fort" for loss in losses) < 400
    at_battle = state.with_cursor(dataclasses.replace(state.cursor, node="land_battle"))
    with pytest.raises(LookupError, match=r"^no choice for Francia at land_battle$"):
        answer(at_battle, FR)


# --- the dice of the game's shuffles (G10, G11) -----------------------------------------------

def test_G10_below_reads_one_die_for_up_to_six_values() -> None:
    dice = ScriptedDice([4])
    assert below(dice, 6) == 3 and dice.used == 1
    assert below(ScriptedDice([5]), 2) == 0  # (5 - 1) % 2


def test_G10_below_rejects_values_beyond_the_largest_multiple() -> None:
    """k = 4 with one die: 0..5, the largest multiple of 4 not above 6 is 4, so the faces 5
    and 6 (values 4 and 5) are rolled again; then a 3 gives 2."""
    dice = ScriptedDice([5, 6, 3])
    assert below(dice, 4) == 2 and dice.used == 3


def test_G10_below_reads_two_dice_as_base_6_beyond_six_values() -> None:
    """k = 7: two dice, 0..35, limit 35: (6, 6) = 35 is rolled again; (1, 3) = 0 * 6 + 2."""
    dice = ScriptedDice([6, 6, 1, 3])
    assert below(dice, 7) == 2 and dice.used == 4
    assert below(ScriptedDice([6, 6]), 36) == 35  # 36 values: two dice, nothing rejected


def test_G10_below_of_one_value_rolls_nothing_and_of_none_is_refused() -> None:
    assert below(ScriptedDice([]), 1) == 0
    with pytest.raises(ValueError, match=r"^below\(\) needs k >= 1$"):
        below(ScriptedDice([1]), 0)


def test_G11_shuffled_is_fisher_yates_from_the_last_place() -> None:
    """(a, b, c) with faces 1, 1: place 2 swaps with below(3) = 0 -> (c, b, a); place 1 swaps
    with below(2) = 0 -> (b, c, a)."""
    assert shuffled(("a", "b", "c"), ScriptedDice([1, 1])) == ("b", "c", "a")


def test_random_dice_use_the_generator_they_are_given_and_show_every_face() -> None:
    rng, copy = random.Random(5), random.Random(5)
    dice = RandomDice(rng)
    faces = [dice.roll() for _ in range(600)]
    assert faces == [copy.randint(1, 6) for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert RandomDice(7).roll() == random.Random(7).randint(1, 6)


# --- a few rules the engine's events state exactly ---------------------------------------------

def test_L4_no_choice_is_awaited_when_the_defender_has_only_an_army() -> None:
    """A 1 army (6, 2): 5; D 1 army (1, 1): 1. A wins, D loses its only army: no decision."""
    declared = declare(situation(), (6, 2), (1, 1))
    assert isinstance(declared, Accepted)
    assert declared.state.cursor.outcome == "attacker_wins"
    assert "land_loss_choice" not in declared.state.cursor.path


def test_S3_fleets_committed_by_an_ally_give_the_defender_naval_support() -> None:
    s = situation(attacker(fleets=0), defender(fleets=0), region=SEA,
                  d_allies=[AllyForce(PR, 0, 1)])
    played = run(s, (1, 1), (1, 1))
    assert NavalSupport("defender", RU, "S3") in played.events


def test_N3_a_gold_reward_is_paid_under_rule_N3() -> None:
    """A 2 armies (6, 2) against a neutral of defence 2 rolling (1, 1): A wins and takes the
    3 gold of the reward."""
    played = run(situation(attacker(armies=2), neutral=Neutral(2, "gold", 3)), (6, 2), (1, 1))
    assert played.state.outcome == "attacker_wins"
    assert GoldChanged(FR, 3, "N3") in played.events


def test_A2_an_ally_cannot_commit_more_than_it_has_plural_forms() -> None:
    declared = declare(situation(a_allies=[AllyForce(ES, 2, 2)], region=SEA))
    assert isinstance(declared, Accepted)
    state = declared.state
    for armies, fleets, text in ((3, 0, "Spagna has only 2 armies in the region."),
                                 (0, 3, "Spagna has only 2 fleets in the region.")):
        refused = SEED004.advance(state, AllyAnswer(ES, state.step, armies, fleets),
                                  ScriptedDice([]))
        assert not isinstance(refused, Accepted)
        assert refused.reason.render("en") == text


def test_M2_only_the_side_holding_tiles_is_asked_and_announced() -> None:
    """A holds 2 Alliance tiles and sends 1 to sea; D holds none. Naval battle (1, 1) (1, 1),
    land battle (1, 1) (1, 1)."""
    s = situation(attacker(fleets=1, alliance_tiles=2), defender(fleets=1), region=SEA)
    declared = declare(s)
    assert isinstance(declared, Accepted)
    state = declared.state
    for power in (FR, RU):
        outcome = SEED004.advance(state, NavalDecision(power, state.step, True), ScriptedDice([]))
        assert isinstance(outcome, Accepted)
        state = outcome.state
    assert (state.cursor.node, state.awaiting) == ("naval_tiles", (FR,))
    too_many = SEED004.advance(state, NavalTiles(FR, state.step, 3), ScriptedDice([]))
    assert not isinstance(too_many, Accepted)
    assert too_many.reason.render("en") == (
        "Francia holds only 2 Alliance tiles for this region.")
    outcome = SEED004.advance(state, NavalTiles(FR, state.step, 1), ScriptedDice([1] * 8))
    assert isinstance(outcome, Accepted)
    assert [e for e in outcome.events if isinstance(e, TilesAtSea)] == [
        TilesAtSea(FR, "attacker", 1)]
    assert (outcome.state.attacker_sea_tiles, outcome.state.defender_sea_tiles) == (1, 0)


# --- inputs the engine refuses (flowchart module docstring) -------------------------------------

def two_allies() -> AttackState:
    declared = declare(situation(a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(PR, 1, 0)]))
    assert isinstance(declared, Accepted)
    return declared.state


def test_an_answer_leaves_the_others_still_awaited_one_step_later() -> None:
    state = two_allies()
    assert (state.awaiting, state.step) == ((ES, PR), 0)
    outcome = SEED004.submit(state, AllyAnswer(ES, 0, 1, 0))
    assert isinstance(outcome, Accepted)
    assert (outcome.state.cursor.awaiting, outcome.state.step) == ((PR,), 1)


@pytest.mark.parametrize(("given", "text"), [
    (AllyAnswer(ES, 1, 1, 0),
     "This decision was made for step 1; the attack is now at step 0. Reload the page."),
    (Timeout(5),
     "This decision was made for step 5; the attack is now at step 0. Reload the page."),
    (object(), "This decision was made for step None; the attack is now at step 0. Reload the "
               "page."),
    (Timeout(0), None),
])
def test_a_stale_input_is_refused_with_both_steps(given: object, text: str | None) -> None:
    state = two_allies()
    outcome = SEED004.submit(state, given)
    if text is None:
        assert isinstance(outcome, Accepted)
        return
    assert not isinstance(outcome, Accepted)
    assert (outcome.reason.render("en"), outcome.state) == (text, state)


def test_an_input_from_nobody_awaited_is_refused() -> None:
    state = two_allies()
    for given, who in ((AllyAnswer(RU, 0, 1, 0), "Russia"), (SimpleNamespace(step=0), "None")):
        outcome = SEED004.submit(state, given)
        assert not isinstance(outcome, Accepted)
        assert outcome.reason.render("en") == f"No decision is awaited from {who} now."
        assert outcome.state == state


def test_no_input_is_taken_where_no_decision_is_awaited() -> None:
    state = two_allies()
    for node, awaiting in (("has_sea", ()), ("allies", ())):
        elsewhere = state.with_cursor(dataclasses.replace(state.cursor, node=node,
                                                          awaiting=awaiting))
        outcome = SEED004.submit(elsewhere, AllyAnswer(ES, 0, 1, 0))
        assert not isinstance(outcome, Accepted)
        assert outcome.reason.render("en") == "No decision is awaited now."
        assert outcome.state == elsewhere


def test_no_input_is_taken_once_the_attack_is_over() -> None:
    finished = declare(situation(), (6, 2), (1, 1))
    assert isinstance(finished, Accepted) and finished.state.cursor.finished
    outcome = SEED004.submit(finished.state, Timeout(finished.state.step))
    assert not isinstance(outcome, Accepted)
    assert outcome.reason.render("en") == "This attack is already over."
    assert outcome.state == finished.state


def battle_events(events: tuple[object, ...]) -> list[tuple[object, ...]]:
    """The battle events without the breakdowns: (type, battle, side, power, ...)."""
    found: list[tuple[object, ...]] = []
    for e in events:
        if isinstance(e, DiceRolled):
            found.append(("dice", e.battle, e.side, e.power, e.faces, e.difference, e.seven))
        elif isinstance(e, TotalComputed):
            found.append(("total", e.battle, e.side, e.power, e.total))
        elif isinstance(e, BattleDecided):
            found.append(("decided", e.battle, e.winner, e.power))
    return found


def test_L2_L3_a_land_battle_announces_dice_totals_and_winner() -> None:
    """A 1 army rolls (6, 2): +4, total 5; D 1 army rolls (1, 1): +0, total 1. A wins."""
    played = run(situation(), (6, 2), (1, 1))
    assert battle_events(played.events) == [
        ("dice", "land", "attacker", FR, (6, 2), 4, False),
        ("dice", "land", "defender", RU, (1, 1), 0, False),
        ("total", "land", "attacker", FR, 5), ("total", "land", "defender", RU, 1),
        ("decided", "land", "attacker", FR),
    ]


def test_L5_a_tied_land_battle_names_no_winner() -> None:
    """(6, 2) each side: 1 + 4 = 5 both: a tie (L5)."""
    played = run(situation(), (6, 2), (6, 2))
    assert battle_events(played.events)[-1] == ("decided", "land", "tie", None)


def test_M1_a_naval_battle_announces_each_sides_total() -> None:
    """Sea region, nobody with an army of D's: A 1 fleet + (3, 1) = 3, D 2 fleets + (1, 1)
    = 2: A wins the naval battle. Land: A 1 army (1, 1) +1 naval support = 2; D 1 army
    (1, 1) = 1."""
    s = situation(attacker(fleets=1), defender(fleets=2), region=SEA)
    played = run(s, (3, 1), (1, 1), (1, 1), (1, 1))
    naval = [e for e in battle_events(played.events) if e[1] == "naval"]
    assert naval == [
        ("dice", "naval", "attacker", FR, (3, 1), 2, False),
        ("dice", "naval", "defender", RU, (1, 1), 0, False),
        ("total", "naval", "attacker", FR, 3), ("total", "naval", "defender", RU, 2),
        ("decided", "naval", "attacker", FR),
    ]


def test_L3_L5_L6_the_land_losses_due_regular_first_then_the_sevens() -> None:
    a: Side = "attacker"
    d: Side = "defender"
    assert land_pending("tie", False, False) == (PendingLoss(a, "tie", False),
                                                 PendingLoss(d, "tie", False))
    # On a tie nobody is the loser: an extra loss never falls on an ally first.
    assert land_pending("tie", True, True) == (
        PendingLoss(a, "tie", False), PendingLoss(d, "tie", False),
        PendingLoss(a, "seven", False), PendingLoss(d, "seven", False))
    assert land_pending("attacker", False, True) == (PendingLoss(d, "defeat", False),
                                                     PendingLoss(d, "seven", True))
    assert land_pending("defender", True, False) == (PendingLoss(a, "defeat", False),
                                                     PendingLoss(a, "seven", True))
    assert land_pending("attacker", True, False) == (PendingLoss(d, "defeat", False),
                                                     PendingLoss(a, "seven", False))
    assert land_pending("defender", False, True) == (PendingLoss(a, "defeat", False),
                                                     PendingLoss(d, "seven", False))


def test_S4_an_answer_in_time_is_not_recorded_as_timed_out() -> None:
    declared = declare(situation(attacker(fleets=1), defender(fleets=1), region=SEA))
    assert isinstance(declared, Accepted)
    state = declared.state
    outcome = SEED004.advance(state, NavalDecision(FR, state.step, True), ScriptedDice([]))
    assert isinstance(outcome, Accepted)
    assert outcome.events[0] == NavalDecisionMade(FR, "attacker", True, False)


def test_A2_an_ally_committing_as_many_armies_as_fleets_joins() -> None:
    """ES commits 1 army and 1 fleet (1 - 1 = 0 must not read as declining). Sea region, only
    A's side has fleets (S3); land battle (1, 1) (1, 1)."""
    s = situation(attacker(fleets=0), defender(fleets=0), region=SEA,
                  a_allies=[AllyForce(ES, 1, 1)])
    declared = declare(s)
    assert isinstance(declared, Accepted)
    state = declared.state
    outcome = SEED004.advance(state, AllyAnswer(ES, state.step, 1, 1), ScriptedDice([1] * 4))
    assert isinstance(outcome, Accepted)
    assert AllyCommitted(ES, "attacker", 1, 1) in outcome.events


def test_S2_fleets_committed_by_the_defenders_ally_make_both_sides_fleets() -> None:
    s = situation(attacker(fleets=1), defender(fleets=0), region=SEA,
                  d_allies=[AllyForce(PR, 0, 1)])
    declared = declare(s)
    assert isinstance(declared, Accepted)
    state = declared.state
    outcome = SEED004.advance(state, AllyAnswer(PR, state.step, 0, 1), ScriptedDice([]))
    assert isinstance(outcome, Accepted)
    assert outcome.state.cursor.node == "attacker_naval_choice"


def test_L2_the_defender_gets_the_army_training_bonus_too() -> None:
    """A 1 army (6, 2): 5; D 1 army, 1 Army Training tile against none (+1), (4, 1): 5."""
    played = run(situation(attacker(), defender(army_training=1)), (6, 2), (4, 1))
    assert ("total", "land", "defender", RU, 5) in battle_events(played.events)
    assert played.state.outcome == "tie"


def test_D1_each_main_player_holds_its_own_side() -> None:
    declared = declare(situation(a_allies=[AllyForce(ES, 1, 0)]))
    assert isinstance(declared, Accepted)
    holdings = declared.state.to_dict()["holdings"]
    assert isinstance(holdings, list)
    assert [(h["power"], h["side"]) for h in holdings] == [  # type: ignore[index, call-overload]
        (FR, "attacker"), (RU, "defender")]
