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
def exchange_rows(event: dict[str, Any], defending_label: str = "") -> list[dict[str, Any]]:
    """An exchange's two rows of dice, ranked, for the page: who rolled them (each row named
    by its power: `defending_label` is the defender's name, or the neutral marker), and each face
    with its class: the pair's winner ("won"), its loser ("lost"), a die without a partner
    ("discarded")."""
    attacking = [int(f) for f in event.get("attacker_rolls", [])]
    defending = [int(f) for f in event.get("defender_rolls", [])]
    pairs = min(len(attacking), len(defending))

    def row(label: str, faces: list[int], others: list[int], attacker: bool) -> dict[str, Any]:
        dice = []
        for i, face in enumerate(faces):
            if i >= pairs:
                dice.append((face, "discarded"))
            else:
                wins = face > others[i] if attacker else face >= others[i]
                dice.append((face, "won" if wins else "lost"))
        return {"label": label, "dice": dice}

    return [row(str(event.get("attacking", "")), attacking, defending, True),
            row(defending_label or _("Defending side"), defending, attacking, False)]


@register.filter
def outcome_text(outcome: str | None) -> str:
    """An attack's outcome ("attacker_wins"…) in words."""
    return render_rules_message(outcome_label(outcome)) if outcome else ""
