"""The parts pushed with a change (guerra/game/read/fragments.py): ahead of the doorbells, each
seat is sent the parts the change touched, as that seat would fetch them, each rendered once per
audience, and nothing it may not see; only the seat's own sockets are handed them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from guerra.game import services
from guerra.game.live import consumers
from guerra.game.live import push as live
from guerra.game.models import Game, Seat, Visibility
from guerra.game.read import fragments
from guerra.game.services import log_event
from tests.game.live.test_consumers import (  # noqa: F401 (sockets: a fixture)
    Table,
    closed_with,
    sockets,
)
from tests.game.play_helpers import seat_of, state_of
from tests.game.text.test_italian_phrases import client_of

POWERS = ("Francia", "Gran Bretagna", "Prussia")


@pytest.fixture(autouse=True)
def _frames_on(settings: Any) -> None:
    """The frames whatever the run's switches (GUERRA_STOCK=1 turns them off)."""
    settings.GUERRA_PUSHED_PARTS = True


FIRST = {e.id for e in fragments.ELEMENTS if e.first}


def frames_by_seat(pushes: Any) -> dict[int, dict[str, Any]]:
    """Each seat's frames as one: at most two a seat, the decision-bearing parts and the log's
    lines in the first, the board in the second, every seat's first before any second."""
    found: dict[int, dict[str, Any]] = {}
    seconds = False
    for group, message in pushes.frames:
        assert group == live.power_group(int(group.split(".")[0][5:]), message["to"])
        ids = {f["id"] for f in message["fragments"]}
        first = bool(ids & FIRST or message["lines"])
        assert not (first and ids - FIRST) and not (first and seconds)
        seconds = seconds or not first
        seat = found.setdefault(message["to"], {"fragments": [], "lines": [], "frames": 0})
        seat["fragments"] += message["fragments"]
        seat["lines"] += message["lines"]
        seat["step"] = message["step"]
        seat["frames"] += 1
        assert seat["frames"] <= 2
    return found


def as_fetched(html: str, seat: int) -> str:
    """A part as its URL answers it, but for what frames.js puts right in a pushed one: the
    CSRF field of its forms, the mark of the viewer's own power panel, and the viewer's own
    power among the recipients of a gold transfer."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    html = re.sub(rf'(<select name="a" data-others>.*?)<option value="{seat}">[^<]*</option>',
                  r"\1", html)
    return html.replace('class="power-panel mine"', 'class="power-panel"').strip()


def passed(game: Game, pushes: Any, capture: Any) -> None:
    pushes.clear()
    with capture(execute=True):
        services.action_pass(game_id=game.pk, user=seat_of(game, "Francia").user,
                             step=state_of(game).step)


def test_a_pass_sends_each_seat_the_parts_it_would_fetch_ahead_of_the_doorbells(
        running_game, pushes, django_capture_on_commit_callbacks):
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    frames = frames_by_seat(pushes)
    seats = {seat_of(running_game, p).pk: p for p in POWERS}
    assert set(frames) == set(seats)
    assert len(pushes.frames) == 6  # the turn panel and the log's line, then the board
    assert pushes.kinds == ["parts"] * 6 + ["push"] * len(pushes)  # the frames first
    urls = {"turn-box": "game_turn_part", "board": "game_board_part",
            "regions": "game_regions_part"}
    for seat_id, frame in frames.items():
        client = client_of(Seat.objects.get(pk=seat_id).user)
        assert [f["id"] for f in frame["fragments"]] == [
            "turn-box", "board-map", "board-panels", "regions"]
        for fragment in frame["fragments"]:
            url = reverse(urls[fragment.get("within", fragment["id"])], args=[running_game.pk])
            assert fragment["src"] == url
            fetched = as_fetched(client.get(url).content.decode(), seat_id)
            pushed = as_fetched(fragment["html"], seat_id)
            if "within" in fragment:  # a part of the element the URL answers
                assert fragment["within"] == "board" and f'id="{fragment["id"]}"' in pushed
                assert pushed in fetched
            else:
                assert pushed == fetched
        [line] = frame["lines"]
        assert line["line"] in client.get(reverse("game_log_part", args=[running_game.pk])
                                          ).content.decode()
        assert frame["step"] == state_of(running_game).step
    # Francia's second action now: its panel has the actions; the others say whose turn it is.
    by_power = {seats[s]: f["fragments"][0]["html"] for s, f in frames.items()}
    assert "your-move" in by_power["Francia"] and "Costruisci" in by_power["Francia"]
    for power in ("Prussia", "Gran Bretagna"):
        assert "Tocca alla Francia" in by_power[power] and "Costruisci" not in by_power[power]


def test_each_part_is_rendered_once_per_audience(
        running_game, pushes, django_capture_on_commit_callbacks, monkeypatch):
    rendered: list[str] = []
    original = fragments.render_to_string

    def counting(name: str, context: Any = None, *args: Any, **kwargs: Any) -> str:
        rendered.append(name)
        return original(name, context, *args, **kwargs)

    monkeypatch.setattr(fragments, "render_to_string", counting)
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    # The board alike for all (this combat system shows no hand on it); the region cards once
    # for those who watch and once for Francia, whose turn it still is; the turn panel once
    # for Francia and once for the others (their gold transfers' recipients put right by
    # frames.js).
    assert rendered.count("game/board.html#board_map") == 1
    assert rendered.count("game/board.html#board_panels") == 1
    assert rendered.count("game/board.html#regions") == 2
    assert rendered.count("game/_phase.html") == 2
    panels = {f["fragments"][2]["html"] for f in frames_by_seat(pushes).values()}
    assert len(panels) == 1 and "power-panel mine" not in panels.pop()


def test_a_line_of_one_power_or_one_alliance_is_sent_to_its_audience_only(
        running_game, pushes, django_capture_on_commit_callbacks):
    game = Game.objects.get(pk=running_game.pk)
    prussia, britain = seat_of(game, "Prussia"), seat_of(game, "Gran Bretagna")
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        log_event(game, "public_note", visibility=Visibility.POWER, seat=prussia)
    assert set(frames_by_seat(pushes)) == {prussia.pk}
    [line] = frames_by_seat(pushes)[prussia.pk]["lines"]
    assert line["line"] == f"power-{prussia.pk}:1"
    pushes.clear()
    side = game.war_sides()[britain.pk]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        log_event(game, "public_note", visibility=Visibility.ALLIANCE, side=side)
    allies = {s for s, other in game.war_sides().items() if other == side}
    assert set(frames_by_seat(pushes)) == allies and prussia.pk not in allies


def test_an_alliance_chat_line_is_sent_drawn_once_to_the_alliance_only(
        running_game, pushes, django_capture_on_commit_callbacks):
    francia, prussia = seat_of(running_game, "Francia"), seat_of(running_game, "Prussia")
    with django_capture_on_commit_callbacks(execute=True):
        services.chat_post_alliance(game_id=running_game.pk, text="Attacchiamo all'alba",
                                    user=francia.user)
    frames = {m["to"]: m for _g, m in pushes.frames}
    assert set(frames) == {francia.pk, prussia.pk}  # not Gran Bretagna, the enemy
    [said] = frames[prussia.pk]["chats"]
    assert frames[francia.pk]["chats"] == [said]
    assert frames[prussia.pk]["fragments"] == frames[prussia.pk]["lines"] == []  # not the log
    side = running_game.war_sides()[prussia.pk]
    assert said["log"] == f"chat-alliance-{side}" and said["event"] == f"alliance-1-{side}:1"
    page = client_of(prussia.user).get(said["src"]).content.decode()
    assert f'id="chat-alliance-{side}"' in page and "Attacchiamo all&#x27;alba" in said["html"]
    assert "chat-line mine" not in said["html"]  # frames.js marks the writer's own
    assert f'data-speaker="{francia.pk}"' in said["html"]


def test_with_the_switch_off_only_the_doorbells_go(
        running_game, pushes, django_capture_on_commit_callbacks, settings):
    settings.GUERRA_PUSHED_PARTS = False
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    assert pushes.frames == [] and {m["parts"][0] for _g, m in pushes} == {"board"}


def test_parts_that_cannot_be_rendered_never_hold_the_doorbells_back(
        running_game, pushes, django_capture_on_commit_callbacks, monkeypatch, caplog):
    def broken(game_id: int, events: Any) -> Any:
        raise RuntimeError("a template went wrong")
        yield []

    monkeypatch.setattr(live, "framer", broken)
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    assert pushes.frames == [] and len(pushes) == 1
    assert "could not be rendered" in caplog.text


@pytest.mark.django_db(transaction=True)
async def test_a_seats_parts_reach_its_sockets_and_never_an_observers(
        running_game, sockets, make_user):  # noqa: F811 (sockets: the fixture)
    table = await sync_to_async(Table)(running_game)
    staff = await sync_to_async(make_user)("capo", staff=True)
    observer = await sockets(staff, table.game.pk)
    carla = await sockets(table.carla, table.game.pk)

    def note() -> int:
        with transaction.atomic():
            game = Game.objects.get(pk=table.game.pk)
            return log_event(game, "public_note").chain_seq

    seq = await sync_to_async(note)()
    assert (await carla.receive_json_from())["seq"] == seq
    assert [f["to"] for f in carla.frames] == [table.carla_seat.pk] * 2  # log line, then board
    assert (await observer.receive_json_from())["seq"] == seq
    assert observer.frames == []  # it hears Prussia's group, and fetches its own parts
    assert await carla.receive_nothing() and await observer.receive_nothing()


def test_a_part_a_seat_was_sent_with_the_same_text_goes_without_it(
        running_game, pushes, django_capture_on_commit_callbacks):
    """Two passes: the board (its map and its panels) is as it was, so the second time it goes to
    each seat as its hash and step only (frames.js moves the part it holds on to the new step);
    the acting seat, whose answer replaced its turn panel, gets that panel's text whatever."""
    francia = seat_of(running_game, "Francia").pk
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    first = frames_by_seat(pushes)
    boards = {s: f["fragments"][1] for s, f in first.items()}
    assert all("html" in board and board["text"] for board in boards.values())
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    second = frames_by_seat(pushes)
    assert set(second) == set(first)
    for seat_id, frame in second.items():
        board = frame["fragments"][1]
        assert board["id"] == "board-map" and board["text"] == boards[seat_id]["text"]
        assert board["step"] == frame["step"] == boards[seat_id]["step"] + 1
        assert "html" not in board and "html" not in frame["fragments"][2]
        # The turn panel changed (the turn moved on): it goes with its text; to the seat that
        # acted, whose answer replaced it, whatever it shows.
        assert "html" in frame["fragments"][0]
        assert frame["fragments"][0]["text"] != first[seat_id]["fragments"][0]["text"]
        # So its text is not counted as held by the page of the seat that acted.
        held = cache.get(live.sent_key(running_game.pk, seat_id))
        assert ("turn-box" in held) == (seat_id != francia) and "board-map" in held
    assert all("acted" not in message for _g, message in pushes.frames)


def test_a_seat_whose_page_connects_or_lacks_a_text_is_sent_every_text_again(
        running_game, pushes, django_capture_on_commit_callbacks):
    prussia = seat_of(running_game, "Prussia").pk
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    live.forget_sent(running_game.pk, prussia)  # consumers.py: on connecting, and on "lacks"
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    frames = frames_by_seat(pushes)
    assert "html" in frames[prussia]["fragments"][1]
    britain = seat_of(running_game, "Gran Bretagna").pk
    assert "html" not in frames[britain]["fragments"][1]


def test_a_part_whose_text_changed_goes_with_it_again(
        running_game, pushes, django_capture_on_commit_callbacks):
    passed(running_game, pushes, django_capture_on_commit_callbacks)
    pushes.clear()
    francia = seat_of(running_game, "Francia")
    with django_capture_on_commit_callbacks(execute=True):
        services.gold_tax(game_id=running_game.pk, user=francia.user,
                          step=state_of(running_game).step, gold=1)
    prussia = seat_of(running_game, "Prussia").pk
    _turn, board, panels, _regions = frames_by_seat(pushes)[prussia]["fragments"]
    assert panels["id"] == "board-panels" and "html" in panels  # France's purse is on them
    assert board["id"] == "board-map" and "html" not in board  # no piece moved


@pytest.mark.django_db(transaction=True)
async def test_a_seats_socket_forgets_what_was_sent_on_connecting_and_when_it_lacks_a_text(
        running_game, sockets, make_user):  # noqa: F811 (sockets: the fixture)
    table = await sync_to_async(Table)(running_game)
    key = live.sent_key(table.game.pk, table.carla_seat.pk)
    await cache.aset(key, {"board-map": "0123"})
    carla = await sockets(table.carla, table.game.pk)
    assert await cache.aget(key) is None  # a new page holds none of the texts sent before
    await cache.aset(key, {"board-map": "0123"})
    await carla.send_to(text_data='{"type": "lacks"}')
    assert await carla.receive_nothing()  # no answer, and the socket stays open
    assert await cache.aget(key) is None
    await carla.send_to(text_data='{"type": "ping"}')
    assert await carla.receive_json_from() == {"type": "pong"}
    # An observer is sent no frames: it has nothing to lack.
    staff = await sync_to_async(make_user)("capo", staff=True)
    observer = await sockets(staff, table.game.pk)
    await observer.send_to(text_data='{"type": "lacks"}')
    assert await closed_with(observer) == consumers.CLOSE_UNKNOWN_MESSAGE
