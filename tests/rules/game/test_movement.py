"""G31-G33: Move: two units each moved once, land links, sea moves, ocean voyages, storms."""

from __future__ import annotations

from guerra.rules.events import UnrestGained
from guerra.rules.game.events import LostAtSea, Moved, StormRolled
from guerra.rules.game.inputs import Move, UnitMove
from guerra.rules.game.movement import ocean_voyage
from guerra.rules.game.options import destinations
from guerra.rules.game.scenario import MobileKind
from guerra.rules.game.state import Pieces
from tests.rules.game.helpers import in_rounds, of_type, play, refused
from tests.rules.game.scenarios import AF, BA, CA, FR, NA, PR, ST, tiny

# tiny(): Stati Tedeschi (no sea) - Baltico (sea) by land; Francia's home links to Stati
# Tedeschi, Prussia's to Stati Tedeschi and Baltico; Caraibi and Nord America are American
# colonies, Africa a colony outside the block.


def _move(*moves: tuple[MobileKind, str | None, str | None]) -> Move:
    return Move(FR, 0, tuple(UnitMove(kind, a, b) for kind, a, b in moves))


def test_G31_a_move_moves_up_to_two_units() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=3)])
    moved = play(state, _move(("army", None, ST), ("army", None, ST))).state
    assert moved.pieces(FR, ST).armies == 2 and moved.pieces(FR, None).armies == 1
    three = _move(("army", None, ST), ("army", None, ST), ("army", None, ST))
    assert refused(state, three).render() == "Un'azione Muovi sposta al massimo 2 unità."


def test_G31_each_unit_moves_once() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=1)])
    twice = _move(("army", None, ST), ("army", ST, BA))  # the same army on to Baltico
    assert refused(state, twice).msgid == (
        "{power} has not that many units there to move: each unit moves once.")


def test_G31_forts_never_move_and_entering_never_starts_a_battle() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1, forts=1), Pieces(PR, BA, armies=5)])
    moved = play(state, _move(("army", ST, BA))).state
    assert moved.pieces(FR, BA).armies == 1 and moved.pieces(PR, BA).armies == 5  # stacked
    assert moved.pieces(FR, ST).forts == 1 and moved.attack is None
    fort = Move(FR, 0, (UnitMove("fort", ST, BA),))  # type: ignore[arg-type]
    assert refused(state, fort).msgid == "Only armies and fleets move; forts never do."


def test_G32_an_army_follows_a_land_link() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(FR, None, armies=1)])
    result = play(state, _move(("army", ST, BA), ("army", None, ST)))
    assert [(e.source, e.target, e.by_sea) for e in of_type(result.events, Moved)] == [
        (ST, BA, False), (None, ST, False)]
    # No land link from Francia's home to Baltico, and no fleet there: refused.
    home = in_rounds(pieces=[Pieces(FR, None, armies=1)])
    assert refused(home, _move(("army", None, BA))).msgid.startswith(
        "An army goes by sea only to a region where its power has a fleet")


def test_G32_an_army_goes_by_sea_where_its_power_has_a_fleet_on_arrival() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=1, fleets=1)])
    # The fleet moved first in the same action counts at Baltico for the army after it.
    result = play(state, _move(("fleet", None, BA), ("army", None, BA)))
    assert result.state.pieces(FR, BA) == Pieces(FR, BA, armies=1, fleets=1)
    assert [e.by_sea for e in of_type(result.events, Moved)] == [True, True]
    # In the other order the army finds no fleet there.
    assert refused(state, _move(("army", None, BA), ("fleet", None, BA))).msgid.startswith(
        "An army goes by sea only")


def test_G32_a_landlocked_region_is_reached_only_by_land() -> None:
    state = in_rounds(pieces=[Pieces(FR, BA, armies=1, fleets=1)])
    assert refused(state, _move(("fleet", BA, ST))).msgid == (
        "A fleet moves only between places with sea.")
    assert play(state, _move(("army", BA, ST))).state.pieces(FR, ST).armies == 1  # by land


def test_G32_a_fleet_moves_between_any_places_with_sea() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, fleets=1)])
    assert {t for t, _r in destinations(state, FR, "fleet", None)} == {BA, CA, NA, AF}


def test_G32_units_may_always_go_back_home() -> None:
    state = in_rounds(pieces=[Pieces(FR, CA, armies=1, fleets=1), Pieces(FR, BA, armies=1)])
    result = play(state, _move(("army", CA, None), ("fleet", CA, None)), dice=[6, 6])
    assert result.state.pieces(FR, None) == Pieces(FR, None, armies=1, fleets=1)
    # From Baltico there is no land link to Francia's home and no fleet to carry the army.
    assert refused(state, _move(("army", BA, None))).msgid.startswith(
        "An army goes home by sea only")


def test_G32_no_power_enters_another_powers_home() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1)])
    assert PR not in state.scenario.region_by_name  # a home is no place to move to
    assert refused(state, _move(("army", ST, PR))).msgid == (
        "“{region}” is not a region of this game.")


def test_G33_ocean_voyages_are_europe_colony_and_colony_colony_outside_the_americas() -> None:
    state = in_rounds()
    assert ocean_voyage(state, None, CA) and ocean_voyage(state, BA, AF)
    assert ocean_voyage(state, CA, AF)  # two colonies, not both American
    assert not ocean_voyage(state, CA, NA)  # inside the American block
    assert not ocean_voyage(state, None, BA)  # within Europe


def test_G33_a_unit_on_an_ocean_voyage_is_lost_at_sea_on_a_1() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=1, fleets=1)])
    result = play(state, _move(("fleet", None, CA), ("army", None, CA)), dice=[4, 1])
    assert result.state.pieces(FR, CA) == Pieces(FR, CA, fleets=1)  # the army sank
    assert result.state.power(FR).unrest == 1
    assert of_type(result.events, StormRolled) == [StormRolled(FR, "fleet", 4)]
    assert of_type(result.events, LostAtSea) == [LostAtSea(FR, "army", CA, 1)]
    assert of_type(result.events, UnrestGained) == [UnrestGained(FR, 1, "G33")]
    assert result.state.supply_left(FR, "army") == 14  # back to the supply


def test_G33_no_storm_inside_europe_or_the_american_block_or_with_storms_off() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, fleets=1), Pieces(FR, CA, fleets=1)])
    calm = play(state, _move(("fleet", None, BA), ("fleet", CA, NA)), dice=[])
    assert not of_type(calm.events, StormRolled) and not of_type(calm.events, LostAtSea)
    off = in_rounds(scenario=tiny(storms=False), pieces=[Pieces(FR, None, fleets=1)])
    assert play(off, _move(("fleet", None, CA)), dice=[]).state.pieces(FR, CA).fleets == 1


def test_G33_a_refused_move_rolls_no_die() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, fleets=1)])
    reason = refused(state, _move(("fleet", None, CA), ("fleet", None, AF)), dice=[])
    assert reason.msgid == (  # one fleet only; no die was there to roll
        "{power} has not that many units there to move: each unit moves once.")


def test_G33_destinations_tell_ocean_voyages_apart() -> None:
    state = in_rounds(pieces=[Pieces(FR, CA, fleets=1)])
    routes = dict(destinations(state, FR, "fleet", CA))
    assert routes[NA].voyage is False and routes[AF].voyage is True
    assert routes[None].voyage is True and routes[BA].voyage is True


def test_G31_a_refused_move_says_why() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=3), Pieces(FR, BA, armies=1)])
    assert refused(state, _move()).render("en") == "Choose at least one unit to move."
    three = _move(("army", None, ST), ("army", None, ST), ("army", None, ST))
    assert refused(state, three).render("en") == "A Move moves at most 2 units."
    assert refused(state, _move(("army", "Atlantide", ST))).render("en") == (
        "“Atlantide” is not a region of this game.")
    twice = _move(("army", BA, ST), ("army", BA, ST))  # one army in Baltico, moved twice
    assert refused(state, twice).render("en") == (
        "Francia has not that many units there to move: each unit moves once.")
    assert refused(state, _move(("army", BA, "Atlantide"))).render("en") == (
        "“Atlantide” is not a region of this game.")
    assert refused(state, _move(("army", BA, BA))).render("en") == (
        "A unit must move to another place.")


def test_G32_a_fleet_sails_only_from_a_place_with_sea() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, fleets=1)])  # a fleet where no sea is (by hand)
    assert refused(state, _move(("fleet", ST, BA))).render("en") == (
        "A fleet moves only between places with sea.")


def test_G32_an_army_carried_by_sea_needs_its_fleet_there_the_refusals_say_so() -> None:
    state = in_rounds(pieces=[Pieces(FR, None, armies=1), Pieces(FR, CA, armies=1)])
    assert refused(state, _move(("army", None, BA))).render("en") == (
        "An army goes by sea only to a region where its power has a fleet (a fleet moved "
        "earlier in the same action counts).")
    assert refused(state, _move(("army", CA, None))).render("en") == (
        "An army goes home by sea only from a region where its power has a fleet.")


def test_G32_an_army_in_a_landlocked_region_leaves_only_by_a_land_link() -> None:
    # A fleet of its own waits in Caraibi, but Stati Tedeschi has no sea to sail from.
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1), Pieces(FR, CA, fleets=1)])
    assert refused(state, _move(("army", ST, CA))).render("en") == (
        "From Stati Tedeschi no land link leads there, and it has no sea.")


def test_G32_a_landlocked_region_without_a_land_link_cannot_be_reached() -> None:
    state = in_rounds(pieces=[Pieces(FR, CA, armies=1, fleets=1)])
    assert refused(state, _move(("army", CA, ST))).render("en") == (
        "No land link leads to Stati Tedeschi, which has no sea.")


def test_G32_an_army_goes_home_by_its_homes_land_link() -> None:
    state = in_rounds(pieces=[Pieces(FR, ST, armies=1)])  # Francia's home links to ST
    result = play(state, _move(("army", ST, None)), dice=[])
    assert of_type(result.events, Moved) == [Moved(FR, "army", ST, None, False, False)]
    assert result.state.pieces(FR, None).armies == 1 and result.state.pieces(FR, ST).armies == 0


def test_G33_an_army_going_home_by_sea_from_a_colony_is_on_an_ocean_voyage() -> None:
    state = in_rounds(pieces=[Pieces(FR, CA, armies=1, fleets=1)])
    result = play(state, _move(("army", CA, None)), dice=[6])
    assert of_type(result.events, Moved) == [Moved(FR, "army", CA, None, True, True)]
    assert of_type(result.events, StormRolled) == [StormRolled(FR, "army", 6)]
    assert result.state.pieces(FR, None).armies == 1


def test_G33_an_army_carried_inside_the_american_block_rolls_no_storm_die() -> None:
    state = in_rounds(pieces=[Pieces(FR, CA, armies=1), Pieces(FR, NA, fleets=1)])
    result = play(state, _move(("army", CA, NA)), dice=[])  # no die to roll
    assert of_type(result.events, Moved) == [Moved(FR, "army", CA, NA, True, False)]
    assert result.state.pieces(FR, NA) == Pieces(FR, NA, armies=1, fleets=1)
