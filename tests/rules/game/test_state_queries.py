"""The game state's small queries: tiles a power holds (G38), copies left in the market (G7,
G40), and the market after a tile is taken or returned."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import Pieces, PowerState
from tests.rules.game.helpers import in_rounds
from tests.rules.game.scenarios import AF, BA, CA, ES, FR, GB, PR, ST, tiny


def test_G38_a_power_holds_0_of_a_tile_it_never_took() -> None:
    power = PowerState(FR, 5, 5, tiles=(("bank", 2),))
    assert power.held("bank") == 2
    assert power.held("reform") == 0


def test_G38_tiles_of_one_effect_are_counted_over_every_region() -> None:
    """Francia holds the alliance tiles of Baltico (1) and Stati Tedeschi (2): 3 in all, 1 for
    Baltico; none of the bank."""
    scenario = tiny(tiles=(TileSpec("alliance", 1, region=BA), TileSpec("alliance", 2, region=ST),
                           TileSpec("bank", 2, gold=5)))
    holdings: dict[str, Any] = {FR: {"tiles": ((f"alliance:{BA}", 1), (f"alliance:{ST}", 2))}}
    state = in_rounds(scenario=scenario, **holdings)
    assert state.held(FR, "alliance") == 3
    assert state.held(FR, "alliance", BA) == 1
    assert state.held(FR, "alliance", ST) == 2
    assert state.held(FR, "bank") == 0
    assert state.held(PR, "alliance") == 0


def test_G7_G40_the_market_counts_copies_per_tile() -> None:
    """tiny's market: alliance:Baltico 1, bank 2, army_training 2, reform 1, company:Caraibi 1.
    Taking a bank leaves 1 bank and every other tile as it was; a tile not sold has 0."""
    state = in_rounds()
    assert state.copies_left("bank") == 2
    assert state.copies_left("mercenaries") == 0
    taken = state.with_market("bank", -1)
    assert taken.market == (("alliance:Baltico", 1), ("bank", 1), ("army_training", 2),
                            ("reform", 1), ("company:Caraibi", 1))
    assert taken.copies_left("bank") == 1
    assert dataclasses.replace(taken, market=state.market) == state


def test_the_board_lists_pieces_by_seating_then_home_then_scenario_regions() -> None:
    """Seating Francia, Prussia, Gran Bretagna; tiny's regions Stati Tedeschi, Baltico,
    Caraibi, Nord America, Africa. Pieces placed in a scrambled order (Francia's Stati Tedeschi
    before its home) are listed: Francia home, Francia Stati Tedeschi, Francia Africa, Prussia
    home, Gran Bretagna Baltico, and last a power not seated (Spagna)."""
    state = in_rounds()
    for power, region in ((ES, CA), (GB, BA), (FR, AF), (FR, ST), (PR, None), (FR, None)):
        state = state.with_pieces(power, region, armies=1)
    assert [(p.power, p.region) for p in state.board] == [
        (FR, None), (FR, ST), (FR, AF), (PR, None), (GB, BA), (ES, CA)]



def test_pieces_changed_taken_away_or_placed_keep_the_board_in_order() -> None:
    """A place changed keeps its place in the list (Prussia's home, Francia's Africa); one
    left empty leaves it (Francia's Stati Tedeschi); a new one goes where it belongs (Gran
    Bretagna's home); and each step's lookups read the new pieces."""
    state = in_rounds()
    for power, region in ((ES, CA), (GB, BA), (FR, AF), (FR, ST), (PR, None), (FR, None)):
        state = state.with_pieces(power, region, armies=1)
    assert state.pieces(PR, None).armies == 1
    state = state.with_pieces(PR, None, armies=2, fleets=1)
    state = state.with_pieces(FR, AF, armies=-1, markers=1)
    state = state.with_pieces(FR, ST, armies=-1)
    state = state.with_pieces(GB, None, forts=1)
    assert [(p.power, p.region) for p in state.board] == [
        (FR, None), (FR, AF), (PR, None), (GB, None), (GB, BA), (ES, CA)]
    assert state.pieces(PR, None) == Pieces(PR, None, armies=3, fleets=1)
    assert state.pieces(FR, AF) == Pieces(FR, AF, markers=1)
    assert state.pieces(FR, ST) == Pieces(FR, ST)


@pytest.mark.parametrize("kind", ["armies", "fleets", "forts", "markers"])
def test_taking_away_pieces_a_power_does_not_have_is_a_programming_error(kind: str) -> None:
    state = in_rounds().with_pieces(FR, BA, armies=1, fleets=1, forts=1, markers=1)
    with pytest.raises(ValueError) as caught:
        state.with_pieces(FR, BA, **{kind: -2})
    assert str(caught.value) == f"Francia has too few pieces in Baltico: {{'{kind}': -2}}"
