"""What the table reads when an attack ends and when a 7 costs a unit: the winner by name with
its side, and the reason for the extra loss in words."""

from __future__ import annotations

from guerra.rules.events import AttackEnded, UnitLost
from tests.rules.helpers import FR, SEA, attacker, defender, of_type, run, situation

CALM = (1, 1)


def texts(events: object, kind: type) -> list[str]:
    assert isinstance(events, tuple)
    return [e.describe().render() for e in of_type(events, kind)]


def test_L3_the_end_of_an_attack_names_the_winner_and_its_side() -> None:
    won = run(situation(attacker(armies=3), defender(armies=1)), (6, 2), CALM)  # A +4, D +0
    assert texts(won.events, AttackEnded) == ["L'attacco è concluso: vince la Francia "
                                              "(attaccante)."]
    held = run(situation(attacker(armies=1), defender(armies=3)), CALM, (6, 2))  # D +4
    assert texts(held.events, AttackEnded) == ["L'attacco è concluso: vince la Russia "
                                               "(difensore)."]
    even = run(situation(attacker(armies=1), defender(armies=1)), CALM, CALM)
    assert texts(even.events, AttackEnded) == ["L'attacco è concluso: pareggio."]


def test_L6_an_extra_loss_for_a_7_says_why() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1)), (6, 1), CALM)  # A rolls 7
    assert "È uscito un 7: la Francia perde un'armata in più." in texts(played.events, UnitLost)
    assert "La Russia perde 1 armata." in texts(played.events, UnitLost)  # the regular loss


def test_M5_an_extra_fleet_lost_for_a_7_says_why() -> None:
    s = situation(attacker(fleets=2), defender(fleets=1), region=SEA)
    played = run(s, (3, 4), CALM, CALM, CALM)  # A: 2 + 1 = 3 beats D: 1, and A rolled a 7
    assert texts(played.events, UnitLost)[:2] == ["La Russia perde 1 flotta.",
                                                  "È uscito un 7: la Francia perde una flotta "
                                                  "in più."]
    assert of_type(played.events, UnitLost)[1] == UnitLost(FR, "fleet", 1, "M5")
