"""W3: the response windows. A window names who acts first; the call goes round (the first
actor, the other main power, then every other power in turn order); a card resets the passes,
and the window closes when every power has passed in a row. Cards take effect when it closes,
if they stand then (a counter cancels the item just before it; a countered counter cancels
nothing). W4, W5 and W9 open with an announcement, which a counter may answer.

Ruling (secrecy, W1): a hand's size is public, its cards are not. So a power passes without
being asked (its call recorded with `Call.asked` False) only when public facts show it can play
nothing: its hand is empty, or no card of the deck could be played by it now (`might_play`:
e.g. a power of no side before any card or announcement, a window whose cards no kind in the
deck fits). Otherwise it is asked, even when its hand holds no card it may play (its only answer
is then "pass"): skipping it would tell the others what its hand lacks. A window of empty hands
closes at once.
"""

from __future__ import annotations

from guerra.rules import frozen
from guerra.rules.finestre import graph as g
from guerra.rules.finestre.cards import CardKind
from guerra.rules.finestre.events import CardsPlayed
from guerra.rules.finestre.state import Call, FinestreState, Window
from guerra.rules.forces import ATTACKER, DEFENDER, Side, other
from guerra.rules.i18n import Message, _

# The kind of card (besides Contrordine) each window allows (W4-W14).
ALLOWS: dict[str, CardKind | None] = {
    g.W4: None, g.W5: None, g.W6: "combatants", g.W7A: "strike_order",
    g.W7D: "strike_order", g.W8A: "combat_ending", g.W8D: "combat_ending", g.W9A: None,
    g.W9D: None, g.W10A: "combat_ending", g.W10D: "combat_ending", g.W12: "modifier",
    g.W14A: "escape", g.W14D: "escape",
}
# Who acts first in each window: the announcer in W4, W5 and W9; as named otherwise.
FIRST: dict[str, Side] = {
    g.W4: ATTACKER, g.W5: DEFENDER, g.W6: DEFENDER, g.W7A: ATTACKER, g.W7D: DEFENDER,
    g.W8A: ATTACKER, g.W8D: DEFENDER, g.W9A: ATTACKER, g.W9D: DEFENDER, g.W10A: ATTACKER,
    g.W10D: DEFENDER, g.W12: ATTACKER, g.W14A: ATTACKER, g.W14D: DEFENDER,
}
ANNOUNCES = frozenset({g.W4, g.W5, g.W9A, g.W9D})


def window_name(node: str, round_: int) -> str:
    """W6: the repeated windows are W4.2, W5.2, W6.2, then W4.3, W5.3."""
    return f"{node}.{round_}" if node in (g.W4, g.W5, g.W6) and round_ > 1 else node


def call_order(state: FinestreState, first: Side) -> tuple[str, ...]:
    """W3: the first actor, the other main power, then every other power in turn order
    (ruling: then any committed ally the turn order leaves out, in commitment order).
    W16: against a neutral only the attacker is called."""
    attacker = state.main_power(ATTACKER)
    assert attacker is not None
    if state.situation.neutral is not None:
        return (attacker,)
    lead, second = state.main_power(first), state.main_power(other(first))
    assert lead is not None and second is not None
    order = [lead, second]
    for power in state.situation.turn_order:
        if power not in order:
            order.append(power)
    for member in (*state.attackers, *state.defenders):
        if member.power not in order:
            order.append(member.power)
    return tuple(order)


def open_window(state: FinestreState, node: str) -> FinestreState:
    """Enter a window: its name, order and announcement; powers with nothing to play pass."""
    window = Window(name=window_name(node, state.round), node=node, first=FIRST[node],
                    order=call_order(state, FIRST[node]), announced=node not in ANNOUNCES,
                    has_announcement=node in ANNOUNCES)
    state = frozen.replace(state, window=window)
    return skip_unplayable(state) if window.announced else state


def is_counter(state: FinestreState, card: str) -> bool:
    return state.situation.deck.kind_of(card) == "counter"


def eligible_allies(state: FinestreState, side: Side) -> tuple[str, ...]:
    """W6: the allies of a side (not its main power) with at least one army committed."""
    return tuple(m.power for m in state.members(side)[1:] if m.armies > 0)


def call_problem(state: FinestreState, power: str, card: str, ally: str | None
                 ) -> Message | None:
    """Why `power` may not play `card` now (W3, W6), or None."""
    if card not in state.hand(power):
        return _("{power} has no “{card}” in its hand.", power=power, card=card)
    return rule_problem(state, power, card, ally)


def rule_problem(state: FinestreState, power: str, card: str, ally: str | None
                 ) -> Message | None:
    """Why the rules (W3, W6) forbid `power` to play `card` now, whatever its hand holds."""
    window = state.window
    assert window is not None
    kind = state.situation.deck.kind_of(card)
    if kind == "counter":
        if not window.has_announcement and not window.cards():
            return _("A “{card}” needs a card (or an announcement) before it in its window.",
                     card=card)
        return None
    side = state.side_of(power)
    if side is None:
        return _("Only a main power or an ally of one may play “{card}”.", card=card)
    if kind != ALLOWS[window.node]:
        return _("“{card}” cannot be played in window {window}.", card=card,
                 window=window.name)
    if kind == "combatants":
        if ally is None or ally not in eligible_allies(state, side):
            return _("“{card}” must name an ally of its side with an army committed.",
                     card=card)
    elif ally is not None:
        return _("Only a “Cambio al comando” names an ally.")
    return None


def _some_ally(state: FinestreState, power: str, card: str) -> str | None:
    side = state.side_of(power)
    if state.situation.deck.kind_of(card) != "combatants" or side is None:
        return None
    allies = eligible_allies(state, side)
    return allies[0] if allies else None


def playable(state: FinestreState, power: str) -> tuple[str, ...]:
    """The distinct cards of `power`'s hand it may play now (a Cambio al comando if it may
    name at least one ally). Private to `power`: never decides whether it is asked."""
    return tuple(card for card in dict.fromkeys(state.hand(power))
                 if call_problem(state, power, card, _some_ally(state, power, card)) is None)


def might_play(state: FinestreState, power: str) -> bool:
    """Public facts only (W1: a hand's size, the deck, the window, the sides): whether some
    card `power` may hold could be played by it now. False for an empty hand, or when no card
    of the deck (copies above 0) would be allowed to it in this window: `rule_problem` by kind
    of card, as a yes or no (it is asked at every call of every window, also in the bots'
    play-outs, where building each refusal's message was most of a window's time)."""
    if not state.hand(power):
        return False
    window = state.window
    assert window is not None
    kinds = {card.kind for card in state.situation.deck.cards if card.copies > 0}
    if "counter" in kinds and (window.has_announcement
                               or any(call.card is not None for call in window.calls)):
        return True
    allowed = ALLOWS[window.node]
    if allowed is None or allowed not in kinds:
        return False
    side = state.side_of(power)
    return side is not None and (allowed != "combatants" or bool(eligible_allies(state, side)))


def skip_unplayable(state: FinestreState) -> FinestreState:
    """Ruling (secrecy): the powers called that public facts show can play nothing (an empty
    hand, or no card of the deck allowed to them now) pass unasked, until one might play or
    the window closes. Whether a hand holds a card it may play is never consulted. (A pass
    changes nothing `might_play` reads, so the window takes the passes in one change.)"""
    window = state.window
    assert window is not None
    order, at, passes = window.order, window.at, window.passes
    skipped: list[Call] = []
    while passes < len(order) and not might_play(state, order[at % len(order)]):
        skipped.append(Call(order[at % len(order)], asked=False))
        at, passes = at + 1, passes + 1
    if not skipped:
        return state
    window = frozen.replace(window, calls=(*window.calls, *skipped), at=at, passes=passes)
    return frozen.replace(state, window=window)


def record_call(state: FinestreState, power: str, card: str | None, ally: str | None
                ) -> tuple[FinestreState, tuple[CardsPlayed, ...]]:
    """W3: a pass, or a card played: it leaves the hand (public), and the call goes round
    again from the next power."""
    window = state.window
    assert window is not None
    call = Call(power, card, ally)
    if card is None:
        window = frozen.replace(window, calls=(*window.calls, call), at=window.at + 1,
                                passes=window.passes + 1)
        return skip_unplayable(frozen.replace(state, window=window)), ()
    hand = list(state.hand(power))
    hand.remove(card)
    window = frozen.replace(window, calls=(*window.calls, call), at=window.at + 1, passes=0)
    state = frozen.replace(state.with_hand(power, tuple(hand)), window=window)
    return skip_unplayable(state), (CardsPlayed(power, (card,), window.name, ally),)


def standing_items(state: FinestreState) -> tuple[tuple[Call, ...], tuple[Call, ...], bool]:
    """W3/W13: the cards standing and those countered (play order), and whether the
    announcement stands: each counter cancels the item just before it, if it stands itself."""
    window = state.window
    assert window is not None
    cards = window.cards()
    items: list[Call | None] = [None] if window.has_announcement else []
    items += cards
    stands = [True] * len(items)
    for i in range(len(items) - 2, -1, -1):
        after = items[i + 1]
        if after is not None and after.card is not None and is_counter(state, after.card) \
                and stands[i + 1]:
            stands[i] = False
    offset = 1 if window.has_announcement else 0
    standing = tuple(c for c, s in zip(cards, stands[offset:], strict=True) if s)
    countered = tuple(c for c, s in zip(cards, stands[offset:], strict=True) if not s)
    return standing, countered, (stands[0] if window.has_announcement else True)


def side_cards(state: FinestreState, standing: tuple[Call, ...], kind: CardKind
               ) -> tuple[tuple[Side, Call], ...]:
    """The standing cards of `kind`, each with its owner's side (W3)."""
    found = []
    for call in standing:
        side = state.side_of(call.power)
        if call.card is not None and side is not None \
                and state.situation.deck.kind_of(call.card) == kind:
            found.append((side, call))
    return tuple(found)


__all__ = ["ALLOWS", "ANNOUNCES", "DEFENDER", "FIRST", "call_order", "call_problem",
           "might_play", "open_window", "playable", "record_call", "rule_problem",
           "standing_items"]
