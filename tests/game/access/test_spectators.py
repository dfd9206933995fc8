"""Spectators: any logged-in user without a seat may watch a public game that has started
(running or finished): its board, public log, attacks, auction, reports and dice check, live.
They read what is public only, never more than a player of neither alliance would (the
secrecy tests of tests/game/access/test_secrecy.py, the chats' and the combat systems' run for
a spectator too), and every input refuses them. A private game stays its table's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.live import consumers
from guerra.game.models import Attack, ChatMessage, Game, GameStatus, Seat
from guerra.game.read.attack import attack_view
from guerra.game.text.grammar import art
from tests.game.attack_helpers import decide, declare, region, seat
from tests.game.live.socket import Socket
from tests.game.play_helpers import set_power, state_of

WATCHING = "Stai guardando questa partita."
REFUSED = "Stai guardando questa partita: solo i suoi giocatori possono giocarvi."


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def spectator(make_user) -> Client:
    return client_of(make_user("dario"))


@pytest.fixture
def attack(running_game) -> Attack:
    """Gran Bretagna attacks Francia in North America: its naval decision awaited."""
    return declare(running_game, "Gran Bretagna", "Nord America", "Francia")


def pages(game: Game, number: int) -> dict[str, str]:
    """Every page and part of a game a viewer may read, by URL name."""
    g = game.pk
    return {
        "game_board": reverse("game_board", args=[g]),
        "game_board_part": reverse("game_board_part", args=[g]),
        "game_regions_part": reverse("game_regions_part", args=[g]),
        "game_log_part": reverse("game_log_part", args=[g]),
        "game_turn_part": reverse("game_turn_part", args=[g]),
        "game_negotiation_part": reverse("game_negotiation_part", args=[g]),
        "ally_prompts_part": reverse("ally_prompts_part", args=[g]),
        "alliance_invitations_part": reverse("alliance_invitations_part", args=[g]),
        "seat_tools_part": reverse("seat_tools_part", args=[g]),
        "attack_list": reverse("attack_list", args=[g]),
        "attack_page": reverse("attack_page", args=[g, number]),
        "attack_panel": reverse("attack_panel", args=[g, number]),
        "dice_check": reverse("dice_check", args=[g]),
        "tile_market": reverse("tile_market", args=[g]),
        "war_report": reverse("war_report", args=[g, 1]),
    }


def test_a_spectator_reads_every_page_of_a_public_game_and_is_told_it_watches(
        attack, spectator):
    game = attack.game
    Game.objects.filter(pk=game.pk).update(is_private=False)
    set_power(game, "Francia", gold=7)  # a war report for war 1 is not there yet: 404 below
    for name, url in pages(game, attack.number).items():
        response = spectator.get(url)
        if name == "war_report":
            assert response.status_code == 404
            continue
        assert response.status_code == 200, name
        html = response.content.decode()
        # No form of the game's, no htmx post: nothing to play.
        assert "hx-post" not in html, name
        assert not re.search(r'<form[^>]*action="/partite/', html), name
    board = spectator.get(reverse("game_board", args=[game.pk])).content.decode()
    assert WATCHING in board
    assert "data-notify-toggle" not in board  # nothing ever awaits a spectator
    assert "data-notify-toggle" in client_of(seat(game, "Francia").user).get(
        reverse("game_board", args=[game.pk])).content.decode()
    assert "Gran Bretagna" in board and "Registro degli eventi" in board
    assert "chi guarda la partita non li legge" in board  # the negotiation is not for a spectator
    assert WATCHING in spectator.get(reverse("attack_page", args=[game.pk, attack.number])
                                     ).content.decode()
    # The attack page: the flowchart and who is awaited, no decision to take.
    page = spectator.get(reverse("attack_page", args=[game.pk, attack.number])).content.decode()
    assert "In attesa di:" in page and 'class="decision' not in page
    # A player is not told that it watches.
    player = client_of(seat(game, "Francia").user)
    assert WATCHING not in player.get(reverse("game_board", args=[game.pk])).content.decode()
    # Nor is staff observing.
    staff = client_of(User.objects.create(username="capo", is_staff=True))
    assert WATCHING not in staff.get(reverse("game_board", args=[game.pk])).content.decode()


def test_a_finished_public_game_is_watched_to_its_end(running_game, spectator, make_user):
    services.game_end(game_id=running_game.pk, user=make_user("capo", staff=True))
    assert Game.objects.get(pk=running_game.pk).status == GameStatus.FINISHED
    for name in ("game_board", "dice_check", "attack_list", "tile_market"):
        response = spectator.get(reverse(name, args=[running_game.pk]))
        assert response.status_code == 200, name
    assert "La partita è finita." in spectator.get(
        reverse("game_board", args=[running_game.pk])).content.decode()
    dice = spectator.get(reverse("dice_check", args=[running_game.pk])).content.decode()
    assert running_game.dice_seed_hash in dice


def test_a_private_running_game_is_404_to_a_non_player_and_anonymous_users_log_in(
        attack, spectator):
    game = attack.game
    anonymous = Client()
    for name, url in pages(game, attack.number).items():
        response = anonymous.get(url)
        assert response.status_code == 302 and "/account/accedi/" in response["Location"], name
    Game.objects.filter(pk=game.pk).update(is_private=True)
    for name, url in pages(game, attack.number).items():
        assert spectator.get(url).status_code == 404, name
    assert spectator.get(reverse("game_standings", args=[game.pk])).status_code == 404


# Every input: the decisions of every phase, the attacks, the chats, the seat tools, the staff's
# corrections, the lobby's and the end of the game. (name, its arguments, a plausible form)
INPUTS = [
    ("unit_place", [], {"tipo": "army", "luogo": "casa"}),
    ("auction_propose", [], {"a": "Francia", "b": "Prussia", "offerta": 0}),
    ("auction_raise", [], {"offerta": 1}),
    ("auction_pass", [], {}),
    ("unit_build", [], {"costruzione": "army@casa"}),
    ("units_move", [], {}),
    ("turn_pass", [], {}),
    ("tile_take", [], {"tessera": "alliance"}),
    ("counter_colonise", [], {"pedina": 1}),
    ("counter_trade", [], {"pedina": 1}),
    ("gold_tax", [], {"oro": 2}),
    ("gold_transfer", [], {"a": "Francia", "oro": 1}),
    ("tile_play", [], {"tessera": "ministry"}),
    ("attack_declare", [], {"regione": "NA", "obiettivo": "FR"}),
    ("attack_decide", ["number"], {"kind": "naval", "fight": "1"}),
    ("game_chat_alliance", [1], {"text": "ciao"}),
    ("game_chat_alliance_war", [1, 1], {"text": "ciao"}),
    ("game_chat_private", ["francia"], {"text": "ciao"}),
    ("game_correct", [], {"seat": "francia", "gold": 1, "vp": 1, "note": "x"}),
    ("seat_hand_over", ["francia"], {"level": "principiante"}),
    ("seat_take_back", ["francia"], {}),
    ("game_bot_add", [], {"power": "Spagna", "level": "principiante"}),
    ("game_bot_remove", ["francia"], {}),
    ("game_join", [], {"power": "Spagna"}),
    ("game_leave", [], {}),
    ("game_start", [], {}),
    ("game_end", [], {}),
]


# The waiting room's inputs: a game under way has none of them for anyone.
LOBBY_INPUTS = {"game_bot_add", "game_bot_remove", "game_join", "game_leave", "game_start"}
LOBBY_REFUSAL = (409, "La partita è già iniziata.")
END_REFUSAL = (403, "Solo lo staff può concludere una partita.")


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything an input could change."""
    row = Game.objects.get(pk=game.pk)
    return (
        row.status, row.step, row.last_event_seq, row.rules,
        list(Seat.objects.filter(game=game).order_by("pk").values_list(
            "pk", "user_id", "gold", "vp", "bot")),
        list(Attack.objects.filter(game=game).order_by("pk").values_list(
            "pk", "step", "awaiting", "finished")),
        ChatMessage.objects.filter(game=game).count(),
    )


@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
@pytest.mark.parametrize("given", INPUTS, ids=[i[0] for i in INPUTS])
def test_every_input_refuses_a_spectator_in_italian_and_changes_nothing(
        attack, spectator, given, htmx):
    name, args, data = given
    game = attack.game
    francia = seat(game, "Francia")
    named = {"number": attack.number, "francia": francia.pk}
    url = reverse(name, args=[game.pk, *(named.get(a, a) for a in args)])
    form = dict(data, passo=state_of(game).step, step=attack.step)
    if name == "attack_declare":
        form.update(regione=region(game, "Nord America").pk, obiettivo=f"power-{francia.pk}")
    before = snapshot(game)
    headers = {"HX-Request": "true"} if htmx else {}
    response = spectator.post(url, form, headers=headers)
    status, told = LOBBY_REFUSAL if name in LOBBY_INPUTS else (
        END_REFUSAL if name == "game_end" else (403, REFUSED))
    assert (response.status_code, name) == (status, name)
    html = response.content.decode()
    assert told in html, name
    assert ('<html' in html) is not htmx, name  # htmx: the message alone, for the error box
    assert snapshot(game) == before, name


def test_a_spectators_input_at_the_table_says_it_watches(attack, spectator):
    game = attack.game
    response = spectator.post(reverse("turn_pass", args=[game.pk]),
                              {"passo": state_of(game).step}, headers={"HX-Request": "true"})
    assert response.status_code == 403 and REFUSED in response.content.decode()
    response = spectator.post(reverse("attack_decide", args=[game.pk, attack.number]),
                              {"kind": "naval", "step": attack.step, "fight": "1"})
    assert response.status_code == 403 and REFUSED in response.content.decode()


def test_M2_a_spectator_reads_no_tiles_at_sea_before_both_chose(running_game, spectator):
    """The tiles at sea are chosen in secret (M2): a spectator's odds and pages tell nothing of
    the first choice, as the other side's."""
    tiles = state_of(running_game).power("Francia").tiles
    set_power(running_game, "Francia",
              tiles=tuple(sorted((*tiles, ("alliance:Nord America", 1)))))
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    decide(attack, "Francia", "naval", fight=True)
    attack.refresh_from_db()
    url = reverse("attack_page", args=[running_game.pk, attack.number])
    before_page = spectator.get(url).content.decode()
    before_odds = attack_view(attack, None).odds
    decide(attack, "Gran Bretagna", "tiles", tiles=1, step=attack.step)
    attack.refresh_from_db()
    assert attack.awaiting == ["Francia"]
    after_page = spectator.get(url).content.decode()
    assert attack_view(attack, None).odds == before_odds
    assert after_page.count("tessera") == before_page.count("tessera")


def test_the_lobby_lists_public_games_under_way_to_watch(running_game, make_user, scenario):
    private = services.game_create(user=make_user("elena"), scenario=scenario, name="Riservata",
                                   is_private=True, power="Russia")
    services.game_join(game_id=private.pk, user=make_user("fabio"), power="Spagna")
    services.game_start(game_id=private.pk, user=private.created_by)
    html = client_of(make_user("dario")).get(reverse("lobby")).content.decode()
    watch = html[html.index('id="watch-title"'):]
    assert f'href="{reverse("game_board", args=[running_game.pk])}"' in watch
    assert "Guarda" in watch and "Riservata" not in html
    # Anonymous users see it too (the link asks them to log in).
    assert "Guarda" in Client().get(reverse("lobby")).content.decode()


# The websocket.


async def open_socket(user, game_id: int) -> Socket:
    communicator = Socket(f"/ws/partite/{game_id}/")
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def next_message(socket: Socket) -> Any:
    """The next message but the doorbells of the watchers' count."""
    while True:
        message = await socket.receive_json_from()
        if message["type"] != "ring":
            return message


@pytest.mark.django_db(transaction=True)
async def test_a_spectators_socket_hears_the_public_chain_only(running_game, make_user):
    dario = await sync_to_async(make_user)("dario")
    socket = await open_socket(dario, running_game.pk)
    try:
        hello = await next_message(socket)
        assert hello["type"] == "hello" and set(hello["chains"]) == {"all"}
        anna = await Seat.objects.select_related("user").aget(game=running_game, power="Francia")
        await sync_to_async(services.chat_post_alliance)(
            game_id=running_game.pk, user=anna.user, text="Attacchiamo all'alba")
        capo = await sync_to_async(make_user)("capo", staff=True)
        await sync_to_async(services.seat_correct)(game_id=running_game.pk, user=capo,
                                                   seat_id=anna.pk, gold=1, vp=1)
        push = await next_message(socket)  # the correction, never the chat before it
        assert push["chain"] == "all" and "board" in push["parts"]
    finally:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_private_running_game_closes_a_non_players_socket(running_game, make_user):
    await Game.objects.filter(pk=running_game.pk).aupdate(is_private=True)
    socket = await open_socket(await sync_to_async(make_user)("dario"), running_game.pk)
    try:
        closed = await socket.receive_output()
        assert closed == {"type": "websocket.close", "code": consumers.CLOSE_NOT_AT_TABLE}
    finally:
        await socket.disconnect()


def test_the_board_counts_who_watches_for_everyone(running_game, spectator, make_user):
    """The users without a seat with the game open (read.presence.watching): "N spettatori" on
    the board, the same for a player and a spectator, and its live part; nothing while nobody
    watches (the part stays, empty, for its live refresh)."""
    from guerra.game.services import presence

    board = reverse("game_board", args=[running_game.pk])
    part = reverse("game_watchers_part", args=[running_game.pk])
    player = client_of(seat(running_game, "Francia").user)
    html = player.get(board).content.decode()
    assert 'id="watchers"' in html and " spettator" not in html
    dario = User.objects.get(username="dario")  # the spectator
    presence.opened(running_game.pk, dario.pk, "socket-1")
    presence.opened(running_game.pk, seat(running_game, "Prussia").user_id, "socket-2")  # seated
    for viewer in (player, spectator):
        assert "1 spettatore" in viewer.get(board).content.decode()
        assert "1 spettatore" in viewer.get(part).content.decode()
    presence.opened(running_game.pk, make_user("elena").pk, "socket-3")
    assert "2 spettatori" in player.get(part).content.decode()
    presence.closed("socket-1")
    presence.closed("socket-3")
    assert " spettator" not in spectator.get(part).content.decode()
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    assert spectator.get(part).status_code == 404


def test_a_spectator_follows_the_auction_without_its_forms(lobby_game, make_user, spectator):
    """G22-G24 in public: the table of slots, the proposal on the table and its bid; no form."""
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    services.game_join(game_id=lobby_game.pk, user=make_user("carla"), power="Prussia")
    game = services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    state = state_of(game)
    assert state.phase == "auction" and state.auction is not None
    opener = seat(game, state.auction.awaited or "")
    services.auction_propose(game_id=game.pk, user=opener.user, step=state.step,
                             a="Francia", b="Gran Bretagna", bid=2)
    panel = spectator.get(reverse("game_turn_part", args=[game.pk])).content.decode()
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", panel))
    assert "Tabella delle alleanze" in words and "Sul tavolo" in words
    assert f"{art(opener.power, 'Il')} propone la Francia (Alleanza A" in words
    assert "e offre 2 ori." in words
    assert "<form" not in panel
    board = spectator.get(reverse("game_board", args=[game.pk])).content.decode()
    assert WATCHING in board
