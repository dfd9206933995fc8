"""The steps' writes with their SQL made once per connection: each writes what Django's own
`update()` and `bulk_create()` would, and refuses what it does not write alike."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guerra.game.models import ChatKind, ChatMessage, DiceRoll, Game, GameEvent, Seat, Visibility
from guerra.runtime import prepared

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _prepared_sql(settings):
    """These tests are the prepared SQL's, whatever GUERRA_PREPARED_SQL says
    (tests/runtime/test_stock.py checks the plain ORM's way)."""
    settings.GUERRA_PREPARED_SQL = True


def stored(instance):
    """A row as read back from the database, without its key."""
    row = type(instance).objects.filter(pk=instance.pk).values().get()
    row.pop("id")
    return row


def test_an_update_sets_the_values_where_every_condition_holds(running_game):
    france = Seat.objects.get(game=running_game, power="Francia")
    assert prepared.update(Seat, {"pk": france.pk}, {"gold": 17, "unrest": 3}) == 1
    france.refresh_from_db()
    assert (france.gold, france.unrest) == (17, 3)
    step = running_game.step
    assert prepared.update(Game, {"pk": running_game.pk, "step": step + 1}, {"step": 99}) == 0
    assert Game.objects.get(pk=running_game.pk).step == step
    assert prepared.update(Game, {"pk": running_game.pk, "step": step}, {"step": step + 1}) == 1
    assert Game.objects.get(pk=running_game.pk).step == step + 1


def test_an_update_stores_json_and_relations_as_django_does(running_game):
    event = GameEvent.objects.filter(game=running_game).first()
    other = GameEvent.objects.filter(game=running_game).last()
    seat = Seat.objects.filter(game=running_game).first()
    payload = {"parole": "città", "n": [1, 2, None], "vero": True}
    GameEvent.objects.filter(pk=other.pk).update(payload=payload, actor_id=seat.pk)
    prepared.update(GameEvent, {"pk": event.pk}, {"payload": payload, "actor_id": seat.pk})
    assert GameEvent.objects.get(pk=event.pk).payload == payload
    assert GameEvent.objects.get(pk=event.pk).actor_id == seat.pk
    raw = "SELECT payload, actor_id FROM game_gameevent WHERE id = %s"
    with connection.cursor() as cursor:
        cursor.execute(raw, [event.pk])
        mine = cursor.fetchone()
        cursor.execute(raw, [other.pk])
        djangos = cursor.fetchone()
    assert mine == djangos


@pytest.mark.parametrize("where, values", [
    ({"pk": "1"}, {"gold": 1}),  # a condition that is not a whole number
    ({"pk": None}, {"gold": 1}),
    ({"pk": 1}, {}),
    ({}, {"gold": 1}),
    ({"pk": 1}, {"user": 1}),  # a relation by its name, not its column
    ({"pk": 1}, {"holdings": 1}),  # no column of the seat's own
])
def test_an_update_refuses_what_it_would_not_write_as_django_does(running_game, where, values):
    with pytest.raises(TypeError):
        prepared.update(Seat, where, values)


def test_inserted_rows_get_their_keys_in_order_and_the_values_django_stores(running_game):
    france = Seat.objects.get(game=running_game, power="Francia")
    made = [DiceRoll(game=running_game, number=1000 + i, face=i % 6 + 1, sides=6,
                     reason="prova") for i in range(5)]
    with CaptureQueriesContext(connection) as queries:
        prepared.insert(made)
    assert len(queries) == 1
    assert all(roll.pk is not None and not roll._state.adding for roll in made)
    for roll in made:
        assert DiceRoll.objects.get(pk=roll.pk).number == roll.number  # each its own key
    message = prepared.insert([ChatMessage(
        game=running_game, kind=ChatKind.ALLIANCE, war=1, side=1, sender=france, text="Ciao")])[0]
    django = ChatMessage.objects.create(
        game=running_game, kind=ChatKind.ALLIANCE, war=1, side=1, sender=france, text="Ciao")
    assert message.created_at is not None  # auto_now_add, filled in as Django would
    mine, djangos = stored(message), stored(django)
    assert mine.pop("created_at") <= djangos.pop("created_at")
    assert mine == djangos


def test_inserted_json_reads_back_as_written(running_game):
    events = [GameEvent(game=running_game, seq=10_000 + i, kind="game_step", war=1,
                        visibility=Visibility.ALL, chain_seq=10_000 + i,
                        payload={"made": "prova", "events": [{"type": "gold", "n": i}]})
              for i in range(3)]
    prepared.insert(events)
    for event in events:
        assert GameEvent.objects.get(pk=event.pk).payload == event.payload


def test_many_rows_go_to_django_s_own_bulk_create(running_game):
    made = [DiceRoll(game=running_game, number=2000 + i, face=1, sides=6, reason="prova")
            for i in range(prepared.MAX_PARAMETERS)]
    prepared.insert(made)
    assert DiceRoll.objects.filter(game=running_game, number__gte=2000).count() == len(made)
    assert all(roll.pk is not None for roll in made)


def test_insert_refuses_saved_instances_and_mixed_models(running_game):
    seat = Seat.objects.get(game=running_game, power="Francia")
    with pytest.raises(TypeError):
        prepared.insert([seat])
    with pytest.raises(TypeError):
        prepared.insert([DiceRoll(game=running_game, number=1, face=1), seat])
    assert prepared.insert([]) == []
