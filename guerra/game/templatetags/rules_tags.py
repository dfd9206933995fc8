"""Rules messages, dice and outcomes on the page (see `guerra.game.rules_text`)."""

from __future__ import annotations

from typing import Any

from django import template

from guerra.rules.events import outcome_label

from ..rules_text import render_rules_message

register = template.Library()

DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


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
