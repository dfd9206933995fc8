"""Negotiation: who can write where, who can read what, and that nothing said is ever changed."""

from __future__ import annotations

import pytest
from django.contrib.admin.sites import site
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext

from guerra.game import services
from guerra.game.models import ChatKind, ChatMessage, Game, GameEvent, ImmutableError, Seat
from guerra.game.services import GameError
from tests.game.attack_helpers import site_says


def seat(game, power):
    return Seat.objects.select_related("user").get(game=game, power=power)


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


def htmx_post(user, url, text):
    return client_of(user).post(url, {"text": text}, headers={"HX-Request": "true"})


@pytest.fixture
def table(running_game):
    """Francia (anna) and Prussia (carla) in alliance 1, Gran Bretagna (bruno) in alliance 2."""
    return {p: seat(running_game, p) for p in ("Francia", "Prussia", "Gran Bretagna")}


def alliance_url(game, side):
    return reverse("game_chat_alliance", args=[game.pk, side])


def private_url(game, other):
    return reverse("game_chat_private", args=[game.pk, other.pk])


# Writing: the services.


def test_an_alliance_message_is_stored_for_the_writers_alliance_and_war(running_game, table):
    anna = table["Francia"].user
    message = services.chat_post_alliance(
        game_id=running_game.pk, user=anna, text="  Al Baltico!  "
    )
    assert (message.kind, message.war, message.side) == (ChatKind.ALLIANCE, 1, 1)
    assert message.text == "Al Baltico!"
    assert message.sender == table["Francia"]
    event = GameEvent.objects.get(game=running_game, kind="chat_alliance")
    assert (event.visibility, event.war, event.side) == ("alliance", 1, 1)


def test_a_private_message_logs_one_event_on_each_players_own_chain(running_game, table):
    anna, bruno = table["Francia"], table["Gran Bretagna"]
    message = services.chat_post_private(
        game_id=running_game.pk, user=anna.user, recipient_seat_id=bruno.pk, text="Trattiamo?"
    )
    assert (message.kind, message.recipient, message.side) == (ChatKind.PRIVATE, bruno, None)
    events = GameEvent.objects.filter(kind="chat_private").order_by("seq")
    assert [(e.visibility, e.seat_id, e.payload["with"]) for e in events] == [
        ("power", anna.pk, bruno.pk),
        ("power", bruno.pk, anna.pk),
    ]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("", "Scrivi qualcosa"), ("   \n ", "Scrivi qualcosa"), ("x" * 1001, "al massimo 1000")],
)
def test_an_empty_or_too_long_message_is_refused_in_italian(running_game, table, text, fragment):
    with pytest.raises(GameError) as refused:
        services.chat_post_alliance(game_id=running_game.pk, user=table["Francia"].user, text=text)
    assert refused.value.status == 400
    assert fragment in refused.value.message
    assert not ChatMessage.objects.exists()
    assert not GameEvent.objects.filter(kind__startswith="chat").exists()


def test_a_message_of_exactly_1000_characters_is_accepted(running_game, table):
    message = services.chat_post_alliance(
        game_id=running_game.pk, user=table["Francia"].user, text="x" * 1000
    )
    assert len(message.text) == 1000


def test_someone_without_a_seat_cannot_write(running_game, table, make_user):
    only_players = site_says("Only the players of this game can write here.")
    with pytest.raises(GameError, match=only_players) as refused:
        services.chat_post_alliance(game_id=running_game.pk, user=make_user("dario"), text="ciao")
    assert refused.value.status == 403
    with pytest.raises(GameError, match=only_players) as staff:
        services.chat_post_private(
            game_id=running_game.pk,
            user=make_user("staff", staff=True),
            recipient_seat_id=table["Francia"].pk,
            text="ciao",
        )
    assert staff.value.status == 403
    assert not ChatMessage.objects.exists()


def test_nobody_writes_to_themselves_or_to_a_seat_of_another_game(
    running_game, table, make_user, scenario
):
    anna = table["Francia"].user
    with pytest.raises(GameError) as to_self:
        services.chat_post_private(
            game_id=running_game.pk, user=anna, recipient_seat_id=table["Francia"].pk, text="io"
        )
    assert "te stesso" in to_self.value.message and to_self.value.status == 400
    other_game = services.game_create(
        user=make_user("elena"), scenario=scenario, name="Altra", is_private=False, power="Spagna"
    )
    foreign = Seat.objects.get(game=other_game)
    with pytest.raises(GameError) as elsewhere:
        services.chat_post_private(
            game_id=running_game.pk, user=anna, recipient_seat_id=foreign.pk, text="ehi"
        )
    assert elsewhere.value.status == 404
    assert elsewhere.value.message == gettext("That player is not in this game.")
    assert not ChatMessage.objects.exists()


def test_the_chats_are_closed_before_the_game_starts_and_after_it_ends(
    running_game, table, make_user, scenario
):
    elena = make_user("elena")
    waiting = services.game_create(
        user=elena, scenario=scenario, name="In attesa", is_private=False, power="Spagna"
    )
    with pytest.raises(GameError) as in_lobby:
        services.chat_post_alliance(game_id=waiting.pk, user=elena, text="?")
    assert in_lobby.value.status == 409
    assert in_lobby.value.message == gettext("The game is not in progress: the chats are closed.")
    services.game_end(game_id=running_game.pk, user=make_user("capo", staff=True))
    with pytest.raises(GameError) as ended:
        services.chat_post_private(
            game_id=running_game.pk,
            user=table["Francia"].user,
            recipient_seat_id=table["Prussia"].pk,
            text="troppo tardi",
        )
    assert ended.value.status == 409
    assert ended.value.message == gettext("The game is not in progress: the chats are closed.")


def test_a_missing_game_is_a_404(db, make_user):
    with pytest.raises(GameError) as missing:
        services.chat_post_alliance(game_id=999, user=make_user("anna"), text="ciao")
    assert missing.value.status == 404
    assert missing.value.message == gettext("This game does not exist.")


# Immutable.


def test_a_message_once_written_cannot_be_changed_or_deleted(running_game, table):
    message = services.chat_post_alliance(
        game_id=running_game.pk, user=table["Francia"].user, text="Parola data"
    )
    message.text = "Parola ritirata"
    with pytest.raises(ImmutableError):
        message.save()
    with pytest.raises(ImmutableError):
        message.delete()
    assert ChatMessage.objects.get().text == "Parola data"


def test_the_admin_lists_messages_read_only(running_game, table, make_user):
    services.chat_post_alliance(
        game_id=running_game.pk, user=table["Francia"].user, text="Segreto d'alleanza"
    )
    admin = make_user("capo", staff=True)
    admin.is_superuser = True
    admin.save()
    c = client_of(admin)
    listing = c.get(
        reverse("admin:game_chatmessage_changelist") + f"?game__id__exact={running_game.pk}"
    )
    assert listing.status_code == 200
    assert "Segreto d&#x27;alleanza" in listing.content.decode()
    message = ChatMessage.objects.get()
    change_url = reverse("admin:game_chatmessage_change", args=[message.pk])
    assert c.post(change_url, {"text": "cambiato"}).status_code == 403
    assert c.get(reverse("admin:game_chatmessage_delete", args=[message.pk])).status_code == 403
    model_admin = site._registry[ChatMessage]
    request = listing.wsgi_request
    assert not model_admin.has_add_permission(request)
    assert ChatMessage.objects.get().text == "Segreto d'alleanza"


# Reading and writing through the views.


def test_an_ally_reads_the_alliance_chat_and_the_enemy_and_a_spectator_get_a_404(
        running_game, table, make_user):
    services.chat_post_alliance(
        game_id=running_game.pk, user=table["Francia"].user, text="Piano segreto"
    )
    carla, bruno = table["Prussia"].user, table["Gran Bretagna"].user
    ally = client_of(carla).get(alliance_url(running_game, 1))
    assert ally.status_code == 200
    assert "Piano segreto" in ally.content.decode()
    for outsider in (bruno, make_user("dario")):  # the enemy, a spectator
        enemy = client_of(outsider).get(alliance_url(running_game, 1))
        assert enemy.status_code == 404
        assert "Piano segreto" not in enemy.content.decode()
        board = client_of(outsider).get(reverse("game_board", args=[running_game.pk]))
        assert board.status_code == 200 and "Piano segreto" not in board.content.decode()
        negotiation = client_of(outsider).get(
            reverse("game_negotiation_part", args=[running_game.pk]))
        assert "Piano segreto" not in negotiation.content.decode()


def test_staff_read_both_alliance_chats(running_game, table, make_user):
    services.chat_post_alliance(game_id=running_game.pk, user=table["Francia"].user, text="Uno")
    services.chat_post_alliance(
        game_id=running_game.pk, user=table["Gran Bretagna"].user, text="Due"
    )
    staff = client_of(make_user("capo", staff=True))
    assert "Uno" in staff.get(alliance_url(running_game, 1)).content.decode()
    assert "Due" in staff.get(alliance_url(running_game, 2)).content.decode()
    page = staff.get(reverse("game_board", args=[running_game.pk])).content.decode()
    assert "Uno" in page and "Due" in page
    assert staff.post(alliance_url(running_game, 1), {"text": "Io no"}).status_code == 403


def test_a_private_chat_is_read_by_its_two_players_only(running_game, table, make_user):
    anna, bruno, carla = table["Francia"], table["Gran Bretagna"], table["Prussia"]
    services.chat_post_private(
        game_id=running_game.pk, user=anna.user, recipient_seat_id=bruno.pk, text="Solo a te"
    )
    assert (
        "Solo a te" in client_of(anna.user).get(private_url(running_game, bruno)).content.decode()
    )
    assert (
        "Solo a te" in client_of(bruno.user).get(private_url(running_game, anna)).content.decode()
    )
    # Carla sees her own (empty) conversations with each of them, never theirs; a spectator
    # none.
    for other in (anna, bruno):
        html = client_of(carla.user).get(private_url(running_game, other)).content.decode()
        assert "Solo a te" not in html
    spectator = client_of(make_user("dario"))
    for other in (anna, bruno):
        assert spectator.get(private_url(running_game, other)).status_code == 404
    contacts_seen = spectator.get(reverse("game_chat_contacts", args=[running_game.pk]))
    assert "messaggi" not in contacts_seen.content.decode()
    board = spectator.get(reverse("game_board", args=[running_game.pk])).content.decode()
    assert "Solo a te" not in board and "1 messaggio" not in board
    contacts = client_of(bruno.user).get(reverse("game_chat_contacts", args=[running_game.pk]))
    assert "1 messaggio" in contacts.content.decode()


def test_posting_through_the_view_answers_with_the_refreshed_messages(running_game, table):
    response = htmx_post(
        table["Francia"].user, alliance_url(running_game, 1), "Avanti <b>tutta</b>"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="chat-alliance-1"' in html
    assert "Avanti &lt;b&gt;tutta&lt;/b&gt;" in html  # escaped, never markup


def test_a_refused_post_answers_in_italian_with_a_4xx_and_changes_nothing(running_game, table):
    anna = table["Francia"].user
    empty = htmx_post(anna, alliance_url(running_game, 1), "  ")
    assert empty.status_code == 400
    assert "Scrivi qualcosa prima di inviare" in empty.content.decode()
    assert 'id="error-message"' in empty.content.decode()
    other_side = htmx_post(anna, alliance_url(running_game, 2), "Spia")
    assert other_side.status_code == 403
    assert "solo nella chat della tua alleanza" in other_side.content.decode()
    to_self = htmx_post(anna, private_url(running_game, table["Francia"]), "io")
    assert to_self.status_code == 400
    assert "Non puoi scrivere a te stesso" in to_self.content.decode()
    too_long = htmx_post(anna, private_url(running_game, table["Prussia"]), "x" * 1001)
    assert too_long.status_code == 400
    assert not ChatMessage.objects.exists()


def test_chat_urls_refuse_anonymous_visitors_and_players_of_other_games(
    running_game, table, make_user
):
    url = alliance_url(running_game, 1)
    anonymous = Client().get(url)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    htmx_anonymous = Client().get(url, headers={"HX-Request": "true"})
    assert htmx_anonymous.headers["HX-Redirect"].startswith(reverse("login"))
    outsider = client_of(make_user("dario"))  # a spectator of this public game
    assert outsider.get(url).status_code == 404
    assert outsider.post(url, {"text": "ciao"}).status_code == 403
    assert outsider.get(private_url(running_game, table["Francia"])).status_code == 404
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    assert outsider.post(url, {"text": "ciao"}).status_code == 404
    assert (
        client_of(table["Francia"].user)
        .get(reverse("game_chat_private", args=[running_game.pk, 999999]))
        .status_code
        == 404
    )
    assert not ChatMessage.objects.exists()


def test_the_board_page_has_the_negotiation_area_with_a_place_for_invitations(running_game, table):
    html = client_of(table["Francia"].user).get(reverse("game_board", args=[running_game.pk]))
    page = html.content.decode()
    assert 'id="negotiation"' in page
    assert 'id="chat-alliance-1"' in page and 'id="chat-alliance-2"' not in page
    assert '<section id="invitations"' in page
    assert f'data-contact="{table["Gran Bretagna"].pk}"' in page
    assert f'data-contact="{table["Francia"].pk}"' not in page


def test_without_javascript_a_message_is_posted_and_the_player_sent_back_to_the_board(
    running_game, table
):
    url = reverse("game_chat_alliance", args=[running_game.pk, 1])
    response = client_of(table["Francia"].user).post(url, {"text": "Senza JavaScript"})
    assert response.status_code == 302
    assert response["Location"] == reverse("game_board", args=[running_game.pk]) + "#negotiation"
    assert ChatMessage.objects.filter(text="Senza JavaScript").exists()


# Work proportional to the change: a page that holds the log gets only the lines after its last.


def _lines_of(html):
    import re

    return re.findall(r'data-line="(\d+)"', html)


def test_a_post_that_names_its_last_line_gets_back_only_the_lines_after_it(running_game,
                                                                           table):
    anna, carla = table["Francia"].user, table["Prussia"].user
    said = [services.chat_post_alliance(game_id=running_game.pk, user=who, text=f"riga {n}")
            for n, who in enumerate((anna, carla, anna))]
    held = said[1].pk  # the page holds the first two lines; the third came meanwhile
    response = client_of(anna).post(alliance_url(running_game, 1),
                                    {"text": "la mia riga", "dopo": held},
                                    headers={"HX-Request": "true"})
    html = response.content.decode()
    new = ChatMessage.objects.get(text="la mia riga")
    assert response.status_code == 200
    assert _lines_of(html) == [str(said[2].pk), str(new.pk)]
    assert "riga 0" not in html and "riga 1" not in html and 'id="chat-alliance-1"' not in html
    private = client_of(anna).post(private_url(running_game, table["Gran Bretagna"]),
                                   {"text": "pace?", "dopo": 0},
                                   headers={"HX-Request": "true"}).content.decode()
    assert _lines_of(private) == [str(ChatMessage.objects.get(text="pace?").pk)]
    assert 'id="chat-private-log"' not in private


def test_a_live_refresh_after_the_last_line_costs_the_same_whatever_the_history(running_game,
                                                                                table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    anna = table["Francia"].user
    reader = client_of(table["Prussia"].user)

    def refresh_after_the_last() -> tuple[int, list[str]]:
        last = ChatMessage.objects.order_by("-pk").first()
        with CaptureQueriesContext(connection) as queries:
            html = reader.get(alliance_url(running_game, 1), {"dopo": last.pk}).content.decode()
        return len(queries), _lines_of(html)

    services.chat_post_alliance(game_id=running_game.pk, user=anna, text="prima")
    few = refresh_after_the_last()
    for n in range(40):
        services.chat_post_alliance(game_id=running_game.pk, user=anna, text=f"ancora {n}")
    many = refresh_after_the_last()
    assert few == many and few[1] == []
    whole = reader.get(alliance_url(running_game, 1)).content.decode()
    assert len(_lines_of(whole)) == 41  # without "dopo": the whole log, as a page load has it


@pytest.mark.parametrize("bad", ["x", "-1", "1.5", "9" * 30])
def test_a_bad_last_line_is_refused_in_italian(running_game, table, bad):
    response = client_of(table["Francia"].user).get(alliance_url(running_game, 1), {"dopo": bad})
    assert response.status_code == 400
    assert "Ultima riga: Inserisci un numero intero." in response.content.decode()
