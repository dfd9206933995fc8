"""The live layer without a socket: audience chains, prev numbers, pushes after commit, the page
parts and the event log."""

from __future__ import annotations

import json
import re
from contextlib import suppress
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.access.audience import Viewer
from guerra.game.access.audience import viewer_for as maybe_viewer
from guerra.game.live import push as live
from guerra.game.models import Game, GameEvent, Seat, Visibility
from guerra.game.read.log import describe
from guerra.game.services import log_event
from tests.game.attack_helpers import decide, declare, rig  # noqa: F401 (rig: a fixture)


def viewer_for(game, user) -> Viewer:
    viewer = maybe_viewer(game, user)
    assert viewer is not None
    return viewer


def seat(game, power):
    return Seat.objects.select_related("user").get(game=game, power=power)


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def table(running_game):
    return {p: seat(running_game, p) for p in ("Francia", "Prussia", "Gran Bretagna")}


def test_group_names_follow_the_audience_chains():
    assert live.game_group(7) == "game-7.all"
    assert live.alliance_group(7, 2, 1) == "game-7.alliance-2-1"
    assert live.power_group(7, 31) == "game-7.power-31"


def test_each_event_is_numbered_within_its_own_chain_only(running_game, table):
    """The numbers a reader gets count its chain's events only: nothing says how many events
    the other alliance or another power had in between."""
    game = Game.objects.get(pk=running_game.pk)
    first_public = GameEvent.objects.filter(game=game, visibility=Visibility.ALL).last()
    assert first_public is not None
    with transaction.atomic():
        a1 = log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
        p_bruno = log_event(game, "x", visibility=Visibility.POWER, seat=table["Gran Bretagna"])
        public = log_event(game, "x")
        a2 = log_event(game, "x", visibility=Visibility.ALLIANCE, side=2)
        a2_again = log_event(game, "x", visibility=Visibility.ALLIANCE, side=2)
        a1_again = log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
        p_bruno_again = log_event(
            game, "x", visibility=Visibility.POWER, seat=table["Gran Bretagna"]
        )
        p_anna = log_event(game, "x", visibility=Visibility.POWER, seat=table["Francia"])
    assert public.chain_seq == first_public.chain_seq + 1
    assert (a1.chain_seq, a2.chain_seq, a2_again.chain_seq, a1_again.chain_seq) == (1, 1, 2, 2)
    assert (p_bruno.chain_seq, p_bruno_again.chain_seq, p_anna.chain_seq) == (1, 2, 1)
    # What alliance 1 hears: 1 then 2, though alliance 2 spoke twice in between.
    pushed = [live.push_message(e) for e in (a1, a1_again)]
    assert [(m["seq"], m["prev"]) for m in pushed] == [(1, 0), (2, 1)]


def test_a_batch_numbers_its_events_as_one_log_event_after_another_would(running_game, table):
    """The events of one change are logged together (EventBatch): same numbers, same chains,
    in three statements however many events and chains there are."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from guerra.game.services.events import EventBatch

    game = Game.objects.get(pk=running_game.pk)
    kinds: list[dict[str, Any]] = [
        {"visibility": Visibility.ALLIANCE, "side": 1},
        {"visibility": Visibility.POWER, "seat": table["Gran Bretagna"]},
        {},
        {"visibility": Visibility.ALLIANCE, "side": 1},
        {"visibility": Visibility.POWER, "seat": table["Francia"]},
        {"visibility": Visibility.POWER, "seat": table["Gran Bretagna"]},
    ]
    with transaction.atomic():
        one_by_one = [log_event(game, "x", **kind) for kind in kinds]
        batch = EventBatch(game)
        for kind in kinds:
            batch.add("y", **kind)
        with CaptureQueriesContext(connection) as queries:
            together = batch.write()
    assert len(queries) == 3
    assert [e.seq for e in together] == [one_by_one[-1].seq + 1 + i for i in range(len(kinds))]
    # Each chain goes on from where the one-by-one events left it.
    assert [e.chain_seq - o.chain_seq for e, o in zip(together, one_by_one, strict=True)] == [
        2, 2, 1, 2, 1, 2]
    stored = GameEvent.objects.filter(game=game, kind="y").order_by("seq")
    assert [(e.seq, e.chain_seq) for e in stored] == [(e.seq, e.chain_seq) for e in together]
    game.refresh_from_db()
    assert game.last_event_seq == together[-1].seq
    assert EventBatch(game).write() == []


def test_an_alliance_chain_starts_again_in_a_new_war(running_game):
    game = Game.objects.get(pk=running_game.pk)
    war1 = log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
    Game.objects.filter(pk=game.pk).update(current_war=2)
    game.refresh_from_db()
    war2 = log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
    assert war1.chain_seq == 1 and war2.chain_seq == 1
    assert (war1.war, war2.war) == (1, 2)


def test_a_push_leaves_only_after_commit_and_only_to_its_audience(
    running_game, table, pushes, django_capture_on_commit_callbacks
):
    game = Game.objects.get(pk=running_game.pk)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        event = log_event(game, "x", visibility=Visibility.POWER, seat=table["Prussia"])
        assert pushes == []  # still inside the transaction
    assert len(callbacks) == 1
    assert pushes == [
        (
            live.power_group(game.pk, table["Prussia"].pk),
            {
                "type": "push",
                "channel": "power",
                "chain": f"power-{table['Prussia'].pk}",
                "seq": event.chain_seq,
                "prev": 0,
                "parts": ["board", "log"],
                "stage": "running-1-allied",
                "step": game.step,
            },
        )
    ]


def test_a_decisions_push_names_the_step_its_answer_shows(
    running_game, table, pushes, django_capture_on_commit_callbacks
):
    """The page of the player who decided swaps in the answer (data-step) and skips a ring for
    that step; every other page re-fetches, since it shows an older step."""
    from django.test import Client
    from django.urls import reverse

    before = running_game.step
    anna = Client()
    anna.force_login(table["Francia"].user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = anna.post(reverse("turn_pass", args=[running_game.pk]),
                           {"passo": before}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    running_game.refresh_from_db()
    assert running_game.step == before + 1
    assert f'data-step="{before + 1}"' in answer.content.decode()
    steps = {message["step"] for _group, message in pushes if "turn" in message["parts"]}
    assert steps == {before + 1}


def test_a_rolled_back_change_pushes_nothing(
    running_game, table, pushes, django_capture_on_commit_callbacks
):
    game = Game.objects.get(pk=running_game.pk)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        suppress(RuntimeError),
        transaction.atomic(),
    ):
        services.chat_post_alliance(game_id=game.pk, user=table["Francia"].user, text="mai detto")
        raise RuntimeError("the action failed after the message")
    assert callbacks == []
    assert pushes == []
    assert not GameEvent.objects.filter(kind="chat_alliance").exists()


@pytest.mark.django_db(transaction=True)
def test_a_push_waits_for_the_real_commit(running_game, table, pushes):
    game = Game.objects.get(pk=running_game.pk)
    pushes.clear()
    with transaction.atomic():
        log_event(game, "x")
        log_event(game, "y", visibility=Visibility.ALLIANCE, side=2)
        assert pushes == []
    assert [group for group, _message in pushes] == [
        live.game_group(game.pk),
        live.alliance_group(game.pk, 1, 2),
    ]
    with suppress(RuntimeError), transaction.atomic():
        log_event(game, "z")
        raise RuntimeError
    assert len(pushes) == 2


def test_a_failing_channel_layer_never_breaks_the_action(running_game, table, monkeypatch, caplog):
    class BrokenLayer:
        async def group_send(self, group, message):
            raise ConnectionError("redis is down")

    monkeypatch.setattr(live, "get_channel_layer", BrokenLayer)
    assert live.send("game-1.all", {"type": "push"}) is False
    assert "live push to game-1.all failed" in caplog.text


def test_parts_name_the_chat_of_the_side_or_of_the_other_player(running_game, table):
    anna, bruno = table["Francia"], table["Gran Bretagna"]
    services.chat_post_alliance(game_id=running_game.pk, user=bruno.user, text="ciao")
    services.chat_post_private(
        game_id=running_game.pk, user=anna.user, recipient_seat_id=bruno.pk, text="psst"
    )
    alliance = GameEvent.objects.get(kind="chat_alliance")
    to_anna, to_bruno = GameEvent.objects.filter(kind="chat_private").order_by("seq")
    assert live.parts_for(alliance) == ["chat-alliance-2"]
    # The addressee's page also shows a notice of the new message (the writer's does not).
    assert live.parts_for(to_anna) == [f"chat-private-{bruno.pk}", "chat-contacts"]
    assert live.parts_for(to_bruno) == [f"chat-private-{anna.pk}", "chat-contacts",
                                        f"chat-notice-{anna.pk}"]
    assert live.parts_for(GameEvent(kind="game_started")) == ["page"]
    assert live.parts_for(GameEvent(kind="something_new")) == ["board", "log"]


def test_the_chains_of_a_player_and_of_an_observer(running_game, table, make_user):
    game = Game.objects.get(pk=running_game.pk)
    anna, bruno = table["Francia"], table["Gran Bretagna"]
    a = log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
    p = log_event(game, "x", visibility=Visibility.POWER, seat=bruno)
    public = GameEvent.objects.filter(game=game, visibility=Visibility.ALL).count()
    anna_chains = live.chains_for(game, viewer_for(game, anna.user))
    assert anna_chains == {"all": public, "alliance-1-1": a.chain_seq, f"power-{anna.pk}": 0}
    staff_chains = live.chains_for(game, viewer_for(game, make_user("capo", staff=True)))
    assert staff_chains["alliance-1-1"] == a.chain_seq == 1
    assert staff_chains["alliance-1-2"] == 0
    assert staff_chains[f"power-{bruno.pk}"] == p.chain_seq == 1
    assert len(staff_chains) == 1 + 2 + 3
    assert maybe_viewer(game, make_user("dario")) is None


def test_the_page_embeds_the_chains_and_the_websocket_path(running_game, table):
    game = Game.objects.get(pk=running_game.pk)
    log_event(game, "x", visibility=Visibility.ALLIANCE, side=1)
    html = client_of(table["Prussia"].user).get(reverse("game_board", args=[game.pk]))
    page = html.content.decode()
    assert f'data-live-url="/ws/partite/{game.pk}/"' in page
    assert 'data-live-stage="running-1-allied"' in page  # war 1's auction is over
    raw = re.search(r'data-live-chains="([^"]*)"', page).group(1).replace("&quot;", '"')
    # Counted here, not by live.chains_for (the function that made the page's numbers): each
    # chain is numbered 1, 2, ... so its last number is how many events it holds.
    prussia = table["Prussia"]
    public = GameEvent.objects.filter(game=game, visibility=Visibility.ALL).count()
    own = GameEvent.objects.filter(game=game, visibility=Visibility.POWER, seat=prussia).count()
    assert public > 0
    assert json.loads(raw) == {"all": public, "alliance-1-1": 1, f"power-{prussia.pk}": own}
    assert "js/live.js" in page


def test_each_part_url_renders_the_partial_the_page_shows(running_game, table):
    c = client_of(table["Francia"].user)
    page = c.get(reverse("game_board", args=[running_game.pk])).content.decode()
    for name, element in [
        ("game_board_part", 'id="board"'),
        ("game_regions_part", 'id="regions"'),
        ("game_log_part", 'id="event-log"'),
        ("game_chat_contacts", 'id="chat-contacts"'),
    ]:
        response = c.get(reverse(name, args=[running_game.pk]), headers={"HX-Request": "true"})
        assert response.status_code == 200, name
        part = response.content.decode()
        assert part.lstrip().startswith("<") and element in part.split(">", 1)[0]
        assert element in page
        assert "<html" not in part


def test_the_board_part_shows_the_current_gold(running_game, table):
    c = client_of(table["Francia"].user)
    Seat.objects.filter(pk=table["Prussia"].pk).update(gold=3)
    part = c.get(reverse("game_board_part", args=[running_game.pk])).content.decode()
    assert "3 ori" in part


def test_parts_answer_404_to_outsiders_and_send_anonymous_visitors_to_log_in(
    running_game, make_user
):
    url = reverse("game_log_part", args=[running_game.pk])
    assert Client().get(url).status_code == 302
    dario = client_of(make_user("dario"))
    assert dario.get(url).status_code == 200  # a public game: watched
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    assert dario.get(url).status_code == 404
    assert client_of(make_user("capo", staff=True)).get(url).status_code == 200
    assert Client().post(url).status_code in (302, 405)
    assert (
        client_of(make_user("elena")).get(reverse("game_log_part", args=[999])).status_code == 404
    )


def test_the_log_shows_each_viewer_only_what_they_may_see_newest_first(
    running_game, table, make_user
):
    game = Game.objects.get(pk=running_game.pk)
    log_event(game, "secret_plan", visibility=Visibility.ALLIANCE, side=2)
    log_event(game, "own_invitation", visibility=Visibility.POWER, seat=table["Francia"])
    services.chat_post_alliance(game_id=game.pk, user=table["Francia"].user, text="chiacchiere")
    url = reverse("game_log_part", args=[game.pk])
    anna = client_of(table["Francia"].user).get(url).content.decode()
    bruno = client_of(table["Gran Bretagna"].user).get(url).content.decode()
    staff = client_of(make_user("capo", staff=True)).get(url).content.decode()
    spectator = client_of(make_user("dario")).get(url).content.decode()
    assert "own_invitation" in anna and "secret_plan" not in anna
    assert "secret_plan" not in spectator and "own_invitation" not in spectator
    assert "La partita comincia" in spectator and "solo " not in spectator
    assert "secret_plan" in bruno and "own_invitation" not in bruno
    assert "secret_plan" in staff and "own_invitation" in staff
    assert "chat_alliance" not in staff  # conversation is not game history
    assert anna.index("own_invitation") < anna.index("La partita comincia")
    assert "solo la Francia" in anna


def test_every_existing_kind_reads_as_an_italian_sentence(running_game, make_user):
    services.game_end(game_id=running_game.pk, user=make_user("capo", staff=True))
    texts = {
        e.kind: describe(e) for e in GameEvent.objects.filter(game=running_game).order_by("seq")
    }
    assert texts["game_created"] == (
        "Partita «Prova» creata dallo scenario Europa 1700 — partenza rapida."
    )
    assert texts["seat_taken"] == "carla prende la Prussia."
    assert texts["game_started"] == (
        "La partita comincia: si sorteggiano l'ordine dei posti, le pedine e la preparazione."
    )
    assert "Tocca alla Francia." in texts["game_step"]
    assert texts["game_ended"].startswith("La partita è finita. Il seme dei dadi ora è pubblico: ")
    assert describe(GameEvent(kind="seat_left", payload={"user": "ugo", "power": "Spagna"})) == (
        "ugo lascia la Spagna."
    )
    assert describe(GameEvent(kind="brand_new")) == "Evento «brand_new»."


def test_a_page_never_claims_events_newer_than_the_game_it_loaded(running_game, table):
    """The page's chains are capped at the game's last_event_seq read before the board: an
    event committed while the page renders makes the hello differ instead of going unseen."""
    game = Game.objects.get(pk=running_game.pk)  # loaded, then the board is read...
    log_event(Game.objects.get(pk=game.pk), "x", visibility=Visibility.ALLIANCE, side=1)
    viewer = viewer_for(game, table["Francia"].user)
    capped = live.chains_for(game, viewer, upto=game.last_event_seq)
    fresh = live.chains_for(game, viewer)
    assert capped["alliance-1-1"] == 0
    assert fresh["alliance-1-1"] == 1


def test_an_attack_step_of_decisions_only_leaves_the_board_alone(running_game, rig):  # noqa: F811
    """The allies' answers and the sea decisions change nothing the board shows: their pushes
    re-fetch the log, the turn, the invitations and the attack, not the board; the declaration
    (2 gold paid), a step with losses and the end do."""
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    decide(attack, "Francia", "naval", fight=True)
    rig([3, 5, 2, 2, 1, 5, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1])
    decide(attack, "Gran Bretagna", "tiles", tiles=0)
    steps = list(GameEvent.objects.filter(game=running_game, kind="attack_step").order_by("seq"))
    made = [step.payload["made"] for step in steps]
    assert made[:3] == ["declare", "naval", "naval"]
    board = ["board" in live.parts_for(step) for step in steps]
    assert board[:3] == [True, False, False]
    assert board[-1] is True  # the battles: fleets and armies lost
    losses = [step for step in steps if any(e["type"] == "unit_lost"
                                            for e in step.payload["events"])]
    assert losses and all("board" in live.parts_for(step) for step in losses)
    assert all(f"attack-{attack.number}" in live.parts_for(step) and "turn" in
               live.parts_for(step) for step in steps)
