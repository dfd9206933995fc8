"""Shared fixtures: users, and games from the quick-start scenario in each state.

Also what lets a plain `pytest` run the suite as `python -m tests` does: the Italian catalogues
are compiled first, and the browser tests, which need a process of their own, are left to
`pytest tests/browser --ds=tests.settings_browser`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from guerra.game import services
from guerra.game.models import Game, Scenario
from tests.game.play_helpers import finish_auction


@pytest.fixture(autouse=True)
def _names_as_the_database_gives_them() -> Iterator[None]:
    """The names' grammar is cached for a minute (guerra.game.text.grammar): a test that renames a
    power ("le Gran Bretagna") must not leave its rolled-back rows to the tests after it."""
    from guerra.game.text.grammar import forget_names

    yield
    forget_names()


@pytest.fixture(autouse=True)
def _nothing_cached_from_the_test_before() -> Iterator[None]:
    """The cache outlives a test's rolled-back rows, whose ids the next test may take again:
    what a seat was last sent of each part (guerra/game/live/push.py) must not be another's."""
    from django.core.cache import caches

    yield
    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def _a_channel_layer_of_its_own() -> Iterator[None]:
    """Channels keeps one layer a process, and channels-redis's keeps the locks of the process's
    receives in it, each bound to the event loop that first waited on it. A test whose loop ends
    while one of its sockets is still receiving leaves such a lock held, bound to a loop that
    is gone; a later test's socket then fails on it ("bound to a different event loop", CI's
    Redis run). Each test gets a layer of its own, made when it first asks for one."""
    from channels.layers import channel_layers

    yield
    channel_layers.backends.clear()


@pytest.fixture(scope="session", autouse=True)
def _static_files_listed_once() -> Iterator[None]:
    """Each test client builds the middleware anew, and WhiteNoise's middleware lists and stats
    every static file the finders know (Django admin's included) when it is built: some 8 ms a
    client, more on a busy machine, paid by most tests. A server builds it once; so does the
    suite, per configuration: later clients get the same files, served the same way. It leans
    on WhiteNoise's `add_files_from_finders` (whitenoise is pinned): GUERRA_STOCK=1, or
    GUERRA_TEST_STATIC_ONCE=0, leaves WhiteNoise as it is."""
    from django.conf import settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    from guerra.settings import speed_up

    if not speed_up("GUERRA_TEST_STATIC_ONCE"):
        yield
        return

    listed: dict[str, dict[str, Any]] = {}
    original = WhiteNoiseMiddleware.add_files_from_finders

    def add_files_from_finders(self: WhiteNoiseMiddleware) -> None:
        key = repr((self.static_prefix, self.max_age, self.allow_all_origins, self.charset,
                    self.index_file, self.add_headers_function,
                    getattr(settings, "WHITENOISE_MIMETYPES", None),
                    settings.STATICFILES_DIRS, settings.STATICFILES_FINDERS,
                    settings.INSTALLED_APPS, settings.STORAGES))
        if key not in listed:
            before = set(self.files)
            original(self)
            listed[key] = {url: found for url, found in self.files.items() if url not in before}
        self.files.update(listed[key])

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders
    yield
    WhiteNoiseMiddleware.add_files_from_finders = original


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test database, whose migrated rows a transactional test's flush puts back
    at once (tests/snapshot.py) rather than by loading the scenarios again."""
    from tests.snapshot import put_rows_back_after_flush

    with django_db_blocker.unblock():
        stop = put_rows_back_after_flush()
    yield
    stop()


def new_user(name: str, *, staff: bool = False) -> User:
    return User.objects.create_user(name, password="pw-" + name, is_staff=staff)


@pytest.fixture
def make_user(db: None) -> Callable[..., User]:
    return new_user


BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
BROWSER_SETTINGS = "tests.settings_browser"


def pytest_configure(config: pytest.Config) -> None:
    """Compile a missing or stale catalogue before any test translates a message (on a fresh
    clone none is compiled: `*.mo` is not in the repository), and forget a catalogue already read
    without it."""
    from django.utils.translation import trans_real

    from guerra.i18n_tools import compile_all
    from guerra.rules.i18n import _catalogue

    if compile_all(stale_only=True):
        trans_real._translations = {}
        trans_real._default = None
        _catalogue.cache_clear()


def _browser_run(config: pytest.Config) -> bool:
    from django.conf import settings

    return str(settings.SETTINGS_MODULE) == BROWSER_SETTINGS


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The browser tests drive sync Playwright, which cannot share a process with the asyncio
    tests: a run of the whole suite leaves them out unless it has their settings (asked for by
    name, they say which settings they need)."""
    if collection_path != BROWSER_TESTS or _browser_run(config):
        return None
    asked = [Path(arg.split("::")[0]).resolve() for arg in config.args]
    return not any(path == BROWSER_TESTS or BROWSER_TESTS in path.parents for path in asked)


def pytest_report_header(config: pytest.Config) -> str | None:
    if _browser_run(config):
        return None
    return f"browser tests: pytest tests/browser --ds={BROWSER_SETTINGS} (python -m tests: both)"


QUICK_START = "Europa 1700 — partenza rapida"


@pytest.fixture
def scenario(db: None) -> Scenario:
    """The quick-start scenario (fixed starting positions, G14), loaded by migrate into the empty
    test database beside the default "Europa 1700": today's games start from fixed positions."""
    return Scenario.objects.get(name=QUICK_START)


def create_lobby_game(make_user: Callable[..., User], scenario: Scenario) -> Game:
    anna = make_user("anna")
    return services.game_create(
        user=anna, scenario=scenario, name="Prova", is_private=False, power="Francia"
    )


def start_running_game(make_user: Callable[..., User], lobby_game: Game) -> Game:
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    services.game_join(game_id=lobby_game.pk, user=make_user("carla"), power="Prussia")
    game = services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
    game.refresh_from_db()
    return game


@pytest.fixture
def lobby_game(make_user: Callable[..., User], scenario: Scenario) -> Game:
    return create_lobby_game(make_user, scenario)


@pytest.fixture(scope="session")
def _running_game_rows(request: pytest.FixtureRequest, django_db_setup: None,
                       django_db_blocker: Any) -> Any:
    """The rows `running_game` writes, played once a run through the services (and rolled back);
    None where they cannot be copied (PostgreSQL: rows written with their keys would leave its
    sequences behind) or must not be (a mutation run of the services, `-p tests.mutation`: each
    test that uses the game must play it with the mutant, and be counted as covering it)."""
    from django.db import connection, transaction
    from django.utils import timezone

    from guerra.game.text.grammar import forget_names
    from tests.snapshot import new_rows, read_rows

    if connection.vendor != "sqlite" or request.config.pluginmanager.hasplugin("tests.mutation"):
        return None
    with django_db_blocker.unblock(), transaction.atomic():
        before = read_rows(connection)
        scenario = Scenario.objects.get(name=QUICK_START)
        game = start_running_game(new_user, create_lobby_game(new_user, scenario))
        rows = new_rows(before, read_rows(connection))
        played = timezone.now()
        transaction.set_rollback(True)
    forget_names()
    if rows is None:
        return None
    counts = {table: len(before.get(table, ([], []))[1]) for table in rows}
    return rows, counts, game.pk, played, itertools.count(game.pk + 1000)


@pytest.fixture
def running_game(request: pytest.FixtureRequest, make_user: Callable[..., User],
                 scenario: Scenario, _running_game_rows: Any) -> Game:
    """Francia (anna) and Prussia (carla) against Gran Bretagna (bruno), from the quick start's
    fixed positions: the auction of war 1 is played (Francia A against Gran Bretagna B, then
    Prussia to A, every bid 0), so the turn order is Francia, Gran Bretagna, Prussia and it is
    Francia's first action of round 1.

    Played through the services once a run: a test whose database is as migrate left it (and
    that does not ask for `lobby_game`, the same game) gets a copy of the rows that play wrote,
    their times moved to now (tests/snapshot.py); any other plays it again."""
    from django.db import connection
    from django.utils import timezone

    from tests.snapshot import counts_are, moved_in_time, renumbered, write_rows

    if _running_game_rows is not None and "lobby_game" not in request.fixturenames:
        rows, counts, pk, played, pks = _running_game_rows
        if counts_are(connection, counts):
            # Each copy a game id of its own: what this process keeps of a game (its state, its
            # pages' parts) is kept by its id and its dice's seed, which the copies share.
            number = next(pks)
            copy = renumbered(rows, Game, pk, number)
            write_rows(connection, moved_in_time(copy, timezone.now() - played))
            return Game.objects.get(pk=number)
    return start_running_game(make_user, request.getfixturevalue("lobby_game"))


@pytest.fixture
def draw_game(make_user: Callable[..., User]) -> Game:
    """A two-player game of the classic Europa 1700 (Francia, Spagna): it starts with the setup
    placements."""
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name="Europa 1700"),
                                name="Sorteggio", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    return services.game_start(game_id=game.pk, user=anna)
