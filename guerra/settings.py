"""Settings for Guerra.

Every setting that differs between a laptop and a server comes from an environment variable with a
safe local default: SQLite and the in-memory channel layer serve a single process on a fresh
machine; DATABASE_URL and REDIS_URL switch to PostgreSQL and Redis.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Speed-ups with an off switch. Each of these replaces a stock piece of Django, Channels or
# Python with one of guerra/runtime (or guerra/rules/frozen.py) that leans on the stock piece's
# private parts; each is on by default and falls back to the stock piece with its variable set
# to 0. GUERRA_STOCK=1 turns every one off at once (a variable of its own set to 1 still turns
# that one back on). The suite passes either way (tests/runtime/test_stock.py; CI runs it whole
# with GUERRA_STOCK=1 too). Figures: bench/README.md.
#
#   GUERRA_POOLED_HANDLER   guerra/runtime/handler.py's PooledASGIHandler (requests on a few
#                           long-lived threads, each keeping its database connection) -> Django's
#                           own ASGIHandler (a thread a request; SQLite's connections are then
#                           closed at each request's end: CONN_MAX_AGE 0, as Django asks of ASGI).
#   GUERRA_GC_TUNING        the server's collector settled at start (gc.freeze) and its full
#                           collections shortened (handler.ShortCollections) -> Python's own GC.
#   GUERRA_PREPARED_SQL     guerra/runtime/prepared.py runs reads and writes compiled once per
#                           connection -> the same querysets, .update() and bulk_create() through
#                           the plain ORM (the same results).
#   GUERRA_SQLITE_TURNS     guerra.runtime.sqlite (a process's writers take turns on a lock) ->
#                           django.db.backends.sqlite3 with the same OPTIONS (BEGIN IMMEDIATE,
#                           WAL): writers then wait in SQLite's own busy handler.
#   GUERRA_FAST_CHANNEL_LAYER  guerra/runtime/channel_layer.py (expired messages swept at most
#                           once a second) -> Channels' own InMemoryChannelLayer (without Redis).
#   GUERRA_FAST_RECORDS     guerra/rules/frozen.py: records' __init__ generated with exec, copies
#                           made from the instance's dict -> the dataclasses' own __init__ and
#                           dataclasses.replace. Read by guerra/rules itself (which knows no
#                           Django), from the environment, when the rules are imported.
#   GUERRA_PUSHED_PARTS     the parts a change touched, rendered once per audience and sent to each
#                           seat with the push (guerra/game/read/fragments.py) -> doorbells only:
#                           every open page fetches each part again over HTTP.
# No switch for guerra/runtime/kept.py (the app's own cache of values that never change: no
# stock piece replaced) or server.py (daphne's own command line with smaller websocket caps: a
# limit, not a speed-up).
GUERRA_STOCK = env_bool("GUERRA_STOCK", False)


def speed_up(name: str) -> bool:
    """Whether the speed-up `name` is on: its variable if set, else not GUERRA_STOCK."""
    return env_bool(name, not env_bool("GUERRA_STOCK", False))


GUERRA_POOLED_HANDLER = speed_up("GUERRA_POOLED_HANDLER")
GUERRA_GC_TUNING = speed_up("GUERRA_GC_TUNING")
GUERRA_PREPARED_SQL = speed_up("GUERRA_PREPARED_SQL")
GUERRA_SQLITE_TURNS = speed_up("GUERRA_SQLITE_TURNS")
GUERRA_FAST_CHANNEL_LAYER = speed_up("GUERRA_FAST_CHANNEL_LAYER")
GUERRA_PUSHED_PARTS = speed_up("GUERRA_PUSHED_PARTS")


def database_from_url(url: str) -> dict[str, Any]:
    """Turn `sqlite:///path` or `postgres://user:pass@host:port/name` into a DATABASES entry."""
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # As SQLAlchemy reads it: sqlite:///name.db is relative to the project, sqlite:////abs
        # is an absolute path.
        path = unquote(parts.path)[1:]
        return sqlite_database(BASE_DIR / path if path else BASE_DIR / "db.sqlite3")
    if parts.scheme in {"postgres", "postgresql", "pgsql"}:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            # The server's connections are a pool shared by every request of the process (a new
            # one costs PostgreSQL a process); a request gives its connection back at its end.
            "CONN_MAX_AGE": 0,
            "OPTIONS": {"pool": {
                "min_size": int(os.environ.get("DATABASE_POOL_MIN", "2")),
                "max_size": int(os.environ.get("DATABASE_POOL_MAX", "20")),
                "timeout": 20,
            }},
            "TEST": {"NAME": os.environ.get("DATABASE_TEST_NAME") or None},
        }
    raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r}")


def sqlite_database(path: Path, *, turns: bool | None = None,
                    pooled: bool | None = None) -> dict[str, Any]:
    """SQLite's settings; `turns` and `pooled` default to GUERRA_SQLITE_TURNS and
    GUERRA_POOLED_HANDLER."""
    turns = speed_up("GUERRA_SQLITE_TURNS") if turns is None else turns
    pooled = speed_up("GUERRA_POOLED_HANDLER") if pooled is None else pooled
    return {
        # Stock: Django's own back end with the same OPTIONS, all that correctness needs (the
        # turns are a speed-up: without them a writer waits in SQLite's busy handler instead).
        "ENGINE": "guerra.runtime.sqlite" if turns else "django.db.backends.sqlite3",
        "NAME": path,
        # A thread keeps its connection (opening one costs about 1.5 ms): the server's requests
        # run on a few long-lived threads (guerra/runtime/handler.py), the websockets' on one.
        # Django's own handler runs each request on a thread of its own, which would leave its
        # connection open behind it: there, as Django asks of ASGI, none is kept.
        "CONN_MAX_AGE": 600 if pooled else 0,
        "OPTIONS": {
            # Without IMMEDIATE, two read-then-write transactions fail at once with
            # "database is locked" instead of waiting for each other.
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        "TEST": {"NAME": os.environ.get("GUERRA_SQLITE_TEST_NAME") or None},
    }


DEBUG = env_bool("DJANGO_DEBUG", True)
# The development key is public (it is in this file): only a DEBUG server may use it, so a server
# started for real without DJANGO_SECRET_KEY stops at once instead of signing with it.
DEVELOPMENT_SECRET_KEY = "django-insecure-local-only-guerra-key-change-me-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip() or DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    # SystemExit, not an exception: the operator reads one line, not a traceback.
    raise SystemExit(
        "DJANGO_SECRET_KEY is not set (or is the public development key): with DJANGO_DEBUG=0 "
        "set it to a long random secret "
        "(python -c 'import secrets; print(secrets.token_urlsafe(50))')."
    )
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
# Sessions are kept in the database and read through the cache (Redis when REDIS_URL is set,
# so every process shares them): a request reads no session row.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
if env_bool("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "daphne",  # first, so runserver serves websockets too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "channels",
    "django_htmx",
    "template_partials",
    "guerra.game",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A game's passed deadline applied before any of its pages is read.
    "guerra.game.views.deadlines.DeadlinesMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "guerra.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["django.templatetags.i18n", "template_partials.templatetags.partials"],
        },
    }
]

WSGI_APPLICATION = "guerra.wsgi.application"
ASGI_APPLICATION = "guerra.asgi.application"
# Largest websocket frame a client may send, in bytes (a ping is 16; daphne's own default is
# 1 MiB), and largest message either way: autobahn caps what the server sends with it too, and a
# seat's frame of rendered parts (guerra/game/read/fragments.py) is some 40 kB on a full board; a
# client's message of several frames is read up to this, then refused by the consumer as bigger
# than a frame (4009). daphne's runserver reads these two settings; `python -m
# guerra.runtime.server` gives them to daphne's command line.
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = 4096
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = 512 * 1024
# Requests a server process runs at once, each on a long-lived thread of its own (the others
# wait their turn): guerra/runtime/handler.py, with GUERRA_POOLED_HANDLER on.
GUERRA_REQUEST_THREADS = int(os.environ.get("GUERRA_REQUEST_THREADS", "8"))
# A server's full garbage collections walk only what is new since the one before; every this
# many seconds one walks everything (guerra/runtime/handler.py, ShortCollections), with
# GUERRA_GC_TUNING on. 0: the collector is only settled at start (gc.freeze), then Python's own.
GUERRA_GC_THAW_SECONDS = float(os.environ.get("GUERRA_GC_THAW_SECONDS", "300"))

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": database_from_url(os.environ["DATABASE_URL"])}
else:
    DATABASES = {"default": sqlite_database(BASE_DIR / "db.sqlite3")}

if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # A read waits longer than the layer's own 5-second BRPOP: with redis-py's
                # default (5 s too) a process that heard nothing for 5 s lost its sockets.
                "hosts": [{"address": os.environ["REDIS_URL"], "socket_timeout": 15}],
                "prefix": os.environ.get("GUERRA_REDIS_PREFIX", "guerra"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": (
        "guerra.runtime.channel_layer.InMemoryChannelLayer" if GUERRA_FAST_CHANNEL_LAYER
        else "channels.layers.InMemoryChannelLayer")}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The combat systems a game may be played with, one line each: the rules' name of the procedure
# and its web adapter (whose module imports the procedure's rules, registering them).
GUERRA_PROCEDURES = {
    "seed004": "guerra.game.procedures.seed004.ADAPTER",
    "d10": "guerra.game.procedures.d10.ADAPTER",
    "punti": "guerra.game.procedures.punti.ADAPTER",
    "finestre": "guerra.game.procedures.finestre.ADAPTER",
    "piano": "guerra.game.procedures.piano.ADAPTER",
}
# Every server process applies the deadlines that pass, on its own timer
# (guerra/game/live/timer.py).
GUERRA_DEADLINE_TIMER = env_bool("GUERRA_DEADLINE_TIMER", True)
GUERRA_DEADLINE_TICK = float(os.environ.get("GUERRA_DEADLINE_TICK", "2"))
# Every server process answers for the computer players whose time has come
# (guerra/game/live/bots.py), GUERRA_BOT_DELAY seconds after their decision opens, so that the
# people at the table see one move after another (at most 2 seconds, as players expect).
GUERRA_BOTS = env_bool("GUERRA_BOTS", True)
GUERRA_BOT_DELAY = float(os.environ.get("GUERRA_BOT_DELAY", "1"))
# The seconds a "Stratega" computer player may think per decision (its search stops there), after
# GUERRA_BOT_DELAY: with both defaults it answers within 2 seconds of its decision opening.
GUERRA_STRATEGA_BUDGET = float(os.environ.get("GUERRA_STRATEGA_BUDGET", "1"))
# The admin's scenario page posts every row of a whole scenario (65 counters, a tile market,
# starting positions...): some 2,000 fields, over Django's default limit of 1,000.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 10_000

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "guerra.game.access.passwords.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out login before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "guerra.game.access.auth_backend.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "it"
LANGUAGES = [("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("GUERRA_TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("GUERRA_MANIFEST_STATIC", not DEBUG)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Serve files straight from the app folders when nothing was collected (local play, tests).
WHITENOISE_USE_FINDERS = env_bool("GUERRA_STATIC_FINDERS", DEBUG)

# Mail: printed on the console unless a back end is set. SMTP (any provider's relay too):
# DJANGO_EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend and the variables below.
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "guerra@localhost")
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("DJANGO_EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = float(os.environ.get("DJANGO_EMAIL_TIMEOUT", "20"))
# The site's address as players reach it: the links in e-mails start with it.
GUERRA_SITE_URL = os.environ.get("GUERRA_SITE_URL", "http://127.0.0.1:8000")
# E-mail notices (guerra/game/services/notices.py): at most this many to a player an hour
# (0: no limit); the daily summary at this hour (local time); sent on a thread of their own.
GUERRA_MAIL_PER_HOUR = int(os.environ.get("GUERRA_MAIL_PER_HOUR", "10"))
GUERRA_DIGEST_HOUR = int(os.environ.get("GUERRA_DIGEST_HOUR", "8"))
GUERRA_MAIL_IN_BACKGROUND = True

# Limits on abuse. The counters of sign-ups, games and chat lines are in the default cache
# (guerra/game/access/ratelimits.py); a limit of 0 turns it off. Refusals are HTTP 429 in Italian.
GUERRA_SIGNUPS_PER_HOUR = int(os.environ.get("GUERRA_SIGNUPS_PER_HOUR", "5"))  # per address
GUERRA_GAMES_PER_HOUR = int(os.environ.get("GUERRA_GAMES_PER_HOUR", "10"))  # per player
# Per player and game: a few lines a second in a lively negotiation are fine, a flood is not.
GUERRA_CHAT_LINES_PER_MINUTE = int(os.environ.get("GUERRA_CHAT_LINES_PER_MINUTE", "30"))
# Behind reverse proxies that append to X-Forwarded-For, how many: the player's address is then
# read from that header, from the right. 0: REMOTE_ADDR (daphne/uvicorn with --proxy-headers).
GUERRA_TRUSTED_PROXIES = int(os.environ.get("GUERRA_TRUSTED_PROXIES", "0"))

# Logins (django-axes, counted in the database): after GUERRA_LOGIN_FAILURES failures for one
# account from one address, that account is refused from that address (429, the login page says
# for how long) until GUERRA_LOGIN_COOLOFF_MINUTES have passed since the last failure; after
# GUERRA_LOGIN_FAILURES_PER_ADDRESS failures from one address on any accounts, every login from
# that address is. Locking the pair, not the account, is what keeps anyone from locking another
# player out with wrong passwords from their own address. Successful logins never count, and
# retrying while locked out does not lengthen the wait.
AXES_FAILURE_LIMIT = int(os.environ.get("GUERRA_LOGIN_FAILURES", "10"))
GUERRA_LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("GUERRA_LOGIN_FAILURES_PER_ADDRESS", "30"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("GUERRA_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "guerra.game.access.ratelimits.LoginAttempts"  # adds the per-address limit
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "guerra.game.access.ratelimits.login_locked_out"
AXES_CLIENT_IP_CALLABLE = "guerra.game.access.ratelimits.client_address"
AXES_USERNAME_CALLABLE = "guerra.game.access.ratelimits.login_username"
AXES_DISABLE_ACCESS_LOG = True  # keep the failures that locking out needs, not every login

if os.environ.get("REDIS_URL"):
    # Every process counts on the same Redis, so a limit holds across processes.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": os.environ.get("GUERRA_REDIS_PREFIX", "guerra") + "-cache",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# What a process draws once and keeps by what it is drawn from (the map's regions, the region
# cards: templates/game/board.html): the same in every process, so kept in each one's memory,
# never a trip to Redis.
KEPT_CACHE: dict[str, Any] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                              "LOCATION": "kept", "OPTIONS": {"MAX_ENTRIES": 20_000}}
CACHES["kept"] = KEPT_CACHE

# A refused form (an expired page, cookies off) gets the site's Italian page.
CSRF_FAILURE_VIEW = "guerra.game.views.errors.csrf_failure"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("GUERRA_LOG_LEVEL", "WARNING")},
}
