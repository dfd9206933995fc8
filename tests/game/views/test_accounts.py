"""Accounts: names nobody can mistake for another's, sign-ups per address, logins locked out
per account and address and per address (django-axes), each refusal in Italian."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from guerra.game.access.ratelimits import client_address
from guerra.game.access.usernames import has_control_or_invisible, skeleton
from guerra.game.views.forms import SignupForm

PASSWORD = "una-parola-lunga-77"
LOCKED = "Troppi tentativi di accesso: riprova tra"


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


def signup_form(name: str) -> SignupForm:
    return SignupForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})


def sign_up(name: str, address: str = "10.0.0.1"):
    return Client().post(
        reverse("signup"),
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )


# Names: NFKC, look-alikes, invisible and control characters.


@pytest.mark.parametrize(
    ("name", "looks_like"),
    [
        ("аnna", "anna"),  # Cyrillic а
        ("ANNA", "anna"),
        ("anna\u200b", "anna"),  # zero-width space
        ("an\u00adna", "anna"),  # soft hyphen
        ("Αnna", "anna"),  # Greek capital alpha
        ("ΑΝΝΑ", "anna"),  # all Greek capitals
        ("рaolo", "paolo"),  # Cyrillic р
        ("pao1o", "paolo"),
        ("PAOLO", "pao1o"),
        ("0lga", "olga"),
        ("Ilaria", "llaria"),  # a capital I is an l
        ("ｇｉｕｌｉａ", "giulia"),  # full width
        ("ԁаrіо", "dario"),  # Cyrillic ԁ а і о
        ("ѕеrgіо", "sergio"),
        ("хеnіа", "xenia"),
        ("ԝеѕ", "wes"),
        ("ԛuеѕt", "quest"),
        ("ΤΟΜ", "tom"),
        ("ΚΕΝ", "ken"),
    ],
)
def test_look_alike_names_have_the_same_skeleton(name, looks_like):
    assert skeleton(name) == skeleton(looks_like)


@pytest.mark.parametrize(
    ("name", "other"),
    [("ann4", "anna"), ("anne", "anna"), ("bruno", "bruna"), ("mario", "maria"), ("zoë", "zoe")],
)
def test_names_that_only_differ_do_not_share_a_skeleton(name, other):
    assert skeleton(name) != skeleton(other)


def test_control_and_invisible_characters_are_spotted():
    assert has_control_or_invisible("an\x07na")
    assert has_control_or_invisible("anna\u200d")
    assert has_control_or_invisible("\ufeffanna")
    assert not has_control_or_invisible("Anna_1700")


def test_django_normalises_a_new_username_with_nfkc(db):
    form = signup_form("ｇｉｕｌｉａ")
    assert form.is_valid(), form.errors
    assert form.save().username == "giulia"


def test_a_full_width_copy_of_an_existing_name_is_refused(make_user):
    make_user("anna")
    form = signup_form("ａｎｎａ")
    assert not form.is_valid()
    assert "username" in form.errors


@pytest.mark.parametrize("name", ["аnna", "ANNA", "Аnna", "Αnna", "anna", "ΑΝΝΑ"])
def test_a_look_alike_of_an_existing_name_is_refused(make_user, name):
    make_user("anna")
    assert not signup_form(name).is_valid()


def test_the_look_alike_refusal_is_italian_and_creates_nobody(make_user):
    make_user("anna")
    response = sign_up("аnna")
    assert response.status_code == 400
    assert "somiglia troppo a quello di un altro giocatore" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", ["ann4", "anne", "annabella"])
def test_a_name_that_only_resembles_is_accepted(make_user, name):
    make_user("anna")
    assert signup_form(name).is_valid()


@pytest.mark.parametrize("name", ["an\x07na", "anna\u200b", "\u202eanna", "an\x1bna"])
def test_invisible_and_control_characters_are_refused_in_italian(db, name):
    form = signup_form(name)
    assert not form.is_valid()
    assert form.errors["username"] == [
        "Il nome utente non può contenere caratteri invisibili o di controllo."
    ]


def test_the_username_help_text_is_italian_and_spaced(db):
    html = Client().get(reverse("signup")).content.decode()
    assert "Obbligatorio: al massimo 150 caratteri. Solo lettere" in html
    assert "meno.Solo" not in html


# Sign-ups per address.


@override_settings(GUERRA_SIGNUPS_PER_HOUR=5)
def test_a_sixth_sign_up_from_one_address_in_an_hour_is_refused_with_429(db):
    for n in range(5):
        assert sign_up(f"giocatore{n}x").status_code == 302
    response = sign_up("giocatore9x")
    assert response.status_code == 429
    assert "Troppi account creati da questo indirizzo: riprova tra" in response.content.decode()
    assert int(response["Retry-After"]) > 0
    assert not User.objects.filter(username="giocatore9x").exists()
    # Another address still signs up.
    assert sign_up("giocatore9x", address="10.0.0.2").status_code == 302


@override_settings(GUERRA_SIGNUPS_PER_HOUR=1)
def test_a_refused_sign_up_form_is_not_counted(db):
    assert sign_up("aldo", address="10.0.0.3").status_code == 302
    mismatched = Client().post(
        reverse("signup"),
        {"username": "bice", "password1": PASSWORD, "password2": "altra"},
        REMOTE_ADDR="10.0.0.4",
    )
    assert mismatched.status_code == 400
    assert sign_up("bice", address="10.0.0.4").status_code == 302


def test_the_real_settings_allow_five_sign_ups_an_hour():
    import guerra.settings as real

    assert real.GUERRA_SIGNUPS_PER_HOUR == 5


# The address: REMOTE_ADDR, or X-Forwarded-For read from the right behind trusted proxies.


def test_the_address_is_remote_addr_unless_proxies_are_trusted():
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="6.6.6.6")
    assert client_address(request) == "10.0.0.9"


@override_settings(GUERRA_TRUSTED_PROXIES=1)
def test_behind_one_proxy_a_forged_forwarded_for_is_ignored():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7"
    )
    assert client_address(request) == "203.0.113.7"


# Logins (django-axes): per account and address together, and per address across accounts.


def log_in(name: str, password: str, address: str, client: Client | None = None):
    return (client or Client()).post(
        reverse("login"), {"username": name, "password": password}, REMOTE_ADDR=address
    )


def test_the_login_limits_are_ten_failures_per_account_and_address_thirty_per_address():
    import guerra.settings as real

    assert real.AXES_FAILURE_LIMIT == 10
    assert real.GUERRA_LOGIN_FAILURES_PER_ADDRESS == 30
    assert real.AXES_COOLOFF_TIME.total_seconds() == 15 * 60
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_failures_below_the_limit_do_not_stop_the_right_password(make_user):
    make_user("anna")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in("anna", "sbagliata", "10.1.0.1").status_code == 200
    assert log_in("anna", "pw-anna", "10.1.0.1").status_code == 302


def test_an_account_is_locked_from_the_address_its_failures_came_from(make_user):
    make_user("anna")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in("anna", "sbagliata", "10.2.0.1")
    # Even the right password, from that address, waits out the cool-off.
    client = Client()
    response = log_in("anna", "pw-anna", "10.2.0.1", client)
    assert response.status_code == 429
    html = response.content.decode()
    assert f"{LOCKED} 15 minuti." in html
    assert 'name="password"' in html  # the login page, with its form
    assert int(response["Retry-After"]) > 14 * 60
    assert "_auth_user_id" not in client.session
    # Another account from the same address logs in.
    User.objects.create_user("bruno", password="pw-bruno")
    assert log_in("bruno", "pw-bruno", "10.2.0.1").status_code == 302


def test_nobody_can_lock_another_player_out_from_their_own_address(make_user):
    """The attack of issue 25: ten wrong passwords for anna from the attacker's address locked
    anna out everywhere for 15 minutes. Now only the attacker is locked; anna, from her own
    address, logs in with her password."""
    make_user("anna")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in("anna", "sbagliata", "10.2.5.66")
    assert log_in("anna", "pw-anna", "10.2.5.66").status_code == 429  # the attacker, locked
    victim = Client()
    assert log_in("anna", "pw-anna", "10.2.5.1", victim).status_code == 302
    assert victim.session["_auth_user_id"] == str(User.objects.get(username="anna").pk)
    # ... and the attacker stays locked after her login.
    assert log_in("anna", "pw-anna", "10.2.5.66").status_code == 429


def test_an_address_trying_many_accounts_is_locked_on_all_of_them(make_user):
    """Password spraying: a few guesses on each of many accounts never reaches one pair's
    limit, but the address's failures across accounts are limited."""
    make_user("bruno")
    per_address = settings.GUERRA_LOGIN_FAILURES_PER_ADDRESS
    assert per_address > settings.AXES_FAILURE_LIMIT  # one account's limit comes first
    for n in range(per_address - 1):
        log_in(f"nessuno{n % 5}", "sbagliata", "10.3.0.1")  # 5 names: no pair locked
    assert log_in("bruno", "pw-bruno", "10.3.0.1").status_code == 302  # one short of the limit
    log_in("nessuno9", "sbagliata", "10.3.0.1")
    response = log_in("bruno", "pw-bruno", "10.3.0.1")
    assert response.status_code == 429
    assert f"{LOCKED} 15 minuti." in response.content.decode()
    assert log_in("nessuno99", "sbagliata", "10.3.0.1").status_code == 429
    # The same account from another address logs in.
    assert log_in("bruno", "pw-bruno", "10.3.0.2").status_code == 302


def test_the_address_lockout_also_ends_after_the_cool_off(make_user):
    make_user("bruno")
    for n in range(settings.GUERRA_LOGIN_FAILURES_PER_ADDRESS):
        log_in(f"nessuno{n}", "sbagliata", "10.3.1.1")
    assert log_in("bruno", "pw-bruno", "10.3.1.1").status_code == 429
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.first().attempt_time
                                 - timedelta(minutes=16))
    assert log_in("bruno", "pw-bruno", "10.3.1.1").status_code == 302


def test_the_lockout_ends_after_the_cool_off(make_user):
    make_user("anna")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in("anna", "sbagliata", "10.4.0.1")
    assert log_in("anna", "pw-anna", "10.4.0.1").status_code == 429
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert log_in("anna", "pw-anna", "10.4.0.1").status_code == 302


def test_retrying_while_locked_out_does_not_lengthen_the_wait(make_user):
    make_user("anna")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in("anna", "sbagliata", "10.5.0.1")
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=13)
    )
    response = log_in("anna", "sbagliata", "10.5.0.1")
    assert response.status_code == 429
    assert f"{LOCKED} 2 minuti." in response.content.decode()


@override_settings(AXES_FAILURE_LIMIT=2)
@pytest.mark.django_db(transaction=True)
async def test_the_lockout_page_is_served_by_the_asgi_server_too():
    """daphne runs django-axes' middleware on its async path, which calls the lockout page
    with other arguments: it must still be the Italian page with 429."""
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    await sync_to_async(User.objects.create_user)("carla", password="pw-carla")
    client = AsyncClient()
    for _ in range(2):
        await client.post(reverse("login"), {"username": "carla", "password": "no"})
    response = await client.post(reverse("login"), {"username": "carla", "password": "pw-carla"})
    assert response.status_code == 429
    assert LOCKED in response.content.decode()


def test_a_short_password_is_refused_in_italian(client, db):
    response = client.post(reverse("signup"), {"username": "zeta", "password1": "a1b",
                                               "password2": "a1b"})
    assert response.status_code == 400
    assert "Questa password è troppo corta: deve avere almeno 8 caratteri." in (
        response.content.decode())
    assert "This password" not in response.content.decode()


def test_a_login_with_a_huge_or_hostile_name_is_counted_under_a_name_axes_can_store(client, db):
    """Axes keeps the name of a failed login in a column of 255 characters: a 5,000-character
    name was a 500 on PostgreSQL (the login form lets it through: Django sets the field's
    max_length after building it). It is counted under the first 150 printable characters."""
    response = client.post(reverse("login"), {"username": "x" * 5000 + "\u200b",
                                              "password": "no"})
    assert response.status_code in (200, 400)
    assert AccessAttempt.objects.get().username == "x" * 150
