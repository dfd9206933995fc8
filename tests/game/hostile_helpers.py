"""Checks shared by the hostile-input tests and the fuzz suite: what "nothing changed" means,
and what an Italian refusal looks like."""

from __future__ import annotations

import html
import re
from typing import Any

from guerra.game.models import Attack, ChatMessage, Game, GameEvent, Seat

# Words of Django's and Python's own English error messages (and of a traceback): none of them
# may reach a player.
ENGLISH = re.compile(
    r"\b(the|must|enter|invalid|required|field|error|value|should|not allowed|"
    r"traceback|exception|whole number|characters)\b",
    re.IGNORECASE,
)
MESSAGE = re.compile(
    r'<div class="error-box"[^>]*>(.*?)</div>|<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>',
    re.DOTALL,
)


def state(game: Game) -> dict[str, Any]:
    """Everything a refused request must leave as it was."""
    game.refresh_from_db()
    return {
        "rules": game.rules,
        "step": game.step,
        "status": game.status,
        "last_event_seq": game.last_event_seq,
        "events": GameEvent.objects.filter(game=game).count(),
        "seats": list(
            Seat.objects.filter(game=game)
            .order_by("pk")
            .values_list("power", "gold", "population", "unrest", "vp")
        ),
        "chat": ChatMessage.objects.filter(game=game).count(),
        "attacks": list(Attack.objects.filter(game=game).values_list("number", "step", "node")),
        "games": Game.objects.count(),
    }


def refusal_text(body: str) -> str:
    """The refusal's message(s), as the player reads them."""
    found = [a or b for a, b in MESSAGE.findall(body)]
    text = " ".join(re.sub(r"<[^>]+>", " ", part) for part in found)
    return " ".join(html.unescape(text).split())


def assert_italian_refusal(body: str) -> None:
    text = refusal_text(body)
    assert text, f"a refusal without a message: {body[:300]!r}"
    assert not ENGLISH.search(text), f"English in the refusal: {text!r}"
