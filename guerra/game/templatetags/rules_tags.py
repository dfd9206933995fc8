"""Rules messages on the page: the rules package keeps its own catalogue (domain "rules")."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from guerra.rules.events import outcome_label
from guerra.rules.i18n import Message, translate

register = template.Library()

DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


def language() -> str:
    return (get_language() or "it").split("-")[0]


def render_rules_message(value: Any) -> str:
    """A `Message`, its stored dict, or a bare msgid, in the page's language."""
    if isinstance(value, Message):
        return value.render(language())
    if isinstance(value, dict):
        return Message.from_dict(value).render(language())
    return translate(str(value), language())


@register.filter
def rules_text(value: Any) -> str:
    return render_rules_message(value)


@register.filter
def die(face: int) -> str:
    """The die's face as its Unicode glyph (⚀…⚅)."""
    return DIE_GLYPHS[int(face) - 1] if 1 <= int(face) <= 6 else "?"


@register.filter
def outcome_text(outcome: str | None) -> str:
    """An attack's outcome ("attacker_wins"…) in words."""
    return render_rules_message(outcome_label(outcome)) if outcome else ""
