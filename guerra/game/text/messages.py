"""Rules messages in the player's language. The rules package keeps its own catalogue (domain
"rules"); services, pages and the event log all render its messages through here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language

from guerra.rules.i18n import Grammar, Message, translate


def language() -> str:
    return (get_language() or "it").split("-")[0]


def render_rules_message(value: Any, names: Mapping[str, Grammar] | None = None) -> str:
    """A `Message`, its stored dict, or a bare msgid, in the active language; `names` is the
    grammar of the names (default: what the scenarios say of each, `grammar.known_names`)."""
    if names is None:
        from guerra.game.text.grammar import known_names

        names = known_names()
    if isinstance(value, Message):
        return value.render(language(), names)
    if isinstance(value, dict):
        return Message.from_dict(value).render(language(), names)
    return translate(str(value), language())
