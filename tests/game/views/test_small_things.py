"""Small things a player or staff member meets: the sign-up's help text, the alliances' box for
staff, a finished game's declare page, the end of a game, the waiting room live for visitors,
and the ally's answer, the same everywhere."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.access.visibility import INVITES_SESSION_KEY
from guerra.game.live import consumers
from guerra.game.models import Game, GameStatus
from tests.game.attack_helpers import declare, seat
from tests.game.live.socket import Socket


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


def text_of(html: str) -> str:
    """The text a reader gets from the page: tags gone, nothing added between them."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def run_together(text: str) -> list[str]:
    """Sentences that run into the next one: an end of sentence directly followed by a word."""
    return re.findall(r"\w[.:;!?][A-ZÀ-Ý]\w+", text)


# 2. The sign-up form.


def test_the_signup_help_texts_read_as_sentences_with_spaces_between_them(db):
    response = Client().get(reverse("signup"))
    assert response.status_code == 200
    html = response.content.decode()
    text = text_of(html)
    # Every password rule is there, each one apart from the next.
    assert "informazioni personali.\n" in text
    assert "almeno 8 caratteri.\n" in text
    assert "comunemente usata.\n" in text
    assert run_together(text) == []


def test_django_joins_the_password_rules_without_a_space_which_the_check_sees():
    """The check above catches the fault it is about: Django's own join of the rules."""
    from django.contrib.auth.password_validation import password_validators_help_text_html

    assert run_together(text_of(str(password_validators_help_text_html()))) != []


# 4. The alliances' box: staff have no alliance of their own.


def test_staff_never_read_that_an_attack_is_waiting_for_their_alliance(running_game, make_user):
    staff = client_of(make_user("capo", staff=True))
    board = staff.get(reverse("game_board", args=[running_game.pk])).content.decode()
    part = staff.get(reverse("alliance_invitations_part", args=[running_game.pk])).content.decode()
    for html in (board, part):
        assert "tua alleanza" not in html
        assert "Nessun attacco aspetta le alleanze." in html
    # A player of an alliance still reads it as theirs.
    anna = client_of(seat(running_game, "Francia").user)
    assert (
        "Nessun attacco aspetta la tua alleanza."
        in anna.get(reverse("alliance_invitations_part", args=[running_game.pk])).content.decode()
    )


def test_a_player_outside_every_alliance_reads_nothing_of_the_alliances_box(running_game):
    """A power in neither alliance of the war (Prussia, taken out of its own): no box to read."""
    from guerra.game.models import AllianceMembership

    prussia = seat(running_game, "Prussia")
    AllianceMembership.objects.filter(seat=prussia).delete()
    html = (
        client_of(prussia.user)
        .get(reverse("alliance_invitations_part", args=[running_game.pk]))
        .content.decode()
    )
    assert 'id="invitations"' in html  # the live part stays, to fill in later
    assert "Nessun attacco" not in html and "Inviti dell" not in html


# 5. A finished game's declare page.


def test_a_finished_games_declare_page_says_the_game_is_over_and_has_no_form(
    running_game, make_user
):
    services.game_end(game_id=running_game.pk, user=make_user("capo", staff=True))
    anna = client_of(seat(running_game, "Francia").user)
    url = reverse("attack_declare_panel", args=[running_game.pk])
    for response in (
        anna.get(url),
        anna.get(url, {"regione": "1", "obiettivo": "x"}),
        anna.get(url, headers={"HX-Request": "true"}),
    ):
        assert response.status_code == 200
        html = response.content.decode()
        assert "La partita è finita: non si possono più dichiarare attacchi." in html
        assert "<form" not in html.split('id="declare-panel"')[1]
        assert "<select" not in html


def test_a_running_games_declare_page_still_offers_the_form(running_game):
    anna = client_of(seat(running_game, "Francia").user)
    html = anna.get(reverse("attack_declare_panel", args=[running_game.pk])).content.decode()
    assert 'name="regione"' in html
    assert "La partita è finita" not in html


# 6. Ending the game leads staff to the dice check.


def test_ending_the_game_leads_staff_to_the_dice_check(running_game, make_user):
    staff = client_of(make_user("capo", staff=True))
    url = reverse("game_end", args=[running_game.pk])
    dice = reverse("dice_check", args=[running_game.pk])
    # The board's button: an htmx post, answered with a client redirect to the dice check.
    board = staff.get(reverse("game_board", args=[running_game.pk])).content.decode()
    form = re.search(rf'<form[^>]*action="{re.escape(url)}"[^>]*>', board)
    assert form is not None
    # The page's socket is held down while the game ends, so the push of the end (which
    # reloads the page) cannot bring staff back to the board before the redirect lands.
    assert "guerraLive.disconnect()" in form.group(0)
    assert "hx-on::before-request" in form.group(0)
    response = staff.post(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Redirect"] == dice
    running_game.refresh_from_db()
    assert running_game.status == GameStatus.FINISHED
    page = staff.get(dice).content.decode()
    assert "Verifica dadi" in page and running_game.dice_seed in page


def test_ending_the_game_without_javascript_redirects_to_the_dice_check(running_game, make_user):
    staff = client_of(make_user("capo", staff=True))
    response = staff.post(reverse("game_end", args=[running_game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("dice_check", args=[running_game.pk])


# 8. The ally's answer: the same form, with the same defaults, on every page.


def ally_inputs(html: str) -> dict[str, str]:
    """The number inputs of the ally's commit form, name to default value."""
    form = re.search(r'<form[^>]*class="[^"]*ally-form[^"]*".*?</form>', html, re.S)
    assert form is not None
    return dict(re.findall(r'<input type="number" name="(\w+)"[^>]*value="(\d+)"', form.group(0)))


def test_A2_the_allys_prompt_and_the_attack_page_offer_the_same_defaults(running_game):
    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    prussia = client_of(seat(running_game, "Prussia").user)
    prompt = prussia.get(reverse("ally_prompts_part", args=[running_game.pk])).content.decode()
    page = prussia.get(attack.get_absolute_url()).content.decode()
    decision = page.split('id="decision"')[1]
    # Prussia has 3 armies and no fleet in the German States: both forms start at all of them,
    # and neither asks about fleets it cannot bring (issue 25: no pointless question).
    assert ally_inputs(prompt) == ally_inputs(decision) == {"armies": "3"}
    for html in (prompt, decision):
        form = re.search(r'<form[^>]*class="[^"]*ally-form[^"]*".*?</form>', html, re.S)
        assert form is not None and '<input type="hidden" name="fleets" value="0">' in form[0]
    # Both also offer staying out (what a timeout does) as a button of its own.
    for html in (prompt, decision):
        stay_out = re.search(r'<form[^>]*class="[^"]*ally-decline[^"]*".*?</form>', html, re.S)
        assert stay_out is not None
        assert 'name="armies" value="0"' in stay_out.group(0)
        assert "Resta fuori" in stay_out.group(0)


# 7. The waiting room, live for visitors too.


async def next_push(socket):
    """The next push of an event (the doorbells of the watchers' count left aside)."""
    while True:
        message = await socket.receive_json_from()
        if message["type"] != "ring":
            return message


@pytest.fixture
async def sockets():
    """Open a websocket as a user, with a session if given; every one is closed afterwards."""
    opened: list[Socket] = []

    async def open_as(user, game_id, session=None):
        communicator = Socket(f"/ws/partite/{game_id}/")
        communicator.scope["user"] = user
        if session is not None:
            communicator.scope["session"] = session
        connected, _ = await communicator.connect()
        assert connected
        opened.append(communicator)
        return communicator

    yield open_as
    for communicator in opened:
        await communicator.close_quietly()


@pytest.mark.django_db(transaction=True)
async def test_a_visitor_of_a_public_waiting_room_hears_newcomers_and_watches_after_the_start(
    lobby_game, make_user, sockets
):
    dario = await sync_to_async(make_user)("dario")
    visitor = await sockets(dario, lobby_game.pk)
    hello = await visitor.receive_json_from()
    assert hello["type"] == "hello"
    assert set(hello["chains"]) == {"all"}  # the public chain, nothing private
    assert hello["stage"].startswith("lobby-")
    # Someone without a seat came: the count of who is watching is rung (to the visitor too).
    assert await visitor.receive_json_from() == {"type": "ring", "parts": ["watchers"]}

    bruno = await sync_to_async(make_user)("bruno")
    await sync_to_async(services.game_join)(
        game_id=lobby_game.pk, user=bruno, power="Gran Bretagna"
    )
    push = await next_push(visitor)
    assert (push["chain"], push["parts"]) == ("all", ["seats", "log"])

    # The game starts: the visitor hears that (its page reloads) and stays on, a spectator
    # now: the next public event reaches it too.
    await sync_to_async(services.game_start)(game_id=lobby_game.pk, user=lobby_game.created_by)
    push = await next_push(visitor)
    assert push["parts"] == ["page"] and push["stage"].startswith("running-")
    capo = await sync_to_async(make_user)("capo", staff=True)
    seat_id = await lobby_game.seats.values_list("pk", flat=True).afirst()
    await sync_to_async(services.seat_correct)(game_id=lobby_game.pk, user=capo,
                                               seat_id=seat_id, gold=1, vp=1)
    push = await next_push(visitor)
    assert push["type"] == "push" and push["chain"] == "all" and "board" in push["parts"]


@pytest.mark.django_db(transaction=True)
async def test_a_visitor_of_a_private_waiting_room_needs_its_invitation_link(
    make_user, scenario, sockets
):
    anna = await sync_to_async(make_user)("anna")
    game = await sync_to_async(services.game_create)(
        user=anna, scenario=scenario, name="Segreta", is_private=True, power="Francia"
    )
    dario = await sync_to_async(make_user)("dario")
    uninvited = await sockets(dario, game.pk)
    assert (await uninvited.receive_output())["code"] == consumers.CLOSE_NOT_AT_TABLE
    invited = await sockets(dario, game.pk, session={INVITES_SESSION_KEY: [game.pk]})
    assert set((await invited.receive_json_from())["chains"]) == {"all"}
    # The game starts: a private game is its table's, the invited visitor is closed.
    bruno = await sync_to_async(make_user)("bruno")
    await sync_to_async(services.game_join)(game_id=game.pk, user=bruno, power="Gran Bretagna")
    assert (await next_push(invited))["parts"] == ["seats", "log"]
    await sync_to_async(services.game_start)(game_id=game.pk, user=anna)
    assert (await next_push(invited))["parts"] == ["page"]
    closed = await invited.receive_output()
    assert closed == {"type": "websocket.close", "code": consumers.CLOSE_NOT_AT_TABLE}


@pytest.mark.django_db(transaction=True)
async def test_a_visitor_cannot_listen_to_a_private_running_game(running_game, make_user,
                                                                 sockets):
    await Game.objects.filter(pk=running_game.pk).aupdate(is_private=True)
    dario = await sync_to_async(make_user)("dario")
    socket = await sockets(dario, running_game.pk)
    assert (await socket.receive_output())["code"] == consumers.CLOSE_NOT_AT_TABLE


def test_the_waiting_room_page_is_live_for_a_visitor(lobby_game, make_user):
    visitor = client_of(make_user("dario"))
    html = visitor.get(reverse("game_board", args=[lobby_game.pk])).content.decode()
    assert f'data-live-url="/ws/partite/{lobby_game.pk}/"' in html
    chains = re.search(r'data-live-chains="([^"]*)"', html)
    assert chains is not None and set(json.loads(unescape(chains.group(1)))) == {"all"}
    assert 'hx-trigger="live:seats from:body' in html
    assert "Ricarica la pagina" not in html
    # Nothing of the table's own: no invitation link for a visitor.
    assert lobby_game.invite_token not in html
