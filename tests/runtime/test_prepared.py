"""Prepared read queries: Django compiles their SQL once per connection, later runs bind values.
Each answers what the same queryset answers through the ORM, and refuses what would change
the SQL's shape."""

import threading

import pytest
from django.db import connection
from django.db.models import Count, Q
from django.test.utils import CaptureQueriesContext

from guerra.game.models import AllianceMembership, Game, Seat
from guerra.runtime.prepared import Prepared

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _prepared_sql(settings):
    """These tests are the prepared SQL's, whatever GUERRA_PREPARED_SQL says
    (tests/runtime/test_stock.py checks the plain ORM's way)."""
    settings.GUERRA_PREPARED_SQL = True

SEATS = Prepared(lambda game: Seat.objects.filter(game_id=game).select_related("user"), int)
GAME = Prepared(
    lambda pk: Game.objects.select_related("scenario", "created_by").defer("rules").filter(pk=pk),
    int,
)
SIDES = Prepared(
    lambda game, war: AllianceMembership.objects.filter(game_id=game, war=war)
    .values_list("seat_id", "side"),
    int, int,
)
POWERS = Prepared(
    lambda game, power: Seat.objects.filter(game_id=game, power=power)
    .values_list("pk", flat=True),
    int, str,
)


def fields(instance):
    return {name: value for name, value in instance.__dict__.items() if name != "_state"}


def test_a_prepared_query_answers_the_orm_s_rows_with_their_related_objects(running_game):
    expected = list(Seat.objects.filter(game_id=running_game.pk).select_related("user"))
    found = SEATS.all(running_game.pk)
    assert [fields(s) for s in found] == [fields(s) for s in expected]
    assert [s.pk for s in found] == [s.pk for s in expected]  # the model's ordering kept
    with CaptureQueriesContext(connection) as queries:
        names = [seat.user.username for seat in found]
    assert names == [seat.user.username for seat in expected] and len(queries) == 0
    assert sorted(names) == ["anna", "bruno", "carla"]


def test_a_deferred_field_stays_deferred_and_first_answers_one_instance_or_none(running_game):
    game = GAME.first(running_game.pk)
    assert game is not None and game.pk == running_game.pk
    assert game.get_deferred_fields() == {"rules"}
    assert game.created_at == running_game.created_at  # converted, with its time zone
    assert game.scenario.name == running_game.scenario.name
    assert game.created_by.username == "anna"
    assert GAME.first(running_game.pk + 1000) is None


def test_values_lists_answer_tuples_and_flat_values(running_game):
    expected = list(AllianceMembership.objects.filter(game=running_game, war=1)
                    .values_list("seat_id", "side"))
    assert expected and SIDES.all(running_game.pk, 1) == expected
    assert SIDES.all(running_game.pk, 2) == []
    france = Seat.objects.get(game=running_game, power="Francia")
    assert POWERS.all(running_game.pk, "Francia") == [france.pk]
    assert POWERS.all(running_game.pk, "Austria") == []


def test_each_run_is_one_query_of_the_connection_and_compiles_only_the_first_time(running_game):
    built: list[int] = []

    def build(game: int):
        built.append(game)
        return Seat.objects.filter(game_id=game)

    seats = Prepared(build, int)
    with CaptureQueriesContext(connection) as queries:
        first = seats.all(running_game.pk)
        second = seats.all(running_game.pk)
    assert len(queries) == 2 and str(running_game.pk) in queries[1]["sql"]
    assert len(built) == 1 and built[0] != running_game.pk  # built once, with a stand-in
    assert [s.pk for s in first] == [s.pk for s in second]


@pytest.mark.django_db(transaction=True)
def test_a_query_run_in_one_thread_runs_in_another_with_its_connection(running_game):
    answers: list[object] = []

    def read() -> None:
        try:
            answers.append([s.pk for s in SEATS.all(running_game.pk)])
        except Exception as error:  # told to the test below
            answers.append(error)
        finally:
            connection.close()

    SEATS.all(running_game.pk)
    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert answers == [[s.pk for s in running_game.table_seats()]]


@pytest.mark.parametrize("values", [(None,), (True,), ("1",), (1, 2), ()])
def test_an_argument_of_another_kind_or_number_is_refused(running_game, values):
    with pytest.raises(TypeError):
        SEATS.all(*values)


@pytest.mark.parametrize(
    "build",
    [
        lambda name: Seat.objects.filter(power__contains=name),  # rewritten as %name%
        lambda game: Seat.objects.filter(game_id=game).values("pk"),  # dicts
        lambda game: Seat.objects.filter(game_id=game).values_list("power", "pk")
        .annotate(n=Count("pk")).values_list("n", "power"),  # columns out of the SQL's order
    ],
)
def test_a_query_whose_shape_depends_on_its_arguments_is_refused(running_game, build):
    kind = str if "name" in build.__code__.co_varnames else int
    with pytest.raises(TypeError):
        Prepared(build, kind).all("Francia" if kind is str else running_game.pk)


def test_a_number_no_column_holds_matches_what_django_says_it_matches(running_game):
    """A URL's id of 30 digits: no game, where SQLite could not even bind it."""
    assert GAME.first(10**30) is None and GAME.first(-(10**30)) is None


def test_an_argument_may_be_compared_more_than_once(running_game):
    seats = Prepared(lambda game, order: Seat.objects.filter(
        Q(order__lt=order) | Q(order=order, power="Prussia"), game_id=game, order__lte=order)
        .values_list("power", flat=True), int, int)
    orders = {seat.power: seat.order for seat in running_game.table_seats()}
    for order in range(4):
        expected = [power for power, o in orders.items()
                    if o < order or (o == order and power == "Prussia")]
        assert sorted(seats.all(running_game.pk, order)) == sorted(expected)


def test_the_queryset_answers_what_django_builds_with_the_values(running_game):
    assert list(SEATS.queryset(running_game.pk)) == list(SEATS.all(running_game.pk))
    with pytest.raises(TypeError):
        SEATS.queryset("x")
