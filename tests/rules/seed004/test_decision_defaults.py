"""The input each decision box deems a power to have given when its deadline passes: the
defaults of attack-rules.md (A3: an invited ally declines; the case files' defaults: A fights
the naval battle, D accepts it; M2: no tiles at sea; L4: an army), each made for the step the
attack is at, so that it is also an input `advance` accepts as it is."""

from __future__ import annotations

from guerra.rules.seed004 import SEED004
from guerra.rules.seed004.decisions import (
    AlliesBox,
    LandLossChoiceBox,
    NavalDecisionBox,
    NavalTilesBox,
)
from guerra.rules.seed004.events import AllyCommitted
from guerra.rules.seed004.inputs import AllyAnswer, LossChoice, NavalDecision, NavalTiles
from guerra.rules.seed004.model import ATTACKER, DEFENDER, AllyForce
from tests.rules.helpers import (
    ES,
    FR,
    PR,
    RU,
    SEA,
    accepted,
    attacker,
    declare,
    defender,
    of_type,
    pairs,
    situation,
)


def test_A3_an_invited_ally_that_does_not_answer_declines() -> None:
    """Prussia declines (0/0) at step 0; Spagna's default at step 1 declines too."""
    state = accepted(declare(situation(a_allies=[AllyForce(ES, 1, 1)],
                                       d_allies=[AllyForce(PR, 2, 0)]))).state
    assert (state.step, state.awaiting) == (0, (ES, PR))
    assert AlliesBox().default(state, PR) == AllyAnswer(PR, 0, 0, 0)
    state = accepted(SEED004.advance(state, AllyAnswer(PR, 0, 0, 0), pairs())).state
    assert (state.step, state.awaiting) == (1, (ES,))
    default = AlliesBox().default(state, ES)
    assert default == AllyAnswer(ES, 1, 0, 0)
    after = accepted(SEED004.advance(state, default, pairs((1, 1), (1, 1))))
    assert of_type(after.events, AllyCommitted) == []  # nobody committed anything


def test_S4_M2_naval_defaults_fight_accept_and_send_no_tiles() -> None:
    s = situation(attacker(fleets=1, alliance_tiles=1), defender(fleets=1, alliance_tiles=1),
                  region=SEA)
    state = accepted(declare(s)).state
    for power, step, side in ((FR, 0, ATTACKER), (RU, 1, DEFENDER)):
        assert state.awaiting == (power,) and state.step == step
        default = NavalDecisionBox(side).default(state, power)
        assert default == NavalDecision(power, step, True)
        state = accepted(SEED004.advance(state, default, pairs())).state
    assert state.cursor.node == "naval_tiles" and state.step == 2
    tiles = NavalTilesBox().default(state, RU)
    assert tiles == NavalTiles(RU, state.step, 0)
    state = accepted(SEED004.advance(state, tiles, pairs())).state
    assert state.awaiting == (FR,)


def test_L4_the_default_loss_is_an_army_and_a_bearer_of_one_kind_is_not_asked() -> None:
    """D loses the land battle with 2 armies and a fort: it chooses; the default, an army,
    leaves it 1 army and the fort. An attacker with armies only is never asked."""
    s = situation(attacker(armies=6), defender(armies=2, forts=1))
    state = accepted(declare(s, (6, 2), (3, 4))).state
    assert state.cursor.node == "land_loss_choice" and state.awaiting == (RU,)
    box = LandLossChoiceBox()
    assert box.awaited(state) == (RU,)
    default = box.default(state, RU)
    assert default == LossChoice(RU, state.step, "army")
    after = accepted(SEED004.advance(state, default, pairs())).state
    assert after.holding(RU).armies == 1 and after.holding(RU).forts == 1
