"""A real server (daphne, with websockets) on the test database, and real Chromium."""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core.management.base import CommandError
from django.db import OperationalError, connection
from django.test import TransactionTestCase
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from guerra.settings import BASE_DIR
from tests.servers import database_url, server_env, start_server

CHROMIUM = os.environ.get("GUERRA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # What a test never uses and Chromium would otherwise spend the processors on (some 10% of
    # its time over the browser run, docs/testing.md).
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-client-side-phishing-detection",
    "--disable-domain-reliability",
    "--disable-hang-monitor",
    "--mute-audio",
    "--password-store=basic",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,"
    "BackForwardCache",
]
SHOTS = BASE_DIR / "artifacts" / "screenshots"
PASSWORD = "pw-browser-1"


@pytest.fixture(scope="session")
def live_server_url(django_db_setup: None, django_db_blocker: object) -> Iterator[str]:
    """One server for the run (for each pytest-xdist worker), with the real settings in DEBUG,
    its output in artifacts/browser-server.log (browser-server-gw0.log for worker gw0...)."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.fail("browser tests need --ds=tests.settings_browser (a test database in a file)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    name = f"browser-server-{worker}.log" if worker else "browser-server.log"
    # Its computer players answer 0.2 s after their decision opens (1 s on a real server).
    server = start_server(server_env(database_url(), DJANGO_DEBUG="1", GUERRA_BOT_DELAY="0.2"),
                          BASE_DIR / "artifacts" / name)
    yield server.origin
    server.stop()


FLUSH_TRIES = 5


@pytest.fixture(scope="session", autouse=True)
def _flush_again_after_a_deadlock() -> Iterator[None]:
    """The database is emptied after each test while the server may still be writing to it: its
    deadline timer and its computer players go on with a game the test has left. On PostgreSQL
    the flush's TRUNCATE then can meet one of those transactions in a deadlock, and PostgreSQL
    may cancel the flush (CI saw it once): the next test would find the last one's games. The
    flush is one transaction, rolled back when cancelled, so it is tried again."""
    flush = TransactionTestCase._fixture_teardown

    def flush_until_done(case: TransactionTestCase) -> None:
        for attempt in range(1, FLUSH_TRIES + 1):
            try:
                flush(case)
                return
            except CommandError as error:
                if attempt == FLUSH_TRIES or not isinstance(error.__cause__, OperationalError):
                    raise
                time.sleep(0.2 * attempt)

    TransactionTestCase._fixture_teardown = flush_until_done
    yield
    TransactionTestCase._fixture_teardown = flush


# The pictures are for people to look at; no test reads them. GUERRA_SCREENSHOTS=0 (what
# `python -m tests` sets unless told otherwise) leaves them out: a full-page picture costs the
# browser a good part of a second.
SCREENSHOTS = os.environ.get("GUERRA_SCREENSHOTS", "1") != "0"


@pytest.fixture(scope="session", autouse=True)
def _pictures_only_when_wanted() -> Iterator[None]:
    if SCREENSHOTS:
        yield
        return
    from playwright.sync_api import Locator

    taken = Page.screenshot, Locator.screenshot
    Page.screenshot = Locator.screenshot = lambda *args, **kwargs: b""  # type: ignore[method-assign,assignment]
    yield
    Page.screenshot, Locator.screenshot = taken  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable[[Page, str], Path]:
    """Save a full-page screenshot under artifacts/screenshots/<test>/ (git-ignored)."""
    folder = SHOTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):  # a previous run's pictures would mix with this one's
        old.unlink()
    counter = iter(range(1, 1000))

    def take(page: Page, name: str) -> Path:
        path = folder / f"{next(counter):02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@functools.cache
def password_hash() -> str:
    """PASSWORD, hashed once a run with the real settings' hasher (the server's login form
    checks it): some half a second of CPU a user otherwise, twice with the form's check."""
    return make_password(PASSWORD)


def new_user(name: str, *, staff: bool = False) -> User:
    """A user who can log in through the form with PASSWORD."""
    return User.objects.create(username=name, password=password_hash(), is_staff=staff)


# The server's login backend (the first, django-axes', only refuses a locked-out login).
BACKEND = "guerra.game.access.auth_backend.ModelBackend"


def signed_in(context: BrowserContext, user: User, origin: str) -> None:
    """What logging in through the form leaves behind, without the form: a session of `user` in
    the test database (the server reads it there) and its cookie in the context. The login
    form itself is tested through the form (`player(..., form=True)`, test_lobby_browser.py)."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = user._meta.pk.value_to_string(user)
    session[BACKEND_SESSION_KEY] = BACKEND
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key,
                          "url": origin, "httpOnly": True, "sameSite": "Lax"}])


@pytest.fixture
def player(
    browser: Browser, live_server_url: str, transactional_db: None
) -> Iterator[Callable[..., Page]]:
    """A browser context per player, logged in: a blank page with the session's cookie (or,
    with `form=True`, on the lobby after the login form)."""
    contexts: list[BrowserContext] = []

    def open_as(name: str, *, phone: bool = False, staff: bool = False,
                form: bool = False) -> Page:
        user = new_user(name, staff=staff)
        viewport: ViewportSize = (
            {"width": 390, "height": 844} if phone else {"width": 1360, "height": 900}
        )
        context = browser.new_context(viewport=viewport, base_url=live_server_url)
        contexts.append(context)
        if form:
            return logged_in(context.new_page(), live_server_url, name)
        signed_in(context, user, live_server_url)
        return context.new_page()

    yield open_as
    for context in contexts:
        context.close()


def logged_in(page: Page, live_server_url: str, name: str) -> Page:
    """`page`, once `name` has logged in through the login form (password PASSWORD)."""
    page.goto("/account/accedi/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("main button.primary")
    page.wait_for_url(live_server_url + "/")
    return page


def settled(page: Page) -> None:
    """htmx has swapped, settled and wired up what it fetched: a form swapped in a moment ago
    is submitted by htmx, not by the browser (a person is never that quick; a test is)."""
    page.wait_for_function(
        "() => !document.querySelector("
        "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def sideways(page: Page) -> int:
    """How many CSS pixels the page is wider than its window (0: nothing scrolls sideways),
    measured once the page has its style sheets: its text shows a moment before them, and a page
    laid out unstyled is wider than it is (CI measured two pages so, once each)."""
    page.wait_for_load_state("load")
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))
