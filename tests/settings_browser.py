"""Settings for the browser tests: a test database in a file, so the server process sees it."""

import os

from guerra.settings import BASE_DIR, DATABASES
from tests.settings import *  # noqa: F403

# Sync Playwright runs an event loop in the test's thread; the ORM calls made by the test itself
# are still plain synchronous calls. Test settings only.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

if "sqlite" in DATABASES["default"]["ENGINE"]:
    # GUERRA_BROWSER_TEST_DB names another file, so that two runs on one checkout do not share it.
    browser_db = os.environ.get("GUERRA_BROWSER_TEST_DB", "browser-test.sqlite3")
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "artifacts" / browser_db)}
else:
    # PostgreSQL: a database of its own too. The browser run and the main run go side by side on
    # pytest-xdist workers, and both would otherwise make "test_<name>_gw0".
    DATABASES["default"]["TEST"] = {"NAME": f"test_browser_{DATABASES['default']['NAME']}"}

# The server process checks passwords with the real settings' hashers.
from django.conf import global_settings

PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS

GUERRA_DEADLINE_TIMER = True
GUERRA_DEADLINE_TICK = 0.5
