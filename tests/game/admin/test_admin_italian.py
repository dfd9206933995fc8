"""The admin in natural Italian: every model, field, column and inline named in Italian, and
Django's messages saying "Lo scenario «X» è stato modificato", "La partita «X» è stata
modificata", "Aggiungi un'altra potenza"."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib import admin
from django.contrib.admin.utils import label_for_field
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise
from django.utils.text import capfirst

from guerra.game.admin.italian import ItalianModelAdmin, saved_message
from guerra.game.models import Game, Scenario
from tests.game.admin.test_admin import admin_client_, inline_post_data

__all__ = ["admin_client_"]


@pytest.fixture
def staff(admin_client_):
    """A superuser's client (test_admin's)."""
    return admin_client_


def italian(text: object) -> str:
    with translation.override("it"):
        return str(text)


def english(text: object) -> str:
    with translation.override("en"):
        return str(text)


# Words that read the same in both languages.
SAME_IN_ITALIAN = {"scenario", "FILE", "HTTP Accept", "ID"}


def admin_models():
    return [m for m in admin.site._registry if m._meta.app_label in {"game", "axes", "auth"}]


def labels_of(model) -> list[tuple[str, object]]:
    """The model's names and every field label the admin shows (ids aside)."""
    names = [
        ("verbose_name", model._meta.verbose_name),
        ("verbose_name_plural", model._meta.verbose_name_plural),
    ]
    for field in model._meta.get_fields():
        if field.concrete and not field.auto_created and hasattr(field, "verbose_name"):
            names.append((field.name, field.verbose_name))
    return names


def test_every_model_and_field_of_the_admin_has_an_italian_name():
    missing = []
    for model in admin_models():
        if model._meta.app_label == "auth":
            continue  # Django's own, translated by Django
        for what, label in labels_of(model):
            if not isinstance(label, Promise):
                missing.append(f"{model.__name__}.{what}: {label!r} is not translatable")
            elif italian(label) == english(label) and english(label) not in SAME_IN_ITALIAN:
                missing.append(f"{model.__name__}.{what}: {english(label)!r} has no Italian")
    assert missing == []


def test_every_column_of_every_list_has_an_italian_header(staff, running_game, rf):
    """Each list of the admin (ours, and django-axes' lock-out lists): every column header is
    Italian, the computed ones included, and the page shows them."""
    english_headers = []
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label == "auth":
            continue  # Django's own
        opts = model._meta
        page = staff.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        assert page.status_code == 200, opts.label
        request = page.wsgi_request
        for name in model_admin.get_list_display(request):
            label = label_for_field(name, model, model_admin)
            with translation.override("it"):
                label_it = str(label_for_field(name, model, model_admin))
            with translation.override("en"):
                label_en = str(label_for_field(name, model, model_admin))
            if label_it == label_en and label_en not in SAME_IN_ITALIAN:
                english_headers.append(f"{opts.label}.{name}: {label_en}")
            shown = page.content.decode()
            if 'id="result_list"' in shown:  # an empty list shows no columns
                assert capfirst(label_it) in html.unescape(shown), (opts.label, label)
    assert english_headers == []


def test_the_scenario_admin_names_its_inlines_in_italian(staff, scenario):
    page = staff.get(reverse("admin:game_scenario_change", args=[scenario.pk])).content.decode()
    add_texts = [
        json.loads(html.unescape(data))["options"]["addText"]
        for data in re.findall(r'data-inline-formset="([^"]+)"', page)
    ]
    assert add_texts == [
        "Aggiungi un'altra potenza",
        "Aggiungi un'altra regione",
        "Aggiungi un altro collegamento via terra",
        "Aggiungi un'altra pedina neutrale",
        "Aggiungi un altro tipo di tessera",
        "Aggiungi un'altra posizione iniziale",
        "Aggiungi un'altra tessera iniziale",
    ]
    for title in ("Potenze", "Regioni", "Collegamenti via terra", "Posizioni iniziali"):
        assert re.search(rf"<h2[^>]*>\s*{title}", page), title


def test_the_game_admin_adds_another_seat_in_italian(staff, running_game):
    page = staff.get(reverse("admin:game_game_change", args=[running_game.pk])).content.decode()
    [data] = re.findall(r'data-inline-formset="([^"]+)"', page)
    assert json.loads(html.unescape(data))["options"]["addText"] == "Aggiungi un altro posto"


def messages_of(response, client) -> list[str]:
    """The messages the page after the redirect shows, as its reader reads them."""
    page = client.get(response["Location"]).content.decode()
    listed = re.search(r'<ul class="messagelist">(.*?)</ul>', page, re.S)
    assert listed is not None
    return [
        html.unescape(re.sub(r"<[^>]+>", "", item)).strip()
        for item in re.findall(r"<li[^>]*>(.*?)</li>", listed.group(1), re.S)
    ]


def test_a_changed_scenario_is_told_with_its_article(staff, scenario):
    url = reverse("admin:game_scenario_change", args=[scenario.pk])
    response = staff.post(url, inline_post_data(scenario, parts=[]))
    assert response.status_code == 302
    assert messages_of(response, staff) == [f"Lo scenario «{scenario.name}» è stato modificato."]
    response = staff.post(url, {**inline_post_data(scenario, parts=[]), "_continue": "1"})
    assert messages_of(response, staff) == [
        f"Lo scenario «{scenario.name}» è stato modificato. Puoi modificarlo di nuovo qui sotto."
    ]


def test_a_changed_game_agrees_in_the_feminine(staff, running_game):
    url = reverse("admin:game_game_change", args=[running_game.pk])
    page = staff.get(url)
    form = page.context["adminform"].form
    data = {
        name: value
        for name, value in form.initial.items()
        if name in form.fields and value is not None
    }
    data["scenario"] = running_game.scenario_id
    data["created_by"] = running_game.created_by_id
    data["rules"] = json.dumps(running_game.rules)
    data.pop("deadline", None)
    if data.get("is_private") is False:
        data.pop("is_private")
    seats = list(running_game.seats.all())
    data.update({"seats-TOTAL_FORMS": len(seats), "seats-INITIAL_FORMS": len(seats)})
    for i, s in enumerate(seats):
        data.update(
            {
                f"seats-{i}-id": s.pk,
                f"seats-{i}-game": running_game.pk,
                f"seats-{i}-power": s.power,
                f"seats-{i}-user": s.user_id,
                f"seats-{i}-gold": s.gold,
                f"seats-{i}-unrest": s.unrest,
                f"seats-{i}-vp": s.vp,
                f"seats-{i}-turn_position": s.turn_position or "",
            }
        )
    response = staff.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert messages_of(response, staff) == [f"La partita «{running_game.name}» è stata modificata."]


def test_a_deleted_game_and_an_added_user_read_right(staff, running_game):
    response = staff.post(
        reverse("admin:game_game_delete", args=[running_game.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert messages_of(response, staff) == [f"La partita «{running_game.name}» è stata eliminata."]
    assert not Game.objects.filter(pk=running_game.pk).exists()

    response = staff.post(
        reverse("admin:auth_user_add"),
        {
            "username": "ettore",
            "password1": "una-password-lunga",
            "password2": "una-password-lunga",
            "usable_password": "true",
            "_addanother": "1",
        },
    )
    assert response.status_code == 302
    assert messages_of(response, staff) == [
        "L'utente «ettore» è stato aggiunto. Puoi aggiungerne un altro qui sotto."
    ]


def test_deleting_asks_and_tells_without_a_wrong_article(staff, scenario):
    page = staff.get(reverse("admin:game_scenario_delete", args=[scenario.pk])).content.decode()
    assert f"Vuoi davvero eliminare «{scenario.name}» (scenario)?" in html.unescape(page)
    other = Scenario.objects.exclude(pk=scenario.pk).get()
    response = staff.post(
        reverse("admin:game_scenario_changelist"),
        {"action": "delete_selected", "_selected_action": [other.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert messages_of(response, staff) == ["Eliminazione riuscita: 1 scenario."]


@pytest.mark.parametrize(
    ("the_name", "feminine", "what", "then", "expected"),
    [
        (
            "lo scenario",
            False,
            "added",
            "add",
            "Lo scenario «X» è stato aggiunto. Puoi aggiungerne un altro qui sotto.",
        ),
        (
            "la partita",
            True,
            "added",
            "add",
            "La partita «X» è stata aggiunta. Puoi aggiungerne un'altra qui sotto.",
        ),
        (
            "la partita",
            True,
            "changed",
            "edit",
            "La partita «X» è stata modificata. Puoi modificarla di nuovo qui sotto.",
        ),
        ("l'attacco", False, "deleted", None, "L'attacco «X» è stato eliminato."),
    ],
)
def test_the_message_agrees_with_its_noun(the_name, feminine, what, then, expected):
    with translation.override("it"):
        message = saved_message(the_name, feminine, what, "X", then)
    assert html.unescape(str(message)) == expected


def test_every_admin_of_ours_names_its_model_with_an_article():
    for model, model_admin in admin.site._registry.items():
        assert isinstance(model_admin, ItalianModelAdmin), model._meta.label
        the_name = italian(model_admin.the_name)
        assert re.match(r"(il|lo|la|l') ?\w", the_name), (model._meta.label, the_name)


def test_the_admin_says_whose_administration_it_is(staff):
    page = staff.get(reverse("admin:index")).content.decode()
    assert "Amministrazione di Guerra" in page and "Amministrazione Django" not in page


def test_django_s_texts_its_italian_catalogue_lacks_read_in_italian_too(staff, scenario):
    # Django 5.2's Italian admin leaves these in English: ours translates them.
    index = staff.get(reverse("admin:index")).content.decode()
    assert "Nome del modello" in index and "Model name" not in index
    add_user = staff.get(reverse("admin:auth_user_add")).content.decode().replace("&#x27;", "'")
    assert "Creato l'utente, potrai modificarne le altre opzioni." in add_user
    assert "password-based" not in add_user
    refused = staff.post(reverse("admin:auth_user_add"), {"username": ""}).content.decode()
    assert "<title>Errore: " in refused and "Error:" not in refused
    assert "Accesso con password" in refused and "Abilitato" in refused
    assert "Password-based" not in refused and "Whether the user" not in refused
    assert "150 caratteri o meno. Solo lettere" in refused
    # No two-box widget, whose JavaScript texts are English.
    anna = User.objects.create_user("anna-admin-test")
    for url in (reverse("admin:auth_user_change", args=[anna.pk]), reverse("admin:auth_group_add")):
        page = staff.get(url).content.decode()
        assert "SelectFilter2.js" not in page and 'class="selectfilter' not in page, url
        # Django's own permissions, named in English when it made them, read in Italian.
        assert "Can add" not in page and "Amministrazione | voce di log | può aggiungere" in page
