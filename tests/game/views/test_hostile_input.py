"""Hostile values a probe sent to the pages: each one is a 4xx with an Italian message and
changes nothing, never a 500. (The fuzz suite, test_fuzz.py, sends many more at random.)"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import ChatMessage, Game
from guerra.game.text.parsing import BadInput, clean_text, number, whole_number
from tests.game.attack_helpers import declare, give_turn, region, seat
from tests.game.hostile_helpers import assert_italian_refusal, state

HX = {"HX-Request": "true"}
UNICODE_DIGITS = ["²", "①", "١٢", "１２", "٣"]  # superscript, circled, Arabic-Indic, fullwidth


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def anna(game: Game) -> Client:
    return client_of(seat(game, "Francia").user)


# The one parser of numbers.


@pytest.mark.parametrize("raw", [*UNICODE_DIGITS, "", " ", "-1", "+1", "1.0", "1e3", "0x10",
                                 "1_000", "9" * 5000, "12 3", "\x001", "1\x00"])
def test_only_ascii_digits_within_the_range_are_a_number(raw):
    with pytest.raises(BadInput) as refused:
        whole_number(raw, name="passo", low=0, high=40)
    assert refused.value.message == "«passo» deve essere un numero intero da 0 a 40."


@pytest.mark.parametrize(("raw", "value"), [("0", 0), ("40", 40), (" 7 ", 7), ("007", 7)])
def test_ascii_digits_within_the_range_are_read(raw, value):
    assert whole_number(raw, name="passo", low=0, high=40) == value


def test_a_minus_is_read_only_where_negatives_are_legal():
    assert whole_number("-3", name="x", low=-5, high=5) == -3
    out_of_range = "«x» deve essere un numero intero da -5 a 5."
    with pytest.raises(BadInput) as below:
        whole_number("-6", name="x", low=-5, high=5)
    assert below.value.message == out_of_range
    with pytest.raises(BadInput) as doubled:
        whole_number("--3", name="x", low=-5, high=5)
    assert doubled.value.message == out_of_range


def test_a_number_from_a_form_names_its_field():
    from django.http import QueryDict

    with pytest.raises(BadInput, match="«oro»"):
        number(QueryDict("oro=²"), "oro", low=1, high=99)


@pytest.mark.parametrize("text", ["a\x00b", "\x07", "riga\rdue", "\x1b[31m", "\x7f", "\x85",
                                  "\ud800"])
def test_control_characters_and_lone_surrogates_are_refused_in_a_line(text):
    with pytest.raises(BadInput) as refused:
        clean_text(text)
    assert refused.value.message == "Il testo contiene caratteri non ammessi."


def test_a_multiline_text_keeps_newlines_and_tabs_but_not_nul():
    assert clean_text("uno\r\ndue\tTre", multiline=True) == "uno\ndue\tTre"
    with pytest.raises(BadInput, match="caratteri non ammessi"):
        clean_text("uno\x00due", multiline=True)
    with pytest.raises(BadInput, match="caratteri non ammessi"):
        clean_text("uno\ndue")


# Unicode digits in the pages' numbers.


@pytest.mark.parametrize("raw", UNICODE_DIGITS)
def test_unicode_digit_in_history_step_is_400(running_game, raw):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    before = state(running_game)
    url = reverse("attack_page", args=[running_game.pk, attack.number])
    response = anna(running_game).get(url, {"passo": raw}, headers=HX)
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


def test_a_valid_history_step_still_shows_that_step(running_game):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    url = reverse("attack_page", args=[running_game.pk, attack.number])
    assert anna(running_game).get(url, {"passo": "1"}).status_code == 200
    assert anna(running_game).get(url, {"passo": ""}).status_code == 200


@pytest.mark.parametrize("raw", [*UNICODE_DIGITS, "9" * 5000])
def test_unicode_digit_or_huge_step_in_pass_is_400(running_game, raw):
    before = state(running_game)
    response = anna(running_game).post(
        reverse("turn_pass", args=[running_game.pk]), {"passo": raw}, headers=HX
    )
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


@pytest.mark.parametrize("field", ["regione", "passo"])
@pytest.mark.parametrize("raw", [*UNICODE_DIGITS, "9" * 5000])
def test_unicode_digit_in_declare_is_400(running_game, field, raw):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    form = {
        "regione": str(region(running_game, "Nord America").pk),
        "obiettivo": f"power-{seat(running_game, 'Francia').pk}",
        "passo": str(running_game.step),
        field: raw,
    }
    before = state(running_game)
    response = britain.post(reverse("attack_declare", args=[running_game.pk]), form, headers=HX)
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


@pytest.mark.parametrize("raw", [*UNICODE_DIGITS, "9" * 5000, "1" + "0" * 30])
def test_unicode_digit_or_huge_id_in_the_target_is_400(running_game, raw):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    form = {"regione": str(region(running_game, "Nord America").pk), "obiettivo": f"power-{raw}"}
    before = state(running_game)
    response = britain.post(reverse("attack_declare", args=[running_game.pk]), form, headers=HX)
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


@pytest.mark.parametrize("raw", [*UNICODE_DIGITS, "9" * 5000])
def test_unicode_digit_in_the_new_game_scenario_is_400(lobby_game, raw):
    before = state(lobby_game)
    response = client_of(lobby_game.created_by).post(
        reverse("game_new"), {"name": "Nuova", "scenario": raw, "power": "Francia"}, headers=HX
    )
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(lobby_game) == before


@pytest.mark.parametrize("raw", UNICODE_DIGITS)
def test_unicode_digit_in_an_attack_decision_is_400(running_game, raw):
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    before = state(running_game)
    response = britain.post(
        reverse("attack_decide", args=[running_game.pk, attack.number]),
        {"kind": "naval", "step": raw, "fight": "1"},
        headers=HX,
    )
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


@pytest.mark.parametrize("field", ["gold", "vp", "seat"])
def test_unicode_digit_in_a_staff_correction_is_400(running_game, make_user, field):
    staff = make_user("capo", staff=True)
    form = {"seat": str(seat(running_game, "Prussia").pk), "gold": "7", "vp": "3", "note": "",
            field: "١٢"}
    before = state(running_game)
    response = client_of(staff).post(
        reverse("game_correct", args=[running_game.pk]), form, headers=HX
    )
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


# NUL and other control characters in text.


@pytest.mark.parametrize("text", ["ciao\x00", "\x00", "campana\x07", "a\x1bb", "\x7f"])
@pytest.mark.parametrize("where", ["alliance", "private"])
def test_a_control_character_in_chat_text_is_refused(running_game, text, where):
    url = (
        reverse("game_chat_alliance", args=[running_game.pk, 1])
        if where == "alliance"
        else reverse("game_chat_private", args=[running_game.pk, seat(running_game, "Prussia").pk])
    )
    before = state(running_game)
    response = anna(running_game).post(url, {"text": text}, headers=HX)
    assert response.status_code == 400
    assert "caratteri non ammessi" in response.content.decode()
    assert state(running_game) == before


def test_a_chat_message_keeps_its_lines_and_tabs(running_game):
    services.chat_post_alliance(
        game_id=running_game.pk, user=seat(running_game, "Francia").user, text="uno\r\n\tdue"
    )
    assert ChatMessage.objects.get().text == "uno\n\tdue"


def test_a_control_character_in_the_staff_note_is_refused(running_game, make_user):
    staff = make_user("capo", staff=True)
    form = {"seat": str(seat(running_game, "Prussia").pk), "gold": "7", "vp": "3",
            "note": "errore\x07"}
    before = state(running_game)
    response = client_of(staff).post(
        reverse("game_correct", args=[running_game.pk]), form, headers=HX
    )
    assert response.status_code == 400
    assert "caratteri non ammessi" in response.content.decode()
    assert state(running_game) == before


def test_the_staff_note_service_refuses_nul_too(running_game, make_user):
    staff = make_user("capo", staff=True)
    with pytest.raises(services.GameError, match="caratteri non ammessi"):
        services.seat_correct(game_id=running_game.pk, user=staff,
                              seat_id=seat(running_game, "Prussia").pk, gold=7, vp=3,
                              note="nota\x00")


@pytest.mark.parametrize("name", ["Partita\x00", "Partita\x07", "Riga\nDue", "\x1b[1m"])
def test_a_control_character_in_the_game_name_is_refused(lobby_game, name):
    before = state(lobby_game)
    response = client_of(lobby_game.created_by).post(
        reverse("game_new"),
        {"name": name, "scenario": str(lobby_game.scenario_id), "power": "Francia"},
        headers=HX,
    )
    assert response.status_code == 400
    assert "caratteri non ammessi" in response.content.decode()
    assert state(lobby_game) == before


def test_the_game_create_service_refuses_nul_in_the_name(lobby_game):
    with pytest.raises(services.GameError, match="caratteri non ammessi"):
        services.game_create(user=lobby_game.created_by, scenario=lobby_game.scenario,
                             name="Partita\x00", is_private=False, power="Francia")


def test_a_control_character_in_the_power_to_join_is_refused(lobby_game, make_user):
    before = state(lobby_game)
    response = client_of(make_user("dario")).post(
        reverse("game_join", args=[lobby_game.pk]), {"power": "Prussia\x00"}, headers=HX
    )
    assert response.status_code == 400
    assert "caratteri non ammessi" in response.content.decode()
    assert state(lobby_game) == before


@pytest.mark.parametrize("field", ["tessera", "tipo", "luogo", "costruzione", "a"])
def test_a_control_character_in_a_play_form_is_refused(running_game, field):
    form = {"passo": str(running_game.step), field: "x\x00"}
    url = {"tessera": "tile_take", "tipo": "unit_place", "luogo": "unit_place",
           "costruzione": "unit_build", "a": "gold_transfer"}[field]
    before = state(running_game)
    response = anna(running_game).post(reverse(url, args=[running_game.pk]), form, headers=HX)
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


def test_a_control_character_in_the_attack_target_is_refused(running_game):
    give_turn(running_game, "Gran Bretagna")
    britain = client_of(seat(running_game, "Gran Bretagna").user)
    form = {"regione": str(region(running_game, "Nord America").pk), "obiettivo": "power-\x001"}
    before = state(running_game)
    response = britain.post(reverse("attack_declare", args=[running_game.pk]), form, headers=HX)
    assert response.status_code == 400
    assert_italian_refusal(response.content.decode())
    assert state(running_game) == before


@pytest.mark.parametrize("token", ["abc\x00", "\x00", "a\x07b"])
def test_a_control_character_in_an_invite_token_is_a_404(lobby_game, make_user, token):
    response = client_of(make_user("dario")).get("/invito/" + token.replace("\x00", "%00") + "/")
    assert response.status_code == 404
