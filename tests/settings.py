"""Test settings: the real settings, with a fast password hasher and a test database in a file.

A file (rather than SQLite's shared in-memory database) lets the race tests' threads take
SQLite's real write lock, as requests do, instead of failing on shared-cache table locks.
"""

import os
from typing import Any

from guerra.settings import *  # noqa: F403
from guerra.settings import BASE_DIR, DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if "sqlite" in DATABASES["default"]["ENGINE"]:
    (BASE_DIR / "artifacts").mkdir(exist_ok=True)
    # GUERRA_TEST_DB names another file, so that two runs on one checkout do not share it.
    test_db = os.environ.get("GUERRA_TEST_DB", "test.sqlite3")
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "artifacts" / test_db)}

# The main test run applies deadlines itself (a timer thread would race the test's own database
# transactions); the browser tests' server keeps its timer, as a real server does.
GUERRA_DEADLINE_TIMER = False
# Likewise the computer players: a test answers for them (guerra.game.services.bots).
GUERRA_BOTS = False
# And the e-mail notices: sent when the step commits, not on the mail thread.
GUERRA_MAIL_IN_BACKGROUND = False
# The test process imports guerra.asgi (whose start settles the collector) but is no server:
# its collector keeps Python's own way (tests/runtime/test_handler.py proves the server's).
GUERRA_GC_THAW_SECONDS = 0.0

# Limits on abuse: the suite signs up, creates games and chats far more than a player does, and
# the cache's counters outlive a test; tests/game/access/test_abuse.py and
# tests/game/views/test_accounts.py set the real
# limits back where they prove them. The counters stay in this process's memory, even when
# REDIS_URL is set, so a test clearing them touches nothing else.
GUERRA_SIGNUPS_PER_HOUR = 10_000
GUERRA_GAMES_PER_HOUR = 10_000
GUERRA_CHAT_LINES_PER_MINUTE = 10_000
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
          "kept": KEPT_CACHE}  # noqa: F405

# With REDIS_URL, each pytest-xdist worker's groups live under a prefix of their own: two
# workers' databases both number their first game 1, and must not hear each other's pushes.
_LAYER: dict[str, Any] = CHANNEL_LAYERS["default"]  # noqa: F405
if "RedisChannelLayer" in _LAYER["BACKEND"]:
    _LAYER["CONFIG"]["prefix"] = f"guerra-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"

# A third combat system, used only by the tests (tests/toy_procedure): its one registry line.
GUERRA_PROCEDURES = {**GUERRA_PROCEDURES, "toy": "tests.toy_procedure.adapter.ADAPTER"}  # noqa: F405
