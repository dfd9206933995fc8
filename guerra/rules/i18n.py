"""Messages a player reads: English msgids in the code, Italian on screen (domain "rules").

The rules package never returns translated text from its logic: refusals and event
descriptions are `Message` values (msgid + parameters) that the web page or the command line
render in the player's language. The catalogue is `locale/<lang>/LC_MESSAGES/rules.mo`; when it
has not been compiled yet, `rules.po` is read with Babel so the command line still speaks Italian.

`N_`, `_` and `ngettext` are named after the extractor's keywords, so
`python -m guerra.i18n_tools update rules` finds every msgid marked with them.

**Names with articles.** Italian puts an article, often fused with a preposition, before the
names of powers and regions: "Tocca alla Francia", "nei Caraibi", "in Africa". A msgstr asks
for the form it needs with a format spec on the parameter: `{power:il}` "la Francia",
`{power:a}` "alla Francia", `{region:in}` "nei Caraibi" / "in Africa", `{power:di}`,
`{power:da}`, `{power:su}`; a capital spec (`{power:Il}`, `{power:A}`) capitalises the first
letter, for the start of a sentence. A verb agrees with a name through a spec of two forms,
singular|plural: "{power:Il} {power:perde|perdono}" gives "La Francia perde" and "Le Province
Unite perdono". Each name's `Grammar` (its article, which also tells its number, and whether
"in" takes it: "in Francia", "nei Caraibi") is scenario data; `DEFAULT_NAMES` holds the default
scenario's, and `render(names=...)` takes a scenario's own.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Union

from guerra.rules.jsontype import JSON

LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"
DOMAIN = "rules"
DEFAULT_LANG = "it"

Param = Union[str, int, "Message"]

ARTICLES = ("il", "lo", "l'", "la", "i", "gli", "le", "")
# The article fused with a preposition: a + la = "alla", in + i = "nei", di + l' = "dell'".
_FUSED = {
    "a": {"il": "al", "lo": "allo", "l'": "all'", "la": "alla", "i": "ai", "gli": "agli",
          "le": "alle"},
    "di": {"il": "del", "lo": "dello", "l'": "dell'", "la": "della", "i": "dei", "gli": "degli",
           "le": "delle"},
    "da": {"il": "dal", "lo": "dallo", "l'": "dall'", "la": "dalla", "i": "dai", "gli": "dagli",
           "le": "dalle"},
    "in": {"il": "nel", "lo": "nello", "l'": "nell'", "la": "nella", "i": "nei", "gli": "negli",
           "le": "nelle"},
    "su": {"il": "sul", "lo": "sullo", "l'": "sull'", "la": "sulla", "i": "sui", "gli": "sugli",
           "le": "sulle"},
}


@dataclass(frozen=True)
class Grammar:
    """How Italian uses a name: its definite article ("" for none) and whether "in" goes
    without it ("in Africa", "in Europa Centrale": continents and large lands)."""

    article: str = ""
    bare_in: bool = False

    @property
    def plural(self) -> bool:
        return self.article in ("i", "gli", "le")


def _join(article: str, name: str) -> str:
    if not article:
        return name
    return article + name if article.endswith("'") else f"{article} {name}"


def name_form(name: str, grammar: Grammar, spec: str) -> str:
    """The name as a format spec asks for it (see the module docstring)."""
    if "|" in spec:
        singular, plural = spec.split("|", 1)
        return plural if grammar.plural else singular
    key = spec.lower()
    if key == "il":
        text = _join(grammar.article, name)
    elif key in _FUSED:
        if not grammar.article or (key == "in" and grammar.bare_in):
            text = f"{key} {name}"
        else:
            text = _join(_FUSED[key][grammar.article], name)
    else:
        return name
    return text[0].upper() + text[1:] if spec[:1].isupper() else text


class _Name(str):
    """A name parameter: formats as itself, or with its article for a spec (`{power:a}`)."""

    grammar: Grammar

    def __new__(cls, value: str, grammar: Grammar) -> _Name:
        name = super().__new__(cls, value)
        name.grammar = grammar
        return name

    def __format__(self, spec: str) -> str:
        return name_form(str(self), self.grammar, spec) if spec else str(self)


DEFAULT_NAMES: dict[str, Grammar] = {
    # Countries take a bare "in": "in Francia", "in Austria"; a plural name never does.
    **{name: Grammar("la", bare_in=True) for name in (
        "Francia", "Gran Bretagna", "Spagna", "Prussia", "Russia"
    )},
    "Austria": Grammar("l'", bare_in=True),
    "Province Unite": Grammar("le"),
    "Stati Tedeschi": Grammar("gli"),
    "Europa Centrale": Grammar("l'", bare_in=True),
    "Baltico": Grammar("il"),
    "Mediterraneo": Grammar("il"),
    "Impero Ottomano": Grammar("l'"),
    "Nord America": Grammar("il", bare_in=True),
    "Sud America": Grammar("il", bare_in=True),
    "Caraibi": Grammar("i"),
    "Africa": Grammar("l'", bare_in=True),
    "India": Grammar("l'", bare_in=True),
    "Indie Orientali": Grammar("le"),
}


def N_(msgid: str) -> str:
    """Mark a msgid stored as data (a node label, a breakdown label); translated when shown."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A msgid with its parameters, rendered only when a player reads it.

    `params` are (name, value) pairs so the value stays hashable and immutable; a value that is
    itself a `Message` is rendered in the same language first. For plural msgids `count`
    chooses the form and is also available to the text as `{count}`.
    """

    msgid: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    count: int | None = None

    def param(self, name: str) -> Param:
        return dict(self.params)[name]

    def render(self, lang: str = DEFAULT_LANG, names: Mapping[str, Grammar] | None = None) -> str:
        """The text in `lang`; `names` gives the grammar of the names it may contain
        (default: `DEFAULT_NAMES`, the default scenario's)."""
        if self.plural is not None and self.count is not None:
            text = ntranslate(self.msgid, self.plural, self.count, lang)
        else:
            text = translate(self.msgid, lang)
        known = DEFAULT_NAMES if names is None else names
        values: dict[str, str | int] = {}
        for name, value in self.params:
            if isinstance(value, Message):
                # A name of its own: a spec a translator puts on it cannot break the text.
                values[name] = _Name(value.render(lang, names), Grammar())
            elif isinstance(value, str):
                values[name] = _Name(value, known.get(value, Grammar()))
            else:
                values[name] = value
        if self.count is not None:
            values.setdefault("count", self.count)
        return text.format(**values)

    def to_dict(self) -> dict[str, JSON]:
        params: dict[str, JSON] = {
            name: value.to_dict() if isinstance(value, Message) else value
            for name, value in self.params
        }
        data: dict[str, JSON] = {"msgid": self.msgid, "params": params}
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.count
        return data

    @classmethod
    def from_dict(cls, data: dict[str, JSON]) -> Message:
        """The inverse of `to_dict`, for messages stored in the game's event log."""
        raw = data.get("params") or {}
        if not isinstance(raw, dict):
            raise ValueError("message params must be an object")
        params: list[tuple[str, Param]] = []
        for name, value in raw.items():
            if isinstance(value, dict):
                params.append((name, cls.from_dict(value)))
            elif isinstance(value, str | int) and not isinstance(value, bool):
                params.append((name, value))
            else:
                raise ValueError(f"unexpected message parameter {name!r}")
        msgid, plural, count = data.get("msgid"), data.get("plural"), data.get("count")
        if not isinstance(msgid, str):
            raise ValueError("a message needs a msgid")
        return cls(
            msgid,
            tuple(params),
            plural if isinstance(plural, str) else None,
            count if isinstance(count, int) else None,
        )


def _(msgid: str, **params: Param) -> Message:
    """A message for a player; the extractor collects `msgid`."""
    return Message(msgid, tuple(params.items()))


def join(parts: list[Message]) -> Message:
    """Messages joined with commas, each rendered in the reader's language."""
    if not parts:
        return _("nothing")
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = _("{head}, {tail}", head=part, tail=joined)
    return joined


def ngettext(singular: str, plural: str, count: int, **params: Param) -> Message:
    """A plural message ("1 oro", "2 ori"); the extractor collects both forms."""
    return Message(singular, tuple(params.items()), plural, count)


@lru_cache(maxsize=8)
def _catalogue(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if mo.exists():
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    po = mo.with_suffix(".po")
    if not po.exists():
        return gettext.NullTranslations()
    # Not compiled yet (a fresh checkout): compile in memory with Babel, the same tool
    # `guerra.i18n_tools compile` uses, so both paths read the catalogue identically.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translate(msgid: str, lang: str = DEFAULT_LANG) -> str:
    return _catalogue(lang).gettext(msgid)


def ntranslate(singular: str, plural: str, n: int, lang: str = DEFAULT_LANG) -> str:
    return _catalogue(lang).ngettext(singular, plural, n)
