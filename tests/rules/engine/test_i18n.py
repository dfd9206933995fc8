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
from guerra.rules.jsontype import JSON
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
    assert total.render() == "Totale della pedina neutrale nel combattimento terrestre: 5."
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


# --- names with articles, plurals, nested messages ------------------------------------------------

def test_an_elided_article_joins_its_name_without_a_space() -> None:
    assert i18n.name_form("Austria", i18n.Grammar("l'", bare_in=True), "il") == "l'Austria"
    assert i18n.name_form("Baltico", i18n.Grammar("il"), "Il") == "Il Baltico"
    assert i18n.name_form("Impero Ottomano", i18n.Grammar("l'"), "di") == "dell'Impero Ottomano"


def test_a_verb_agrees_with_its_name_through_singular_and_plural_forms() -> None:
    plural, singular = i18n.Grammar("le"), i18n.Grammar("la", bare_in=True)
    assert i18n.name_form("Province Unite", plural, "perde|perdono") == "perdono"
    assert i18n.name_form("Francia", singular, "perde|perdono") == "perde"
    # Only the first bar separates the forms.
    assert i18n.name_form("Province Unite", plural, "a|b|c") == "b|c"
    assert i18n.name_form("Francia", singular, "a|b|c") == "a"


def test_a_name_the_scenario_does_not_know_takes_no_article() -> None:
    message = _("It is {power:a}'s turn", power="Savoia")
    assert message.render("en") == "It is a Savoia's turn"


def test_a_scenario_gives_the_grammar_of_its_own_names() -> None:
    """`render(names=...)` replaces the default scenario's names, for nested messages too."""
    names = {"Savoia": i18n.Grammar("la", bare_in=True)}
    inner = _("{power:il}", power="Savoia")
    outer = _("{what} / {power:a}", what=inner, power="Savoia")
    assert outer.render("en", names) == "la Savoia / alla Savoia"
    assert outer.render("en") == "Savoia / a Savoia"
    # The default names are not known to a scenario that does not list them.
    assert _("{power:il}", power="Francia").render("en", names) == "Francia"


def test_a_nested_message_formats_as_a_name_without_article() -> None:
    """A translator's spec on a nested message cannot break the text: it is a bare name."""
    outer = _("{what:a} and {what:il}", what=_("Looking for allies"))
    assert outer.render() == "a Ricerca alleanze and Ricerca alleanze"


def test_a_message_with_a_count_but_no_plural_is_translated_as_singular() -> None:
    assert Message("A bid cannot be negative.", count=2).render() == (
        "Un'offerta non può essere negativa.")
    assert Message("{count} gold", plural=None, count=2).render("en") == "2 gold"


def test_join_lists_every_part_in_order() -> None:
    parts = [_("{count} gold", count=n) for n in (1, 2, 3)]
    assert i18n.join(parts).render("en") == "1 gold, 2 gold, 3 gold"
    assert i18n.join(parts[:1]).render("en") == "1 gold"
    assert i18n.join([]).render() == "nulla"


def test_a_stored_message_keeps_text_and_number_parameters() -> None:
    data: dict[str, JSON] = {"msgid": "{power} pays {amount}",
                             "params": {"power": "Francia", "amount": 3}}
    message = Message.from_dict(data)
    assert message == _("{power} pays {amount}", power="Francia", amount=3)
    assert message.render("en") == "Francia pays 3"


def test_a_stored_message_drops_a_plural_or_count_of_the_wrong_type() -> None:
    assert Message.from_dict({"msgid": "nothing", "plural": 5, "count": "3"}) == Message(
        "nothing")


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"msgid": "x", "params": ["power"]}, "message params must be an object"),
        ({"msgid": "x", "params": {"flag": True}}, "unexpected message parameter 'flag'"),
        ({"msgid": "x", "params": {"parts": [1]}}, "unexpected message parameter 'parts'"),
        ({"msgid": "x", "params": {"none": None}}, "unexpected message parameter 'none'"),
        ({"params": {}}, "a message needs a msgid"),
        ({"msgid": 7}, "a message needs a msgid"),
    ],
    ids=["params-list", "bool", "list", "null", "no-msgid", "msgid-number"],
)
def test_a_corrupt_stored_message_is_refused_saying_why(data: dict[str, JSON],
                                                        error: str) -> None:
    with pytest.raises(ValueError) as caught:
        Message.from_dict(data)
    assert str(caught.value) == error
