"""“Le mie partite”: a player's games ordered by what awaits the player, at a cost that does not
grow with the number of games."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from django.utils import timezone

from guerra.game import services
from guerra.game.models import Game, GameStatus, Scenario, Seat
from guerra.game.models import state as kept
from guerra.game.read.my_games import AWAITING_ME, AWAITING_OTHERS, my_games
from guerra.rules.game.state import Standing
from tests.game.play_helpers import edit_state, finish_auction, give_turn

QUICK = "Europa 1700 — partenza rapida"


def table(anna, bruno, carla, name: str) -> Game:
    """Anna (Francia) and Carla (Prussia) against Bruno (Gran Bretagna), the auction played:
    Francia's first action."""
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK), name=name,
                                is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    game.refresh_from_db()
    return game


def due_in(game: Game, minutes: int) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(minutes=minutes))


def finish(game: Game, ranks: dict[str, tuple[int, int]]) -> None:
    """End the game with these (rank, VP) in its standings, as G60-G62 leave them."""
    edit_state(game, lambda s: dataclasses.replace(s, standings=tuple(
        Standing(power, rank, vp, 0, False, 0, 0) for power, (rank, vp) in ranks.items())))
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, ended_at=timezone.now(),
                                           deadline=None)


def names(items) -> list[str]:
    return [item.game.name for item in items]


def test_the_games_awaiting_the_player_come_first_the_soonest_deadline_first(make_user):
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    later, sooner, theirs = (table(anna, bruno, carla, n) for n in ("Tardi", "Presto", "Loro"))
    due_in(later, 90)
    due_in(sooner, 10)
    give_turn(theirs, "Gran Bretagna")
    due_in(theirs, 5)
    services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK), name="Sala",
                         is_private=False, power="Francia")
    over = table(anna, bruno, carla, "Finita")
    finish(over, {"Gran Bretagna": (1, 30), "Francia": (2, 21), "Prussia": (3, 12)})

    games = my_games(anna)
    assert names(games.awaiting_me) == ["Presto", "Tardi"]
    assert games.awaiting_me[0].what == "Tocca a te: fai le tue azioni"
    assert names(games.awaiting_others) == ["Loro"]
    assert games.awaiting_others[0].what == "Tocca alla Gran Bretagna."
    assert [s.power for s in games.awaiting_others[0].awaited] == ["Gran Bretagna"]
    assert names(games.waiting_rooms) == ["Sala"]
    assert names(games.finished) == ["Finita"]
    final = games.finished[0]
    assert (final.rank, final.vp, final.players) == (2, 21, 3)
    assert [s.power for s in final.winners] == ["Gran Bretagna"]
    assert games.count == 5
    # Bruno's side of the same tables: only "Loro" awaits him.
    assert names(my_games(bruno).awaiting_me) == ["Loro"]


def test_a_seat_the_computer_holds_does_not_await_its_player(make_user):
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    game = table(anna, bruno, carla, "Al computer")
    assert [i.section for i in my_games(anna).awaiting_me] == [AWAITING_ME]
    Seat.objects.filter(game=game, power="Francia").update(bot="principiante")
    games = my_games(anna)
    assert games.awaiting_me == []
    assert [i.section for i in games.awaiting_others] == [AWAITING_OTHERS]
    assert games.awaiting_others[0].seat.bot == "principiante"


def test_a_game_ended_without_standings_is_in_the_history_without_a_rank(make_user):
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    game = table(anna, bruno, carla, "Fermata")
    services.game_end(game_id=game.pk, user=make_user("capo", staff=True))
    [item] = my_games(anna).finished
    assert item.rank is None and item.winners == []


def test_the_queries_do_not_grow_with_the_games_even_when_no_state_is_kept(
        make_user, django_assert_max_num_queries):
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    for n in range(5):
        table(anna, bruno, carla, f"Partita {n}")
    finish(table(anna, bruno, carla, "Finita"), {"Francia": (1, 9), "Gran Bretagna": (2, 8),
                                                 "Prussia": (3, 1)})
    kept._STATES.clear()
    # The player's seats and games; every seat of those games; the states not kept, in one
    # query; the finished games' standings. The rules state of a finished game is never read.
    with django_assert_max_num_queries(4) as queries:
        games = my_games(anna)
    assert len(games.awaiting_me) == 5 and len(games.finished) == 1
    sql = [q["sql"] for q in queries.captured_queries]
    assert '"rules"' not in sql[0] and '"rules"' not in sql[1]  # the seats, the games
    [standings] = [q for q in sql if "standings" in q]
    assert 'AS "rules"' not in standings  # its JSON path only
    with django_assert_max_num_queries(3):  # now every running state is kept
        my_games(anna)


def test_nobody_logged_in_has_no_games(db):
    from django.contrib.auth.models import AnonymousUser

    assert my_games(AnonymousUser()).count == 0


def test_an_ally_s_invitation_awaits_the_ally_and_the_others_read_whom_the_attack_awaits(
        running_game):
    from tests.game.attack_helpers import declare

    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]
    carla = Seat.objects.get(game=running_game, power="Prussia").user
    [item] = my_games(carla).awaiting_me
    assert item.what == (f"Un alleato chiede il tuo aiuto: attacco n. {attack.number} "
                         "negli Stati Tedeschi")
    assert item.deadline == Game.objects.get(pk=running_game.pk).deadline is not None
    [theirs] = my_games(running_game.created_by).awaiting_others
    assert theirs.what == f"Attacco n. {attack.number} negli Stati Tedeschi: si attende la Prussia"
