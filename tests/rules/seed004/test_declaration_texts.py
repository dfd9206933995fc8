"""D1-D4, N0: each refused declaration says why in full, naming the power, the region and the
field it is about (read in English here; the Italian catalogue translates the same msgids)."""

from __future__ import annotations

import pytest

from guerra.rules.seed004.declaration import initial_state, refusal
from guerra.rules.seed004.model import AllyForce, Neutral, Situation
from guerra.rules.seed004.state import AttackState
from tests.rules.helpers import ES, FR, PR, RU, attacker, defender, situation


@pytest.mark.parametrize(("s", "text"), [
    (situation(attacker(), defender(power=FR)), "Francia cannot attack itself."),
    (situation(defender_is_ally=True),
     "Francia cannot attack Russia: they are allies in this war."),
    (situation(attacker(), defender(armies=0, control_markers=0)),
     "Russia has no units and no control markers in Stati Tedeschi: it cannot be attacked "
     "there."),
    (situation(attacker(armies=0)),
     "Francia needs at least one army or fleet in Stati Tedeschi to attack."),
    (situation(attacker(armies=0, fleets=1), neutral=Neutral(2)),
     "Against a neutral country only a land battle is fought: Francia needs at least one army "
     "in Stati Tedeschi."),
    (situation(attacker(gold=1)), "Declaring an attack costs 2 gold: Francia has only 1 gold."),
    (situation(attacker(gold=0)), "Declaring an attack costs 2 gold: Francia has only 0 gold."),
], ids=["D1-itself", "D1-ally", "D4-absent", "D2-no-units", "N0-no-army", "D3-gold-1", "D3-gold-0"])
def test_D1_D4_N0_a_refused_declaration_says_why(s: Situation, text: str) -> None:
    reason = refusal(s)
    assert reason is not None
    assert reason.render("en") == text


@pytest.mark.parametrize(("s", "text"), [
    (situation(attacker(power=" ")), "Field “attacker.power” must be a non-empty text."),
    (situation(d=defender(power="")), "Field “defender.power” must be a non-empty text."),
    (situation(d_allies=[AllyForce(PR, 1, 0), AllyForce(ES, 0, -2)]),
     "Field “defender_allies[1].fleets” cannot be negative."),
    (situation(attacker(armies=-1)), "Field “attacker.armies” cannot be negative."),
    (situation(attacker(), defender(forts=-1)), "Field “defender.forts” cannot be negative."),
    (situation(a_allies=[AllyForce(ES, -1, 0)]),
     "Field “attacker_allies[0].armies” cannot be negative."),
    (situation(neutral=Neutral(-1)), "Field “neutral.defense” cannot be negative."),
    (situation(neutral=Neutral(2, "gold", -1)), "Field “neutral.amount” cannot be negative."),
], ids=["empty-power", "empty-defender", "second-ally", "attacker", "defender", "ally",
        "neutral-defense", "neutral-amount"])
def test_a_declaration_with_impossible_numbers_names_the_field(s: Situation, text: str) -> None:
    reason = refusal(s)
    assert reason is not None
    assert reason.render("en") == text


@pytest.mark.parametrize(("s", "power"), [
    (situation(a_allies=[AllyForce(RU, 1, 0)]), RU),  # the defender invited by the attacker
    (situation(a_allies=[AllyForce(FR, 1, 0)]), FR),  # the attacker invited to its own attack
    (situation(a_allies=[AllyForce(ES, 1, 0)], d_allies=[AllyForce(ES, 1, 0)]), ES),
    (situation(d_allies=[AllyForce(PR, 1, 0), AllyForce(PR, 0, 1)]), PR),
], ids=["defender", "attacker", "both-sides", "twice"])
def test_A1_a_power_is_invited_once_and_never_to_its_own_attack(s: Situation,
                                                               power: str) -> None:
    reason = refusal(s)
    assert reason is not None
    assert reason.render("en") == (
        f"{power} cannot be invited twice, nor invited to its own attack.")


@pytest.mark.parametrize(("s", "text"), [
    (situation(attacker(), defender(power=FR)), "La Francia non può attaccare se stessa."),
    (situation(defender_is_ally=True),
     "La Francia non può attaccare la Russia: sono alleate in questa guerra."),
    (situation(attacker(armies=0)),
     "Per attaccare, la Francia deve avere almeno un'armata o una flotta negli Stati Tedeschi."),
    (situation(attacker(), defender(armies=0, control_markers=0)),
     "La Russia non ha unità né pedine controllo negli Stati Tedeschi: lì non può essere "
     "attaccata."),
    (situation(attacker(armies=-1)), "Il campo “attacker.armies” non può essere negativo."),
], ids=["D1-itself", "D1-ally", "D2", "D4", "negative"])
def test_D1_D2_D4_a_refused_declaration_reads_in_italian_with_its_articles(
    s: Situation, text: str
) -> None:
    reason = refusal(s)
    assert reason is not None
    assert reason.render("it") == text


def test_N1_a_neutral_of_reward_0_may_be_attacked() -> None:
    assert refusal(situation(attacker(armies=2), neutral=Neutral(2, "gold", 0))) is None
    assert refusal(situation(attacker(armies=2), neutral=Neutral(0))) is None


def test_D3_a_declared_attack_starts_at_the_declaration_box() -> None:
    state = initial_state(situation())
    assert isinstance(state, AttackState)
    assert state.cursor.node == "declared"
    assert [(h.power, h.side, h.ally) for h in state.holdings] == [
        (FR, "attacker", False), (RU, "defender", False)]
