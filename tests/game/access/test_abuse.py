"""Hardening: new games and chat lines are rate-limited (429 in Italian), the lobby is paginated,
a production server will not start with the public key, and error pages are the site's, in
Italian."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from unittest import mock

import pytest
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.template.loader import get_template
from django.test import Client, override_settings
from django.urls import include, path, reverse

from guerra.game import services
from guerra.game.access import ratelimits
from guerra.game.models import ChatMessage, Game, Seat
from guerra.game.views import lobby as views
from guerra.settings import BASE_DIR


def _boom(request):
    raise RuntimeError("a bug")


def _forbidden(request):
    raise PermissionDenied


# This module is also the URLconf of the error-page tests: the site plus two failing views.
urlpatterns = [
    path("prova/errore/", _boom),
    path("prova/vietato/", _forbidden),
    path("", include("guerra.urls")),
]


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


def client_of(user):
    c = Client()
    c.force_login(user)
    return c


# Waiting times, in Italian.


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(1, "1 secondo"), (45, "45 secondi"), (60, "1 minuto"), (61, "2 minuti"), (900, "15 minuti")],
)
def test_the_wait_is_said_in_italian_with_its_plural(seconds, text):
    assert ratelimits.wait_text(seconds) == text


def test_a_limit_counts_per_key_and_opens_again_in_the_next_window():
    limit = ratelimits.Limit("prova", 2, 60)
    with mock.patch("guerra.game.access.ratelimits.time.time", return_value=6000.0):
        assert ratelimits.hit(limit, "a") is None
        assert ratelimits.hit(limit, "a") is None
        assert ratelimits.hit(limit, "a") == 60
        assert ratelimits.hit(limit, "a") == 60  # refused hits are not counted...
        assert ratelimits.hit(limit, "b") is None  # ...and another key has its own count
    with mock.patch("guerra.game.access.ratelimits.time.time", return_value=6045.0):
        assert ratelimits.hit(limit, "a") == 15
    with mock.patch("guerra.game.access.ratelimits.time.time", return_value=6060.0):
        assert ratelimits.hit(limit, "a") is None


def test_a_limit_of_zero_is_no_limit():
    limit = ratelimits.Limit("prova", 0, 60)
    assert all(ratelimits.hit(limit, "a") is None for _ in range(100))


def test_the_real_settings_and_their_environment_overrides():
    code = (
        "import guerra.settings as s; print(s.GUERRA_SIGNUPS_PER_HOUR, s.GUERRA_GAMES_PER_HOUR,"
        " s.GUERRA_CHAT_LINES_PER_MINUTE, s.AXES_FAILURE_LIMIT, s.AXES_COOLOFF_TIME,"
        " s.GUERRA_LOGIN_FAILURES_PER_ADDRESS)"
    )
    default = _python(code)
    assert default.stdout.split() == ["5", "10", "30", "10", "0:15:00", "30"]
    changed = _python(
        code,
        GUERRA_SIGNUPS_PER_HOUR="2",
        GUERRA_GAMES_PER_HOUR="3",
        GUERRA_CHAT_LINES_PER_MINUTE="4",
        GUERRA_LOGIN_FAILURES="5",
        GUERRA_LOGIN_COOLOFF_MINUTES="6",
        GUERRA_LOGIN_FAILURES_PER_ADDRESS="7",
    )
    assert changed.stdout.split() == ["2", "3", "4", "5", "0:06:00", "7"]


# New games: GUERRA_GAMES_PER_HOUR per player.


def new_game(client, scenario, name="Partita"):
    return client.post(
        reverse("game_new"),
        {"name": name, "scenario": scenario.pk, "power": "Francia", "pace": "live"},
    )


@override_settings(GUERRA_GAMES_PER_HOUR=2)
def test_a_player_past_the_games_limit_gets_429_in_italian(make_user, scenario):
    anna = client_of(make_user("anna"))
    assert new_game(anna, scenario).status_code == 302
    assert new_game(anna, scenario).status_code == 302
    response = new_game(anna, scenario, "Una di troppo")
    assert response.status_code == 429
    assert "Hai creato troppe partite: riprova tra" in response.content.decode()
    assert response["Retry-After"]
    assert not Game.objects.filter(name="Una di troppo").exists()
    # Another player is not held back.
    assert new_game(client_of(make_user("bruno")), scenario).status_code == 302


@override_settings(GUERRA_GAMES_PER_HOUR=1)
def test_the_htmx_form_shows_the_games_refusal_in_place(make_user, scenario):
    anna = client_of(make_user("anna"))
    new_game(anna, scenario)
    response = anna.post(
        reverse("game_new"),
        {"name": "Ancora", "scenario": scenario.pk, "power": "Francia"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 429
    html = response.content.decode()
    assert 'id="new-game"' in html and "<html" not in html
    assert "Hai creato troppe partite" in html


# Chat lines: GUERRA_CHAT_LINES_PER_MINUTE per player and game.


def seat(game, power):
    return Seat.objects.select_related("user").get(game=game, power=power)


def alliance_post(client, game, text, **extra):
    return client.post(reverse("game_chat_alliance", args=[game.pk, 1]), {"text": text}, **extra)


@pytest.fixture
def one_window(monkeypatch):
    """The limits' clock held in the middle of the current minute: a test's lines all fall in
    one window, however slow the machine (a window is the clock's minute)."""
    middle = time.time() // 60 * 60 + 30
    monkeypatch.setattr(ratelimits, "clock", lambda: middle)


@override_settings(GUERRA_CHAT_LINES_PER_MINUTE=3)
def test_a_player_writing_too_fast_in_the_alliance_chat_gets_429(running_game, one_window):
    anna = client_of(seat(running_game, "Francia").user)
    for n in range(3):
        assert alliance_post(anna, running_game, f"riga {n}").status_code == 302
    response = alliance_post(anna, running_game, "una di troppo", headers={"HX-Request": "true"})
    assert response.status_code == 429
    html = response.content.decode()
    assert "Stai scrivendo troppo in fretta: riprova tra" in html
    assert 'id="error-message"' in html and "<html" not in html  # the form's error box
    assert not ChatMessage.objects.filter(text="una di troppo").exists()
    # An ally keeps writing, and reading is never limited.
    carla = client_of(seat(running_game, "Prussia").user)
    assert alliance_post(carla, running_game, "ci sono").status_code == 302
    assert anna.get(reverse("game_chat_alliance", args=[running_game.pk, 1])).status_code == 200


@override_settings(GUERRA_CHAT_LINES_PER_MINUTE=2)
def test_private_lines_count_against_the_same_limit(running_game, one_window):
    anna, bruno = seat(running_game, "Francia"), seat(running_game, "Gran Bretagna")
    client = client_of(anna.user)
    url = reverse("game_chat_private", args=[running_game.pk, bruno.pk])
    assert alliance_post(client, running_game, "uno").status_code == 302
    assert client.post(url, {"text": "due"}).status_code == 302
    response = client.post(url, {"text": "tre"})
    assert response.status_code == 429
    assert "Stai scrivendo troppo in fretta" in response.content.decode()


def test_the_real_chat_limit_lets_a_lively_negotiation_through(running_game, one_window):
    """Thirty lines in a minute are fine (the suite's settings raise it; here it is the real
    one)."""
    with override_settings(GUERRA_CHAT_LINES_PER_MINUTE=30):
        anna = client_of(seat(running_game, "Francia").user)
        assert all(alliance_post(anna, running_game, f"{n}").status_code == 302 for n in range(30))
        assert alliance_post(anna, running_game, "31").status_code == 429


# The lobby, in pages.


@pytest.fixture
def open_games(make_user, scenario, monkeypatch):
    """Five open games, two to a page."""
    monkeypatch.setattr(views, "LOBBY_PAGE_SIZE", 2)
    creator = make_user("zeno")
    for n in range(5):
        services.game_create(
            user=creator, scenario=scenario, name=f"Tavolo {n}", is_private=False, power="Francia"
        )


def listed(response):
    html = response.content.decode()
    return [f"Tavolo {n}" for n in range(5) if f"Tavolo {n}<" in html]


def test_the_lobby_shows_a_page_of_open_games_newest_first(client, open_games):
    response = client.get(reverse("lobby"))
    assert listed(response) == ["Tavolo 3", "Tavolo 4"]
    html = response.content.decode()
    assert "pagina 1 di 3" in html
    assert "successiva" in html and "?pagina=2" in html and "precedente" not in html


def test_the_middle_page_links_both_ways_and_the_last_only_back(client, open_games):
    middle = client.get(reverse("lobby"), {"pagina": "2"})
    assert listed(middle) == ["Tavolo 1", "Tavolo 2"]
    assert "precedente" in middle.content.decode() and "successiva" in middle.content.decode()
    last = client.get(reverse("lobby"), {"pagina": "3"})
    assert listed(last) == ["Tavolo 0"]
    assert "successiva" not in last.content.decode()


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("abc", "Tavolo 4"),
        ("²", "Tavolo 4"),
        ("", "Tavolo 4"),
        ("2.5", "Tavolo 4"),
        ("1" * 5000, "Tavolo 4"),
        ("0", "Tavolo 0"),
        ("-1", "Tavolo 0"),
        ("99999999999999999999", "Tavolo 0"),
    ],
)
def test_a_bad_page_number_shows_the_first_or_the_last_page(client, open_games, value, shown):
    response = client.get(reverse("lobby"), {"pagina": value})
    assert response.status_code == 200
    assert shown in listed(response)


def test_the_lobby_pages_have_twenty_games():
    assert views.LOBBY_PAGE_SIZE == 20


def test_a_lobby_with_few_games_has_no_page_links(client, lobby_game):
    html = client.get(reverse("lobby")).content.decode()
    assert "Prova" in html and "successiva" not in html and "pagina 1 di" not in html


# Production defaults: no public secret key without DEBUG.


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUERRA_"))}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _manage_check(**env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    full_env.update(env, DJANGO_SETTINGS_MODULE="guerra.settings")
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=BASE_DIR,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


SETUP = (
    "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'guerra.settings'; django.setup()"
)


@pytest.mark.parametrize(
    "key", [None, "", "django-insecure-local-only-guerra-key-change-me-in-production"]
)
def test_without_debug_the_server_refuses_the_public_or_a_missing_key(key):
    env = {"DJANGO_DEBUG": "0"} | ({} if key is None else {"DJANGO_SECRET_KEY": key})
    for result in (_python(SETUP, **env), _manage_check(**env)):
        assert result.returncode == 1
        [line] = result.stderr.strip().splitlines()  # one line, no traceback
        assert line.startswith("DJANGO_SECRET_KEY is not set") and len(line) < 300


def test_without_debug_a_real_key_starts_and_with_debug_the_development_key_does():
    assert _manage_check(DJANGO_DEBUG="0", DJANGO_SECRET_KEY="x" * 50).returncode == 0
    assert _manage_check(DJANGO_DEBUG="1").returncode == 0


# Error pages: the site's look, in Italian, with DEBUG off.


@override_settings(DEBUG=False)
def test_a_missing_page_is_the_italian_404(client, db):
    response = client.get("/non-esiste/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Pagina non trovata" in html and 'class="topbar"' in html


@override_settings(DEBUG=False)
def test_a_private_game_one_may_not_see_is_the_same_404(make_user, scenario):
    secret = services.game_create(
        user=make_user("anna"), scenario=scenario, name="Segreta", is_private=True, power="Francia"
    )
    response = client_of(make_user("bruno")).get(reverse("game_board", args=[secret.pk]))
    assert response.status_code == 404
    assert "Pagina non trovata" in response.content.decode()


@override_settings(DEBUG=False)
def test_a_bad_request_is_the_italian_400(client, db):
    response = client.get(reverse("lobby"), headers={"host": "attacker.example"})
    assert response.status_code == 400
    assert "Richiesta non valida" in response.content.decode()


@override_settings(DEBUG=False, ROOT_URLCONF=__name__)
def test_a_forbidden_page_is_the_italian_403(client, db):
    response = client.get("/prova/vietato/")
    assert response.status_code == 403
    assert "Non consentito" in response.content.decode()


@override_settings(DEBUG=False, ROOT_URLCONF=__name__)
def test_a_server_error_is_the_italian_500(db):
    response = Client(raise_request_exception=False).get("/prova/errore/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Qualcosa è andato storto" in html and '<html lang="it">' in html


def test_the_500_page_renders_with_no_request_and_no_context():
    html = get_template("500.html").render()
    assert "Qualcosa è andato storto" in html and "{%" not in html


@override_settings(DEBUG=False)
def test_a_form_without_its_csrf_token_is_the_italian_403(db):
    response = Client(enforce_csrf_checks=True).post(reverse("login"), {"username": "x"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Il modulo è scaduto" in html and "Ricarica la pagina" in html
