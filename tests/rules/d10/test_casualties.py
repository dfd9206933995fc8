"""P5 and P9 of procedures/d10.md: whose units the losses of an exchange take, which kind the
owner loses (a choice where it has one, armies then fleets then forts by default), and the
unrest every lost unit brings."""

from __future__ import annotations

from guerra.rules.allocation import Allocation
from guerra.rules.d10 import D10_PROCEDURE
from guerra.rules.d10.inputs import Reinforce
from guerra.rules.d10.state import D10State
from guerra.rules.events import UnitLost, UnrestGained
from guerra.rules.flowchart import Accepted, Refused, Timeout
from tests.rules.d10.helpers import (
    AT,
    ES,
    FR,
    PR,
    RU,
    A,
    D,
    accepted,
    ally,
    attacker,
    control,
    d10,
    declare,
    defender,
    losses,
    run,
    situation,
    units,
    unrest,
)


def at_loss_choice(*faces: int, **fields: int) -> D10State:
    """Francia's two tens beat Russia's ones: Russia (2 armies, 2 fleets unless told) loses 2."""
    s = situation(attacker(armies=2), defender(**({"armies": 2, "fleets": 2} | fields)))
    state = accepted(declare(s, *faces)).state
    assert (state.cursor.node, state.awaiting) == ("loss_choice", (RU,))
    return state


def choose(state: D10State, *parts: tuple[str, int]) -> Accepted[D10State] | Refused[D10State]:
    return D10_PROCEDURE.advance(state, Allocation(RU, state.step, parts), d10())


# --- whose units ----------------------------------------------------------------------------------


def test_P5_defending_casualties_go_to_the_defending_reinforcements_first_in_order_of_arrival(
) -> None:
    s = situation(attacker(armies=1), defender(armies=2),
                  allies=[ally(AT, D, 1), ally(PR, D, 2), ally(ES, A, 2)])
    # First: Francia's 1 loses to 5. Austria (1) and Prussia (2) join; Spagna's two tens beat
    # two of the five defending nines: Austria, the first to arrive, loses 1, then Prussia 1.
    played = run(s, 1, 5, 5, 10, 10, 9, 9, 9, 9, 9)
    assert losses(played.events, AT) == {"army": 1}
    assert losses(played.events, PR) == {"army": 1}
    assert losses(played.events, RU) == {}
    assert played.state.outcome == "defender_wins"


def test_P5_the_defender_loses_once_the_defending_reinforcements_have_nothing_left() -> None:
    s = situation(attacker(armies=1), defender(armies=1), allies=[ally(AT, D, 1), ally(ES, A, 3)])
    played = run(s, 1, 2, 10, 10, 10, 1, 1)  # Spagna wins both pairs: Austria, then Russia
    assert losses(played.events, AT) == {"army": 1}
    assert losses(played.events, RU) == {"army": 1}
    assert played.state.outcome == "attacker_wins"


def test_P5_attacking_casualties_of_a_reinforcement_exchange_go_to_the_arriving_ally() -> None:
    s = situation(attacker(armies=2), defender(armies=3), allies=[ally(ES, A, 2)])
    # First: two (10, 9) for Francia: Russia 3 -> 1. Spagna's (1, 5) loses, its other 1 has
    # no partner.
    played = run(s, 10, 10, 9, 9, 1, 1, 1, 5)
    assert losses(played.events, ES) == {"army": 1}
    assert losses(played.events, FR) == {}
    assert units(played.state, FR) == (2, 0, 0)


# --- which kind -----------------------------------------------------------------------------------


def test_P5_within_a_power_armies_go_first_then_fleets_then_forts() -> None:
    s = situation(attacker(armies=3), defender(armies=1, fleets=1, forts=1))
    played = run(s, 10, 10, 10, 1, 1, 1)
    assert "loss_choice" not in played.state.cursor.path  # losing everything is no choice
    assert [(e.kind, e.count, e.rule) for e in played.events if isinstance(e, UnitLost)] == [
        ("army", 1, "P5"), ("fleet", 1, "P5"), ("fort", 1, "P5")]


def test_P5_a_fort_is_lost_only_when_no_army_or_fleet_is_left() -> None:
    s = situation(attacker(armies=2), defender(armies=1, forts=2))
    played = run(s, 10, 10, 1, 1, 1)
    assert "loss_choice" not in played.state.cursor.path  # one army, then a fort
    assert losses(played.events, RU) == {"army": 1, "fort": 1}
    assert units(played.state, RU) == (0, 0, 1)
    assert played.state.outcome == "defender_wins"


def test_P5_the_default_at_the_deadline_is_armies_first() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1)
    outcome = D10_PROCEDURE.advance(state, Timeout(state.step), d10())
    assert isinstance(outcome, Accepted)
    assert losses(outcome.events, RU) == {"army": 2}
    assert units(outcome.state, RU) == (0, 2, 0)
    assert D10_PROCEDURE.default_input(state, RU) == Allocation(
        RU, state.step, (("army", 2), ("fleet", 0)))


def test_P5_a_power_with_a_real_choice_chooses_the_kind_of_each_loss() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1)
    outcome = choose(state, ("army", 0), ("fleet", 2))
    assert isinstance(outcome, Accepted)
    assert losses(outcome.events, RU) == {"fleet": 2}
    assert units(outcome.state, RU) == (2, 0, 0)
    assert outcome.state.outcome == "defender_wins"


def test_P5_a_choice_may_split_the_losses_and_name_one_kind_only() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1)
    split = choose(state, ("fleet", 1), ("army", 1))
    assert isinstance(split, Accepted) and losses(split.events, RU) == {"army": 1, "fleet": 1}
    fleets = choose(state, ("fleet", 2))
    assert isinstance(fleets, Accepted) and losses(fleets.events, RU) == {"fleet": 2}


def test_P5_an_allocation_that_is_not_a_split_of_the_losses_is_refused_saying_why() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1)
    for parts, english in [
        ((("army", 1),), "Distribute exactly 2 units, not 1."),
        ((("army", 1), ("fleet", 2)), "Distribute exactly 2 units, not 3."),
        ((("army", 3), ("fleet", -1)), "At most 2 on “armies”."),
        ((("fleet", -1), ("army", 3)), "A number of units cannot be negative."),
        ((("army", 1), ("fort", 1)), "“fort” cannot take any of it."),
        ((("army", 1), ("army", 1)), "Each part may be named only once."),
    ]:
        outcome = choose(state, *parts)
        assert isinstance(outcome, Refused), parts
        assert (outcome.code, outcome.state) == ("invalid", state)
        assert outcome.reason.render("en") == english
    for parts, italian in [
        ((("fleet", -1), ("army", 3)), "Il numero di unità non può essere negativo."),
        ((("army", 1),), "Distribuisci esattamente 2 unità, non 1."),
        ((("army", 3), ("fleet", -1)), "Al massimo 2 su “armate”."),
    ]:
        outcome = choose(state, *parts)
        assert isinstance(outcome, Refused) and outcome.reason.render() == italian


def test_P5_a_fleet_cap_is_the_fleets_the_power_has() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, armies=2, fleets=1)
    outcome = choose(state, ("army", 0), ("fleet", 2))
    assert isinstance(outcome, Refused)
    assert outcome.reason.render("en") == "At most 1 on “fleets”."


def test_P5_a_fort_is_refused_while_an_army_or_a_fleet_could_go_instead() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1, armies=1, fleets=2, forts=1)
    outcome = choose(state, ("army", 1), ("fort", 1))
    assert isinstance(outcome, Refused)
    assert outcome.reason.render("en") == "“fort” cannot take any of it."


def test_P5_another_kind_of_input_at_the_loss_choice_is_refused() -> None:
    state = at_loss_choice(10, 10, 1, 1, 1, 1)
    outcome = D10_PROCEDURE.advance(state, Reinforce(RU, state.step, 1, 1), d10())
    assert isinstance(outcome, Refused)
    assert outcome.reason.render() == "Non è questa la decisione attesa ora."


def test_P5_an_arriving_ally_with_both_kinds_chooses_its_own_losses() -> None:
    s = situation(attacker(armies=1), defender(armies=2), allies=[ally(ES, A, 1, 1)])
    # First: (1, 5): Francia 1 -> 0. Spagna's (4, 5) loses, (4, 1) wins.
    state = accepted(declare(s, 1, 5, 5)).state
    outcome = D10_PROCEDURE.advance(state, Reinforce(ES, state.step, 1, 1), d10(4, 4, 5, 1))
    assert isinstance(outcome, Accepted)
    state = outcome.state
    assert (state.cursor.node, state.awaiting) == ("loss_choice", (ES,))
    # Russia's loss has no choice: it is taken at once, while Spagna chooses.
    assert losses(outcome.events, RU) == {"army": 1} and losses(outcome.events, ES) == {}
    outcome = D10_PROCEDURE.advance(state, Allocation(ES, state.step, (("fleet", 1),)), d10())
    assert isinstance(outcome, Accepted)
    assert losses(outcome.events, ES) == {"fleet": 1}
    assert losses(outcome.events, RU) == {}
    assert outcome.state.outcome == "defender_wins"


# --- P9 -------------------------------------------------------------------------------------------


def test_P9_every_unit_lost_gives_its_owner_one_unrest() -> None:
    s = situation(attacker(armies=1), defender(armies=2),
                  allies=[ally(AT, D, 1), ally(PR, D, 2), ally(ES, A, 2)])
    played = run(s, 1, 5, 5, 10, 10, 9, 9, 9, 9, 9)  # as in the first P5 test
    assert {p: unrest(played.events, p) for p in (FR, RU, AT, PR, ES)} == {
        FR: 1, RU: 0, AT: 1, PR: 1, ES: 0}
    assert {e.rule for e in played.events if isinstance(e, UnrestGained)} == {"P9"}


def test_P9_forts_lost_bring_unrest_too() -> None:
    played = run(situation(attacker(armies=3), defender(armies=1, fleets=1, forts=1)),
                 10, 10, 10, 1, 1, 1)
    assert unrest(played.events, RU) == 3 and unrest(played.events, FR) == 0
    assert sorted(control(played.events)) == [("placed", FR), ("removed", RU)]
