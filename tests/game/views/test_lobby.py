"""Create, join and start games, through the pages a player uses."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from guerra.game import services
from guerra.game.models import (
    AllianceMembership,
    Game,
    GameEvent,
    GameStatus,
    Holding,
    Neutral,
    Region,
    Scenario,
    Seat,
    TileHolding,
)


@pytest.fixture
def client_for(client, make_user):
    def login(name, *, staff=False):
        from django.test import Client

        user = make_user(name, staff=staff)
        c = Client()
        c.force_login(user)
        c.user = user
        return c

    return login


def test_an_anonymous_visitor_sees_the_lobby_and_is_sent_to_log_in_for_a_game(client, lobby_game):
    assert "Partite aperte" in client.get(reverse("lobby")).content.decode()
    response = client.get(reverse("game_board", args=[lobby_game.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    response = client.get(reverse("game_new"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_an_anonymous_post_to_join_is_sent_to_log_in(client, lobby_game):
    response = client.post(reverse("game_join", args=[lobby_game.pk]), {"power": "Spagna"})
    assert response.status_code == 302
    assert not Seat.objects.filter(power="Spagna").exists()


def test_signing_up_logs_the_new_player_in(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "giulia",
            "password1": "una-parola-lunga-77",
            "password2": "una-parola-lunga-77",
        },
        follow=True,
    )
    assert response.context["user"].username == "giulia"
    assert "Ti diamo il benvenuto, giulia!" in response.content.decode()


def test_a_signup_with_mismatched_passwords_is_refused_in_italian(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "giulia",
            "password1": "una-parola-lunga-77",
            "password2": "altra-parola-88",
        },
    )
    assert response.status_code == 400
    assert "non corrispondono" in response.content.decode()


def test_creating_a_game_seats_its_creator(client_for, scenario):
    anna = client_for("anna")
    response = anna.post(
        reverse("game_new"),
        {
            "name": "La guerra di Anna",
            "scenario": scenario.pk,
            "power": "Austria",
        },
    )
    game = Game.objects.get(name="La guerra di Anna")
    assert response.status_code == 302
    assert response["Location"] == reverse("game_board", args=[game.pk])
    assert list(game.seats.values_list("power", "user__username")) == [("Austria", "anna")]
    assert game.status == GameStatus.LOBBY and not game.is_private


def test_a_game_without_a_name_is_refused(client_for, scenario):
    response = client_for("anna").post(
        reverse("game_new"), {"name": "", "scenario": scenario.pk, "power": "Austria"}
    )
    assert response.status_code == 400
    assert '<ul class="errorlist" id="id_name_error">' in response.content.decode()  # the name
    assert not Game.objects.exists()


def test_G13_a_draw_scenario_starts_with_the_placement_of_the_first_units(client_for, make_user):
    draw = Scenario.objects.get(name="Europa 1700")
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=draw, name="Sorteggio", is_private=False,
                                power="Francia", deadline_seconds=3600)
    services.game_join(game_id=game.pk, user=make_user("bruno"), power="Russia")
    services.game_start(game_id=game.pk, user=anna)
    game.refresh_from_db()
    assert (game.phase, game.deadline_seconds) == ("setup", 3600)
    assert game.deadline is not None  # the first placement has its deadline
    # G12: five counters each gave their drawer a control marker; no unit is on the map yet.
    markers = dict(Holding.objects.filter(game=game).values_list("seat__power", "control_markers"))
    assert sum(Holding.objects.filter(game=game).values_list("control_markers", flat=True)) == 10
    assert set(markers) <= {"Francia", "Russia"}
    assert not Holding.objects.filter(game=game, armies__gt=0).exists()
    assert Neutral.objects.filter(game=game, on_board=True).count() == 10  # G11


def test_the_powers_offered_follow_the_chosen_scenario(client_for, scenario):
    response = client_for("anna").get(reverse("game_new"), {"scenario": scenario.pk})
    assert response.content.decode().count('<option value="Province Unite"') == 1


def test_an_open_game_is_listed_and_another_player_joins_a_free_power(client_for, lobby_game):
    bruno = client_for("bruno")
    assert "Prova" in bruno.get(reverse("lobby")).content.decode()
    page = bruno.get(reverse("game_board", args=[lobby_game.pk])).content.decode()
    assert "Scegli la tua potenza" in page
    assert 'value="Francia"' not in page  # taken by anna
    response = bruno.post(reverse("game_join", args=[lobby_game.pk]), {"power": "Spagna"})
    assert response.status_code == 302
    assert lobby_game.seats.get(user=bruno.user).power == "Spagna"


def test_a_taken_power_is_refused(client_for, lobby_game):
    response = client_for("bruno").post(
        reverse("game_join", args=[lobby_game.pk]), {"power": "Francia"}
    )
    assert response.status_code == 409
    assert "Un altro giocatore ha appena preso la Francia." in response.content.decode()
    assert lobby_game.seats.count() == 1


def test_a_power_outside_the_scenario_is_refused(client_for, lobby_game):
    response = client_for("bruno").post(
        reverse("game_join", args=[lobby_game.pk]), {"power": "Svezia"}
    )
    assert response.status_code == 400
    assert "«Svezia» non è una potenza di questa partita" in response.content.decode()


def test_a_player_takes_only_one_seat(client_for, lobby_game):
    bruno = client_for("bruno")
    bruno.post(reverse("game_join", args=[lobby_game.pk]), {"power": "Spagna"})
    response = bruno.post(reverse("game_join", args=[lobby_game.pk]), {"power": "Russia"})
    assert response.status_code == 409
    assert "Hai già un posto" in response.content.decode()


def test_nobody_joins_a_started_game(client_for, running_game):
    dario = client_for("dario")
    response = dario.post(reverse("game_join", args=[running_game.pk]), {"power": "Spagna"})
    assert response.status_code == 409  # a spectator of a public game: too late to sit
    assert "La partita è già iniziata" in response.content.decode()
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    response = dario.post(reverse("game_join", args=[running_game.pk]), {"power": "Spagna"})
    assert response.status_code == 404  # a private running game is not shown at all
    assert not running_game.seats.filter(power="Spagna").exists()


def test_a_seated_player_cannot_join_again_once_the_game_started(running_game):
    from django.test import Client

    c = Client()
    c.force_login(running_game.created_by)
    response = c.post(reverse("game_join", args=[running_game.pk]), {"power": "Spagna"})
    assert response.status_code == 409
    assert "La partita è già iniziata" in response.content.decode()


def test_a_private_game_is_hidden_until_the_invite_link_is_opened(client_for, scenario):
    from guerra.game import services

    anna = client_for("anna")
    game = services.game_create(
        user=anna.user, scenario=scenario, name="Segreta", is_private=True, power="Russia"
    )
    bruno = client_for("bruno")
    assert "Segreta" not in bruno.get(reverse("lobby")).content.decode()
    assert bruno.get(reverse("game_board", args=[game.pk])).status_code == 404
    assert bruno.post(reverse("game_join", args=[game.pk]), {"power": "Spagna"}).status_code == 404

    invite = anna.get(reverse("game_board", args=[game.pk])).context["invite_url"]
    assert game.invite_token in invite
    response = bruno.get(reverse("game_invite", args=[game.invite_token]))
    assert response["Location"] == reverse("game_board", args=[game.pk])
    assert bruno.post(reverse("game_join", args=[game.pk]), {"power": "Spagna"}).status_code == 302
    assert game.seats.filter(user=bruno.user, power="Spagna").exists()


def test_a_wrong_invite_token_is_not_found(client_for, lobby_game):
    assert client_for("bruno").get(reverse("game_invite", args=["nope"])).status_code == 404


def test_the_creator_starts_the_game_and_the_board_is_copied(client_for, lobby_game, make_user):
    from guerra.game import services

    bruno = make_user("bruno")
    services.game_join(game_id=lobby_game.pk, user=bruno, power="Gran Bretagna")
    anna = client_for("anna-2")
    anna.force_login(lobby_game.created_by)
    response = anna.post(reverse("game_start", args=[lobby_game.pk]))
    assert response.status_code == 302
    lobby_game.refresh_from_db()
    assert lobby_game.status == GameStatus.RUNNING
    # G14: fixed positions, no placement: straight to the first war's auction (G21).
    assert (lobby_game.current_war, lobby_game.phase) == (1, "auction")
    assert len(lobby_game.dice_seed_hash) == 64
    assert Region.objects.filter(game=lobby_game).count() == 11
    # G11: war 1's ten counters are face up on the map, of every kind.
    assert Neutral.objects.filter(game=lobby_game, on_board=True).count() == 10
    assert lobby_game.rounds_per_war == 6  # G28: two powers
    # Only the seated powers' pieces are on the board.
    assert set(Holding.objects.filter(game=lobby_game).values_list("seat__power", flat=True)) == {
        "Francia",
        "Gran Bretagna",
    }
    assert TileHolding.objects.filter(game=lobby_game).count() == 4
    assert set(lobby_game.seats.values_list("gold", flat=True)) == {10}
    assert set(lobby_game.seats.values_list("population", flat=True)) == {5}
    # The alliances are the auction's to make: none yet.
    assert not AllianceMembership.objects.filter(game=lobby_game).exists()


def test_the_game_needs_two_seats_to_start(client_for, lobby_game):
    anna = client_for("x")
    anna.force_login(lobby_game.created_by)
    response = anna.post(reverse("game_start", args=[lobby_game.pk]))
    assert response.status_code == 400
    assert "Servono almeno 2 giocatori" in response.content.decode()
    lobby_game.refresh_from_db()
    assert lobby_game.status == GameStatus.LOBBY and lobby_game.dice_seed == ""


def test_G23_the_first_power_in_seating_order_opens_war_1s_auction(client_for, lobby_game,
                                                                     make_user):
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Spagna")
    services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    lobby_game.refresh_from_db()
    first = lobby_game.seats.order_by("order").first()
    assert first is not None and first.order == 0  # G10: seating drawn, kept as the order
    assert lobby_game.phase == "auction"
    assert GameEvent.objects.filter(game=lobby_game, kind="game_step").exists()
    page = client_for("x")
    page.force_login(first.user)
    html = page.get(reverse("game_board", args=[lobby_game.pk])).content.decode()
    assert "È il tuo turno." in html and "Proponi" in html


def test_only_the_creator_starts_the_game(client_for, lobby_game):
    from guerra.game import services

    bruno = client_for("bruno")
    services.game_join(game_id=lobby_game.pk, user=bruno.user, power="Spagna")
    data = {f"side_{s.pk}": str(i + 1) for i, s in enumerate(lobby_game.seats.all())}
    response = bruno.post(reverse("game_start", args=[lobby_game.pk]), data)
    assert response.status_code == 403
    assert "Solo chi ha creato la partita" in response.content.decode()


def test_starting_twice_starts_once(client_for, lobby_game, make_user):
    from guerra.game import services

    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Spagna")
    anna = client_for("x")
    anna.force_login(lobby_game.created_by)
    data = {f"side_{s.pk}": str(i + 1) for i, s in enumerate(lobby_game.seats.all())}
    assert anna.post(reverse("game_start", args=[lobby_game.pk]), data).status_code == 302
    again = anna.post(reverse("game_start", args=[lobby_game.pk]), data)
    assert again.status_code == 409
    assert escape(gettext("The game has already started.")) in again.content.decode()
    assert Region.objects.filter(game=lobby_game).count() == 11


def test_a_player_leaves_before_the_start_but_the_creator_cannot(client_for, lobby_game):
    bruno = client_for("bruno")
    bruno.post(reverse("game_join", args=[lobby_game.pk]), {"power": "Spagna"})
    assert bruno.post(reverse("game_leave", args=[lobby_game.pk])).status_code == 302
    assert not lobby_game.seats.filter(user=bruno.user).exists()
    anna = client_for("x")
    anna.force_login(lobby_game.created_by)
    refused = anna.post(reverse("game_leave", args=[lobby_game.pk]))
    assert refused.status_code == 403
    creator = gettext("The creator cannot leave the game before it starts.")
    assert escape(creator) in refused.content.decode()
    assert lobby_game.seats.filter(user=lobby_game.created_by).exists()


def test_the_lobby_counts_the_seats_of_each_open_game(client_for, lobby_game):
    from guerra.game import services

    services.game_join(game_id=lobby_game.pk, user=client_for("bruno").user, power="Spagna")
    html = client_for("dario").get(reverse("lobby")).content.decode()
    assert "2 potenze su 7 scelte" in html


def _redraw(c, **typed):
    """The form as a change of scenario re-draws it: an htmx GET carrying the whole form."""
    return c.get(reverse("game_new"), typed, headers={"HX-Request": "true"})


def test_a_change_of_scenario_keeps_every_field_typed_and_chosen(client_for, scenario):
    """Name, power, time for each decision, combat system and privacy all survive the re-draw
    (a game meant for correspondence no longer becomes a 2-minute one)."""
    other = Scenario.objects.get(name="Europa 1700")
    response = _redraw(client_for("anna"), name="Per lettera", scenario=other.pk,
                       power="Russia", pace="mail", procedure="d10", is_private="on")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="name" value="Per lettera"' in page
    assert f'<option value="{other.pk}" selected>' in page
    assert '<option value="Russia" selected>' in page
    assert '<option value="mail" selected>' in page
    assert '<option value="d10" selected>' in page
    assert 'name="is_private" id="id_is_private" checked' in page


def test_an_unchecked_box_and_an_emptied_name_stay_as_left(client_for, scenario):
    page = _redraw(client_for("anna"), name="", scenario=scenario.pk).content.decode()
    assert '<input type="text" name="name" maxlength="80"' in page  # no value: left empty
    assert 'id="id_is_private">' in page  # not checked


def test_G34_a_combat_system_left_as_it_is_follows_the_new_scenario(client_for, scenario):
    """The first choice is the scenario's own system, named: it follows the scenario chosen."""
    Scenario.objects.filter(pk=scenario.pk).update(procedure="d10")
    page = _redraw(client_for("anna"), scenario=scenario.pk, procedure="").content.decode()
    assert '<option value="" selected>Dadi a dieci, a coppie (dello scenario)' in page
    anna = client_for("bruno")
    response = anna.post(reverse("game_new"), {"name": "Dieci", "scenario": scenario.pk,
                                               "power": "Austria", "procedure": ""})
    assert response.status_code == 302
    assert Game.objects.get(name="Dieci").procedure == "d10"


def test_a_new_game_s_default_name_is_numbered_and_unique(client_for, scenario):
    """Not four "Partita di anna": "Partita n. 12", the game's own number, even when another
    game took the number the form showed while it was being filled."""
    anna = client_for("anna")
    shown = anna.get(reverse("game_new")).context["form"]["name"].value()
    last = Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    assert shown == f"Partita n. {last + 1}"
    services.game_create(user=client_for("bruno").user, scenario=scenario, name="Intrusa",
                         is_private=False, power="Austria")  # takes the number shown
    for power in ("Francia", "Russia"):
        response = anna.post(reverse("game_new"), {"name": shown, "scenario": scenario.pk,
                                                   "power": power})
        assert response.status_code == 302
    names = list(Game.objects.filter(created_by=anna.user).values_list("pk", "name"))
    assert [name for _pk, name in names] != [shown, shown]
    assert sorted(names) == sorted((pk, f"Partita n. {pk}") for pk, _name in names)
