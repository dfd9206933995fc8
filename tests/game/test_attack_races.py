"""Two players acting at the same moment on the same attack or the same gold: one wins.

Real threads, real transactions (on SQLite in a file, and on PostgreSQL when DATABASE_URL
points to it): each thread goes through the service as a request would.
"""

import threading

import pytest
from django.db import connection

from guerra.game import services
from guerra.game.models import Attack, GameEvent, Seat
from guerra.game.services.attacks import Decision

from .attack_helpers import declare, give_turn, region, seat

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls):
    """Run the calls at once; each returns ("ok", value) or ("refused", status)."""
    barrier = threading.Barrier(len(calls))
    results: list[tuple[str, object] | None] = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = ("ok", call())
        except services.GameError as error:
            results[index] = ("refused", error.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def game(running_game):
    return running_game


def test_two_clicks_on_the_same_decision_at_once_act_once(game):
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")
    user = seat(game, "Gran Bretagna").user

    def click():
        return services.attack_decide(
            game_id=game.pk,
            number=attack.number,
            user=user,
            decision=Decision(kind="naval", step=attack.step, fight=True),
        )

    results = race(click, click)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    assert [status for kind, status in results if kind == "refused"] == [409]
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"]
    assert GameEvent.objects.filter(game=game, kind="attack_step").count() == 2


def test_two_declarations_at_once_pay_once(game):
    give_turn(game, "Gran Bretagna")
    user = seat(game, "Gran Bretagna").user
    place = region(game, "Nord America")
    target = f"power-{seat(game, 'Francia').pk}"

    def declare_now():
        return services.attack_declare(
            game_id=game.pk, user=user, region_id=place.pk, target=target
        )

    results = race(declare_now, declare_now)
    assert sorted(kind for kind, _ in results) == ["ok", "refused"]
    assert Attack.objects.count() == 1
    assert Seat.objects.get(game=game, power="Gran Bretagna").gold == 8


def test_the_defender_and_the_attacker_racing_on_one_box_only_the_awaited_one_counts(game):
    attack = declare(game, "Gran Bretagna", "Nord America", "Francia")

    def as_power(power):
        return lambda: services.attack_decide(
            game_id=game.pk,
            number=attack.number,
            user=seat(game, power).user,
            decision=Decision(kind="naval", step=attack.step, fight=False),
        )

    results = race(as_power("Gran Bretagna"), as_power("Francia"))
    assert results[0][0] == "ok"
    assert results[1] in (("refused", 403), ("refused", 409))
