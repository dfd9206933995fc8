"""Messages are English msgids rendered in Italian from the "rules" catalogue."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from guerra.rules import i18n
from guerra.rules.events import GoldChanged, UnitLost
from guerra.rules.i18n import N_, Message, _, ngettext, ntranslate, translate
from guerra.rules.seed004.events import AllyCommitted, DiceRolled, TotalComputed

PO = i18n.LOCALE_DIR / "it" / "LC_MESSAGES" / "rules.po"


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private locale directory holding only rules.po, so tests do not touch the real one."""
    target = tmp_path / "it" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(PO, target / "rules.po")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalogue.cache_clear()
    yield tmp_path
    i18n._catalogue.cache_clear()


def test_without_a_compiled_catalogue_the_po_file_is_read(locale_dir: Path) -> None:
    assert not (locale_dir / "it" / "LC_MESSAGES" / "rules.mo").exists()
    assert translate("Looking for allies") == "Ricerca alleanze"
    assert ntranslate("{count} army", "{count} armies", 2) == "{count} armate"


def test_a_compiled_catalogue_is_used_when_present(locale_dir: Path) -> None:
    po = locale_dir / "it" / "LC_MESSAGES" / "rules.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="it", domain="rules")
    catalog.get("Looking for allies").string = "Ricerca alleanze (compilato)"
    with po.with_suffix(".mo").open("wb") as handle:
        write_mo(handle, catalog)
    assert translate("Looking for allies") == "Ricerca alleanze (compilato)"


def test_italian_plurals_of_gold_and_units() -> None:
    assert GoldChanged("Francia", -1, "D3").describe().render() == "La Francia paga 1 oro."
    assert GoldChanged("Francia", -2, "D3").describe().render() == "La Francia paga 2 ori."
    assert UnitLost("Russia", "army", 1, "L3").describe().render() == "La Russia perde 1 armata."
    assert UnitLost("Russia", "army", 2, "L3").describe().render() == "La Russia perde 2 armate."
    joined = AllyCommitted("Spagna", "attacker", 2, 1).describe().render()
    assert joined == "La Spagna si unisce all'attaccante con 2 armate e 1 flotta."


def test_messages_nest_and_render_in_english_too() -> None:
    total = TotalComputed("land", "defender", None, 5, ()).describe()
    assert total.render() == "Totale del paese neutrale nel combattimento terrestre: 5."
    assert total.render("en") == "Total of the neutral country in the land battle: 5."
    dice = DiceRolled("naval", "attacker", "Francia", (3, 4), 1, True).describe()
    assert dice.render() == "La Francia tira 3 e 4: +1, ed è un 7!"


def test_a_message_survives_the_event_log() -> None:
    message = ngettext("{count} fleet", "{count} fleets", 3)
    nested = _("{armies} and {fleets}", armies=ngettext("{count} army", "{count} armies", 1),
               fleets=message)
    assert Message.from_dict(nested.to_dict()) == nested
    assert Message.from_dict(nested.to_dict()).render() == "1 armata e 3 flotte"


def test_n_marks_without_translating() -> None:
    assert N_("naval support") == "naval support"
    assert Message(N_("naval support")).render() == "supporto navale"


def test_unknown_languages_fall_back_to_the_msgid() -> None:
    assert translate("Looking for allies", "xx") == "Looking for allies"
