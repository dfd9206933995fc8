"""Messages a player reads: English msgids in the code, Italian on screen (domain "rules").

The rules package never returns translated text from its logic: refusals and event
descriptions are `Message` values (msgid + parameters) that the web page or the command line
render in the player's language. The catalogue is `locale/<lang>/LC_MESSAGES/rules.mo`; when it
has not been compiled yet, `rules.po` is read with Babel so the command line still speaks Italian.

`N_`, `_` and `ngettext` are named after the extractor's keywords, so
`python -m guerra.i18n_tools update rules` finds every msgid marked with them.
"""

from __future__ import annotations

import gettext
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

    def render(self, lang: str = DEFAULT_LANG) -> str:
        if self.plural is not None and self.count is not None:
            text = ntranslate(self.msgid, self.plural, self.count, lang)
        else:
            text = translate(self.msgid, lang)
        values: dict[str, str | int] = {
            name: value.render(lang) if isinstance(value, Message) else value
            for name, value in self.params
        }
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
