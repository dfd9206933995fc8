"""Rules messages in the player's language. The rules package keeps its own catalogue (domain
"rules"); services, pages and the event log all render its messages through here."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from guerra.rules.i18n import Message, translate


def language() -> str:
    return (get_language() or "it").split("-")[0]


def render_rules_message(value: Any) -> str:
    """A `Message`, its stored dict, or a bare msgid, in the active language."""
    if isinstance(value, Message):
        return value.render(language())
    if isinstance(value, dict):
        return Message.from_dict(value).render(language())
    return translate(str(value), language())
