"""“Le mie partite” and the history: the page orders a player's games by what awaits the player,
the lobby sums them up, and a finished game stays browsable by its players (the board at the
end, every war's report, every attack, the dice check, the final standings); nobody else finds
it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from guerra.game import services
from guerra.game.models import Attack, Game, GameStatus, Scenario
from guerra.game.services import bots
from guerra.game.services.play import expire_due
from tests.game.play_helpers import give_turn, state_of

QUICK = "Europa 1700 — partenza rapida"


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_my_games_lists_the_games_awaiting_the_player_first(running_game, make_user):
    anna = running_game.created_by
    theirs = services.game_create(user=make_user("dario"), scenario=running_game.scenario,
                                  name="Di Dario", is_private=False, power="Francia")
    services.game_join(game_id=theirs.pk, user=anna, power="Prussia")
    page = client_of(anna).get(reverse("my_games")).content.decode()
    assert "Le mie partite" in page and 'data-live-url="/ws/giocatore/"' in page
    assert page.index("Tocca a te: fai le tue azioni") < page.index("In attesa di giocatori")
    assert page.index(running_game.name) < page.index("Di Dario")
    assert "({count}) Tocca a te — Guerra" in page  # the title awaited.js gives the tab

    give_turn(running_game, "Gran Bretagna")
    part = client_of(anna).get(reverse("my_games_part")).content.decode()
    assert part.lstrip().startswith('<div id="my-games"')  # the list alone, for htmx
    assert "Tocca alla Gran Bretagna." in part and "data-awaits-me" not in part


def test_the_lobby_sums_up_the_player_s_games(running_game):
    page = client_of(running_game.created_by).get(reverse("lobby")).content.decode()
    assert "Una partita ti aspetta:" in page and "Tutte le mie partite (1)" in page
    assert reverse("my_games") in page


def test_my_games_is_for_a_logged_in_player(client, db):
    for name in ("my_games", "my_games_part"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.post(reverse("my_games")).status_code == 405


@pytest.fixture
def finished_game(make_user) -> Game:
    """Anna (Francia) against three computer players, in a private game played to its end:
    anna lets each of her decisions' deadlines pass (their defaults answer)."""
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Partita chiusa", is_private=True, power="Francia")
    for power in ("Spagna", "Austria", "Prussia"):
        bots.seat_bot_add(game_id=game.pk, user=anna, power=power, level="principiante")
    services.game_start(game_id=game.pk, user=anna)
    for _turn in range(2000):
        bots.play_until_people(game.pk)
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        expire_due(game_id=game.pk)
    assert game.status == GameStatus.FINISHED
    return game


def test_a_finished_game_is_in_its_player_s_history_and_browsable(finished_game, make_user):
    anna = finished_game.created_by
    state = state_of(finished_game)
    mine = next(row for row in state.standings if row.power == "Francia")
    client = client_of(anna)

    history = client.get(reverse("my_games")).content.decode()
    assert 'id="storico"' in history and "Partita chiusa" in history
    assert f"{mine.rank}° su 4, {mine.vp} PV" in history
    standings_url = reverse("game_standings", args=[finished_game.pk])
    assert standings_url in history

    board = client.get(reverse("game_board", args=[finished_game.pk]))
    assert board.status_code == 200
    assert "La partita è finita." in board.content.decode()
    standings = client.get(standings_url)
    assert standings.status_code == 200 and "Classifica finale" in standings.content.decode()
    for war in range(1, state.scenario.wars + 1):
        report = client.get(reverse("war_report", args=[finished_game.pk, war]))
        assert report.status_code == 200, war
        assert f"Fine della guerra {war}" in report.content.decode()
    listed = client.get(reverse("attack_list", args=[finished_game.pk])).content.decode()
    attacks = list(Attack.objects.filter(game=finished_game).order_by("number"))
    assert attacks, "the computer players attacked nobody"
    for attack in attacks:
        url = reverse("attack_page", args=[finished_game.pk, attack.number])
        assert url in listed
        page = client.get(url)
        assert page.status_code == 200 and attack.region.name in page.content.decode()
    dice = client.get(reverse("dice_check", args=[finished_game.pk])).content.decode()
    assert finished_game.dice_seed in dice and "Verifica dadi" in dice
    assert re.search(r"tutti i \d+ tiri corrispondono|corrispond", dice, re.IGNORECASE)


def test_a_finished_game_is_found_by_nobody_else(finished_game, make_user):
    stranger = client_of(make_user("ignoto"))
    pk = finished_game.pk
    last = Attack.objects.filter(game=finished_game).order_by("number").last()
    assert last is not None
    for url in (reverse("game_board", args=[pk]), reverse("game_standings", args=[pk]),
                reverse("war_report", args=[pk, 1]), reverse("attack_list", args=[pk]),
                reverse("attack_page", args=[pk, last.number]), reverse("dice_check", args=[pk])):
        assert stranger.get(url).status_code == 404, url
    assert "Partita chiusa" not in stranger.get(reverse("my_games")).content.decode()
    anna = client_of(finished_game.created_by)
    for url in (reverse("war_report", args=[pk, 99]),
                reverse("attack_page", args=[pk, last.number + 1]),
                reverse("game_standings", args=[pk + 1000])):
        assert anna.get(url).status_code == 404, url


def test_a_game_page_without_the_turn_panel_marks_that_the_game_awaits_the_viewer(
        running_game, make_user):
    anna = client_of(running_game.created_by)
    bruno = client_of(running_game.seats.get(power="Gran Bretagna").user)
    market = reverse("tile_market", args=[running_game.pk])
    part = reverse("game_awaits_part", args=[running_game.pk])
    mark = re.compile(r'<span id="awaits-me"[^>]*>')

    def marked(client: Client, url: str) -> bool | None:
        found = mark.search(client.get(url).content.decode())
        return None if found is None else "data-awaits-me" in found.group(0)

    assert marked(anna, market) is True and marked(bruno, market) is False
    assert marked(anna, reverse("attack_list", args=[running_game.pk])) is True
    assert marked(anna, reverse("game_board", args=[running_game.pk])) is None  # its turn panel
    assert f'hx-get="{part}"' in anna.get(market).content.decode()
    give_turn(running_game, "Gran Bretagna")
    assert marked(anna, part) is False and marked(bruno, part) is True
    running_game.seats.filter(power="Gran Bretagna").update(bot="principiante")
    assert marked(bruno, part) is False  # the computer holds the seat: it awaits nobody
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    assert client_of(make_user("ignoto")).get(part).status_code == 404
