"""Everything a player reads is Italian: the catalogues are complete, current and compiled."""

import io

import pytest
from babel.messages.mofile import write_mo
from django.test import Client
from django.urls import reverse
from django.utils import translation

from guerra import i18n_tools


@pytest.mark.parametrize("domain", i18n_tools.DOMAINS)
def test_every_string_has_an_italian_translation_and_no_entry_is_stale(domain):
    assert i18n_tools.problems("it", domain) == []


@pytest.mark.parametrize("domain", i18n_tools.DOMAINS)
def test_the_compiled_catalogue_matches_the_po_file(domain):
    po = i18n_tools.po_path("it", domain)
    if not po.exists():
        pytest.fail(f"{po} is missing")
    expected = io.BytesIO()
    write_mo(expected, i18n_tools.read_catalog("it", domain), use_fuzzy=False)
    assert po.with_suffix(".mo").read_bytes() == expected.getvalue(), (
        "run: python -m guerra.i18n_tools compile"
    )


def test_the_checker_notices_a_missing_translation(tmp_path, monkeypatch):
    source = tmp_path / "guerra" / "rules"
    source.mkdir(parents=True)
    (source / "x.py").write_text('N_("A brand new sentence")\n')
    monkeypatch.setattr(i18n_tools, "BASE_DIR", tmp_path)
    monkeypatch.setattr(i18n_tools, "LOCALE_DIR", tmp_path / "locale")
    found = i18n_tools.problems("it", "rules")
    assert any("A brand new sentence" in p for p in found)


def test_plurals_follow_italian_grammar():
    with translation.override("it"):
        assert translation.ngettext("%(n)s gold", "%(n)s gold", 1) % {"n": 1} == "1 oro"
        assert translation.ngettext("%(n)s gold", "%(n)s gold", 2) % {"n": 2} == "2 ori"
        assert translation.ngettext("%(n)s army", "%(n)s armies", 1) % {"n": 1} == "1 armata"


def test_pages_speak_italian_whatever_the_browser_asks(db):
    response = Client(headers={"accept-language": "en-US,en;q=0.9"}).get(reverse("lobby"))
    assert response["Content-Language"] == "it"
    html = response.content.decode()
    assert '<html lang="it">' in html
    assert "Partite aperte" in html and "Accedi" in html


def test_the_login_page_is_italian(db):
    html = Client().get(reverse("login")).content.decode()
    assert "Nome utente" in html and "Password" in html
