import os
import subprocess
import sys
from pathlib import Path

import pytest

from guerra.settings import BASE_DIR, database_from_url


def test_sqlite_url_keeps_the_immediate_transactions_and_wal(monkeypatch):
    monkeypatch.delenv("GUERRA_STOCK", raising=False)
    monkeypatch.delenv("GUERRA_SQLITE_TURNS", raising=False)
    db = database_from_url("sqlite:////tmp/guerra.sqlite3")
    assert db["ENGINE"] == "guerra.runtime.sqlite"
    assert db["NAME"] == Path("/tmp/guerra.sqlite3")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]


def test_postgres_url_is_split_into_its_parts():
    db = database_from_url("postgres://gioco:s%40greto@db.local:6543/guerra")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("guerra", "gioco", "s@greto")
    assert (db["HOST"], db["PORT"]) == ("db.local", "6543")


def test_an_unknown_database_scheme_is_refused():
    with pytest.raises(ValueError, match="mysql"):
        database_from_url("mysql://localhost/guerra")


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="guerra.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="k" * 20 + "-Zq8vR1xT5wN3mB7cL2pH9sD4fG6jK0aE" + "y" * 20,
        DJANGO_SECURE_COOKIES="1",
        DJANGO_SSL_REDIRECT="1",
        DJANGO_HSTS_SECONDS="31536000",
        DJANGO_ALLOWED_HOSTS="guerra.example.org",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_complains_about_the_local_defaults():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING", DJANGO_SETTINGS_MODULE="guerra.settings"
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr + result.stdout


def test_a_sqlite_url_with_three_slashes_is_relative_to_the_project():
    assert database_from_url("sqlite:///partite.db")["NAME"] == BASE_DIR / "partite.db"
