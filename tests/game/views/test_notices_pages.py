"""The page "Notifiche" and the two links of the e-mails: the switches saved, a new address
confirmed by the link sent to it (only a confirmed address gets mail), the one-click
unsubscribe; and hostile input (bad, forged or expired tokens, bad form values) refused with an
Italian message and a 4xx."""

from __future__ import annotations

import re

import pytest
from django.core import mail, signing
from django.urls import reverse

from guerra.game.access.mail_tokens import (
    CONFIRM_SALT,
    confirm_token,
    unsubscribe_token,
)
from guerra.game.models import NoticePrefs

pytestmark = pytest.mark.django_db

PAGE = reverse("notices")
ADDRESS = reverse("notices_address")


@pytest.fixture
def anna(make_user):
    return make_user("anna")


@pytest.fixture
def logged(client, anna):
    client.force_login(anna)
    return client


def link_in(message) -> str:
    [url] = re.findall(r"http://127\.0\.0\.1:8000(/\S+)", message.body)
    return str(url)


def test_the_page_asks_for_a_login(client):
    response = client.get(PAGE)
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_page_shows_the_switches_in_italian_and_no_address_yet(logged):
    response = logged.get(PAGE)
    text = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Notifiche</h1>" in text
    assert "Nessun indirizzo confermato" in text
    assert "Un riepilogo al giorno invece dei singoli messaggi" in text


def test_the_switches_are_saved(logged, anna):
    response = logged.post(PAGE, {"active": "on", "turn": "on", "digest": "on"})
    assert response.status_code == 302
    prefs = NoticePrefs.objects.get(user=anna)
    assert (prefs.active, prefs.turn, prefs.auction, prefs.digest) == (True, True, False, True)
    assert prefs.last_digest_at is not None  # the first summary comes at the usual hour
    assert "Le tue preferenze sulle notifiche sono salvate." in logged.get(PAGE).content.decode()


def test_a_new_address_gets_a_link_and_only_following_it_confirms_it(
        logged, anna, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = logged.post(ADDRESS, {"address": "anna@esempio.it"})
    assert response.status_code == 302
    assert not NoticePrefs.objects.filter(user=anna).exclude(address="").exists()
    [message] = mail.outbox
    assert message.to == ["anna@esempio.it"]
    assert message.subject == "Conferma il tuo indirizzo e-mail per Guerra"
    client.logout()  # the link needs no login
    response = client.get(link_in(message))
    assert response.status_code == 200
    assert "Le tue notifiche saranno inviate a anna@esempio.it." in response.content.decode()
    assert NoticePrefs.objects.get(user=anna).address == "anna@esempio.it"
    anna.refresh_from_db()
    assert anna.email == "anna@esempio.it"


@pytest.mark.parametrize("value", ["", "not-an-address", "a@b", "x" * 300 + "@esempio.it",
                                   "anna@esempio.it\nBcc: tutti@esempio.it"])
def test_a_bad_address_is_refused_in_italian_and_nothing_is_sent(
        logged, value, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = logged.post(ADDRESS, {"address": value})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Scrivi un indirizzo e-mail valido" in text or "Questo campo è obbligatorio" in text \
        or "caratteri" in text
    assert mail.outbox == []


def test_too_many_confirmation_links_are_refused_with_429(
        logged, settings, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for number in range(6):
            response = logged.post(ADDRESS, {"address": f"anna{number}@esempio.it"})
    assert response.status_code == 429
    assert "Troppi collegamenti di conferma richiesti" in response.content.decode()
    assert len(mail.outbox) == 5


@pytest.mark.parametrize("token", [
    "nonsense", "eyJ1IjoxfQ:1xX74p:forged", "a" * 600,
    "x" * 10 + ":" + "y" * 10, "città:ü:ß",
])
def test_a_bad_or_forged_confirmation_link_is_refused_in_italian(client, anna, token):
    response = client.get(reverse("notices_confirm", args=[token]))
    assert response.status_code == 400
    assert "Questo collegamento di conferma non è valido o è scaduto" in response.content.decode()
    assert not NoticePrefs.objects.exists()


def test_an_expired_confirmation_link_is_refused(client, anna, monkeypatch):
    token = confirm_token(anna.pk, "anna@esempio.it")
    monkeypatch.setattr("guerra.game.access.mail_tokens.CONFIRM_MAX_AGE", -1)
    response = client.get(reverse("notices_confirm", args=[token]))
    assert response.status_code == 400


def test_an_unsubscribe_token_does_not_confirm_an_address_nor_the_other_way_round(client, anna):
    unsubscribe = unsubscribe_token(anna.pk)
    assert client.get(reverse("notices_confirm", args=[unsubscribe])).status_code == 400
    confirm = confirm_token(anna.pk, "anna@esempio.it")
    assert client.post(reverse("notices_unsubscribe", args=[confirm])).status_code == 400


def test_a_confirmation_for_a_user_that_does_not_exist_is_refused(client):
    token = signing.dumps({"u": 99999, "a": "x@esempio.it"}, salt=CONFIRM_SALT, compress=True)
    response = client.get(reverse("notices_confirm", args=[token]))
    assert response.status_code == 400
    assert "Questo collegamento non è valido." in response.content.decode()


def test_unsubscribing_shows_one_button_then_turns_everything_off_without_a_login(client, anna):
    NoticePrefs.objects.create(user=anna, address="anna@esempio.it")
    url = reverse("notices_unsubscribe", args=[unsubscribe_token(anna.pk)])
    page = client.get(url)
    assert page.status_code == 200
    assert "Ferma le e-mail" in page.content.decode()
    assert NoticePrefs.objects.get(user=anna).active  # a look (a mail scanner's) changes nothing
    done = client.post(url)
    assert done.status_code == 200
    assert "Non riceverai più notifiche per e-mail" in done.content.decode()
    assert not NoticePrefs.objects.get(user=anna).active


@pytest.mark.parametrize("token", ["nonsense", "eyJ1IjoxfQ:1xX74p:forged", "a" * 600,
                                   "città:ü:ß", "%00%ff"])
def test_a_bad_or_forged_unsubscribe_link_is_refused_in_italian(client, anna, token):
    for response in (client.get(reverse("notices_unsubscribe", args=[token])),
                     client.post(reverse("notices_unsubscribe", args=[token]))):
        assert response.status_code == 400
        assert "Questo collegamento per disiscriversi non è valido" in response.content.decode()


def test_other_methods_are_refused(logged, client, anna):
    assert logged.put(PAGE).status_code == 405
    assert logged.get(ADDRESS).status_code == 405
    url = reverse("notices_unsubscribe", args=[unsubscribe_token(anna.pk)])
    assert client.delete(url).status_code == 405


def test_an_unsubscribe_link_of_a_user_gone_is_refused(client):
    response = client.post(reverse("notices_unsubscribe", args=[unsubscribe_token(99999)]))
    assert response.status_code == 400
    assert "Questo collegamento non è valido." in response.content.decode()
