"""The whole game through its services and pages: setup placements, the auction's calls, the
actions of a turn, the free actions, deadlines, the war's end and the final standings; each
refusal in Italian with its status, nothing changed by a refused or repeated request."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from guerra.game import services
from guerra.game.models import (
    AllianceMembership,
    DiceRoll,
    Game,
    GameEvent,
    GameStatus,
    Holding,
    Scenario,
    Seat,
    TileHolding,
    Visibility,
    WarScore,
)
from guerra.game.services.play import expire_due
from guerra.rules.game.machine import pending
from tests.game.attack_helpers import rules_text
from tests.game.play_helpers import (
    finish_auction,
    give_turn,
    seat_of,
    set_pieces,
    show_counter,
    state_of,
)

QUICK = "Europa 1700 — partenza rapida"


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def post(game: Game, power: str, name: str, **data: object):
    return client_of(seat_of(game, power).user).post(reverse(name, args=[game.pk]), data)


@pytest.fixture
def draw_game(make_user):
    """A two-player game of the classic Europa 1700: it starts with the setup placements."""
    anna, bruno = make_user("anna"), make_user("bruno")
    scenario = Scenario.objects.get(name="Europa 1700")
    game = services.game_create(user=anna, scenario=scenario, name="Sorteggio",
                                is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    return services.game_start(game_id=game.pk, user=anna)


def placer(game: Game) -> str:
    return pending(state_of(game)).powers[0]


def test_G13_a_placement_through_the_page_puts_the_unit_on_the_board(draw_game):
    game = draw_game
    power = placer(game)
    region = game.regions.get(name="Baltico")
    response = post(game, power, "unit_place", passo=state_of(game).step, tipo="fleet",
                    luogo=region.pk)
    assert response.status_code == 302
    assert Holding.objects.get(game=game, seat__power=power, region=region).fleets == 1
    assert placer(game) != power  # the other power places next (seating order)
    event = GameEvent.objects.filter(game=game, kind="game_step").last()
    assert event is not None and event.payload["made"] == "place"


def test_G13_placements_refused_in_italian_and_nothing_changes(draw_game):
    game = draw_game
    power = placer(game)
    other = next(s.power for s in game.seats.all() if s.power != power)
    step = state_of(game).step
    stati = game.regions.get(name="Stati Tedeschi")
    no_sea = post(game, power, "unit_place", passo=step, tipo="fleet", luogo=stati.pk)
    assert no_sea.status_code == 400
    assert "Gli Stati Tedeschi non hanno il mare" in no_sea.content.decode()
    not_yours = post(game, other, "unit_place", passo=step, tipo="army", luogo="casa")
    assert not_yours.status_code == 403
    assert escape(rules_text("No decision is awaited from {power} now: {awaited} decides.",
                             power=other, awaited=power)) in not_yours.content.decode()
    odd = post(game, power, "unit_place", passo="²", tipo="army", luogo="casa")
    assert odd.status_code == 400 and "numero intero" in odd.content.decode()
    nowhere = post(game, power, "unit_place", passo=step, tipo="army", luogo="999999")
    assert nowhere.status_code == 400 and "un luogo della mappa" in nowhere.content.decode()
    assert state_of(game).step == step
    assert not Holding.objects.filter(game=game, armies__gt=0).exists()


def test_G13_a_repeated_placement_is_refused_as_stale(draw_game):
    game = draw_game
    power = placer(game)
    step = state_of(game).step
    assert post(game, power, "unit_place", passo=step, tipo="army", luogo="casa").status_code == 302
    again = post(game, power, "unit_place", passo=step, tipo="army", luogo="casa")
    stale = rules_text("This was sent for step {given} of the game, which is now at step "
                       "{current}: reload the page.", given=str(step), current=step + 1)
    assert again.status_code == 409 and escape(stale) in again.content.decode()
    assert Holding.objects.get(game=game, seat__power=power, region__isnull=True).armies == 1


def test_G13_G27_G29_deadlines_apply_the_defaults_with_every_browser_closed(draw_game):
    game = draw_game
    power = placer(game)
    game.refresh_from_db()
    assert game.deadline is not None
    assert expire_due(now=game.deadline - timedelta(seconds=1)) == 0
    assert expire_due(now=game.deadline + timedelta(seconds=1)) == 1
    home = Holding.objects.get(game=game, seat__power=power, region__isnull=True)
    assert home.armies == 1  # G13: an army at home
    # Every other deadline, one after the other: the placements, the auction, the turns.
    for _ in range(200):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING or game.deadline is None:
            break
        expire_due(now=game.deadline + timedelta(seconds=1))
    state = state_of(game)
    assert state.war == 2 or state.finished  # the whole first war went by, by deadlines alone
    assert GameEvent.objects.filter(game=game, payload__made="timeout").exists()
    assert state.scores and WarScore.objects.filter(game=game, war=1).exists()


@pytest.fixture
def auction_game(make_user):
    """The quick start with three powers, at war 1's auction."""
    anna, bruno, carla = make_user("anna"), make_user("bruno"), make_user("carla")
    scenario = Scenario.objects.get(name=QUICK)
    game = services.game_create(user=anna, scenario=scenario, name="Asta", is_private=False,
                                power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
    services.game_join(game_id=game.pk, user=carla, power="Prussia")
    return services.game_start(game_id=game.pk, user=anna)


def test_G22_G26_the_auction_through_the_pages(auction_game):
    game = auction_game
    state = state_of(game)
    opener = state.auction.opener
    seats = {s.power: s for s in game.seats.all()}
    others = [p for p in state.seating if p != opener]
    html = client_of(seats[opener].user).get(reverse("game_board", args=[game.pk])).content
    assert "Tabella delle alleanze" in html.decode() and "Proponi" in html.decode()
    response = post(game, opener, "auction_propose", passo=state.step, a=seats[others[0]].pk,
                    b=seats[others[1]].pk, offerta=2)
    assert response.status_code == 302
    table = state_of(game).auction
    assert table is not None and table.bid == 2 and table.caller == others[0]
    low = post(game, others[0], "auction_raise", passo=state_of(game).step, offerta=2)
    assert low.status_code == 400
    assert "Un rilancio deve offrire più di 2 ori" in low.content.decode()
    wrong = post(game, others[1], "auction_pass", passo=state_of(game).step)
    assert wrong.status_code == 403
    not_yours = rules_text("No decision is awaited from {power} now: {awaited} decides.",
                           power=others[1], awaited=others[0])
    assert escape(not_yours) in wrong.content.decode()
    assert post(game, others[0], "auction_pass", passo=state_of(game).step).status_code == 302
    assert post(game, others[1], "auction_pass", passo=state_of(game).step).status_code == 302
    # G26: the opener paid its bid; its proposal fills slots 1 and 2.
    assert Seat.objects.get(pk=seats[opener].pk).gold == 8
    assert state_of(game).auction.slots == ((others[0], "A"), (others[1], "B"))
    calls = client_of(seats[opener].user).get(reverse("game_turn_part", args=[game.pk]))
    assert "Pagato in quest'asta" in calls.content.decode()


def test_G42_the_bid_preview_tells_the_taxation(auction_game):
    game = auction_game
    opener = state_of(game).auction.opener
    url = reverse("bid_preview", args=[game.pk])
    user = seat_of(game, opener).user
    assert client_of(user).get(url, {"offerta": 13}).content.decode() == (
        "Se vinci, le tasse coprono 3 ori mancanti per 2 punti di insoddisfazione.")
    assert client_of(user).get(url, {"offerta": 11}).content.decode() == (
        "Se vinci, le tasse coprono 1 oro mancante per 1 punto di insoddisfazione.")
    assert "l'oro" in client_of(user).get(url, {"offerta": 4}).content.decode()


def test_G42_the_bid_preview_of_a_game_in_the_lobby_is_a_404(lobby_game):
    # The fuzz test found it: a lobby game has no rules state, and the preview raised.
    url = reverse("bid_preview", args=[lobby_game.pk])
    response = client_of(lobby_game.created_by).get(url, {"offerta": 2})
    assert response.status_code == 404


def test_G21_the_auction_makes_the_alliances_and_the_turn_order(auction_game):
    game = auction_game
    finish_auction(game, [("Prussia", "Francia"), ("Gran Bretagna", None)])
    rows = AllianceMembership.objects.filter(game=game, war=1).order_by("slot")
    assert [(m.seat.power, m.side, m.slot) for m in rows] == [
        ("Prussia", 1, 1), ("Francia", 2, 2), ("Gran Bretagna", 1, 3)]
    assert list(game.seats.order_by("turn_position").values_list("power", flat=True)) == [
        "Prussia", "Francia", "Gran Bretagna"]
    game.refresh_from_db()
    assert game.phase == "rounds"


@pytest.fixture
def turn(running_game):
    """Francia's first action of round 1 (see the running_game fixture)."""
    return running_game


def test_G30_build_through_the_page(turn):
    game = turn
    step = state_of(game).step
    response = post(game, "Francia", "unit_build", passo=step, costruzione="army@casa")
    assert response.status_code == 302
    assert Holding.objects.get(game=game, seat__power="Francia", region__isnull=True).armies == 1
    assert Seat.objects.get(game=game, power="Francia").population == 4
    state = state_of(game)
    assert state.turn is not None and state.turn.done == 1


def test_G30_a_fort_without_a_marker_is_refused_with_the_reason(turn):
    game = turn
    # Francia's two forts are on the map (its whole supply): one goes back to the supply.
    place = next(p for p in state_of(game).of_power("Francia") if p.forts)
    set_pieces(game, "Francia", place.region, forts=place.forts - 1)
    baltico = game.regions.get(name="Baltico")  # Francia has no marker there
    response = post(game, "Francia", "unit_build", passo=state_of(game).step,
                    costruzione=f"fort@{baltico.pk}")
    assert response.status_code == 400
    assert "Un fortino si costruisce solo dove la Francia ha una pedina controllo" in (
        response.content.decode())
    assert state_of(game).turn.done == 0


def test_G31_G33_move_through_the_page(turn, monkeypatch):
    game = turn
    stati = game.regions.get(name="Stati Tedeschi")
    before = state_of(game).pieces("Francia", "Stati Tedeschi").armies
    response = post(game, "Francia", "units_move", passo=state_of(game).step,
                    unita=[f"army@{stati.pk}>casa", ""])
    assert response.status_code == 302  # G32: home by its land link
    assert Holding.objects.get(game=game, seat__power="Francia", region=stati).armies == before - 1
    assert Holding.objects.get(game=game, seat__power="Francia", region__isnull=True).armies == 1
    bad = post(game, "Francia", "units_move", passo=state_of(game).step, unita=["army@casa"])
    assert bad.status_code == 400 and "Scegli le unità da spostare" in bad.content.decode()


def test_G36_G37_colonise_and_trade_through_the_page(turn):
    game = turn
    colony = show_counter(game, "Caraibi", kind="population")
    trade = show_counter(game, "Nord America", kind="trade")
    step = state_of(game).step
    assert post(game, "Francia", "counter_colonise", passo=step,
                pedina=colony.number).status_code == 302
    assert Holding.objects.get(game=game, seat__power="Francia",
                               region__name="Caraibi").control_markers >= 1
    # G29: Colonise and Trade share one special action per turn.
    refused = post(game, "Francia", "counter_trade", passo=state_of(game).step,
                   pedina=trade.number)
    assert refused.status_code == 400
    assert "Una sola azione Colonizza o Commercia per turno" in refused.content.decode()


def test_G38_take_a_tile_from_the_market_page(turn):
    game = turn
    anna = seat_of(game, "Francia").user
    page = client_of(anna).get(reverse("tile_market", args=[game.pk])).content.decode()
    assert "Mercato delle tessere" in page and "Prendila" in page and "Banca" in page
    response = post(game, "Francia", "tile_take", passo=state_of(game).step, tessera="bank")
    assert response.status_code == 302
    assert TileHolding.objects.get(game=game, seat__power="Francia", kind="bank").count == 1
    assert Seat.objects.get(game=game, power="Francia").gold == 5
    logged = GameEvent.objects.filter(game=game, kind="game_step").last()
    assert logged is not None and logged.payload["made"] == "tile"
    again = post(game, "Francia", "tile_take", passo=state_of(game).step, tessera="bank")
    assert again.status_code == 400 and "Una sola azione Tessera per turno" in (
        again.content.decode())
    other = client_of(seat_of(game, "Prussia").user).get(reverse("tile_market", args=[game.pk]))
    assert "Prendila" not in other.content.decode()  # not Prussia's turn


def test_G41_G43_taxes_and_gold_transfers_are_free_and_public(turn):
    game = turn
    assert post(game, "Francia", "gold_tax", passo=state_of(game).step, oro=4).status_code == 302
    francia = Seat.objects.get(game=game, power="Francia")
    assert (francia.gold, francia.unrest) == (14, 2)
    assert state_of(game).turn.done == 0
    taxed = GameEvent.objects.filter(game=game, kind="game_step").last()
    assert taxed is not None and taxed.visibility == Visibility.ALL  # unrest is public too
    assert [e["type"] for e in taxed.payload["events"]] == ["taxed"]
    # Prussia gives gold out of turn.
    francia_seat = seat_of(game, "Francia")
    response = post(game, "Prussia", "gold_transfer", passo=state_of(game).step,
                    a=francia_seat.pk, oro=3)
    assert response.status_code == 302
    assert Seat.objects.get(game=game, power="Francia").gold == 17
    assert Seat.objects.get(game=game, power="Prussia").gold == 7
    too_much = post(game, "Prussia", "gold_transfer", passo=state_of(game).step,
                    a=francia_seat.pk, oro=99)
    assert too_much.status_code == 400 and "La Prussia ha solo 7 ori" in too_much.content.decode()


def test_G35_G29_a_turn_of_passes_hands_over_through_the_pages(turn):
    game = turn
    assert post(game, "Francia", "turn_pass", passo=state_of(game).step).status_code == 302
    assert post(game, "Francia", "turn_pass", passo=state_of(game).step).status_code == 302
    assert pending(state_of(game)).powers == ("Gran Bretagna",)
    html = client_of(seat_of(game, "Gran Bretagna").user).get(
        reverse("game_board", args=[game.pk])).content.decode()
    assert "È il tuo turno." in html and "Costruisci" in html and "Muovi" in html
    watcher = client_of(seat_of(game, "Francia").user).get(
        reverse("game_board", args=[game.pk])).content.decode()
    assert "Tocca alla Gran Bretagna." in watcher and "Passa quest&#x27;azione" not in watcher


def test_the_phase_forms_are_for_the_table_only(turn, make_user):
    game = turn
    outsider = client_of(make_user("dario"))  # a spectator: reads, never plays
    assert outsider.post(reverse("turn_pass", args=[game.pk]), {"passo": 0}).status_code == 403
    assert outsider.get(reverse("game_turn_part", args=[game.pk])).status_code == 200
    Game.objects.filter(pk=game.pk).update(is_private=True)
    assert outsider.post(reverse("turn_pass", args=[game.pk]), {"passo": 0}).status_code == 404
    assert outsider.get(reverse("game_turn_part", args=[game.pk])).status_code == 404
    assert outsider.get(reverse("tile_market", args=[game.pk])).status_code == 404
    Game.objects.filter(pk=game.pk).update(is_private=False)
    staff = client_of(make_user("capo", staff=True))
    assert staff.get(reverse("game_turn_part", args=[game.pk])).status_code == 200
    watched = staff.post(reverse("turn_pass", args=[game.pk]), {"passo": state_of(game).step})
    assert watched.status_code == 403
    anonymous = Client().post(reverse("turn_pass", args=[game.pk]), {"passo": 0})
    assert anonymous.status_code == 302 and "/account/accedi/" in anonymous["Location"]


def test_G20_G50_G60_a_short_game_ends_with_its_report_and_standings(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    scenario = Scenario.objects.get(name=QUICK)
    Scenario.objects.filter(pk=scenario.pk).update(wars=1, rounds_per_war=1)
    scenario.refresh_from_db()
    game = services.game_create(user=anna, scenario=scenario, name="Breve", is_private=False,
                                power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Spagna")])
    for power in ("Francia", "Francia", "Spagna", "Spagna"):  # one round of two actions each
        assert post(game, power, "turn_pass", passo=state_of(game).step).status_code == 302
    spagna = seat_of(game, "Spagna")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.deadline is None
    state = state_of(game)
    assert state.finished and len(state.standings) == 2
    report = client_of(anna).get(reverse("war_report", args=[game.pk, 1]))
    html = report.content.decode()
    assert report.status_code == 200 and "Fine della guerra 1" in html
    assert "Punteggio delle regioni" in html and "Mantenimento" in html
    standings = client_of(spagna.user).get(reverse("game_standings", args=[game.pk]))
    page = standings.content.decode()
    assert standings.status_code == 200 and "Classifica finale" in page
    assert "Vittoria" in page or "parità" in page
    assert "<svg class=\"vp-chart\"" in page
    dice = client_of(anna).get(reverse("dice_check", args=[game.pk])).content.decode()
    assert game.dice_seed in dice and "il sorteggio della preparazione" in dice
    assert DiceRoll.objects.filter(game=game, reason="setup").exists()


def test_G20_G26_the_next_auction_points_to_the_report_of_the_war_just_ended(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    scenario = Scenario.objects.get(name=QUICK)
    Scenario.objects.filter(pk=scenario.pk).update(wars=2, rounds_per_war=1)
    scenario.refresh_from_db()
    game = services.game_create(user=anna, scenario=scenario, name="Due guerre", is_private=False,
                                power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Spagna")])
    part = client_of(anna).get(reverse("game_turn_part", args=[game.pk])).content.decode()
    assert "è finita" not in part  # the first auction has no war behind it
    for power in ("Francia", "Francia", "Spagna", "Spagna"):
        assert post(game, power, "turn_pass", passo=state_of(game).step).status_code == 302
    state = state_of(game)
    assert state.war == 2 and state.phase == "auction"
    part = client_of(bruno).get(reverse("game_turn_part", args=[game.pk])).content.decode()
    assert "La guerra 1 è finita" in part
    assert reverse("war_report", args=[game.pk, 1]) in part


@pytest.mark.django_db(transaction=True)
def test_the_server_timer_applies_a_deadline_without_any_request(make_user):
    """The running server's own timer thread (deadlines.py), with nobody asking anything."""
    import threading
    import time

    from guerra.game.live import timer as deadlines

    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name="Europa 1700"),
                                name="Nessuno", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    services.game_start(game_id=game.pk, user=anna)
    power = placer(game)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    stop = threading.Event()
    timer = threading.Thread(target=deadlines.run, args=(0.05, stop))
    timer.start()
    try:
        for _ in range(200):
            if Holding.objects.filter(game=game, seat__power=power, region__isnull=True).exists():
                break
            time.sleep(0.05)
    finally:
        stop.set()
        timer.join(timeout=10)
    assert Holding.objects.get(game=game, seat__power=power, region__isnull=True).armies == 1
    game.refresh_from_db()
    assert game.deadline is not None and game.deadline > timezone.now()  # the next one


def test_a_damaged_state_is_a_409_not_a_500(turn):
    game = turn
    Game.objects.filter(pk=game.pk).update(rules={"scenario": "nonsense"}, step=999)
    response = post(game, "Francia", "turn_pass", passo=999)
    assert response.status_code == 409
    assert "danneggiato" in response.content.decode()


def test_G29_the_page_sends_the_step_and_an_old_page_is_told_to_reload(turn):
    game = turn
    old = state_of(game).step
    give_turn(game, "Francia")  # the decision is opened anew: the old page's step is stale
    response = post(game, "Francia", "turn_pass", passo=old)
    assert response.status_code == 409 and "ricarica la pagina" in response.content.decode()
    assert state_of(game).turn.done == 0


def test_the_region_cards_offer_the_actions_possible_there_on_ones_turn(turn):
    game = turn
    place = next(p for p in state_of(game).of_power("Francia") if p.forts and p.markers)
    set_pieces(game, "Francia", place.region, forts=place.forts - 1)  # a fort back in supply
    board = reverse("game_board", args=[game.pk])
    mine = client_of(seat_of(game, "Francia").user).get(board).content.decode()
    assert "Costruisci un fortino qui (1 popolazione)" in mine and "Muovi da qui" in mine
    region = game.regions.get(name=place.region)
    card = mine.split(f'id="region-{region.pk}"')[1].split("</article>")[0]
    assert f'value="fort@{region.pk}"' in card
    theirs = client_of(seat_of(game, "Prussia").user).get(board).content.decode()
    assert "Costruisci un fortino qui" not in theirs and "Muovi da qui" not in theirs


def test_G24_the_auction_panel_draws_each_call_once_and_the_calls_since_at_each_page(
        auction_game, monkeypatch):
    from guerra.game.read import phases as table

    game = auction_game
    state = state_of(game)
    opener = state.auction.opener
    seats = {s.power: s for s in game.seats.all()}
    others = [p for p in state.seating if p != opener]
    url = reverse("game_turn_part", args=[game.pk])
    viewer = client_of(seats[opener].user)
    drawn: list[dict[str, object]] = []
    draw = table.render_rules_message

    def counted(message: object) -> str:
        if isinstance(message, dict):  # a call's line (the phase's name is a plain msgid)
            drawn.append(message)
        return draw(message)

    monkeypatch.setattr(table, "render_rules_message", counted)
    post(game, opener, "auction_propose", passo=state.step, a=seats[others[0]].pk,
         b=seats[others[1]].pk, offerta=2)
    first = viewer.get(url).content.decode()
    assert len(drawn) == 1  # the proposal
    assert post(game, others[0], "auction_pass", passo=state_of(game).step).status_code == 302
    drawn.clear()
    second = viewer.get(url).content.decode()
    assert len(drawn) == 1  # only the pass: the proposal's line was kept
    assert escape(draw(drawn[0])) in second
    assert len(second) > len(first)
    table._AUCTIONS.clear()  # read afresh, the whole war: the same page
    assert viewer.get(url).content.decode() == second
    assert len(drawn) == 3
