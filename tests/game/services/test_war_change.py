"""The war change's alliances on every page and action (G20, G21).

War 1: Francia (anna) and Prussia (carla) in Alleanza A against Gran Bretagna (bruno) and
Austria (dario). The auction of war 2 makes other alliances: Francia and Gran Bretagna against
Prussia and Austria, so last war's allies Francia and Prussia are enemies now, and Francia's
enemy of war 1 is her ally. Between the end of war 1 and the end of that auction nobody is in
an alliance: no page, chat, chain or action may treat last war's alliances as current. The
chats of war 1 stay readable to their members, as history.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.access.audience import viewer_for
from guerra.game.live.push import PUSH_TYPE, group_name
from guerra.game.models import ChatMessage, Game, GameEvent, Scenario, Seat
from guerra.game.services import log_event
from tests.game.attack_helpers import region
from tests.game.live.socket import Socket
from tests.game.play_helpers import finish_auction, state_of

SECRET_1 = "Tulipano: attacchiamo la Gran Bretagna"
ENEMY_1 = "Noi due per mare"
SECRET_2 = "Ora siamo amici, Britannia"
NO_ALLIANCE = "Non fai parte di nessuna alleanza in questa guerra."
PLAYERS = {"anna": "Francia", "bruno": "Gran Bretagna", "carla": "Prussia", "dario": "Austria"}


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


class Table:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.seats = {s.power: s for s in Seat.objects.select_related("user").filter(game=game)}

    def user(self, power: str) -> User:
        return self.seats[power].user

    def get(self, power: str, name: str, *args: int, htmx: bool = True) -> Any:
        headers = {"HX-Request": "true"} if htmx else {}
        return client_of(self.user(power)).get(reverse(name, args=[self.game.pk, *args]),
                                               headers=headers)

    def post(self, power: str, name: str, *args: int, **data: Any) -> Any:
        return client_of(self.user(power)).post(reverse(name, args=[self.game.pk, *args]), data,
                                                headers={"HX-Request": "true"})


def play_to_war_2(game: Game) -> None:
    """Every power passes its two actions of war 1's only round: war 2's auction opens."""
    for _ in range(20):
        state = state_of(game)
        if state.war == 2:
            assert state.phase == "auction"
            return
        assert state.turn is not None
        services.action_pass(game_id=game.pk, user=Seat.objects.get(
            game=game, power=state.turn.power).user, step=state.step)
    raise AssertionError("war 1 did not end")


@pytest.fixture
def war_over(make_user) -> Table:
    """War 1 played and over (each alliance said something in its chat), war 2's auction open."""
    users = {name: make_user(name) for name in PLAYERS}
    make_user("capo", staff=True)
    scenario = Scenario.objects.get(name="Europa 1700 — partenza rapida")
    Scenario.objects.filter(pk=scenario.pk).update(wars=2, rounds_per_war=1)
    scenario.refresh_from_db()
    game = services.game_create(user=users["anna"], scenario=scenario, name="Due guerre",
                                is_private=False, power="Francia")
    for name, power in PLAYERS.items():
        if name != "anna":
            services.game_join(game_id=game.pk, user=users[name], power=power)
    game = services.game_start(game_id=game.pk, user=users["anna"])
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    services.chat_post_alliance(game_id=game.pk, user=users["anna"], text=SECRET_1)
    services.chat_post_alliance(game_id=game.pk, user=users["bruno"], text=ENEMY_1)
    play_to_war_2(game)
    game.refresh_from_db()
    return Table(game)


def war_2_alliances(table: Table) -> None:
    finish_auction(table.game, [("Francia", "Prussia"), ("Gran Bretagna", "Austria")])
    table.game.refresh_from_db()
    assert table.game.war_sides() == {
        table.seats["Francia"].pk: 1, table.seats["Gran Bretagna"].pk: 1,
        table.seats["Prussia"].pk: 2, table.seats["Austria"].pk: 2}


# Between the war's end and the new auction's end: no alliance at all.


def test_G21_after_a_war_nobody_writes_in_last_wars_alliance_chat(war_over):
    table = war_over
    before = (ChatMessage.objects.count(), GameEvent.objects.filter(game=table.game).count())
    for power in PLAYERS.values():
        with pytest.raises(services.GameError) as refused:
            services.chat_post_alliance(game_id=table.game.pk, user=table.user(power),
                                        text="ci sei?")
        assert refused.value.status == 403 and str(refused.value.message) == (
            "Non fai parte di nessuna alleanza in questa guerra.")
        side = 1 if power in ("Francia", "Prussia") else 2
        # The page of war 1 posts to war 1's chat: closed, and said so.
        closed = table.post(power, "game_chat_alliance_war", 1, side, text="ci sei?")
        assert closed.status_code == 409
        assert "La guerra 1 è finita: la chat della sua alleanza ora si può solo leggere." in (
            closed.content.decode())
        # The current war's chat of that side is not theirs (nobody's yet).
        assert table.post(power, "game_chat_alliance", side, text="ci sei?").status_code == 403
        assert table.post(power, "game_chat_alliance_war", 2, side,
                          text="ci sei?").status_code == 403
    # The service checks again under the game's lock: a page's war and side, not the writer's
    # alliance of the moment, say where the words go.
    with pytest.raises(services.GameError) as late:
        services.chat_post_alliance(game_id=table.game.pk, user=table.user("Francia"),
                                    text="ci sei?", war=1, side=1)
    assert late.value.status == 409
    assert (ChatMessage.objects.count(),
            GameEvent.objects.filter(game=table.game).count()) == before


def test_G21_after_a_war_its_alliance_chats_are_history_for_their_members_only(war_over):
    table = war_over
    for power in PLAYERS.values():
        for side in (1, 2):
            # No current alliance chat, for anybody, before the auction makes one.
            assert table.get(power, "game_chat_alliance", side).status_code == 404
            assert table.get(power, "game_chat_alliance_war", 2, side).status_code == 404
    for power, side, said, not_said in (("Francia", 1, SECRET_1, ENEMY_1),
                                        ("Prussia", 1, SECRET_1, ENEMY_1),
                                        ("Gran Bretagna", 2, ENEMY_1, SECRET_1),
                                        ("Austria", 2, ENEMY_1, SECRET_1)):
        # An old page re-fetching its old chat gets it, as history: never a 404.
        old = table.get(power, "game_chat_alliance_war", 1, side)
        assert old.status_code == 200 and said in old.content.decode()
        after = table.get(power, "game_chat_alliance_war", 1, side)
        assert not_said not in after.content.decode()
        # The other alliance's chat of war 1 stays closed to them.
        assert table.get(power, "game_chat_alliance_war", 1, 3 - side).status_code == 404
    # Any other war or side in the path: not found, or refused in Italian; never a 500.
    for war, side in ((0, 1), (3, 1), (99, 1), (2**63, 1), (1, 0), (1, 3), (1, 2**63)):
        assert table.get("Francia", "game_chat_alliance_war", war, side).status_code == 404
        refused = table.post("Francia", "game_chat_alliance_war", war, side, text="x")
        assert refused.status_code == 403
        assert "Puoi scrivere solo nella chat della tua alleanza." in refused.content.decode()


@pytest.mark.parametrize("part", ["game_board", "game_negotiation_part"])
def test_G21_between_the_wars_no_page_shows_a_current_alliance(war_over, part):
    table = war_over
    for power in PLAYERS.values():
        html = table.get(power, part, htmx=part != "game_board").content.decode()
        assert NO_ALLIANCE in html, power
        assert 'class="chat alliance-chat current"' not in html
        assert 'id="chat-alliance-' not in html and "chat-alliance-1-text" not in html
        assert "Inviti dell&#x27;alleanza" not in html and "Inviti dell'alleanza" not in html
        # Nobody is anyone's ally or enemy until the auction says so.
        assert "alleata" not in html and "avversaria" not in html
        # Last war's chat, folded away and read only, to its members only.
        assert 'class="chat alliance-chat alliance-history" data-war="1"' in html
        mine, theirs = ((SECRET_1, ENEMY_1) if power in ("Francia", "Prussia")
                        else (ENEMY_1, SECRET_1))
        assert mine in html and theirs not in html, power
    staff = client_of(User.objects.get(username="capo")).get(
        reverse(part, args=[table.game.pk]), headers={"HX-Request": "true"}).content.decode()
    assert "In questa guerra non si è ancora formata nessuna alleanza." in staff
    assert 'id="chat-alliance-' not in staff
    assert SECRET_1 in staff and ENEMY_1 in staff


def test_G21_between_the_wars_nobody_follows_an_alliance_chain(war_over):
    table = war_over
    for power in PLAYERS.values():
        viewer = viewer_for(table.game, table.user(power))
        assert viewer is not None and viewer.side is None
        assert viewer.chains() == ["all", f"power-{table.seats[power].pk}"]
    staff = viewer_for(table.game, User.objects.get(username="capo"))
    assert staff is not None
    assert not any(chain.startswith("alliance-1-") for chain in staff.chains())


def test_G21_between_the_wars_no_attack_and_so_no_invitation(war_over):
    table = war_over
    step = table.game.step
    with pytest.raises(services.GameError):
        services.attack_declare(game_id=table.game.pk, user=table.user("Francia"),
                                region_id=region(table.game, "Stati Tedeschi").pk,
                                target=f"power-{table.seats['Gran Bretagna'].pk}")
    table.game.refresh_from_db()
    assert table.game.step == step
    for power in PLAYERS.values():
        part = table.get(power, "alliance_invitations_part").content.decode()
        assert "Inviti dell" not in part and "Nessun attacco" not in part


@pytest.mark.django_db(transaction=True)
def test_G21_a_socket_of_war_1_hears_nothing_of_last_wars_alliance(war_over):
    """A page connecting between the wars joins no alliance group: a push to war 1's alliance
    (there should be none, but were there one) or to a side of war 2 does not reach it; the
    public push sent after them is the first thing it hears."""
    table = war_over

    async def listen() -> dict[str, Any]:
        socket = Socket(f"/ws/partite/{table.game.pk}/")
        socket.scope["user"] = table.user("Francia")
        connected, _ = await socket.connect()
        assert connected
        hello = await socket.receive_json_from()
        assert not any(chain.startswith("alliance-") for chain in hello["chains"])
        layer = get_channel_layer()
        for chain in ("alliance-1-1", "alliance-2-1"):
            await layer.group_send(group_name(table.game.pk, chain), {
                "type": PUSH_TYPE, "push": {"type": "push", "chain": chain, "parts": []}})
        await sync_to_async(public)()
        heard = await socket.receive_json_from()
        while heard["type"] == "parts":  # the seat's parts first, then the public doorbell
            heard = await socket.receive_json_from()
        await socket.disconnect()
        return dict(heard)

    def public() -> None:
        with transaction.atomic():
            log_event(Game.objects.get(pk=table.game.pk), "public_note")

    assert async_to_sync(listen)()["chain"] == "all"


# After the new auction: the new alliances, everywhere.


def test_G21_the_new_auctions_alliances_apply_to_chats_pages_and_chains(war_over):
    table = war_over
    war_2_alliances(table)
    message = services.chat_post_alliance(game_id=table.game.pk, user=table.user("Francia"),
                                          text=SECRET_2)
    assert (message.war, message.side) == (2, 1)
    # Her ally of now reads it; her ally of war 1 does not, but still reads war 1's chat.
    ally = table.get("Gran Bretagna", "game_chat_alliance_war", 2, 1)
    assert ally.status_code == 200 and SECRET_2 in ally.content.decode()
    assert table.get("Prussia", "game_chat_alliance_war", 2, 1).status_code == 404
    history = table.get("Prussia", "game_chat_alliance_war", 1, 1).content.decode()
    assert SECRET_1 in history and SECRET_2 not in history
    # Gran Bretagna, Francia's enemy in war 1, reads only his own alliance's past.
    assert table.get("Gran Bretagna", "game_chat_alliance_war", 1, 1).status_code == 404
    for power, side in (("Francia", 1), ("Gran Bretagna", 1), ("Prussia", 2), ("Austria", 2)):
        page = table.get(power, "game_negotiation_part").content.decode()
        assert f'class="chat alliance-chat current" data-war="2" data-side="{side}"' in page
        assert (SECRET_2 in page) == (side == 1), power
        assert NO_ALLIANCE not in page
        viewer = viewer_for(table.game, table.user(power))
        assert viewer is not None
        assert f"alliance-2-{side}" in viewer.chains()
        assert not any(c.startswith("alliance-1-") for c in viewer.chains())
    # The contacts name the allies of now.
    contacts = table.get("Francia", "game_chat_contacts").content.decode()
    britain = contacts.split("Gran Bretagna</strong>")[1].split("</li>")[0]
    prussia = contacts.split("Prussia</strong>")[1].split("</li>")[0]
    assert "alleata" in britain and "avversaria" in prussia
    # Writing to war 1's chat stays refused; to the other side of war 2 too.
    assert table.post("Francia", "game_chat_alliance_war", 1, 1, text="x").status_code == 409
    assert table.post("Francia", "game_chat_alliance_war", 2, 2, text="x").status_code == 403
    assert table.post("Prussia", "game_chat_alliance_war", 2, 2, text="Ciao").status_code == 200
    # A page of war 1 that showed Alleanza B to Gran Bretagna posts there: not to his allies
    # of now.
    with pytest.raises(services.GameError) as elsewhere:
        services.chat_post_alliance(game_id=table.game.pk, user=table.user("Gran Bretagna"),
                                    text="x", war=2, side=2)
    assert elsewhere.value.status == 403
    assert not ChatMessage.objects.filter(text="x").exists()
