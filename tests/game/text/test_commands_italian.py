"""Every line the management commands print is Italian: bootstrap (the catalogues it compiles,
the database, the demo users), import_scenario, export_scenario, expire_deadlines, and the help
of each (argparse needs text: a lazy msgid used to crash `expire_deadlines --help`)."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command, load_command_class
from django.test import override_settings
from django.utils import timezone, translation
from django.utils.translation import trans_real

from guerra import i18n_tools
from guerra.game.models import Game
from tests.game.attack_helpers import declare, rig

__all__ = ["rig"]

COMPILED = [
    i18n_tools.LOCALE_DIR / "it" / "LC_MESSAGES" / "django.mo",
    i18n_tools.LOCALE_DIR / "it" / "LC_MESSAGES" / "rules.mo",
]
DEMO_LINE = (
    "Utenti di prova anna, bruno, carla, dario e admin (staff), password «guerra-demo»: solo "
    "per giocare in locale."
)


def run(name: str, *args: str, **options: object) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(name, *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def compiled(monkeypatch):
    """bootstrap compiles the two catalogues (here: says it did, the files stay as they are)."""
    monkeypatch.setattr(i18n_tools, "compile_all", lambda: list(COMPILED))


def test_bootstrap_prints_every_line_in_italian(db, compiled, settings):
    settings.DEBUG = True
    out, err = run("bootstrap")
    assert out.splitlines() == [
        "Compilato locale/it/LC_MESSAGES/django.mo.",
        "Compilato locale/it/LC_MESSAGES/rules.mo.",
        "Database aggiornato.",
        DEMO_LINE,
    ]
    assert err == ""
    assert User.objects.get(username="admin").is_staff


def test_bootstrap_without_debug_says_so_in_italian(db, compiled, settings):
    settings.DEBUG = False
    out, _ = run("bootstrap")
    assert out.splitlines()[-1] == "DEBUG è spento: nessun utente di prova viene creato."
    assert not User.objects.filter(username="admin").exists()


def test_bootstrap_speaks_italian_even_if_the_catalogues_were_read_before_it_compiled_them(
    db, compiled, settings
):
    """A fresh checkout: Django read the catalogues (without ours: not compiled yet) before
    bootstrap compiled them. What it prints after compiling is Italian all the same."""
    settings.DEBUG = True
    with override_settings(LOCALE_PATHS=[]):
        before_compiling = trans_real.DjangoTranslation("it")  # Django's Italian, not ours
    active = translation.get_language() if hasattr(trans_real._active, "value") else None
    try:
        trans_real._translations = {"it": before_compiling}
        trans_real._default = before_compiling
        with translation.override("it"):
            assert translation.gettext("Database up to date.") == "Database up to date."
            out, _ = run("bootstrap")
    finally:  # whatever happened, the next test reads the real catalogues
        trans_real._translations = {}
        trans_real._default = None
        if active is None:
            translation.deactivate()
        else:
            translation.activate(active)
    assert out.splitlines() == [
        "Compilato locale/it/LC_MESSAGES/django.mo.",
        "Compilato locale/it/LC_MESSAGES/rules.mo.",
        "Database aggiornato.",
        DEMO_LINE,
    ]


def test_import_and_export_scenario_speak_italian(scenario, tmp_path):
    exported, err = run("export_scenario", scenario.name)
    assert exported.startswith("{") and err == ""
    path = tmp_path / "scenario.json"
    path.write_text(exported, encoding="utf-8")
    out, err = run("import_scenario", str(path))
    assert out == f"Lo scenario «{scenario.name}» è stato sostituito.\n" and err == ""


def test_import_and_export_refusals_are_one_italian_line(db, tmp_path, capsys):
    missing = tmp_path / "nessuno.json"
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_scenario", str(missing))
    assert exit_info.value.code == 1
    assert capsys.readouterr().err == f"Impossibile leggere il file «{missing}».\n"
    with pytest.raises(SystemExit):
        call_command("export_scenario", "Atlantide")
    assert capsys.readouterr().err == "Nessuno scenario si chiama «Atlantide».\n"


def test_A3_expire_deadlines_says_what_it_applied_in_italian(running_game, rig):
    out, _ = run("expire_deadlines", verbosity=2)
    assert out == "Nessuna scadenza è passata.\n"
    declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    Game.objects.filter(pk=running_game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    rig([1, 2, 1, 2])
    out, _ = run("expire_deadlines")
    assert out == "1 scadenza applicata.\n"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        (
            "bootstrap",
            [
                "Compila le traduzioni, aggiorna il database e (solo con DEBUG) crea gli utenti",
                "Non creare gli utenti di prova.",
            ],
        ),
        (
            "import_scenario",
            ["Crea uno scenario da un file JSON", "FILE", "Il file JSON dello scenario."],
        ),
        (
            "export_scenario",
            ["Stampa uno scenario in JSON", "NOME", "Il nome dello scenario."],
        ),
        (
            "expire_deadlines",
            ["Applica la scelta predefinita", "--every SECONDI", "Resta attivo e controlla"],
        ),
    ],
)
def test_each_commands_help_is_italian(name, says):
    command = load_command_class("guerra.game", name)
    text = " ".join(command.create_parser("manage.py", name).format_help().split())
    for words in says:
        assert words in text, words
