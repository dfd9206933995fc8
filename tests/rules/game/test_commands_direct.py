"""`war-end` and `auction` (game-rules.md section 5) called as functions, without the command
line: the refusals of malformed snapshots and auctions, each with its whole Italian line (the
field it names included), and the defaults of optional fields.

tests/rules/game/test_commands.py checks the rules through the command line; these check the
plumbing of guerra/rules/game/commands.py: which field a message names, which fields may be
left out and what they then mean. Expected numbers are worked out by hand from the spec.
"""

from __future__ import annotations

from typing import Any

import pytest

from guerra.rules.game.commands import auction, war_end
from guerra.rules.jsonvalue import DataError
from tests.rules.game.helpers import power, region

FR, PR, ES = "Francia", "Prussia", "Spagna"
ST, IN = "Stati Tedeschi", "India"


def snapshot(powers: list[Any], regions: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"last_war": False,
                            "regions": regions if regions is not None
                            else [region(ST, True, [8, 5, 3])],
                            "powers": powers}
    case.update(extra)
    return case


def refusal(command: Any, case: dict[str, Any]) -> str:
    """The Italian line a refused case prints."""
    with pytest.raises(DataError) as caught:
        command(case)
    return caught.value.message.render()


def propose(who: str, bid: int, **sides: str) -> dict[str, Any]:
    return {"power": who, "propose": dict(sides), "bid": bid}


def table(calls: list[Any], **extra: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"seating": [FR, PR, ES], "first_opener": FR,
                            "gold": {FR: 5, PR: 5, ES: 5}, "calls": calls}
    case.update(extra)
    return case


# --- war-end: the snapshot's shape ---------------------------------------------------------------

def test_war_end_a_power_that_is_not_an_object_names_its_index() -> None:
    assert refusal(war_end, snapshot([power(FR), 7])) == (
        "Il campo “powers[1]” deve essere un oggetto.")


def test_war_end_a_power_without_a_name_names_its_field() -> None:
    second = power(PR)
    del second["power"]
    assert refusal(war_end, snapshot([power(FR), second])) == (
        "Manca il campo “powers[1].power”.")


def test_war_end_a_power_listed_twice_is_refused() -> None:
    assert refusal(war_end, snapshot([power(FR), power(PR), power(FR, gold=3)])) == (
        "“Francia” compare due volte in “powers”.")


def test_war_end_a_region_listed_twice_is_refused() -> None:
    regions = [region(ST, True, [8, 5, 3]), region(IN, False, [5, 3]), region(ST, True, [1])]
    assert refusal(war_end, snapshot([power(FR)], regions)) == (
        "“Stati Tedeschi” compare due volte in “regions”.")


def test_war_end_a_region_vp_that_is_not_a_number_names_its_region() -> None:
    regions = [region(ST, True, [8, 5, 3]), region(IN, False, [5, "tre"])]
    assert refusal(war_end, snapshot([power(FR)], regions)) == (
        "Il campo “regions[1].vp” deve essere un numero intero.")


def test_war_end_a_region_without_vp_or_europe_names_the_missing_field() -> None:
    no_vp = {"name": IN, "europe": False}
    assert refusal(war_end, snapshot([power(FR)], [region(ST, True, [8, 5, 3]), no_vp])) == (
        "Manca il campo “regions[1].vp”.")
    no_europe = {"name": IN, "vp": [5, 3]}
    assert refusal(war_end, snapshot([power(FR)], [region(ST, True, [8, 5, 3]), no_europe])) == (
        "Manca il campo “regions[1].europe”.")


@pytest.mark.parametrize("vp", [[], [8, 5, 3, 1]], ids=["none", "four"])
def test_G54_a_region_lists_the_vp_of_one_to_three_places(vp: list[int]) -> None:
    regions = [region(IN, False, [5, 3]), region(ST, True, vp)]
    assert refusal(war_end, snapshot([power(FR)], regions)) == (
        "Il campo “regions[1].vp” elenca i PV del 1°, del 2° (e del 3°) posto.")


def test_G54_a_region_scoring_only_a_first_place() -> None:
    """Reading: "vp" may list one value (only 1st place scores). India [4]: Francia (2 markers)
    1st -> 4; Prussia (1) 2nd, no VP for it: 0, left out of its scores."""
    case = snapshot([power(FR, markers={IN: 2}), power(PR, markers={IN: 1})],
                    [region(IN, False, [4])])
    powers = war_end(case)["powers"]
    assert isinstance(powers, dict)
    assert powers[FR] == {"income": 2, "maintenance": 0, "taxed_unrest": 0, "gold": 2,
                          "population": 3, "unrest": 0, "vp": 4, "scores": {IN: 4}}
    assert powers[PR] == {"income": 1, "maintenance": 0, "taxed_unrest": 0, "gold": 1,
                          "population": 3, "unrest": 0, "vp": 0, "scores": {}}


def test_G54_a_colony_scores_two_places_even_if_it_lists_three_vp() -> None:
    """India lists 5/3/1 but is a colony: 2 places. Counts 3, 2, 1: Francia 5, Prussia 3,
    Spagna (3rd place) nothing. Stati Tedeschi (Europe, 8/5/3), the same counts: 8, 5, 3."""
    markers = {FR: 3, PR: 2, ES: 1}
    case = snapshot([power(p, markers={IN: n, ST: n}) for p, n in markers.items()],
                    [region(IN, False, [5, 3, 1]), region(ST, True, [8, 5, 3])])
    powers: Any = war_end(case)["powers"]
    assert {p: v["scores"] for p, v in powers.items()} == {
        FR: {IN: 5, ST: 8}, PR: {IN: 3, ST: 5}, ES: {ST: 3}}


def test_war_end_markers_that_are_not_an_object_name_their_field() -> None:
    assert refusal(war_end, snapshot([power(FR), power(PR, markers=[ST])])) == (
        "Il campo “powers[1].markers” deve essere un oggetto.")


def test_G50_G53_war_end_optional_fields_left_out() -> None:
    """"last_war" (default false: no rank, penalty or revolution), "population_growth"
    (default 3, G53), a power's "tile_income" (default 0) and "markers" (default none) may be
    left out. Francia: population 4 -> income 4, gold 1 + 4 = 5, population 4 + 3 = 7."""
    fr = power(FR, gold=1, population=4, unrest=25, vp=6)
    del fr["tile_income"], fr["markers"]
    case = {"regions": [region(ST, True, [8, 5, 3])], "powers": [fr]}
    assert war_end(case) == {"powers": {FR: {
        "income": 4, "maintenance": 0, "taxed_unrest": 0, "gold": 5, "population": 7,
        "unrest": 25, "vp": 6, "scores": {}}}}


# --- auction: the case's shape -----------------------------------------------------------------

@pytest.mark.parametrize("seating", [[FR, 3, PR], [FR, "", PR]], ids=["number", "empty"])
def test_auction_a_seat_that_is_not_a_name_is_refused(seating: list[Any]) -> None:
    assert refusal(auction, table([], seating=seating, gold={})) == (
        "Il campo “seating” deve essere un testo non vuoto.")


@pytest.mark.parametrize("seating", [[FR, PR, FR], [FR]], ids=["twice", "alone"])
def test_G21_the_seating_lists_at_least_two_different_powers(seating: list[str]) -> None:
    assert refusal(auction, table([], seating=seating, gold={})) == (
        "“seating” elenca almeno due potenze diverse.")


def test_G26_gold_left_out_is_0_and_the_winner_is_taxed() -> None:
    """No "gold" at all: every power has 0. Francia wins at 3: shortfall 3 -> ceil(3/2) = 2
    unrest."""
    case = table([propose(FR, 3, A=FR, B=PR), {"power": PR, "pass": True},
                  {"power": ES, "pass": True}])
    del case["gold"]
    result = auction(case)
    assert result["paid"] == {FR: 3, PR: 0, ES: 0}
    assert result["unrest"] == {FR: 2, PR: 0, ES: 0}


def test_G26_a_power_left_out_of_gold_has_0() -> None:
    """Spagna is not in "gold": it has 0, wins at 3 and is taxed 2 unrest (shortfall 3)."""
    calls = [propose(FR, 0, A=FR, B=PR), propose(PR, 1, A=PR, B=FR), propose(ES, 3, A=ES, B=FR),
             {"power": FR, "pass": True}, {"power": PR, "pass": True}]
    result = auction(table(calls, gold={FR: 5, PR: 5}))
    assert result["paid"] == {FR: 0, PR: 0, ES: 3}
    assert result["unrest"] == {FR: 0, PR: 0, ES: 2}
    assert result["slots"] == [ES, FR]


def test_auction_gold_that_is_not_an_object_is_refused() -> None:
    assert refusal(auction, table([], gold=[5, 5, 5])) == (
        "Il campo “gold” deve essere un oggetto.")


def test_G1_auction_gold_of_an_unknown_power_is_refused() -> None:
    assert refusal(auction, table([], gold={FR: 1, "Olanda": 2})) == (
        "“Olanda” non è una potenza di questa partita.")


def test_auction_a_call_that_is_not_an_object_names_its_index() -> None:
    assert refusal(auction, table([propose(FR, 0, A=FR, B=PR), "passo"])) == (
        "Il campo “calls[1]” deve essere un oggetto.")


def test_auction_a_call_without_a_power_names_its_field() -> None:
    assert refusal(auction, table([propose(FR, 0, A=FR, B=PR), {"pass": True}])) == (
        "Manca il campo “calls[1].power”.")


@pytest.mark.parametrize(
    "extra", [{"bid": 1}, {"propose": {"A": ES}}], ids=["bid", "proposal"])
def test_G24_a_pass_names_no_proposal_and_no_bid(extra: dict[str, Any]) -> None:
    calls = [propose(FR, 0, A=FR, B=PR), {"power": PR, "pass": True, **extra}]
    assert refusal(auction, table(calls)) == (
        "Chi passa non indica proposte né offerte (calls[1]).")


def test_auction_a_proposal_that_is_not_an_object_names_its_field() -> None:
    calls = [propose(FR, 0, A=FR, B=PR), {"power": PR, "propose": [ES], "bid": 1}]
    assert refusal(auction, table(calls)) == "Il campo “calls[1].propose” deve essere un oggetto."


@pytest.mark.parametrize("sides", [{}, {"A": FR, "C": PR}], ids=["empty", "side-C"])
def test_G22_a_proposal_names_powers_for_A_and_B_only(sides: dict[str, str]) -> None:
    calls = [propose(FR, 0, A=FR, B=PR), {"power": PR, "propose": sides, "bid": 1}]
    assert refusal(auction, table(calls)) == (
        "Il campo “calls[1].propose” indica le potenze per “A” e “B”.")


def test_G22_a_proposed_power_that_is_not_a_name_names_its_side() -> None:
    calls = [{"power": FR, "propose": {"A": FR, "B": 2}, "bid": 0}]
    assert refusal(auction, table(calls)) == (
        "Il campo “calls[0].propose.B” deve essere un testo non vuoto.")


def test_G23_an_opening_proposal_without_a_bid_bids_0() -> None:
    """Reading: an opener's proposal without "bid" bids 0; the next call is Prussia's at 0."""
    result = auction(table([{"power": FR, "propose": {"A": FR, "B": PR}}]))
    assert result["next"] == {"power": PR, "call": "raise_or_pass", "bid": 0}


@pytest.mark.parametrize("call", [{"power": FR}, {"power": FR, "pass": False}],
                         ids=["nothing", "pass-false"])
def test_G22_G24_a_call_passes_proposes_or_raises(call: dict[str, Any]) -> None:
    assert refusal(auction, table([call])) == (
        "Una chiamata passa, propone o rilancia (calls[0]).")


def test_G24_a_raise_without_a_bid_is_refused() -> None:
    """Prussia replaces the proposal but names no bid: a raise must bid more than 0."""
    calls = [propose(FR, 0, A=FR, B=PR), {"power": PR, "propose": {"A": PR, "B": ES}}]
    assert refusal(auction, table(calls)) == (
        "Chiamata 2: Un rilancio deve offrire più di 0 ori.")
