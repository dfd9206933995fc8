"""The words of "finestre" on the pages: the kinds of card and what each does (W2), the
tactics (W4), the kinds of unit (W15), the windows by their box's label. Card names are the
spec's Italian proper names, never translated."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from guerra.game.text.messages import render_rules_message
from guerra.rules.finestre import graph as g
from guerra.rules.finestre.cards import KINDS, Card, Deck
from guerra.rules.finestre.events import TACTIC_NAMES

NODE_LABELS = {node.id: node.label for node in g.NODES}


def kind_word(kind: str) -> str:
    """W2: a kind of card, capitalised."""
    return {"counter": _("Counter card"), "modifier": _("Modifier"),
            "strike_order": _("Strike order"), "combatants": _("Combatants"),
            "combat_ending": _("End of combat"), "escape": _("Escape")}.get(kind, kind)


def effect_words(card: Card) -> str:
    """W2: what a card does, in a sentence."""
    if card.kind == "modifier":
        return _("+%(n)d to its owner's side (W12).") % {"n": card.value}
    # In the words of its kind, never of W2's card names: a scenario may rename its cards.
    return {"counter": _("Cancels the card played just before it in this window (or the "
                         "announcement); a counter card countered cancels nothing (W3)."),
            "strike_order": _("Its side strikes first, if it is the only side with a card of "
                              "this kind standing (W7, W13)."),
            "combatants": _("An ally of its side with an army committed becomes the side's "
                            "main power (W6)."),
            "combat_ending": _("The combat ends at once: no dice, no losses, no control "
                               "(W8, W10)."),
            "escape": _("Cancels one loss of its owner's side (W14).")}.get(card.kind, "")


def deck_rows(deck: Deck) -> list[dict[str, Any]]:
    """W2: a row per card of the deck: its number (what the forms post), name, copies, kind
    and effect."""
    return [{"row": i, "name": card.name, "copies": card.copies, "kind": card.kind,
             "kind_word": kind_word(card.kind), "value": card.value,
             "effect": effect_words(card)}
            for i, card in enumerate(deck.cards, start=1)]


def names_by_kind(deck: Deck) -> dict[str, str]:
    """W2: the names of the deck's cards of each kind ("Rinforzo, Artiglieria"), for the rules
    page's sentences; a kind with no card in the deck, its kind's word."""
    return {kind: ", ".join(card.name for card in deck.cards if card.kind == kind)
            or kind_word(kind) for kind in KINDS}


def tactic_word(tactic: str | None) -> str:
    return TACTIC_NAMES.get(tactic or "", "") or _("no tactic")


def unit_word(kind: str) -> str:
    return {"army": _("Army"), "fleet": _("Fleet"), "fort": _("Fort")}.get(kind, kind)


def window_label(node: str) -> str:
    """A window in words: its box's label, in the reader's language."""
    label = NODE_LABELS.get(node)
    return render_rules_message(label) if label is not None else node
