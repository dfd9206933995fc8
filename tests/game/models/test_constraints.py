"""The database itself refuses impossible boards, whatever the code above it does."""

import pytest
from django.db import IntegrityError, transaction

from guerra.game.models import (
    GameEvent,
    Holding,
    Neutral,
    ScenarioLandLink,
    ScenarioNeutral,
    ScenarioTile,
    Seat,
    TileHolding,
)


@pytest.mark.parametrize("field", ["armies", "fleets", "forts", "control_markers"])
def test_a_holding_never_goes_below_zero(running_game, field):
    holding = Holding.objects.filter(game=running_game).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Holding.objects.filter(pk=holding.pk).update(**{field: -1})


@pytest.mark.parametrize("field", ["gold", "unrest", "vp"])
def test_a_seat_never_has_negative_gold_unrest_or_vp(running_game, field):
    seat = running_game.seats.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(**{field: -1})


def test_a_tile_count_never_goes_below_zero(running_game):
    tile = TileHolding.objects.filter(game=running_game).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        TileHolding.objects.filter(pk=tile.pk).update(count=-1)


def test_one_seat_per_power_in_a_game(lobby_game, make_user):
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            game=lobby_game, user=make_user("eva"), power="Francia", colour="#000000"
        )


def test_one_seat_per_user_in_a_game(lobby_game):
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            game=lobby_game, user=lobby_game.created_by, power="Spagna", colour="#000000"
        )


def test_one_holding_per_power_and_region(running_game):
    holding = Holding.objects.filter(game=running_game).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Holding.objects.create(game=running_game, region=holding.region, seat=holding.seat)


@pytest.mark.parametrize("defence", [0, 10])
def test_a_neutral_defence_is_between_1_and_9(running_game, scenario, defence):
    neutral = Neutral.objects.filter(game=running_game, kind="numbered").first()  # 1..9 (G6)
    with pytest.raises(IntegrityError), transaction.atomic():
        Neutral.objects.filter(pk=neutral.pk).update(defence=defence)
    spec = ScenarioNeutral.objects.filter(scenario=scenario, kind="numbered").first()
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioNeutral.objects.filter(pk=spec.pk).update(defence=defence)


def test_an_alliance_tile_kind_needs_a_region(scenario):
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioTile.objects.create(scenario=scenario, kind="alliance", region=None)


def test_G7_a_company_tile_needs_a_region_and_a_bank_has_none(scenario):
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioTile.objects.create(scenario=scenario, kind="company", region=None)
    bank = ScenarioTile.objects.get(scenario=scenario, kind="bank")
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioTile.objects.filter(pk=bank.pk).update(region=scenario.regions.first())


@pytest.mark.parametrize(
    "change", [{"defence": 2}, {"reward_kind": "gold", "amount": 2}, {"kind": "oro"}]
)
def test_G6_a_population_counter_has_no_defence_and_no_reward(scenario, change):
    counter = ScenarioNeutral.objects.filter(scenario=scenario, kind="population").first()
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioNeutral.objects.filter(pk=counter.pk).update(**change)


def test_G32_a_land_link_joins_two_regions_once(scenario):
    link = ScenarioLandLink.objects.filter(scenario=scenario).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioLandLink.objects.create(
            scenario=scenario, region_a=link.region_a, region_b=link.region_a
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        ScenarioLandLink.objects.create(
            scenario=scenario, region_a=link.region_b, region_b=link.region_a
        )


def test_event_sequence_numbers_are_unique_per_game(running_game):
    last = GameEvent.objects.filter(game=running_game).order_by("-seq").first()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameEvent.objects.create(game=running_game, seq=last.seq, kind="x")


def test_a_private_event_names_its_audience(running_game):
    with pytest.raises(IntegrityError), transaction.atomic():
        GameEvent.objects.create(game=running_game, seq=999, kind="x", visibility="power")
