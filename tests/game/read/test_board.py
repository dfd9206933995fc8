"""The board page: what it shows, to whom, and at what cost."""

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from guerra.game.models import Game, Holding, Neutral, Region, Seat
from guerra.game.models import state as states
from guerra.game.read import board
from guerra.game.read.board import abbreviation, text_colour_for
from tests.game.play_helpers import chatter, set_pieces, show_counter


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


def board_html(game, user):
    response = client_of(user).get(reverse("game_board", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_every_region_is_drawn_on_the_map_with_its_pieces(running_game):
    html = board_html(running_game, running_game.created_by)
    assert html.count('class="region-shape"') == 11
    regions = list(Region.objects.filter(game=running_game))
    assert len(regions) == 11
    for region in regions:
        assert f'data-region="{region.name}"' in html
    # Prussia's three armies in the German States appear in the region list and on the map.
    assert "Prussia: 3 armate, 0 flotte, 1 fortino, 2 pedine controllo" in html


def test_each_power_panel_shows_gold_with_the_italian_plural(running_game):
    Seat.objects.filter(game=running_game, power="Prussia").update(gold=1)
    html = board_html(running_game, running_game.created_by)
    assert "1 oro" in html
    assert "10 ori" in html


def test_G4_unrest_is_shown_to_every_player_and_staff(running_game, make_user):
    """Unrest is public, as on the board game's track: every panel shows it to everyone."""
    Seat.objects.filter(game=running_game, power="Gran Bretagna").update(unrest=7)
    Seat.objects.filter(game=running_game, power="Francia").update(unrest=3)
    bruno = Seat.objects.get(game=running_game, power="Gran Bretagna").user
    for user in (running_game.created_by, bruno, make_user("capo", staff=True)):
        html = board_html(running_game, user)
        assert html.count('class="unrest"') == 3
        assert '<dd class="unrest">3</dd>' in html and '<dd class="unrest">7</dd>' in html


def test_a_player_of_another_game_does_not_see_the_board_of_a_private_one(running_game,
                                                                           make_user):
    outsider = client_of(make_user("dario"))
    response = outsider.get(reverse("game_board", args=[running_game.pk]))
    assert response.status_code == 200  # a public game: watched (tests/game/access)
    Game.objects.filter(pk=running_game.pk).update(is_private=True)
    response = outsider.get(reverse("game_board", args=[running_game.pk]))
    assert response.status_code == 404


def forget_what_the_pages_read():
    """For a test that writes the board's rows behind the game's back (never done in play:
    regions are made at the start, pieces change with a step): the pages read them afresh."""
    board._FACTS.clear()
    states._REGIONS.clear()


def _queries_for_board(game, user, url_name="game_board"):
    """The queries of the first page of a step, the one that reads the board's facts."""
    c = client_of(user)
    c.get(reverse(url_name, args=[game.pk]))  # warm caches (session, content types)
    forget_what_the_pages_read()
    with CaptureQueriesContext(connection) as queries:
        assert c.get(reverse(url_name, args=[game.pk])).status_code == 200
    return len(queries)


def test_the_board_query_count_does_not_grow_with_units_and_regions(running_game):
    before = _queries_for_board(running_game, running_game.created_by)
    seats = list(running_game.seats.all())
    for i in range(30):
        region = Region.objects.create(game=running_game, name=f"Isola {i}", order=100 + i)
        Neutral.objects.create(
            game=running_game, region=region, defence=3, reward_kind="gold", amount=3
        )
        for seat in seats:
            Holding.objects.create(
                game=running_game,
                region=region,
                seat=seat,
                armies=2,
                fleets=1,
                forts=1,
                control_markers=1,
            )
    after = _queries_for_board(running_game, running_game.created_by)
    assert after == before
    # Session, user, game, seats, sides, regions, holdings, neutrals, tiles, the live
    # chains, attacks under way, chats ×2, the event log, the watchers' count.
    assert before <= 15
    assert board_html(running_game, running_game.created_by).count('class="region-card"') == 41


def _tables_read(response_of):
    with CaptureQueriesContext(connection) as queries:
        response = response_of()
    assert response.status_code == 200
    return {table for table in ("game_region", "game_holding", "game_neutral", "game_tileholding")
            if any(f'FROM "{table}"' in q["sql"] for q in queries.captured_queries)}


def test_a_step_s_board_is_read_once_and_shared_by_every_viewer(running_game):
    """Pieces, neutral markers and tiles change only with a step of the game, the regions
    never once it started: the first page or re-fetch of a step reads the step's rows, every
    other viewer's reuses them, and the next step reads them again, with what changed."""
    part = reverse("game_board_part", args=[running_game.pk])
    clients = {p: client_of(Seat.objects.get(game=running_game, power=p).user)
               for p in ("Francia", "Gran Bretagna", "Prussia")}
    forget_what_the_pages_read()
    every_table = {"game_region", "game_holding", "game_neutral", "game_tileholding"}
    assert _tables_read(lambda: clients["Francia"].get(part)) == every_table
    assert _tables_read(lambda: clients["Gran Bretagna"].get(part)) == set()
    assert _tables_read(lambda: clients["Prussia"].get(
        reverse("game_board", args=[running_game.pk]))) == set()
    holding = Holding.objects.filter(game=running_game, armies__gt=0,
                                     region__isnull=False).select_related("seat", "region")[0]
    set_pieces(running_game, holding.seat.power, holding.region.name, armies=7, fleets=0,
               forts=0, markers=0)  # a step of the game
    assert _tables_read(lambda: clients["Prussia"].get(part)) == every_table - {"game_region"}
    html = clients["Francia"].get(part).content.decode()
    assert f"{holding.seat.power}: 7 armate" in html


def test_the_board_part_reads_the_same_queries_however_big_the_board(running_game):
    before = _queries_for_board(running_game, running_game.created_by, "game_board_part")
    seats = list(running_game.seats.all())
    for i in range(20):
        region = Region.objects.create(game=running_game, name=f"Isola {i}", order=100 + i)
        for seat in seats:
            Holding.objects.create(game=running_game, region=region, seat=seat, armies=1)
    assert _queries_for_board(running_game, running_game.created_by, "game_board_part") == before
    # Session, user, game, seats, sides, and the step's regions, holdings, neutrals, tiles.
    assert before <= 9


def test_the_board_query_count_does_not_grow_with_the_log_and_the_chats(running_game):
    francia = Seat.objects.get(game=running_game, power="Francia").user
    chatter(running_game, 1)
    before = _queries_for_board(running_game, francia)
    events = running_game.events.count()
    chatter(running_game, 40)
    # 40 alliance lines (1 event each) and 40 private ones (1 event for each of the two).
    assert running_game.events.count() == events + 40 + 80
    assert _queries_for_board(running_game, francia) == before


def test_a_region_without_an_outline_gets_a_box(running_game):
    Region.objects.create(game=running_game, name="Terra Incognita", order=99)
    forget_what_the_pages_read()
    html = board_html(running_game, running_game.created_by)
    assert 'data-region="Terra Incognita"' in html
    assert "M" in html.split('data-region="Terra Incognita"')[1].split('class="region-shape"')[0]


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("Gran Bretagna", "GB"),
        ("Province Unite", "PU"),
        ("Francia", "FR"),
        ("Prussia", "PR"),
    ],
)
def test_every_power_has_a_two_letter_badge_besides_its_colour(name, short):
    assert abbreviation(name) == short


@pytest.mark.parametrize(
    ("colour", "text"),
    [
        ("#000000", "#ffffff"),
        ("#F0E442", "#000000"),
        ("#0072B2", "#ffffff"),
    ],
)
def test_badge_text_stays_readable_on_its_colour(colour, text):
    assert text_colour_for(colour) == text


def test_a_region_drawn_again_with_the_same_pieces_is_not_fitted_again(running_game):
    from guerra.game.read.map_layout import placement

    francia = Seat.objects.get(game=running_game, power="Francia").user
    placement.cache_clear()
    board_html(running_game, francia)
    fitted = placement.cache_info().misses
    assert fitted == running_game.regions.count()
    board_html(running_game, francia)
    assert placement.cache_info().misses == fitted
    # A region whose pieces change (a step of the game) is fitted again, and only that one.
    holding = Holding.objects.filter(game=running_game, armies__gt=0,
                                     region__isnull=False).select_related("seat", "region")[0]
    set_pieces(running_game, holding.seat.power, holding.region.name, armies=0, fleets=0,
               forts=0, markers=0)
    board_html(running_game, francia)
    assert placement.cache_info().misses == fitted + 1


def test_the_map_is_drawn_once_for_its_pieces_and_shared_by_every_viewer(running_game):
    """The map shows the same to everyone for the same pieces: the first page draws it, the
    other viewers' pages and re-fetches reuse that drawing, a step that moves no piece (the
    turn passed on) too, and a step that changes a piece draws it again."""
    from tests.game.play_helpers import give_turn, set_pieces

    part = reverse("game_board_part", args=[running_game.pk])

    def drew_the_map(power):
        seat = Seat.objects.get(game=running_game, power=power)
        response = client_of(seat.user).get(part)
        assert response.status_code == 200 and 'class="map"' in response.content.decode()
        return "game/_map.html" in [t.name for t in response.templates]

    assert drew_the_map("Francia")
    assert not drew_the_map("Gran Bretagna") and not drew_the_map("Francia")

    def the_map():
        page = client_of(Seat.objects.get(game=running_game, power="Francia").user).get(part)
        text = page.content.decode()
        return text[text.index('<svg class="map"'):text.index("</svg>")]

    before = the_map()
    give_turn(running_game, "Gran Bretagna")  # a new step, the same pieces
    assert not drew_the_map("Prussia") and the_map() == before
    set_pieces(running_game, "Prussia", "Baltico", armies=4)  # a piece changes
    assert drew_the_map("Prussia")
    assert not drew_the_map("Francia") and the_map() != before


def test_a_change_of_pieces_draws_again_only_the_regions_it_touched(running_game, monkeypatch):
    """The map and the region cards are kept region by region too (by what each region is drawn
    from): a move redraws the regions it touched, not every region of the map."""
    from guerra.game.read.map_layout import RegionView

    drawn: list[str] = []
    fit = RegionView.fit.func

    def counted(self: RegionView) -> Any:
        drawn.append(self.region.name)
        return fit(self)

    monkeypatch.setattr(RegionView, "fit", property(counted))
    part = reverse("game_board_part", args=[running_game.pk])
    prussia = Seat.objects.get(game=running_game, power="Prussia")
    assert client_of(prussia.user).get(part).status_code == 200
    regions = len(drawn)
    assert regions > 10 and len(set(drawn)) == regions
    drawn.clear()
    set_pieces(running_game, "Prussia", "Baltico", armies=4)
    page = client_of(prussia.user).get(part).content.decode()
    assert drawn == ["Baltico"]
    assert page.count('class="region-link"') == regions


def test_each_line_of_the_log_is_drawn_once_and_shared_by_every_viewer(running_game,
                                                                       make_user):
    """An event's line never changes: the first page that shows it draws it, every other
    viewer's page and re-fetch reuses the drawing, and a new event draws only its own line."""
    from guerra.game import services

    log = reverse("game_log_part", args=[running_game.pk])

    def lines_drawn(power):
        seat = Seat.objects.get(game=running_game, power=power)
        response = client_of(seat.user).get(log)
        assert response.status_code == 200
        drawn = [t.name for t in response.templates].count("game/_event_line.html")
        return drawn, response.content.decode().count('<li class="event')

    drawn, shown = lines_drawn("Francia")
    assert shown > 1 and drawn <= shown
    assert lines_drawn("Gran Bretagna")[0] == 0 and lines_drawn("Francia")[0] == 0
    staff = make_user("moderatore", staff=True)
    prussia = Seat.objects.get(game=running_game, power="Prussia")
    services.seat_correct(game_id=running_game.pk, user=staff, seat_id=prussia.pk,
                          gold=prussia.gold + 1, vp=prussia.vp)  # one new public event
    drawn, shown_now = lines_drawn("Prussia")
    assert drawn == 1 and shown_now >= shown
    assert "Lo staff corregge la Prussia" in client_of(prussia.user).get(log).content.decode()


def _section_text(page: str, start: str, end: str) -> str:
    """The text of the first element of `page` that opens with `start`, up to `end`, tags
    left out and spaces squeezed."""
    import re

    at = page.find(start)
    if at < 0:
        return f"(no {start!r})"
    chunk = page[at:page.find(end, at) + len(end)]
    return " ".join(re.sub(r"<[^>]*>", " ", chunk).split())[:600]


def _what_the_table_was(game, response, wanted: tuple[str, ...]) -> str:
    """What the page showed when it lacked the turn's options: the answer's status, which of
    `wanted` it lacked, the turn's panel and the first region card as the page showed them,
    and the game's step, phase, turn, deadline and seed, the clock and the page's language.
    (This test once failed about once in twenty runs of the suite: the run's dice had turned no
    population counter face up, so Colonise had nothing to offer.)"""
    from django.utils import timezone, translation

    from guerra.game.models.state import load_state

    page = response.content.decode()
    game.refresh_from_db()
    state = load_state(game)
    missing = [w for w in wanted if w not in page]
    turn_box = _section_text(page, '<section id="turn-box"', "</section>")
    first_card = _section_text(page, '<article class="region-card"', "</article>")
    return (f"status {response.status_code} {response.get('Location', '')}, missing {missing}; "
            f"step {game.step}, phase {state.phase}, turn {state.turn}, face up "
            f"{sorted(state.face_up)}, deadline {game.deadline}, now {timezone.now()}, language "
            f"{translation.get_language()}, 'Build' is {translation.gettext('Build')!r}, game "
            f"{game.pk} seed {game.dice_seed_hash[:12]}; #turn-box: {turn_box!r}; first region "
            f"card: {first_card!r}")


def test_G29_what_the_player_on_turn_may_do_is_worked_out_once_a_step(running_game, monkeypatch):
    """The turn's panel and the region cards of the board page offer the same options: they
    are worked out once for a step and power, and again only at the next step."""
    from guerra.game.read import phases as table
    from guerra.rules.game import options

    # Which counters the setup turns face up is the dice's: the run's game copies share one
    # seed, and about one seed in 30 shows no population counter (nothing to colonise).
    show_counter(running_game, "Caraibi", kind="population")
    worked_out = []
    original = options.turn_options

    def counting(state, power):
        worked_out.append((state.step, power))
        return original(state, power)

    monkeypatch.setattr(options, "turn_options", counting)
    table._OPTIONS.clear()
    france = client_of(Seat.objects.get(game=running_game, power="Francia").user)
    response = france.get(reverse("game_board", args=[running_game.pk]))
    wanted = ("Costruisci", "Colonizza qui")
    assert response.status_code == 200 and all(w in response.content.decode() for w in wanted), (
        _what_the_table_was(running_game, response, wanted))
    france.get(reverse("game_board", args=[running_game.pk]))
    step = running_game.step
    assert worked_out == [(step, "Francia")]
    set_pieces(running_game, "Francia", None, armies=5)  # a step of the game
    france.get(reverse("game_board", args=[running_game.pk]))
    assert worked_out == [(step, "Francia"), (step + 1, "Francia")]
