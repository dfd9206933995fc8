"""The small forms that read the phases' POSTs (views/inputs.py): what each cleans a request's
values into, and the Italian sentence that refuses a value no page could send."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.utils import translation

from guerra.game.models import Game, Region, Seat
from guerra.game.views.inputs import (
    ChatForm,
    MoveForm,
    PlaceForm,
    ProposeForm,
    TaxForm,
    TransferForm,
)


@pytest.fixture(autouse=True)
def italian():
    with translation.override("it"):
        yield


def regions_of(game: Game) -> dict[int, Region]:
    return {r.pk: r for r in Region.objects.filter(game=game)}


def form_of(form_class, game: Game, body: str):
    return form_class(QueryDict(body), game=game, regions=regions_of(game))


def seat_pk(game: Game, power: str) -> int:
    return Seat.objects.get(game=game, power=power).pk


def test_a_place_is_a_region_of_the_game_by_its_id_or_the_home(running_game):
    region = Region.objects.filter(game=running_game).first()
    in_region = form_of(PlaceForm, running_game, f"passo=3&tipo=army&luogo={region.pk}")
    assert in_region.is_valid(), in_region.errors
    assert in_region.cleaned_data == {"passo": 3, "tipo": "army", "luogo": region.name}
    at_home = form_of(PlaceForm, running_game, "passo=3&tipo=fleet&luogo=casa")
    assert at_home.is_valid() and at_home.cleaned_data["luogo"] is None


@pytest.mark.parametrize(("luogo", "refusal"), [
    ("", "Scegli un luogo della mappa."),
    ("999999999", "Scegli un luogo della mappa."),
    ("power-1", "Scegli un luogo della mappa."),
    ("casa%00", "Il testo contiene caratteri non ammessi."),
])
def test_a_place_not_on_the_map_is_refused_in_italian(running_game, luogo, refusal):
    form = form_of(PlaceForm, running_game, f"passo=3&tipo=army&luogo={luogo}")
    assert not form.is_valid()
    assert form.first_error() == refusal


def test_a_number_out_of_its_range_names_its_field(running_game):
    form = form_of(TaxForm, running_game, "passo=3&oro=0")
    assert not form.is_valid()
    assert form.first_error() == "Oro: Inserisci un numero intero da 1 a 99."


def test_moves_are_cleaned_into_kind_source_and_target(running_game):
    a, b = Region.objects.filter(game=running_game)[:2]
    body = f"passo=1&unita=army@{a.pk}>{b.pk}&unita=&unita=fleet@casa>{a.pk}"
    form = form_of(MoveForm, running_game, body)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["unita"] == [("army", a.name, b.name), ("fleet", None, a.name)]


def test_more_than_three_moves_are_refused(running_game):
    a, b = Region.objects.filter(game=running_game)[:2]
    form = form_of(MoveForm, running_game, "passo=1" + f"&unita=army@{a.pk}>{b.pk}" * 4)
    assert not form.is_valid()
    assert form.first_error() == "Scegli da una a tre unità da spostare."


def test_the_last_power_proposed_alone_joins_the_alliance_named(running_game):
    prussia = seat_pk(running_game, "Prussia")
    into_b = form_of(ProposeForm, running_game, f"passo=1&offerta=0&sola={prussia}&lato=B")
    assert into_b.is_valid(), into_b.errors
    assert (into_b.cleaned_data["a"], into_b.cleaned_data["b"]) == (None, "Prussia")
    nowhere = form_of(ProposeForm, running_game, f"passo=1&offerta=0&sola={prussia}&lato=C")
    assert not nowhere.is_valid()
    assert nowhere.first_error() == "Scegli l'alleanza in cui entra."


def test_gold_goes_only_to_a_power_of_this_game(running_game):
    other = form_of(TransferForm, running_game, "passo=1&oro=5&a=987654")
    assert not other.is_valid()
    assert other.first_error() == "Scegli potenze di questa partita."
    prussia = form_of(TransferForm, running_game,
                      f"passo=1&oro=5&a={seat_pk(running_game, 'Prussia')}")
    assert prussia.is_valid() and prussia.cleaned_data["a"] == "Prussia"


def test_a_chat_line_is_passed_on_as_written_for_the_service_to_check():
    form = ChatForm(QueryDict("text=%20ciao%00&dopo=12"))
    assert form.is_valid()
    assert form.cleaned_data == {"dopo": 12, "text": " ciao\x00"}
    empty = ChatForm(QueryDict(""))
    assert empty.is_valid() and empty.cleaned_data == {"dopo": None, "text": ""}
    refused = ChatForm(QueryDict("dopo=%D9%A1%D9%A2"))  # Arabic-Indic digits
    assert not refused.is_valid()
    assert refused.first_error() == "Ultima riga: Inserisci un numero intero."
