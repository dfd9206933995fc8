"""Test settings: the real settings, with a fast password hasher and a test database in a file.

A file (rather than SQLite's shared in-memory database) lets the race tests' threads take
SQLite's real write lock, as requests do, instead of failing on shared-cache table locks.
"""

from guerra.settings import *  # noqa: F403
from guerra.settings import BASE_DIR, DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    (BASE_DIR / "artifacts").mkdir(exist_ok=True)
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "artifacts" / "test.sqlite3")}

# The main test run applies deadlines itself (a timer thread would race the test's own database
# transactions); the browser tests' server keeps its timer, as a real server does.
GUERRA_DEADLINE_TIMER = False
