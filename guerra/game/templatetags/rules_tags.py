"""Rules messages, dice and outcomes on the page (see `guerra.game.text.messages`)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from guerra.game.text.messages import render_rules_message
from guerra.rules.events import outcome_label

register = template.Library()

DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


@register.filter
def rules_text(value: Any) -> str:
    return render_rules_message(value)


@register.filter
def die(face: int, sides: int = 6) -> str:
    """A die's face: a six-sided die as its Unicode glyph (⚀…⚅), any other die as its number
    on a ten-sided die's outline."""
    face, sides = int(face), int(sides)
    if sides == 6:
        return DIE_GLYPHS[face - 1] if 1 <= face <= 6 else "?"
    shown = str(face) if 1 <= face <= sides else "?"
    return format_html('<span class="d10" role="img" aria-label="{}"><span>{}</span></span>',
                       _("a %(sides)d-sided die showing %(face)s") % {"sides": sides,
                                                                       "face": shown}, shown)


@register.filter
def outcome_text(outcome: str | None) -> str:
    """An attack's outcome ("attacker_wins"…) in words."""
    return render_rules_message(outcome_label(outcome)) if outcome else ""
