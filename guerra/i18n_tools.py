"""Translation catalogues: extract msgids, merge them into the .po files, compile with Babel.

Pure Python (Babel), so a fresh machine needs no GNU gettext. Two domains:
- `django`: everything under guerra/ but the rules package, and the templates;
- `rules`: guerra/rules, which has no Django and reads its own catalogue.

    python -m guerra.i18n_tools compile   # .po -> .mo (set-up and test commands run it)
    python -m guerra.i18n_tools update [DOMAIN...]  # add new msgids to the .po files, drop unused
    python -m guerra.i18n_tools check [DOMAIN...]   # exit 1: a msgid lacks Italian, a .po is stale
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

BASE_DIR = Path(__file__).resolve().parent.parent
LOCALE_DIR = BASE_DIR / "locale"
LANGUAGES = ("it",)

KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}


@dataclass(frozen=True)
class Message:
    msgid: str | tuple[str, ...]
    context: str | None
    location: tuple[str, int]


def _python_files(root: Path, exclude: tuple[Path, ...] = ()) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts or any(path.is_relative_to(e) for e in exclude):
            continue
        yield path


def _extract_python(path: Path, source: bytes | None = None) -> Iterator[Message]:
    data = source if source is not None else path.read_bytes()
    for lineno, msgid, _comments, context in extract(
        "python", BytesIO(data), keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        yield Message(msgid, context, (str(path.relative_to(BASE_DIR)), lineno))


def _extract_template(path: Path) -> Iterator[Message]:
    # Django turns a template into Python-looking code for xgettext; Babel reads that code.
    from django.utils.translation.template import templatize

    code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    # The output is meant for xgettext, not for Python's tokenizer: drop its indentation.
    code = "\n".join(line.lstrip() for line in code.splitlines())
    yield from _extract_python(path, code.encode("utf-8"))


def extract_domain(domain: str) -> list[Message]:
    rules_dir = BASE_DIR / "guerra" / "rules"
    if domain == "rules":
        return [m for p in _python_files(rules_dir) for m in _extract_python(p)]
    if domain == "django":
        messages = [
            m
            for p in _python_files(BASE_DIR / "guerra", exclude=(rules_dir,))
            if p.name != "i18n_tools.py"
            for m in _extract_python(p)
        ]
        templates = BASE_DIR / "templates"
        # Pages, and e-mails' plain text (templates/email/*.txt).
        for path in sorted([*templates.rglob("*.html"), *templates.rglob("*.txt")]):
            messages.extend(_extract_template(path))
        return messages
    raise ValueError(domain)


DOMAINS = ("django", "rules")


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(lang: str, domain: str) -> Catalog:
    path = po_path(lang, domain)
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="guerra")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def _template(messages: Iterable[Message], domain: str) -> Catalog:
    template = Catalog(domain=domain, project="guerra")
    for message in messages:
        template.add(message.msgid, locations=[message.location], context=message.context)
    return template


def update(lang: str, domain: str) -> Catalog:
    catalog = read_catalog(lang, domain)
    template = _template(extract_domain(domain), domain)
    # Keep the header's dates as they are, so an update only shows the messages that changed.
    template.creation_date = catalog.creation_date
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Guerra"
    catalog.language_team = "Italiano"
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, include_previous=False)
    return catalog


def compile_all(*, stale_only: bool = False) -> list[Path]:
    """Write each .mo from its .po (with `stale_only`, only a missing or older one). A catalogue
    is written beside its final name and renamed into place, so a process reading it meanwhile
    (another test run, a running server) never sees half a file."""
    written = []
    for lang in LANGUAGES:
        for domain in DOMAINS:
            po = po_path(lang, domain)
            if not po.exists():
                continue
            mo = po.with_suffix(".mo")
            if stale_only and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                continue
            catalog = read_catalog(lang, domain)
            partial = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
            with partial.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            partial.replace(mo)
            written.append(mo)
    return written


def problems(lang: str, domain: str) -> list[str]:
    """Every msgid in the code must have a non-fuzzy translation; no stale entry in the .po."""
    catalog = read_catalog(lang, domain)
    found = []
    wanted = {}
    for message in extract_domain(domain):
        key = message.msgid[0] if isinstance(message.msgid, tuple) else message.msgid
        wanted[(key, message.context)] = message
    for (key, context), message in wanted.items():
        entry = catalog.get(key, context=context)
        where = f"{message.location[0]}:{message.location[1]}"
        if entry is None:
            found.append(f"{domain}: {where}: {key!r} has no entry in {po_path(lang, domain).name}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            found.append(f"{domain}: {where}: {key!r} has no Italian translation")
        if isinstance(message.msgid, tuple) != entry.pluralizable:
            found.append(f"{domain}: {where}: {key!r} plural form differs from the catalogue")
    for entry in catalog:
        if entry.id and (
            entry.id if isinstance(entry.id, str) else entry.id[0],
            entry.context,
        ) not in {k for k in wanted}:
            found.append(f"{domain}: stale entry {entry.id!r} is no longer used in the code")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "compile"
    domains = tuple(argv[1:]) or DOMAINS
    if command == "compile":
        for path in compile_all():
            print(f"compiled {path.relative_to(BASE_DIR)}")
        return 0
    if command == "update":
        for lang in LANGUAGES:
            for domain in domains:
                catalog = update(lang, domain)
                missing = sum(1 for m in catalog if m.id and (m.fuzzy or not m.string))
                print(f"{po_path(lang, domain).relative_to(BASE_DIR)}: {missing} da tradurre")
        return 0
    if command == "check":
        found = [p for lang in LANGUAGES for d in domains for p in problems(lang, d)]
        print("\n".join(found) or "catalogues complete")
        return 1 if found else 0
    print(f"usage: python -m guerra.i18n_tools compile|update|check (got {command!r})")
    return 2


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
    import django

    django.setup()
    sys.exit(main(sys.argv[1:]))
